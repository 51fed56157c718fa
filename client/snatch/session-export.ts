// A three-player class session (SnatchSession) as files a teacher opens in a spreadsheet (docs/class.md, "Exports"):
//   rooms.csv     one row per room and seat (role, name, address, free goods per good, points, shame tokens), then
//                 one row per player who sat the session out;
//   offers.csv    one row per offer made in the session's rooms: who to whom, what, its fate, the report and ruling,
//                 and the block and transaction hash of the offer, its answer and the ruling;
//   players.csv   one row per seated player (seat position, listed or first come, room, seat, points, sat out);
//   session.json  the whole session: config, draw, totals, rooms with their seats and offers, players.
// Built from one plain input ({@link SessionExportInput}) that the indexer fills from its tables
// (indexer/src/api/export.ts) and the `snatch:session:export` task from the contracts' views and events
// (client/snatch/session-export-chain.ts): both give byte-identical files for the same chain. Offers are rebuilt
// from each room's events (the same fold for both sources). Plain TypeScript, no Hardhat.
import { toCsv, toJson, type Cell } from "../common/csv";
import { address, chainOrder, num, nums, type ExportEvent } from "../common/export";
import { emptyRow, finishedBlock, namesOf, roomSeats, roomsStatus, without } from "./export-rooms";
import { sessionState } from "../states";
import { GOOD_NAMES, OfferStatus, STATUS_NAMES } from "./names";
import { SessionStage, type SessionConfig } from "./session";

type Goods = [number, number, number];

/** A seated player (seat position order), where the draw put it and its recorded points. */
export interface SessionSeatInput {
  /** Seat position, 1-based (listing or joining order). */
  index: number;
  player: string;
  name: string;
  listed: boolean;
  /** Room index in the session (0-based), its SnatchRooms id and the seat: null until its room exists. */
  room: number | null;
  roomId: number | null;
  seat: number | null;
  satOut: boolean;
  /** Its room's final points, once recorded (RoomRecorded). */
  points: number | null;
}

/** A room of the session: its seats' free goods and shame tokens (the room's state), and its SnatchRooms events. */
export interface SessionRoomInput {
  /** Room index in the session (0-based). */
  room: number;
  roomId: number;
  /** Free goods per seat (final once the room finished). */
  free: Goods[];
  shameTokens: number[];
  events: ExportEvent[];
}

export interface SessionExportInput {
  id: number;
  organiser: string;
  config: SessionConfig;
  /** The SnatchRooms format its rooms play. */
  format: number;
  firstCome: boolean;
  startableFrom: number;
  /** ISnatchSession.Stage. */
  stage: number;
  playerCount: number;
  /** The shuffle's seed, decimal ("0" until drawn). */
  seed: string;
  /** Rooms drawn, created, and passed by closeTimedOutRooms. */
  drawnRooms: number;
  created: number;
  closed: number;
  deadline: number;
  createdBlock: number;
  /** The block of the latest SnatchSession event of this session. */
  lastBlock: number;
  totals: {
    finished: number;
    offers: number;
    accepts: number;
    rejects: number;
    snatches: number;
    shames: number;
    reports: number;
    points: number;
  };
  seats: SessionSeatInput[];
  rooms: SessionRoomInput[];
}

/** The status of a session: `final`, `closed`, or `running at block N` (its latest event or its rooms'). */
export function sessionStatus(input: SessionExportInput): string {
  const ended = input.stage === SessionStage.Finished ? "final" : input.stage === SessionStage.Closed ? "closed" : null;
  return roomsStatus(ended, input.lastBlock, input.rooms);
}

const byRoom = (a: SessionRoomInput, b: SessionRoomInput) => a.room - b.room;
const goodName = (g: number | undefined) => (g === undefined ? null : (GOOD_NAMES[g] ?? String(g)));

// ------------------------------------------------------------------------------------------------------ offers

export const OFFER_COLUMNS = [
  "status",
  "session",
  "room",
  "room_id",
  "round",
  "offer",
  "offerer_name",
  "offerer_address",
  "target_name",
  "target_address",
  "give_turkey",
  "give_coffee",
  "give_corn",
  "ask_turkey",
  "ask_coffee",
  "ask_corn",
  "fate",
  "offer_block",
  "offer_tx",
  "answer_block",
  "answer_tx",
  "reported",
  "ruling",
  "ruling_block",
  "ruling_tx",
] as const;
export type OfferColumn = (typeof OFFER_COLUMNS)[number];
export type OfferRow = Record<OfferColumn, Cell>;

/** The fate of an accepted offer the round-3 rule (no reject) executed at the round's close. */
export const EXECUTED_AT_CLOSE = "executed at close";

/**
 * One row per offer of a 3-player room, from the room's events, in offer order. An offer not answered yet is
 * `pending`; a report not ruled yet is `pending`.
 */
export function roomOffers(
  room: SessionRoomInput,
  names: ReadonlyMap<string, string>,
  base: { status: string; session: number },
): OfferRow[] {
  const rows = new Map<number, OfferRow>();
  let round = 0;
  const answer = (e: ExportEvent, fate: string) => {
    const row = rows.get(num(e.args.offerId));
    if (row) Object.assign(row, { fate, answer_block: e.block, answer_tx: e.tx });
  };
  const rule = (e: ExportEvent, ruling: string) => {
    const row = rows.get(num(e.args.offerId));
    if (row) Object.assign(row, { ruling, ruling_block: e.block, ruling_tx: e.tx });
  };
  for (const e of chainOrder(room.events)) {
    const a = e.args;
    switch (e.name) {
      case "RoundStarted":
        round = num(a.round);
        break;
      case "OfferMade": {
        const [from, to] = [address(a.from), address(a.to)];
        const [give, ask] = [nums(a.offering), nums(a.requesting)];
        rows.set(num(a.offerId), {
          ...base,
          room: room.room,
          room_id: room.roomId,
          round,
          offer: num(a.offerId),
          offerer_name: names.get(from) ?? "",
          offerer_address: from,
          target_name: names.get(to) ?? "",
          target_address: to,
          give_turkey: give[0],
          give_coffee: give[1],
          give_corn: give[2],
          ask_turkey: ask[0],
          ask_coffee: ask[1],
          ask_corn: ask[2],
          fate: STATUS_NAMES[OfferStatus.Pending],
          offer_block: e.block,
          offer_tx: e.tx,
          answer_block: null,
          answer_tx: null,
          reported: false,
          ruling: null,
          ruling_block: null,
          ruling_tx: null,
        });
        break;
      }
      case "OfferAccepted":
        answer(e, a.atClose ? EXECUTED_AT_CLOSE : STATUS_NAMES[OfferStatus.Accepted]);
        break;
      case "OfferRejected":
        answer(e, STATUS_NAMES[OfferStatus.Rejected]);
        break;
      case "OfferSnatched":
        answer(e, STATUS_NAMES[OfferStatus.Snatched]);
        break;
      case "OfferCancelled":
        answer(e, STATUS_NAMES[OfferStatus.Cancelled]);
        break;
      case "OfferExpired":
        answer(e, STATUS_NAMES[OfferStatus.Expired]);
        break;
      case "SnatchReported": {
        const row = rows.get(num(a.offerId));
        if (row) Object.assign(row, { reported: true, ruling: "pending" });
        break;
      }
      case "ReportConfirmed":
        rule(e, STATUS_NAMES[OfferStatus.Confirmed]);
        break;
      case "ReportDismissed":
        rule(e, STATUS_NAMES[OfferStatus.Dismissed]);
        break;
      case "SnatchReversed":
        rule(e, STATUS_NAMES[OfferStatus.Reversed]);
        break;
    }
  }
  return [...rows.values()];
}

/** Every offer of the session's rooms, by room and offer. */
export function offerRows(input: SessionExportInput): OfferRow[] {
  const names = namesOf(input.seats);
  const base = { status: sessionStatus(input), session: input.id };
  return [...input.rooms].sort(byRoom).flatMap((room) => roomOffers(room, names, base));
}

export function offersCsv(input: SessionExportInput): string {
  return toCsv(OFFER_COLUMNS, offerRows(input));
}

// ------------------------------------------------------------------------------------------------------- rooms

export const ROOM_COLUMNS = [
  "status",
  "session",
  "room",
  "room_id",
  "seat",
  "role",
  "name",
  "address",
  "free_turkey",
  "free_coffee",
  "free_corn",
  "points",
  "shame_tokens",
  "sat_out",
] as const;
export type RoomColumn = (typeof ROOM_COLUMNS)[number];

/** One row per room and seat (by room, then seat), then one per player who sat out (by seat position). */
export function roomRows(input: SessionExportInput): Record<RoomColumn, Cell>[] {
  const names = namesOf(input.seats);
  const status = sessionStatus(input);
  const points = new Map(input.seats.map((s) => [address(s.player), s.points]));
  const rows: Record<RoomColumn, Cell>[] = [];
  for (const room of [...input.rooms].sort(byRoom)) {
    const { players, roles } = roomSeats(room.events);
    players.forEach((player, seat) => {
      const free = room.free[seat] ?? [null, null, null];
      rows.push({
        status,
        session: input.id,
        room: room.room,
        room_id: room.roomId,
        seat,
        role: goodName(roles[seat]),
        name: names.get(player) ?? "",
        address: player,
        free_turkey: free[0],
        free_coffee: free[1],
        free_corn: free[2],
        points: points.get(player) ?? null,
        shame_tokens: room.shameTokens[seat] ?? null,
        sat_out: false,
      });
    });
  }
  for (const s of [...input.seats].sort((a, b) => a.index - b.index).filter((x) => x.satOut)) {
    const player = address(s.player);
    rows.push({ ...emptyRow(ROOM_COLUMNS), status, session: input.id, name: s.name, address: player, sat_out: true });
  }
  return rows;
}

export function roomsCsv(input: SessionExportInput): string {
  return toCsv(ROOM_COLUMNS, roomRows(input));
}

// ----------------------------------------------------------------------------------------------------- players

export const SESSION_PLAYER_COLUMNS = [
  "status",
  "session",
  "index",
  "name",
  "address",
  "seating",
  "room",
  "room_id",
  "seat",
  "role",
  "points",
  "sat_out",
  "recorded",
] as const;
export type SessionPlayerColumn = (typeof SESSION_PLAYER_COLUMNS)[number];

/** One row per seated player, by seat position; `seating` is `listed` or `first come`. */
export function sessionPlayerRows(input: SessionExportInput): Record<SessionPlayerColumn, Cell>[] {
  const status = sessionStatus(input);
  const roles = new Map(input.rooms.map((r) => [r.roomId, roomSeats(r.events).roles]));
  return [...input.seats]
    .sort((a, b) => a.index - b.index)
    .map((s) => ({
      status,
      session: input.id,
      index: s.index,
      name: s.name,
      address: address(s.player),
      seating: s.listed ? "listed" : "first come",
      room: s.room,
      room_id: s.roomId,
      seat: s.seat,
      role: s.roomId === null || s.seat === null ? null : goodName(roles.get(s.roomId)?.[s.seat]),
      points: s.points,
      sat_out: s.satOut,
      recorded: s.satOut || s.room === null ? null : s.points !== null,
    }));
}

export function sessionPlayersCsv(input: SessionExportInput): string {
  return toCsv(SESSION_PLAYER_COLUMNS, sessionPlayerRows(input));
}

// -------------------------------------------------------------------------------------------------- the whole

/** The whole session as one JSON document (see docs/class.md for its fields). */
export function sessionJson(input: SessionExportInput): string {
  const status = sessionStatus(input);
  const offers = offerRows(input);
  const rooms = roomRows(input);
  const doc = {
    session: input.id,
    status,
    state: sessionState(input.stage),
    config: {
      organiser: address(input.organiser),
      ...input.config,
      format: input.format,
      firstCome: input.firstCome,
      startableFrom: input.startableFrom,
      createdBlock: input.createdBlock,
    },
    playerCount: input.playerCount,
    seed: input.seed,
    rooms: input.drawnRooms,
    created: input.created,
    closedByTimeout: input.closed,
    deadline: input.deadline,
    totals: input.totals,
    satOut: rooms.filter((r) => r.sat_out).map((r) => ({ name: r.name, address: r.address })),
    roomList: [...input.rooms].sort(byRoom).map((room) => {
      return {
        room: room.room,
        roomId: room.roomId,
        finishedBlock: finishedBlock(room.events),
        seats: rooms
          .filter((r) => r.room_id === room.roomId)
          .map((r) => ({
            seat: r.seat,
            role: r.role,
            name: r.name,
            address: r.address,
            free: [r.free_turkey, r.free_coffee, r.free_corn],
            points: r.points,
            shameTokens: r.shame_tokens,
          })),
        offers: offers
          .filter((o) => o.room_id === room.roomId)
          .map((o) => without(o, ["status", "session", "room", "room_id"])),
      };
    }),
    players: sessionPlayerRows(input).map((p) => without(p, ["status", "session"])),
  };
  return toJson(doc);
}

/** The files of a session's export, by file name. */
export const SESSION_FILES = {
  "rooms.csv": roomsCsv,
  "offers.csv": offersCsv,
  "players.csv": sessionPlayersCsv,
  "session.json": sessionJson,
} as const;
export type SessionFile = keyof typeof SESSION_FILES;
