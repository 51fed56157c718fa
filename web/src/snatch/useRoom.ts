// A room kept live: the lens's room and offers views, its format, every event of the room (from the indexer's log
// of the room, or without one the node's logs: read once, then as the room changes), and the randomness request's status while roles are awaited. Reloads on each new block and
// at once after the page's own transactions (`refresh`).
import { useCallback, useEffect, useRef, useState } from "react";
import type { Log } from "ethers";
import { useBlock } from "../shared/block";
import { describeError } from "../shared/errors";
import { useWallet } from "../shared/wallet";
import { decodeEvent } from "../../../client/events";
import { getLogsOfId } from "../../../client/logs";
import { Phase, type WindowLengths } from "../../../client/snatch/names";
import type { RoomEvent } from "../../../client/snatch/history";
import { offerStatesOf, roomStateOf, type OfferState, type RoomState } from "../../../client/snatch/state";
import { useRandomness, type SnatchContracts } from "./contracts";
import { useReload } from "./useReload";
import { useRoomVersion } from "../data/snatch";
import { readRoomEvents } from "../data/history";
import { useHistoryRead } from "../data/useHistoryRead";

export interface FormatInfo {
  id: number;
  playerCount: number;
  /** Rule set per round. */
  rounds: number[];
  windows: WindowLengths;
}

export interface LiveRoom {
  room: RoomState | null;
  offers: OfferState[];
  events: RoomEvent[];
  format: FormatInfo | null;
  /** IRandomness.Status of the roles request while the room awaits roles (0 unknown, 1 pending, 2 ready, 3 stale). */
  randomStatus: number | null;
  error: string | null;
  /** Bumped on every reload. */
  version: number;
  refresh(): void;
}

const formatCache = new Map<string, FormatInfo>();

/** A format's rounds and windows (formats are immutable: read once per id). */
export async function readFormat(c: SnatchContracts, id: number): Promise<FormatInfo> {
  const key = `${c.roomsAddress}:${id}`;
  const cached = formatCache.get(key);
  if (cached) return cached;
  const [playerCount, rounds, w] = await c.lens.formatOf(id);
  const info: FormatInfo = {
    id,
    playerCount: Number(playerCount),
    rounds: rounds.map(Number),
    windows: {
      trading: Number(w.trading),
      closing: Number(w.closing),
      judging: Number(w.judging),
      talk: Number(w.talk),
      offer: Number(w.offer),
      response: Number(w.response),
      decision: Number(w.decision),
    },
  };
  formatCache.set(key, info);
  return info;
}

/** This room's events among `logs` (a log's first topic after the signature may be another id: a format's). */
export function roomEvents(c: SnatchContracts, roomId: bigint, logs: readonly Log[]): RoomEvent[] {
  const known = { [c.roomsAddress.toLowerCase()]: "SnatchRooms" as const };
  const out: RoomEvent[] = [];
  for (const log of logs) {
    const d = decodeEvent(log, { known });
    if (d && d.args.roomId === roomId) out.push({ name: d.name, args: d.args, block: log.blockNumber });
  }
  return out;
}

export function useRoom(c: SnatchContracts | null, roomId: bigint): LiveRoom {
  const { epoch } = useWallet();
  const block = useBlock();
  const randomness = useRandomness(c?.rooms ?? null);
  const [state, setState] = useState<Omit<LiveRoom, "refresh">>({
    room: null,
    offers: [],
    events: [],
    format: null,
    randomStatus: null,
    error: null,
    version: 0,
  });
  const scanned = useRef(0);
  const clock = useRef(block.number);
  clock.current = block.number;
  const version = useRoomVersion(roomId);
  const versionNow = useRef(version);
  versionNow.current = version;
  const loadedVersion = useRef<string | null>(null);
  const events = useRef<RoomEvent[]>([]);
  // The clock's block the last load saw (deadlines passed since then are due).
  const seen = useRef(0);
  const readHistory = useHistoryRead(version, 1);

  /** The room's events in blocks after..head (data/useHistoryRead.ts), and the block they are read up to. */
  const readEvents = useCallback(
    (after: number, head: number): Promise<[RoomEvent[], number]> =>
      readHistory(
        after,
        head,
        (db, from, upTo) => readRoomEvents(db, roomId, from, upTo),
        async (fromBlock, toBlock) =>
          c
            ? roomEvents(
                c,
                roomId,
                await getLogsOfId(c.rooms.runner!.provider!, c.roomsAddress, roomId, { fromBlock, toBlock }),
              )
            : [],
        [] as RoomEvent[],
      ),
    [c, readHistory, roomId],
  );
  // Bumped when the room or the connection changes: a load started before is dropped.
  const generation = useRef(0);
  // What the last load saw, to tell whether a new block needs a reload.
  const shown = useRef<RoomState | null>(null);

  useEffect(() => {
    generation.current++;
    scanned.current = 0;
    seen.current = 0;
    loadedVersion.current = null;
    shown.current = null;
    events.current = [];
    setState({ room: null, offers: [], events: [], format: null, randomStatus: null, error: null, version: 0 });
  }, [c, roomId, epoch]);

  /**
   * Reads the room's new events; reloads the views only when something may have changed: an event of this room, a
   * deadline that just passed (its defaults are now due, which changes what the contract accepts), the roles
   * randomness (ready with time), the page's own transaction, or the first load. With the indexer, "an event of this
   * room" is its word (data/snatch.ts useRoomVersion) and quiet blocks cost the node nothing; the events themselves
   * come from the indexer's log of the room whenever it answers (data/history.ts), else from the node's logs.
   */
  const load = useCallback(
    async (forced: boolean) => {
      if (!c) return;
      const gen = generation.current;
      const version = versionNow.current;
      // The indexer can have a block before the page's clock shows it.
      const head = Math.max(clock.current, Number(version?.split(":")[1] ?? 0));
      const first = scanned.current === 0;
      const prev = shown.current;
      // A deadline passed in the blocks since the last load (the clock's blocks, whatever the events' source read).
      const passed = (deadline: number) => deadline > 0 && deadline >= seen.current && deadline < head;
      const deadlinePassed = prev !== null && (passed(prev.deadline) || passed(prev.offersUntil));
      // The indexer says nothing of this room changed, and no deadline passed: nothing to read. (The events' cursor
      // stays: blocks the indexer has not reached yet are read with the next change.)
      if (
        !first &&
        !forced &&
        version !== null &&
        version === loadedVersion.current &&
        prev !== null &&
        prev.phase !== Phase.AwaitingRoles &&
        !deadlinePassed
      )
        return;
      loadedVersion.current = version;
      if (first) {
        const count = await c.rooms.roomCount();
        if (roomId < 1n || roomId > count) throw new Error(`there is no room ${roomId} (rooms 1–${count})`);
      }
      const after = first ? c.fromBlock - 1 : scanned.current;
      const [fresh, upTo] = await readEvents(after, head);
      const due =
        first || forced || fresh.length > 0 || prev === null || prev.phase === Phase.AwaitingRoles || deadlinePassed;
      if (!due) {
        if (gen === generation.current) {
          scanned.current = Math.max(scanned.current, upTo);
          seen.current = Math.max(seen.current, head);
        }
        return;
      }
      const [view, offers] = await Promise.all([c.lens.roomView(roomId), c.lens.allOffers(roomId)]);
      const room = roomStateOf(roomId, view);
      const format = await readFormat(c, room.format);
      const randomStatus =
        room.phase === Phase.AwaitingRoles && randomness ? Number(await randomness.status(room.rolesRequest)) : null;
      if (gen !== generation.current) return;
      scanned.current = Math.max(scanned.current, upTo);
      seen.current = Math.max(seen.current, head);
      if (fresh.length > 0) events.current = [...events.current, ...fresh];
      shown.current = room;
      setState((s) => ({
        room,
        offers: offerStatesOf(offers),
        events: events.current,
        format,
        randomStatus,
        error: null,
        version: s.version + 1,
      }));
    },
    [c, roomId, randomness, readEvents],
  );

  const refresh = useReload(
    load,
    (err) => setState((s) => ({ ...s, error: describeError(err, { contract: "SnatchRooms" }) })),
    c !== null && block.number > 0,
    [block.number, c, epoch, version],
  );
  return { ...state, refresh };
}
