// What the tournament's and the session's exports (export.ts, session-export.ts) share: both are folds of their
// rooms' SnatchRooms events, with their players' registered names and the same status word.
import type { Cell } from "../common/csv";
import { address, latestBlock, nums, runningAt, type ExportEvent } from "../common/export";

/** The status of a tournament or a session: `final`, `closed`, or `running at block N` (its latest event or its
 *  rooms'). `ended`: the word of a stage that no longer changes, or null while it runs. */
export function roomsStatus(
  ended: "final" | "closed" | null,
  lastBlock: number,
  rooms: readonly { events: readonly ExportEvent[] }[],
): string {
  return ended ?? runningAt(Math.max(lastBlock, ...rooms.map((r) => latestBlock(r.events))));
}

/** Registered names by lower-case address. */
export function namesOf(players: readonly { player: string; name: string }[]): Map<string, string> {
  return new Map(players.map((p) => [address(p.player), p.name]));
}

/** The players (lower case) and their roles (own goods) by seat, from a RolesAssigned event. */
export function seatsOf(rolesAssigned: ExportEvent): { players: string[]; roles: number[] } {
  const a = rolesAssigned.args;
  return { players: Array.from(a.players as ArrayLike<unknown>, address), roles: nums(a.roles) };
}

/** A room's seats (see {@link seatsOf}), empty before its roles are assigned. */
export function roomSeats(events: readonly ExportEvent[]): { players: string[]; roles: number[] } {
  const e = events.find((x) => x.name === "RolesAssigned");
  return e ? seatsOf(e) : { players: [], roles: [] };
}

/** The block of a room's RoomFinished event, or null while it plays. */
export function finishedBlock(events: readonly ExportEvent[]): number | null {
  return events.find((e) => e.name === "RoomFinished")?.block ?? null;
}

/** A row of `columns` with every cell empty. */
export function emptyRow<C extends string>(columns: readonly C[]): Record<C, Cell> {
  return Object.fromEntries(columns.map((c) => [c, null])) as Record<C, Cell>;
}

/** `row` without `keys` (the columns a JSON document states once, above the rows), the other keys in order. */
export function without<R extends object, K extends keyof R>(row: R, keys: readonly K[]): Omit<R, K> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k as K))) as Omit<R, K>;
}
