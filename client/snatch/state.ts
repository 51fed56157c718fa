// A Snatch room as plain values: the lens's RoomView and OfferView decoded into numbers and names, for pages, bots
// and tools. No rule is decided here: the contracts' views are the source; this only reshapes them.
import { ZeroAddress } from "ethers";
import type { ISnatchRooms } from "../../typechain-types/contracts/snatch/SnatchRoomsLens";
import { Good, GOOD_NAMES, NO_SEAT, OfferStatus, Phase, RuleSet } from "./names";

export type Goods = [number, number, number];

/** One seat of a room (an empty seat has `player` = the zero address). */
export interface SeatState {
  seat: number;
  player: string;
  /** The good it produces (its own good: 1 point each; others 2). Meaningless before roles are drawn. */
  role: number;
  free: Goods;
  escrow: Goods;
  points: number;
  shameTokens: number;
  profileShame: number;
  done: boolean;
  suspended: boolean;
  suspendedNext: boolean;
  shamedOut: boolean;
}

export interface RoomState {
  roomId: bigint;
  format: number;
  playerCount: number;
  roundCount: number;
  round: number;
  phase: number;
  rules: number;
  deadline: number;
  /** Last block that takes offers (3-player trading), else 0. */
  offersUntil: number;
  /** This round's judge seat, or NO_SEAT. */
  judge: number;
  /** G2: P2 forces P1 to offer this round. */
  forced: boolean;
  /** The factory (tournament) that created it, or the zero address. */
  observer: string;
  rolesRequest: bigint;
  seats: SeatState[];
  firstOffer: number;
  offerCount: number;
  stats: RoomStats;
}

export interface RoomStats {
  offers: number;
  accepts: number;
  rejects: number;
  snatches: number;
  shames: number;
  reports: number;
  refusals: number;
}

export interface OfferState {
  id: number;
  from: string;
  to: string;
  status: number;
  escrowed: Goods;
  requested: Goods;
  /** Σ offered (the offered amounts themselves are only in the OfferMade event). */
  offeredSum: number;
  madeAt: number;
}

const goods3 = (a: readonly (bigint | number)[]): Goods => [Number(a[0]), Number(a[1]), Number(a[2])];

/** Plain values of `SnatchRoomsLens.roomView(roomId)`. */
export function roomStateOf(roomId: bigint, v: ISnatchRooms.RoomViewStructOutput): RoomState {
  const seats: SeatState[] = [];
  for (let s = 0; s < Number(v.playerCount); s++) {
    seats.push({
      seat: s,
      player: v.players[s],
      role: Number(v.roles[s]),
      free: goods3(v.free[s]),
      escrow: goods3(v.escrow[s]),
      points: Number(v.points[s]),
      shameTokens: Number(v.shameTokens[s]),
      profileShame: Number(v.profileShame[s]),
      done: v.done[s],
      suspended: v.suspended[s],
      suspendedNext: v.suspendedNext[s],
      shamedOut: v.shamedOut[s],
    });
  }
  const s = v.stats;
  return {
    roomId,
    format: Number(v.format),
    playerCount: Number(v.playerCount),
    roundCount: Number(v.roundCount),
    round: Number(v.round),
    phase: Number(v.phase),
    rules: Number(v.rules),
    deadline: Number(v.deadline),
    offersUntil: Number(v.offersUntil),
    judge: Number(v.judge),
    forced: v.forced,
    observer: v.observer,
    rolesRequest: v.rolesRequest,
    seats,
    firstOffer: Number(v.firstOffer),
    offerCount: Number(v.offerCount),
    stats: {
      offers: Number(s.offers),
      accepts: Number(s.accepts),
      rejects: Number(s.rejects),
      snatches: Number(s.snatches),
      shames: Number(s.shames),
      reports: Number(s.reports),
      refusals: Number(s.refusals),
    },
  };
}

/**
 * How many of a room's latest offers SnatchRooms keeps (`SnatchLayout.ring`, the most offers a round can hold): 12 in a
 * 3-player room (2 to each opponent), 1 in a 2-player room; an older offer's slot holds a later one.
 */
export const offerRing = (players: number): number => (players === 3 ? 12 : 1);

/**
 * Plain values of `SnatchRoomsLens.allOffers(roomId)` (offer ids from 1), without the offers whose ring slot holds a
 * later offer (status None: see {@link offerRing}; their history is in the room's events).
 */
export function offerStatesOf(list: readonly ISnatchRooms.OfferViewStructOutput[]): OfferState[] {
  // `map` first: ethers' Result returns a plain array from it, where `flatMap` or `filter` would build a Result.
  return list.map((o, i) => offerStateOf(o, i + 1)).filter((o) => o.status !== OfferStatus.None);
}

function offerStateOf(o: ISnatchRooms.OfferViewStructOutput, id: number): OfferState {
  return {
    id,
    from: o.from,
    to: o.to,
    status: Number(o.status),
    escrowed: goods3(o.escrowed),
    requested: goods3(o.requested),
    offeredSum: Number(o.offeredSum),
    madeAt: Number(o.madeAt),
  };
}

/** The seat of `account` in the room, or -1. */
export function seatOf(room: RoomState, account: string | null | undefined): number {
  if (!account) return -1;
  return room.seats.findIndex((s) => s.player.toLowerCase() === account.toLowerCase());
}

/** Whether roles were drawn (round 1 started at some point). */
export function hasStarted(room: RoomState): boolean {
  return room.round > 0;
}

/** Seats taken (an open room's seats fill in join order; a seat may be empty). */
export function seatsTaken(room: Pick<RoomState, "seats">): number {
  return room.seats.filter((s) => s.player !== ZeroAddress).length;
}

/** The goods a room trades: all three with 3 players, turkey and corn with 2 (coffee is not in 2-player rooms). */
export function tradedGoods(playerCount: number): number[] {
  return playerCount === 2 ? [Good.Turkey, Good.Corn] : [Good.Turkey, Good.Coffee, Good.Corn];
}

/**
 * How a seat is called: 2-player rooms "P1"/"P2" (P1 produces turkey); 3-player rooms by the good they produce
 * ("turkey producer") once roles are drawn, else "seat N".
 */
export function seatLabel(room: Pick<RoomState, "playerCount" | "round" | "seats">, seat: number): string {
  if (seat < 0 || seat >= room.seats.length) return "nobody";
  if (room.round === 0) return `seat ${seat}`;
  const role = room.seats[seat].role;
  if (room.playerCount === 2) return role === Good.Turkey ? "P1" : "P2";
  return `${GOOD_NAMES[role]} producer`;
}

/** The 2-player room's P1 / P2 seat (P1 produces turkey), or -1 before roles are drawn. */
export function p1Seat(room: RoomState): number {
  if (room.playerCount !== 2 || room.round === 0) return -1;
  return room.seats.findIndex((s) => s.role === Good.Turkey);
}
export function p2Seat(room: RoomState): number {
  if (room.playerCount !== 2 || room.round === 0) return -1;
  return room.seats.findIndex((s) => s.role === Good.Corn);
}

/**
 * G5's talk window as P1 (`seat`) sees it: whether P2 said done, so that P1's offer or pass ends the talk
 * (SnatchRooms counts it as P1's done); undefined outside a talk window or for another seat.
 */
export function p1Talk(room: RoomState, seat: number): { p2: number; p2Done: boolean } | undefined {
  if (room.phase !== Phase.Talk || seat < 0 || seat !== p1Seat(room)) return undefined;
  const p2 = p2Seat(room);
  return { p2, p2Done: room.seats[p2].done };
}

/**
 * The per-round flags of a room's `roundBits` (the `Room` struct of `roomData` and the lens's briefs), at the bits
 * SnatchLayout gives them (contracts/snatch/libraries/SnatchState.sol: DONE 12 + seat, FORCED 27): for scripts that
 * read the room's struct rather than the lens's view of it.
 */
export function roundFlags(roundBits: bigint | number): { done: [boolean, boolean, boolean]; forced: boolean } {
  const bits = Number(roundBits);
  const flag = (bit: number) => ((bits >>> bit) & 1) === 1;
  return { done: [flag(12), flag(13), flag(14)], forced: flag(27) };
}

/** The current round's offers. */
export function roundOffers(room: RoomState, offers: readonly OfferState[]): OfferState[] {
  return room.round === 0 ? [] : offers.filter((o) => o.id >= room.firstOffer);
}

/** Whether the room still moves: roles drawn or awaited, rounds running. */
export function isLive(room: Pick<RoomState, "phase">): boolean {
  return room.phase !== Phase.None && room.phase !== Phase.Open && room.phase < Phase.Finished;
}

/** Whether a judge sits this round. */
export function hasJudge(room: Pick<RoomState, "judge" | "rules">): boolean {
  return room.rules === RuleSet.Judge && room.judge !== NO_SEAT;
}

export { OfferStatus };
