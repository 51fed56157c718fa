// A tournament's records as its readers take them from the indexer's tables (snatch_tournament, snatch_phase,
// snatch_entry) or the contract's views: its configuration, a phase with its totals, a registered player. The
// exports (indexer/src/api/export.ts, client/snatch/export-chain.ts, built into files by ./export.ts) and the class's
// console and projector (web/src/data/classTournament.ts) read them here, so each field is named once. A source's
// value may be a number (the indexer's integers), a bigint (its bigint columns, the contract's uints) or null (the
// other side of a left join). Plain TypeScript.
import { address, count } from "../common/export";
import { CONFIG_FIELDS, type TournamentConfig } from "./tournament";

/** A value as a source gives it. */
export type Numeric = bigint | number | null | undefined;

/** A phase's totals (the contract's `PhaseTotals`, the indexer's `snatch_phase` columns of the same names). */
export const PHASE_TOTAL_FIELDS = [
  "finished",
  "offers",
  "accepts",
  "rejects",
  "snatches",
  "shames",
  "reports",
  "refusals",
  "pointsAsP1",
  "pointsAsP2",
] as const;
export type PhaseTotals = Record<(typeof PHASE_TOTAL_FIELDS)[number], number>;

/**
 * A registered player's counts (the contract's `leaderboard` row, the indexer's `snatch_entry`): `index` is the
 * registration order, 1-based; `satOut` has bit p-1 set when the player sat phase p out.
 */
export const ENTRY_FIELDS = ["index", "scoreAsP1", "scoreAsP2", "roomsAsP1", "roomsAsP2", "satOut", "g3Shame"] as const;

/** `fields` of `x` as numbers, in the fields' order (the exports' JSON writes some of these objects as they are). */
function numbers<K extends string>(fields: readonly K[], x: Record<K, Numeric>): Record<K, number> {
  return Object.fromEntries(fields.map((k) => [k, count(x[k])])) as Record<K, number>;
}

export const configRecord = (x: Record<keyof TournamentConfig, Numeric>): TournamentConfig => numbers(CONFIG_FIELDS, x);

export const phaseTotals = (x: Record<keyof PhaseTotals, Numeric>): PhaseTotals => numbers(PHASE_TOTAL_FIELDS, x);

/** A started phase: its draw, rooms, deadline and totals. */
export interface PhaseRecord {
  phase: number;
  startedBlock: number;
  rooms: number;
  created: number;
  /** Pairs passed by `closeTimedOutRooms`. */
  closed: number;
  /** The player left out (odd count), lower case, or null. */
  satOut: string | null;
  /** 0 until the pairing is drawn and every room exists. */
  deadline: number;
  endedBlock: number | null;
  totals: PhaseTotals;
}

/** A phase record's fields but its number and totals (the indexer's `snatch_phase` columns of the same names). */
export const PHASE_FIELDS = [
  "startedBlock",
  "rooms",
  "created",
  "closed",
  "satOut",
  "deadline",
  "endedBlock",
] as const satisfies readonly Exclude<keyof PhaseRecord, "phase" | "totals">[];

/** The columns a phase record is read from. */
export type PhaseColumns = Record<
  "phase" | Exclude<(typeof PHASE_FIELDS)[number], "satOut"> | keyof PhaseTotals,
  Numeric
> & {
  satOut: string | null;
};

export function phaseRecord(x: PhaseColumns): PhaseRecord {
  return {
    phase: count(x.phase),
    startedBlock: count(x.startedBlock),
    rooms: count(x.rooms),
    created: count(x.created),
    closed: count(x.closed),
    satOut: x.satOut ? address(x.satOut) : null,
    deadline: count(x.deadline),
    endedBlock: x.endedBlock === null ? null : count(x.endedBlock),
    totals: phaseTotals(x),
  };
}

/** A registered player (registration order), the leaderboard's record of it. */
export type EntryRecord = { player: string; name: string } & Record<(typeof ENTRY_FIELDS)[number], number>;

/** The indexer's `snatch_entry` columns an entry record is read from (`name` null: the other side of a join). */
export type EntryColumns = { player: string; name: string | null } & Record<(typeof ENTRY_FIELDS)[number], Numeric>;

export const entryRecord = (x: EntryColumns): EntryRecord => ({
  player: address(x.player),
  name: x.name ?? "",
  ...numbers(ENTRY_FIELDS, x),
});
