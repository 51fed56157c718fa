// What the console shows about a phase's rooms (two players) or a class session's rooms (three), from the indexer's
// rows and the current block: whose move each room waits on (by name), its state, the counts, and who has not shown
// up. Pure: no React, no DOM.
import { Good, Phase } from "../../../../client/snatch/names";
import type { RoomRow, SeatRow } from "../../data/class";
import type { EntryRow } from "../../data/classTournament";
import { roughTimeLeft, type TimeLeft } from "../../shared/blocktime";

/** A room as the console's grid shows it. */
export type RoomStatus = "playing" | "waiting" | "finished";

export interface RoomLine {
  room: RoomRow;
  p1: SeatRow | undefined;
  p2: SeatRow | undefined;
  status: RoomStatus;
  /** The seat whose move the room waits on now (its window open), if one (three players: the first of `waits`). */
  waitsOn: SeatRow | undefined;
  /** Every seat the room waits on now: a three-player round closes early once every seat said done. */
  waits: SeatRow[];
  /**
   * What the room is in: "P1's offer", "P2's answer", "P1's decision", "talk" (two players); "trading", "judging",
   * "drawing roles" (three); "finished".
   */
  window: string;
  /** Blocks that can still include a move of the current window (≤ 0: passed). */
  blocksLeft: number;
  /** The window's time left as the grid and the waits list show it (in steps: the same text for several blocks). */
  left: TimeLeft;
}

/** The seat playing P1 (the turkey producer) or P2 (corn). */
function seatOfRole(room: RoomRow, good: number): SeatRow | undefined {
  return room.seats.find((s) => s.role === good);
}

const WINDOWS: Record<number, string> = {
  [Phase.Talk]: "talk",
  [Phase.Offering]: "P1's offer",
  [Phase.Responding]: "P2's answer",
  [Phase.Deciding]: "P1's decision",
  [Phase.Open]: "drawing roles",
  [Phase.AwaitingRoles]: "drawing roles",
  [Phase.Trading]: "trading",
  [Phase.Judging]: "judging",
};

/** The seats a three-player room waits on: those not done while trading, the judge while judging. */
function threeWaits(room: RoomRow): SeatRow[] {
  if (room.phase === Phase.Trading) return room.seats.filter((s) => !s.done);
  if (room.phase === Phase.Judging) return room.seats.filter((s) => s.seat === room.judge);
  return [];
}

/**
 * A room at block `head`: the window it is in, whose move it waits on while the window is open, and its status:
 * finished; waiting (its window passed: it moves on at the next move in it, or when the organiser advances or
 * closes it); playing (a window is open). `secondsPerBlock` words its time left (null: in blocks).
 */
export function roomLine(room: RoomRow, head: number, secondsPerBlock: number | null = null): RoomLine {
  const p1 = seatOfRole(room, Good.Turkey);
  const p2 = seatOfRole(room, Good.Corn);
  const finished = room.phase >= Phase.Finished;
  const blocksLeft = finished ? 0 : room.deadline - head;
  const open = blocksLeft > 0;
  let waits: SeatRow[] = [];
  if (!finished && open) {
    if (room.seats.length === 3) waits = threeWaits(room);
    else if (room.phase === Phase.Offering || room.phase === Phase.Deciding) waits = p1 ? [p1] : [];
    else if (room.phase === Phase.Responding) waits = p2 ? [p2] : [];
  }
  return {
    room,
    p1,
    p2,
    status: finished ? "finished" : open ? "playing" : "waiting",
    waitsOn: waits[0],
    waits,
    window: finished ? "finished" : (WINDOWS[room.phase] ?? `phase ${room.phase}`),
    blocksLeft,
    left: roughTimeLeft(room.deadline, head, secondsPerBlock),
  };
}

export interface RoomCounts {
  waiting: number;
  playing: number;
  finished: number;
}

export function countRooms(lines: readonly RoomLine[]): RoomCounts {
  const c: RoomCounts = { waiting: 0, playing: 0, finished: 0 };
  for (const l of lines) c[l.status]++;
  return c;
}

/** A player as a teacher reads it: the registered name, else a short address. */
export function displayName(name: string, player: string): string {
  return name.trim() !== "" ? name : `${player.slice(0, 6)}…${player.slice(-4)}`;
}

/** Seated players who have not made a single move yet, in registration (seat) order. */
export function notShownUp<E extends { player: string }>(entries: readonly E[], moved: ReadonlySet<string>): E[] {
  return entries.filter((e) => !moved.has(e.player));
}

/** The players the phase's rooms wait on now, soonest deadline first. */
export function waitingOn(lines: readonly RoomLine[]): RoomLine[] {
  return lines.filter((l) => l.waitsOn !== undefined).sort((a, b) => a.blocksLeft - b.blocksLeft);
}

/**
 * Rooms whose current window passed without the move it waited for: any account may apply their defaults
 * (`SnatchRooms.advanceMany`), which moves each to its next window or finishes it.
 */
export function roomsToAdvance(lines: readonly RoomLine[]): bigint[] {
  return lines.filter((l) => l.status === "waiting").map((l) => l.room.id);
}

/** Ranks entries by aggregate (ties share a rank; earlier registration first), as client/snatch/tournament `rank`. */
export function rankEntries<E extends Pick<EntryRow, "aggregate" | "index">>(
  entries: readonly E[],
): (E & { rank: number })[] {
  const sorted = [...entries].sort((a, b) => b.aggregate - a.aggregate || a.index - b.index);
  let rank = 0;
  let last = Number.NaN;
  return sorted.map((e, i) => {
    if (e.aggregate !== last) {
      rank = i + 1;
      last = e.aggregate;
    }
    return { ...e, rank };
  });
}

export { checkpointBlock } from "../../data/checkpoint";
