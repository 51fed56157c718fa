// The SnatchGame tournament's vocabulary and leaderboard: enums with names, the default config, ranking.
// Shared by the tasks, the demo, the simulation, the tests and the web app.
import type { SnatchTournament } from "../../typechain-types";

/** ISnatchTournament.Stage. */
export const Stage = { None: 0, Registration: 1, Pairing: 2, Playing: 3, Ended: 4, Final: 5, Closed: 6 } as const;
export const STAGE_NAMES = [
  "none",
  "registration",
  "pairing (randomness requested / rooms being created)",
  "playing",
  "phase ended (next phase may start)",
  "final",
  "closed (never reached two players)",
] as const;

/** ISnatchTournament.Role. */
export const Role = { None: 0, P1: 1, P2: 2, SatOut: 3 } as const;
export const ROLE_NAMES = ["-", "P1", "P2", "sat out"] as const;

/** Phase p plays variant Gp. */
export const PHASE_NAMES = ["", "G1 plain", "G2 forced offer", "G3 shame", "G4 report", "G5 cheap talk"] as const;
export const PHASES = 5;

/** ISnatchTournament.Config's fields, in its order (also the indexer's `snatch_tournament` columns). */
export const CONFIG_FIELDS = [
  "cap",
  "roomsPerBatch",
  "registrationBlocks",
  "grace",
  "talk",
  "offer",
  "response",
  "decision",
] as const;

/** ISnatchTournament.Config as plain numbers. */
export type TournamentConfig = Record<(typeof CONFIG_FIELDS)[number], number>;

/**
 * Most rooms per createPhaseRooms transaction the tasks and the form accept: ~74k gas a room plus the shuffle (~1.4M
 * for 2,000 players), 100 rooms ≈ 8.8M gas, under 10M (the contract takes up to 150).
 */
export const TOURNAMENT_ROOMS_PER_TX = 100;

/** Defaults of the deploy script, the CLI, the demo and the simulation: 20-block windows as the rooms' presets. */
export const DEFAULT_CONFIG: TournamentConfig = {
  cap: 1000,
  roomsPerBatch: 100,
  registrationBlocks: 100,
  grace: 20,
  talk: 20,
  offer: 20,
  response: 20,
  decision: 20,
};

/** A row as SnatchTournament.leaderboard returns it. */
export type LeaderboardRow = Awaited<ReturnType<SnatchTournament["leaderboard"]>>[number];

/** A leaderboard row as plain values. */
export interface Ranked {
  rank: number;
  player: string;
  scoreAsP1: number;
  scoreAsP2: number;
  aggregate: number;
  roomsAsP1: number;
  roomsAsP2: number;
  satOut: number;
  /** G3 shame received in this tournament (final with it). */
  g3Shame: number;
  /** The player's current profile G3 shame (live: every room counts, also after the tournament). */
  profileG3Shame: number;
  /** The display name the player registered with ("" for none: show the address). */
  name: string;
}

/** Reads the whole leaderboard page by page (`pageSize` rows per call). */
export async function readLeaderboard(
  tournament: SnatchTournament,
  tournamentId: bigint,
  pageSize = 100,
): Promise<LeaderboardRow[]> {
  const count = Number((await tournament.tournament(tournamentId)).playerCount);
  const rows: LeaderboardRow[] = [];
  for (let offset = 0; offset < count; offset += pageSize) {
    rows.push(...(await tournament.leaderboard(tournamentId, offset, pageSize)));
  }
  return rows;
}

/** What {@link rank} reads of a row: the contract's `leaderboard` row, or the indexer's entry with the profile shame. */
export interface RankInput {
  player: string;
  scoreAsP1: bigint | number;
  scoreAsP2: bigint | number;
  aggregate: bigint | number;
  roomsAsP1: bigint | number;
  roomsAsP2: bigint | number;
  satOut: bigint | number;
  g3Shame: bigint | number;
  profileG3Shame: bigint | number;
  name: string;
}

/**
 * Ranks rows (given in registration order) off-chain: aggregate score first, then registration order (earlier
 * first) on ties. Rank numbers are shared by equal aggregates (1, 2, 2, 4, ...).
 */
export function rank(rows: readonly RankInput[]): Ranked[] {
  const plain = rows.map((r, i) => ({
    position: i,
    player: r.player,
    scoreAsP1: Number(r.scoreAsP1),
    scoreAsP2: Number(r.scoreAsP2),
    aggregate: Number(r.aggregate),
    roomsAsP1: Number(r.roomsAsP1),
    roomsAsP2: Number(r.roomsAsP2),
    satOut: Number(r.satOut),
    g3Shame: Number(r.g3Shame),
    profileG3Shame: Number(r.profileG3Shame),
    name: r.name,
  }));
  plain.sort((a, b) => b.aggregate - a.aggregate || a.position - b.position);
  let last = -1;
  let lastRank = 0;
  return plain.map((r, i) => {
    if (r.aggregate !== last) {
      lastRank = i + 1;
      last = r.aggregate;
    }
    const { position: _position, ...rest } = r;
    void _position;
    return { rank: lastRank, ...rest };
  });
}

/** Number of phases a satOut bitmask marks. */
export function satOutCount(mask: number): number {
  let n = 0;
  for (let p = 0; p < PHASES; p++) if ((mask >> p) & 1) n++;
  return n;
}

/** A phase's totals (ISnatchTournament.Totals) as the view returns them. */
export interface PhaseTotals {
  offers: bigint | number;
  accepts: bigint | number;
  rejects: bigint | number;
  snatches: bigint | number;
  shames: bigint | number;
  reports: bigint | number;
  refusals: bigint | number;
  pointsAsP1: bigint | number;
  pointsAsP2: bigint | number;
}

/** One variant's figures, as the bots' tables print them (rates and averages rounded to 2 decimals). */
export interface VariantFigures {
  rooms: number;
  offers: number;
  /** Offers per room-round (3 rounds per room). */
  offerRate: number;
  accepts: number;
  rejects: number;
  snatches: number;
  /** Shares of offers (0..1). */
  acceptRate: number;
  rejectRate: number;
  snatchRate: number;
  shames: number;
  reports: number;
  refusals: number;
  /** Average round-3 points of P1 and of P2 per room. */
  avgP1: number;
  avgP2: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A phase's figures from its totals over `rooms` rooms (the simulation's tables and the web's charts). */
export function variantFigures(t: PhaseTotals, rooms: number): VariantFigures {
  const offers = Number(t.offers);
  const per = (x: bigint | number) => (offers > 0 ? round2(Number(x) / offers) : 0);
  return {
    rooms,
    offers,
    offerRate: rooms > 0 ? round2(offers / (rooms * 3)) : 0,
    accepts: Number(t.accepts),
    rejects: Number(t.rejects),
    snatches: Number(t.snatches),
    acceptRate: per(t.accepts),
    rejectRate: per(t.rejects),
    snatchRate: per(t.snatches),
    shames: Number(t.shames),
    reports: Number(t.reports),
    refusals: Number(t.refusals),
    avgP1: rooms > 0 ? round2(Number(t.pointsAsP1) / rooms) : 0,
    avgP2: rooms > 0 ? round2(Number(t.pointsAsP2) / rooms) : 0,
  };
}
