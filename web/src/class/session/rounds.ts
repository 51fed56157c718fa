// A class session's figures per round for the projector (goods traded, points, snatches, shame), folded from its
// rooms' events as the indexer logs them (snatch_log: the event's name, the round it belongs to, its arguments with
// bigints as decimal strings). Each room starts with 5 of its own good per seat (RolesAssigned); accepted offers,
// snatches, shame penalties and confirmed reports move goods; points are own good × 1 + other goods × 2
// (client/snatch/rules.ts). Goods escrowed in an open offer still count as the offerer's, so offers move nothing until
// answered. Pure: no React, no DOM.
import { RuleSet } from "../../../../client/snatch/names";
import { pointsOf } from "../../../../client/snatch/rules";
import type { Goods } from "../../../../client/snatch/state";
import type { LogEntry } from "../../data/session";

export type { LogEntry };

/** What happened in one round across the session's rooms. */
export interface RoundFigures {
  round: number;
  /** Rooms that reached the round. */
  rooms: number;
  /** Goods that changed hands by accepted offers (both ways). */
  traded: number;
  snatches: number;
  /** Goods taken by snatches. */
  snatched: number;
  /** Shame tokens given. */
  shame: number;
  /** Goods burned by shame penalties at the round's start. */
  burned: number;
  /** Mean points per player at the round's end (or now, for a round still being played). */
  meanPoints: number;
}

/** The session's rooms play five rounds. */
export const SESSION_ROUNDS = 5;
/** Their rule sets, round 1 to 5 (snatch-or-share.md: the format every SnatchSession room plays). */
export const SESSION_RULES = [
  RuleSet.Anarchy,
  RuleSet.Anarchy,
  RuleSet.NoReject,
  RuleSet.ShameTokens,
  RuleSet.Judge,
] as const;

const amounts = (x: unknown): Goods => {
  const a = Array.from((x ?? []) as ArrayLike<unknown>, (v) => Number(v ?? 0));
  return [a[0] ?? 0, a[1] ?? 0, a[2] ?? 0];
};
const total = (g: Goods) => g[0] + g[1] + g[2];
const low = (x: unknown) => String(x ?? "").toLowerCase();

interface RoomFold {
  players: string[];
  roles: number[];
  holdings: Goods[];
  offers: Map<string, { from: number; to: number }>;
  round: number;
  /** Points summed over the room's seats at the end of each round it played (index: round). */
  ends: Map<number, number>;
}

function move(f: RoomFold, from: number, to: number, goods: Goods): void {
  for (let g = 0; g < 3; g++) {
    if (from >= 0) f.holdings[from][g] -= goods[g];
    if (to >= 0) f.holdings[to][g] += goods[g];
  }
}

const roomPoints = (f: RoomFold) => f.holdings.reduce((p, h, seat) => p + pointsOf(h, f.roles[seat]), 0);

/** Per round 1..5: the figures across every room of `log` (grouped by room, each room's events in chain order). */
export function roundFigures(log: readonly LogEntry[]): RoundFigures[] {
  const out: RoundFigures[] = Array.from({ length: SESSION_ROUNDS }, (_, i) => ({
    round: i + 1,
    rooms: 0,
    traded: 0,
    snatches: 0,
    snatched: 0,
    shame: 0,
    burned: 0,
    meanPoints: 0,
  }));
  const at = (round: number) => out[round - 1];
  const rooms = new Map<string, RoomFold>();
  for (const e of log) {
    const key = e.roomId.toString();
    let f = rooms.get(key);
    if (!f) {
      f = { players: [], roles: [], holdings: [], offers: new Map(), round: 0, ends: new Map() };
      rooms.set(key, f);
    }
    const a = e.args;
    const seatOf = (x: unknown) => f!.players.indexOf(low(x));
    if (e.round > f.round && f.round > 0) f.ends.set(f.round, roomPoints(f));
    if (e.round > f.round) f.round = e.round;
    const r = at(e.round);
    switch (e.name) {
      case "RolesAssigned":
        f.players = Array.from(a.players as ArrayLike<unknown>, low);
        f.roles = amounts(a.roles);
        f.holdings = f.roles.map((role) => {
          const h: Goods = [0, 0, 0];
          h[role] = 5;
          return h;
        });
        break;
      case "RoundStarted":
        if (r) r.rooms++;
        break;
      case "OfferMade":
        f.offers.set(String(a.offerId), { from: seatOf(a.from), to: seatOf(a.to) });
        break;
      case "OfferAccepted": {
        const o = f.offers.get(String(a.offerId));
        if (!o) break;
        const [toTarget, toOfferer] = [amounts(a.toTarget), amounts(a.toOfferer)];
        move(f, o.from, o.to, toTarget);
        move(f, o.to, o.from, toOfferer);
        if (r) r.traded += total(toTarget) + total(toOfferer);
        break;
      }
      case "OfferSnatched": {
        const o = f.offers.get(String(a.offerId));
        if (!o) break;
        const taken = amounts(a.taken);
        move(f, o.from, o.to, taken);
        if (r) {
          r.snatches++;
          r.snatched += total(taken);
        }
        break;
      }
      case "ShameGiven":
        if (r) r.shame++;
        break;
      case "ShamePenaltyApplied": {
        const burned = amounts(a.burned);
        move(f, seatOf(a.player), -1, burned);
        if (r) r.burned += total(burned);
        break;
      }
      case "ReportConfirmed": {
        const o = f.offers.get(String(a.offerId));
        if (!o) break;
        // The snatcher (the offer's target) gives back what it took and forfeits goods to the victim.
        move(f, o.to, o.from, amounts(a.returned));
        move(f, o.to, o.from, amounts(a.forfeited));
        break;
      }
    }
  }
  const sums = new Map<number, { points: number; players: number }>();
  for (const f of rooms.values()) {
    if (f.holdings.length === 0) continue;
    if (f.round > 0) f.ends.set(f.round, roomPoints(f));
    for (const [round, points] of f.ends) {
      const s = sums.get(round) ?? { points: 0, players: 0 };
      sums.set(round, { points: s.points + points, players: s.players + f.holdings.length });
    }
  }
  for (const [round, s] of sums) {
    const r = at(round);
    if (r) r.meanPoints = Math.round((s.points / s.players) * 10) / 10;
  }
  return out;
}
