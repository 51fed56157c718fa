// What the exports of every game share (client/<game>/export.ts): the events they are built from, in the shape both
// of their sources give (the indexer's `*_log` tables, and `eth_getLogs` decoded with client/events.ts), and the
// `status` every row and file carries: `final` (nothing will change it any more), `cancelled` / `closed`, or
// `running at block N`, N being the block of the latest event the file was built from. Because N is read from the
// chain's events and not from "now", the same chain always yields the same bytes, whoever builds the file and when.

/** One event of a game, a room or a tournament: decoded arguments by name (numbers as bigint, number or decimal
 *  string: readers convert), where it happened and in which transaction. */
export interface ExportEvent {
  name: string;
  args: Record<string, unknown>;
  block: number;
  logIndex: number;
  tx: string;
}

/** Events in chain order (block, then log index). */
export function chainOrder<T extends { block: number; logIndex: number }>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => a.block - b.block || a.logIndex - b.logIndex);
}

/** The latest block among events (0 for none). */
export function latestBlock(events: readonly { block: number }[]): number {
  return events.reduce((m, e) => Math.max(m, e.block), 0);
}

/** The status word of a running game or tournament, as of the block of its latest event. */
export function runningAt(block: number): string {
  return `running at block ${block}`;
}

/** Thrown for an id a contract (or the indexer) does not have; its message is the sentence shown. */
export class UnknownExportId extends Error {}

/** The sentence for an id past a contract's count: "there is no tournament 7: the contract has 3 (ids 1 to 3)". */
export function unknownId(what: string, id: bigint | number, count: bigint | number): UnknownExportId {
  const has = BigInt(count) === 0n ? "none has been created yet" : `the contract has ${count} (ids 1 to ${count})`;
  return new UnknownExportId(`there is no ${what} ${id}: ${has}`);
}

/** A count, block or score from a column that may be missing (the other side of a left join): 0 then. */
export const count = (x: bigint | number | null | undefined): number => Number(x ?? 0);
/** A number from an event argument (bigint, number or decimal string). */
export const num = (x: unknown): number => Number(x as bigint | number | string);
/** A bigint from an event argument. */
export const big = (x: unknown): bigint => BigInt(x as bigint | number | string);
/** An address from an event argument, lower case. */
export const address = (x: unknown): string => String(x).toLowerCase();
/** A list of numbers from an array argument. */
export const nums = (x: unknown): number[] => Array.from(x as ArrayLike<unknown>, num);

/** The games with exports: where the indexer serves them, and the files each has. */
export const EXPORTS = {
  snatch: {
    route: "snatch/tournament",
    prefix: "snatch-tournament",
    files: ["rounds.csv", "players.csv", "leaderboard.csv", "tournament.json"],
  },
  session: {
    route: "snatch/session",
    prefix: "snatch-session",
    files: ["rooms.csv", "offers.csv", "players.csv", "session.json"],
  },
  hex: { route: "hex/game", prefix: "hex-game", files: ["moves.csv", "payouts.csv"] },
  catamm: { route: "catamm/game", prefix: "catamm-game", files: ["trades.csv", "builds.csv"] },
} as const;
export type ExportGame = keyof typeof EXPORTS;

/**
 * The URL of one export file under the indexer's base URL (its own, or the gateway's `/indexer`): e.g.
 * `exportUrl("/indexer", "snatch", 1, "rounds.csv")` is `/indexer/export/snatch/tournament/1/rounds.csv`.
 */
export function exportUrl(base: string, game: ExportGame, id: number | bigint, file: string): string {
  return `${base.replace(/\/+$/, "")}/export/${EXPORTS[game].route}/${id}/${file}`;
}

/** A download's file name: `<prefix>-<id>-<file>` (e.g. `snatch-tournament-1-rounds.csv`). */
export function exportFileName(game: ExportGame, id: number | bigint, file: string): string {
  return `${EXPORTS[game].prefix}-${id}-${file}`;
}

/** Content types of the export files. */
export const EXPORT_TYPES = {
  csv: "text/csv; charset=utf-8; header=present",
  json: "application/json; charset=utf-8",
} as const;
