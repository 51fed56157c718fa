// The SnatchGame tournament as files a teacher opens in a spreadsheet (docs/class.md, "Exports"):
//   rounds.csv       one row per room and round, with the columns of the SnatchGame data model (P1's action, P2's
//                    action, forced by P2, reported, shame assigned, the outcome for both) and the block and
//                    transaction hash of every action, so that each cell can be checked on-chain;
//   players.csv      one row per player and phase (role, room, opponent, recorded round-3 points, sat out);
//   leaderboard.csv  the ranked leaderboard (client/snatch/tournament.ts rank);
//   tournament.json  the whole tournament: config, phases with their totals, rooms with their rounds, leaderboard.
// Built from one plain input ({@link TournamentExportInput}) that the indexer fills from its tables
// (indexer/src/api/export.ts) and the `snatch:export` task from the contracts' views and events
// (client/snatch/export-chain.ts): both give byte-identical files for the same chain. Rounds are rebuilt from each
// room's events (the same fold for both sources). Plain TypeScript, no Hardhat.
import { toCsv, toJson, type Cell } from "../common/csv";
import { address, chainOrder, num, nums, type ExportEvent } from "../common/export";
import { emptyRow, finishedBlock, namesOf, roomSeats, roomsStatus, seatsOf, without } from "./export-rooms";
import { tournamentState } from "../states";
import { NO_OFFER_REASON_NAMES, RuleSet } from "./names";
import type { EntryRecord, PhaseRecord } from "./records";
import { pointsOf } from "./rules";
import { PHASES, rank, Role, ROLE_NAMES, Stage, type TournamentConfig } from "./tournament";

/** A registered player (registration order), the leaderboard's record of it. */
export type EntryInput = EntryRecord;

/** A started phase (the contract's `phaseView`). */
export interface PhaseInput extends PhaseRecord {
  format: number;
  /** The pairing's seed, decimal ("0" until drawn). */
  seed: string;
}

/** A player's phase once its room exists (or it sat out): points only once the room's result is recorded. */
export interface PairingInput {
  phase: number;
  player: string;
  role: number;
  roomId: number | null;
  opponent: string | null;
  points: number | null;
  opponentPoints: number | null;
}

/** A room of the tournament and its events (SnatchRooms, oldest first or in any order: they are sorted). */
export interface RoomInput {
  roomId: number;
  phase: number;
  /** Pair index within the phase (0-based). */
  pair: number;
  events: ExportEvent[];
}

export interface TournamentExportInput {
  id: number;
  organiser: string;
  config: TournamentConfig;
  /** SnatchRooms formats of phases 1..5. */
  formats: number[];
  /** ISnatchTournament.Stage. */
  stage: number;
  /** The current phase (0 before phase 1). */
  phase: number;
  playerCount: number;
  createdBlock: number;
  /** The block of the latest SnatchTournament event of this tournament. */
  lastBlock: number;
  entries: EntryInput[];
  phases: PhaseInput[];
  pairings: PairingInput[];
  rooms: RoomInput[];
}

// ------------------------------------------------------------------------------------------------------ rounds

export const ROUND_COLUMNS = [
  "status",
  "tournament",
  "phase",
  "variant",
  "room",
  "round",
  "third_round",
  "p1_name",
  "p1_address",
  "p2_name",
  "p2_address",
  "forced_by_p2",
  "force_block",
  "force_tx",
  "p1_action",
  "no_offer_reason",
  "offer_turkey",
  "offer_coffee",
  "offer_corn",
  "request_turkey",
  "request_coffee",
  "request_corn",
  "p1_action_block",
  "p1_action_tx",
  "p2_action",
  "p2_by_default",
  "p2_action_block",
  "p2_action_tx",
  "p1_decision",
  "shame_assigned",
  "reported",
  "report_ruling",
  "p1_decision_block",
  "p1_decision_tx",
  "ruling_block",
  "ruling_tx",
  "messages",
  "p1_turkey",
  "p1_corn",
  "p1_points",
  "p2_turkey",
  "p2_corn",
  "p2_points",
  "round_closed_block",
  "round_closed_tx",
] as const;
export type RoundColumn = (typeof ROUND_COLUMNS)[number];
export type RoundRow = Record<RoundColumn, Cell>;

/** Variant of phase p: Gp. */
export const variantOf = (phase: number) => `G${phase}`;

type Goods = [number, number, number];
const add = (a: Goods, b: readonly number[], sign = 1): Goods => [
  a[0] + sign * b[0]!,
  a[1] + sign * b[1]!,
  a[2] + sign * b[2]!,
];

/**
 * One row per round started in a 2-player room, from the room's events. P1 sits in seat 0 and P2 in seat 1 (a
 * tournament's rooms). `names` maps lower-case addresses to display names. A round still in play has empty outcome
 * cells; an action not taken (yet) has empty cells.
 */
export function roomRounds(
  room: RoomInput,
  names: ReadonlyMap<string, string>,
  base: { status: string; tournament: number },
): RoundRow[] {
  const rows: RoundRow[] = [];
  let players: string[] = [];
  let roles: number[] = [0, 2];
  let goods: Goods[] = [
    [0, 0, 0],
    [0, 0, 0],
  ];
  const offers = new Map<number, { from: number; to: number; row: RoundRow }>();
  let current: RoundRow | undefined;
  const seatOf = (a: unknown) => players.indexOf(address(a));
  const close = (e: ExportEvent) => {
    if (!current) return;
    const [p1, p2] = goods as [Goods, Goods];
    Object.assign(current, {
      p1_turkey: p1[0],
      p1_corn: p1[2],
      p1_points: pointsOf(p1, roles[0]!),
      p2_turkey: p2[0],
      p2_corn: p2[2],
      p2_points: pointsOf(p2, roles[1]!),
      round_closed_block: e.block,
      round_closed_tx: e.tx,
    });
    current = undefined;
  };
  const roundOf = (offerId: unknown) => offers.get(num(offerId));

  for (const e of chainOrder(room.events)) {
    const a = e.args;
    switch (e.name) {
      case "RolesAssigned": {
        ({ players, roles } = seatsOf(e));
        goods = [0, 1].map((seat) => {
          const g: Goods = [0, 0, 0];
          g[roles[seat]!] = 10;
          return g;
        });
        break;
      }
      case "RoundStarted": {
        close(e);
        const round = num(a.round);
        const rules = num(a.rules);
        current = emptyRow(ROUND_COLUMNS);
        Object.assign(current, {
          ...base,
          phase: room.phase,
          variant: variantOf(room.phase),
          room: room.roomId,
          round,
          third_round: round === 3,
          p1_name: names.get(players[0]!) ?? "",
          p1_address: players[0],
          p2_name: names.get(players[1]!) ?? "",
          p2_address: players[1],
          forced_by_p2: rules === RuleSet.G2Forced ? true : null,
          shame_assigned: false,
          reported: false,
          messages: 0,
        });
        rows.push(current);
        break;
      }
      case "ForceSet":
        if (current) Object.assign(current, { forced_by_p2: Boolean(a.forced), force_block: e.block, force_tx: e.tx });
        break;
      case "OfferMade": {
        if (!current) break;
        const offering = nums(a.offering);
        const requesting = nums(a.requesting);
        Object.assign(current, {
          p1_action: current.forced_by_p2 === true ? "forced_offer" : "offer",
          offer_turkey: offering[0],
          offer_coffee: offering[1],
          offer_corn: offering[2],
          request_turkey: requesting[0],
          request_coffee: requesting[1],
          request_corn: requesting[2],
          p1_action_block: e.block,
          p1_action_tx: e.tx,
        });
        offers.set(num(a.offerId), { from: seatOf(a.from), to: seatOf(a.to), row: current });
        break;
      }
      case "NoOffer":
        if (current) {
          Object.assign(current, {
            p1_action: "no_offer",
            no_offer_reason: NO_OFFER_REASON_NAMES[num(a.reason)] ?? String(num(a.reason)),
            p1_action_block: e.block,
            p1_action_tx: e.tx,
          });
        }
        break;
      case "OfferAccepted": {
        const o = roundOf(a.offerId);
        if (!o) break;
        const toTarget = nums(a.toTarget);
        const toOfferer = nums(a.toOfferer);
        goods[o.from] = add(add(goods[o.from]!, toTarget, -1), toOfferer);
        goods[o.to] = add(add(goods[o.to]!, toTarget), toOfferer, -1);
        Object.assign(o.row, {
          p2_action: "accept",
          p2_by_default: false,
          p2_action_block: e.block,
          p2_action_tx: e.tx,
        });
        break;
      }
      case "OfferRejected": {
        const o = roundOf(a.offerId);
        if (!o) break;
        Object.assign(o.row, {
          p2_action: "reject",
          p2_by_default: Boolean(a.byDefault),
          p2_action_block: e.block,
          p2_action_tx: e.tx,
        });
        break;
      }
      case "OfferSnatched": {
        const o = roundOf(a.offerId);
        if (!o) break;
        const taken = nums(a.taken);
        goods[o.from] = add(goods[o.from]!, taken, -1);
        goods[o.to] = add(goods[o.to]!, taken);
        Object.assign(o.row, {
          p2_action: "snatch",
          p2_by_default: false,
          p2_action_block: e.block,
          p2_action_tx: e.tx,
        });
        break;
      }
      case "ShameGiven":
        if (current) {
          Object.assign(current, {
            p1_decision: "shame",
            shame_assigned: true,
            p1_decision_block: e.block,
            p1_decision_tx: e.tx,
          });
        }
        break;
      case "SnatchReported": {
        const o = roundOf(a.offerId);
        if (!o) break;
        Object.assign(o.row, {
          p1_decision: "report",
          reported: true,
          report_ruling: "pending",
          p1_decision_block: e.block,
          p1_decision_tx: e.tx,
        });
        break;
      }
      case "SnatchReversed": {
        const o = roundOf(a.offerId);
        if (!o) break;
        const moved = add(add([0, 0, 0], nums(a.returned)), nums(a.sanction));
        goods[o.to] = add(goods[o.to]!, moved, -1);
        goods[o.from] = add(goods[o.from]!, moved);
        Object.assign(o.row, { report_ruling: "reversed", ruling_block: e.block, ruling_tx: e.tx });
        break;
      }
      case "DecisionDeclined":
        if (current) {
          Object.assign(current, {
            p1_decision: a.byDefault ? "none (window expired)" : "none",
            p1_decision_block: e.block,
            p1_decision_tx: e.tx,
          });
        }
        break;
      case "MessageSent":
        if (current) current.messages = num(current.messages) + 1;
        break;
      case "RoomFinished":
        close(e);
        break;
    }
  }
  return rows;
}

// ------------------------------------------------------------------------------------------------- the whole

/** The status of a tournament: `final`, `closed`, or `running at block N` (its latest event or its rooms'). */
export function tournamentStatus(input: TournamentExportInput): string {
  const ended = input.stage === Stage.Final ? "final" : input.stage === Stage.Closed ? "closed" : null;
  return roomsStatus(ended, input.lastBlock, input.rooms);
}

const byRoom = (a: RoomInput, b: RoomInput) => a.phase - b.phase || a.pair - b.pair || a.roomId - b.roomId;

/** Every room's rounds, by phase, pair and round. */
export function roundRows(input: TournamentExportInput): RoundRow[] {
  const names = namesOf(input.entries);
  const base = { status: tournamentStatus(input), tournament: input.id };
  return [...input.rooms].sort(byRoom).flatMap((room) => roomRounds(room, names, base));
}

export function roundsCsv(input: TournamentExportInput): string {
  return toCsv(ROUND_COLUMNS, roundRows(input));
}

export const PLAYER_COLUMNS = [
  "status",
  "tournament",
  "phase",
  "variant",
  "registration",
  "name",
  "address",
  "role",
  "room",
  "opponent_name",
  "opponent_address",
  "points",
  "opponent_points",
  "sat_out",
  "recorded",
] as const;
export type PlayerColumn = (typeof PLAYER_COLUMNS)[number];

/** One row per player and phase whose room exists (or which it sat out), by phase and registration order. */
export function playerRows(input: TournamentExportInput): Record<PlayerColumn, Cell>[] {
  const names = namesOf(input.entries);
  const order = new Map(input.entries.map((e) => [address(e.player), e.index]));
  const status = tournamentStatus(input);
  return [...input.pairings]
    .sort((a, b) => a.phase - b.phase || order.get(address(a.player))! - order.get(address(b.player))!)
    .map((p) => {
      const player = address(p.player);
      const opponent = p.opponent ? address(p.opponent) : null;
      const satOut = p.role === Role.SatOut;
      return {
        status,
        tournament: input.id,
        phase: p.phase,
        variant: variantOf(p.phase),
        registration: order.get(player)!,
        name: names.get(player) ?? "",
        address: player,
        role: ROLE_NAMES[p.role] ?? String(p.role),
        room: p.roomId,
        opponent_name: opponent ? (names.get(opponent) ?? "") : null,
        opponent_address: opponent,
        points: p.points,
        opponent_points: p.opponentPoints,
        sat_out: satOut,
        recorded: satOut ? null : p.points !== null,
      };
    });
}

export function playersCsv(input: TournamentExportInput): string {
  return toCsv(PLAYER_COLUMNS, playerRows(input));
}

export const LEADERBOARD_COLUMNS = [
  "status",
  "tournament",
  "rank",
  "registration",
  "name",
  "address",
  "score_as_p1",
  "score_as_p2",
  "aggregate",
  "rooms_as_p1",
  "rooms_as_p2",
  "sat_out_phases",
  "g3_shame",
] as const;
export type LeaderboardColumn = (typeof LEADERBOARD_COLUMNS)[number];

/** The phases a satOut mask marks, e.g. "2 5". */
const phasesOf = (mask: number) =>
  Array.from({ length: PHASES }, (_, p) => p + 1)
    .filter((p) => (mask >> (p - 1)) & 1)
    .join(" ");

/** The leaderboard, ranked (aggregate, then registration order), without the live profile shame. */
export function leaderboardRows(input: TournamentExportInput): Record<LeaderboardColumn, Cell>[] {
  const status = tournamentStatus(input);
  const entries = [...input.entries].sort((a, b) => a.index - b.index);
  const index = new Map(entries.map((e) => [address(e.player), e.index]));
  const ranked = rank(
    entries.map((e) => ({ ...e, aggregate: e.scoreAsP1 + e.scoreAsP2, profileG3Shame: 0, player: address(e.player) })),
  );
  return ranked.map((r) => ({
    status,
    tournament: input.id,
    rank: r.rank,
    registration: index.get(r.player)!,
    name: r.name,
    address: r.player,
    score_as_p1: r.scoreAsP1,
    score_as_p2: r.scoreAsP2,
    aggregate: r.aggregate,
    rooms_as_p1: r.roomsAsP1,
    rooms_as_p2: r.roomsAsP2,
    sat_out_phases: phasesOf(r.satOut),
    g3_shame: r.g3Shame,
  }));
}

export function leaderboardCsv(input: TournamentExportInput): string {
  return toCsv(LEADERBOARD_COLUMNS, leaderboardRows(input));
}

/** The whole tournament as one JSON document (see docs/class.md for its fields). */
export function tournamentJson(input: TournamentExportInput): string {
  const names = namesOf(input.entries);
  const status = tournamentStatus(input);
  const who = (a: string | null) => (a ? { name: names.get(address(a)) ?? "", address: address(a) } : null);
  const rounds = roundRows(input);
  const doc = {
    tournament: input.id,
    status,
    state: tournamentState(input.stage),
    config: {
      organiser: address(input.organiser),
      cap: input.config.cap,
      roomsPerBatch: input.config.roomsPerBatch,
      registrationBlocks: input.config.registrationBlocks,
      grace: input.config.grace,
      windows: {
        talk: input.config.talk,
        offer: input.config.offer,
        response: input.config.response,
        decision: input.config.decision,
      },
      formats: input.formats,
      createdBlock: input.createdBlock,
    },
    phase: input.phase,
    playerCount: input.playerCount,
    phases: [...input.phases]
      .sort((a, b) => a.phase - b.phase)
      .map((p) => ({
        phase: p.phase,
        variant: variantOf(p.phase),
        format: p.format,
        startedBlock: p.startedBlock,
        seed: p.seed,
        rooms: p.rooms,
        created: p.created,
        closedByTimeout: p.closed,
        satOut: who(p.satOut),
        deadline: p.deadline,
        endedBlock: p.endedBlock,
        totals: p.totals,
      })),
    rooms: [...input.rooms].sort(byRoom).map((room) => {
      const [p1, p2] = roomSeats(room.events).players;
      const mine = rounds.filter((r) => r.room === room.roomId);
      return {
        room: room.roomId,
        phase: room.phase,
        variant: variantOf(room.phase),
        pair: room.pair,
        p1: who(p1 ?? null),
        p2: who(p2 ?? null),
        finishedBlock: finishedBlock(room.events),
        rounds: mine.map((r) => without(r, ["status", "tournament", "phase", "variant", "room"])),
      };
    }),
    leaderboard: leaderboardRows(input).map((r) => ({
      rank: r.rank,
      registration: r.registration,
      name: r.name,
      address: r.address,
      scoreAsP1: r.score_as_p1,
      scoreAsP2: r.score_as_p2,
      aggregate: r.aggregate,
      roomsAsP1: r.rooms_as_p1,
      roomsAsP2: r.rooms_as_p2,
      satOutPhases: String(r.sat_out_phases) === "" ? [] : String(r.sat_out_phases).split(" ").map(Number),
      g3Shame: r.g3_shame,
    })),
  };
  return toJson(doc);
}

/** The files of a tournament's export, by file name. */
export const TOURNAMENT_FILES = {
  "rounds.csv": roundsCsv,
  "players.csv": playersCsv,
  "leaderboard.csv": leaderboardCsv,
  "tournament.json": tournamentJson,
} as const;
export type TournamentFile = keyof typeof TOURNAMENT_FILES;
