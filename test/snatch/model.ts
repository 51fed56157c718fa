// An independent model of SnatchRooms' rules (written from docs/snatch.md and DECISIONS.md, not from the Solidity),
// used by the property test: for any action it predicts whether the contract accepts it and the exact state after.
// Plain numbers: every amount stays far below 2^53 (requests are at most 2^32 - 1, escrows at most 20).
import { NO_SEAT, OfferStatus, Phase, RuleSet } from "../../client/snatch/names";

/** The contract's enums and constants, shared with the scripts (names only, no rules). */
export const Ph = Phase;
export const RS = RuleSet;
export const St = OfferStatus;
const TURKEY = 0;
const CORN = 2;
export { NO_SEAT };
export const MAX_AMOUNT = 2 ** 32 - 1;
const MAX_MESSAGE = 280;

export interface Windows {
  trading: number;
  closing: number;
  judging: number;
  talk: number;
  offer: number;
  response: number;
  decision: number;
}

export interface FormatModel {
  players: 2 | 3;
  rounds: number[];
  windows: Windows;
}

export interface OfferModel {
  from: number;
  to: number;
  status: number;
  escrowed: number[];
  requested: number[];
  offeredSum: number;
  /** The block it was made in. */
  madeAt: number;
}

export interface Stats {
  offers: number;
  accepts: number;
  rejects: number;
  snatches: number;
  shames: number;
  reports: number;
  refusals: number;
}

export interface RoomModel {
  format: FormatModel;
  n: number;
  roles: number[];
  round: number;
  phase: number;
  rules: number;
  deadline: number;
  free: number[][];
  escrow: number[][];
  shame: number[];
  offers: OfferModel[]; // offer id = index + 1
  firstOffer: number;
  done: boolean[];
  shameGiven: boolean[];
  suspended: boolean[];
  suspendedNext: boolean[];
  shamedOut: boolean[];
  pairs: number[][];
  forced: boolean;
  judge: number;
  nextJudge: number;
  stats: Stats;
  /** Goods burned by shame penalties (the only rule that destroys goods). */
  burned: number;
  /** Profile G3 shame per seat (kept in the profile, across rooms). */
  profileShame: number[];
}

/** Amounts of turkey, coffee, corn. */
export type Goods = [number, number, number];

export type Action =
  | { kind: "offer"; caller: number; target: number; offering: Goods; requesting: Goods }
  | { kind: "accept" | "reject" | "snatch" | "cancel" | "report" | "dismiss"; caller: number; offer: number }
  | { kind: "confirm"; caller: number; offer: number; suspend: boolean }
  | { kind: "done" | "pass" | "advance"; caller: number }
  | { kind: "force"; caller: number; forced: boolean }
  | { kind: "talk"; caller: number; length: number }
  | { kind: "shame"; caller: number; target: number }
  | { kind: "mine"; blocks: number };

const zeros = () => [0, 0, 0];
const grid = () => [zeros(), zeros(), zeros()];
const flags = () => [false, false, false];

/** A room as a factory creates it (roles by seat), round 1 started at `block`. */
export function newRoom(format: FormatModel, block: number, profileShame: number[]): RoomModel {
  const n = format.players;
  const roles = n === 3 ? [0, 1, 2] : [TURKEY, CORN];
  const free = grid();
  for (let s = 0; s < n; s++) free[s][roles[s]] = n === 3 ? 5 : 10;
  const room: RoomModel = {
    format,
    n,
    roles,
    round: 0,
    phase: 0,
    rules: 0,
    deadline: 0,
    free,
    escrow: grid(),
    shame: zeros(),
    offers: [],
    firstOffer: 1,
    done: flags(),
    shameGiven: flags(),
    suspended: flags(),
    suspendedNext: flags(),
    shamedOut: flags(),
    pairs: [zeros(), zeros(), zeros()],
    forced: false,
    judge: NO_SEAT,
    nextJudge: 0,
    stats: { offers: 0, accepts: 0, rejects: 0, snatches: 0, shames: 0, reports: 0, refusals: 0 },
    burned: 0,
    profileShame: [...profileShame],
  };
  startRound(room, 1, block);
  return room;
}

export function totalGoods(room: RoomModel): number {
  let t = 0;
  for (let s = 0; s < 3; s++) for (let g = 0; g < 3; g++) t += room.free[s][g] + room.escrow[s][g];
  return t;
}

export function points(room: RoomModel): number[] {
  const p = zeros();
  for (let s = 0; s < room.n; s++) {
    for (let g = 0; g < 3; g++) {
      const held = room.free[s][g] + room.escrow[s][g];
      p[s] += g === room.roles[s] ? held : 2 * held;
    }
  }
  return p;
}

const isP1 = (room: RoomModel, seat: number) => room.roles[seat] === TURKEY;
/** G2: P1 must offer when P2 forces it and it holds a good (a forced offer must escrow one). */
const forcedToOffer = (room: RoomModel) => {
  const p1 = room.roles.indexOf(TURKEY);
  return room.forced && room.free[p1].some((x) => x > 0);
};
const member = (room: RoomModel, seat: number) => seat >= 0 && seat < room.n;

/** Takes up to `k` goods from `seat`: its own good first, then its largest holding (ties: lowest good). */
function takeUnits(room: RoomModel, seat: number, k: number): number[] {
  const taken = zeros();
  const free = room.free[seat];
  for (let i = 0; i < k; i++) {
    let g = room.roles[seat];
    if (free[g] === 0) {
      g = 0;
      for (let h = 1; h < 3; h++) if (free[h] > free[g]) g = h;
      if (free[g] === 0) break;
    }
    free[g]--;
    taken[g]++;
  }
  return taken;
}

function startRound(room: RoomModel, round: number, start: number) {
  const f = room.format;
  if (round > f.rounds.length) {
    room.phase = Ph.Finished;
    room.judge = NO_SEAT;
    return;
  }
  room.round = round;
  room.rules = f.rounds[round - 1];
  room.firstOffer = room.offers.length + 1;
  room.pairs = [zeros(), zeros(), zeros()];
  room.shameGiven = flags();
  room.done = flags();
  if (room.n === 3) {
    room.suspended = [...room.suspendedNext];
    room.done = [...room.suspendedNext];
    room.suspendedNext = flags();
    room.shamedOut = flags();
    for (let s = 0; s < 3; s++) {
      if (room.shame[s] < 2) continue;
      const burned = takeUnits(room, s, 2);
      room.burned += burned[0] + burned[1] + burned[2];
      room.shame[s] -= 2;
      room.shamedOut[s] = true;
    }
    room.judge = NO_SEAT;
    if (room.rules === RS.Judge) {
      room.judge = room.nextJudge;
      // A seat suspended for this round does not judge it: the next seat does.
      while (room.suspended[room.judge]) room.judge = (room.judge + 1) % 3;
      room.nextJudge = (room.judge + 1) % 3;
    }
    room.phase = Ph.Trading;
    room.deadline = start + f.windows.trading;
  } else {
    room.forced = room.rules === RS.G2Forced;
    room.phase = room.rules === RS.G5CheapTalk ? Ph.Talk : Ph.Offering;
    room.deadline = start + (room.rules === RS.G5CheapTalk ? f.windows.talk : f.windows.offer);
  }
}

function release(room: RoomModel, o: OfferModel, status: number) {
  for (let g = 0; g < 3; g++) {
    room.escrow[o.from][g] -= o.escrowed[g];
    room.free[o.from][g] += o.escrowed[g];
  }
  o.status = status;
}

const shrink = (o: OfferModel, g: number) =>
  Math.floor((o.requested[g] * (o.escrowed[0] + o.escrowed[1] + o.escrowed[2])) / o.offeredSum);

function acceptOffer(room: RoomModel, o: OfferModel) {
  for (let g = 0; g < 3; g++) {
    room.escrow[o.from][g] -= o.escrowed[g];
    room.free[o.to][g] += o.escrowed[g];
  }
  for (let g = 0; g < 3; g++) {
    const give = Math.min(shrink(o, g), room.free[o.to][g]);
    room.free[o.to][g] -= give;
    room.free[o.from][g] += give;
  }
  o.status = St.Accepted;
  room.stats.accepts++;
}

function closeTrading(room: RoomModel, start: number) {
  let snatched = false;
  for (let id = room.firstOffer; id <= room.offers.length; id++) {
    const o = room.offers[id - 1];
    if (o.status === St.Pending) {
      if (room.rules === RS.NoReject) acceptOffer(room, o);
      else release(room, o, St.Expired);
    } else if (o.status === St.Snatched || (o.status === St.Reported && o.from !== room.judge)) {
      snatched = true;
    }
  }
  // The judge's own reports (made during trading) are confirmed now that every escrow has returned.
  for (let id = room.firstOffer; id <= room.offers.length; id++) {
    const o = room.offers[id - 1];
    if (o.status === St.Reported && o.from === room.judge) confirm(room, o, false);
  }
  if (snatched && room.rules === RS.Judge) {
    room.phase = Ph.Judging;
    room.deadline = start + room.format.windows.judging;
  } else {
    startRound(room, room.round + 1, start);
  }
}

function closeJudging(room: RoomModel, start: number) {
  for (let id = room.firstOffer; id <= room.offers.length; id++) {
    const o = room.offers[id - 1];
    if (o.status === St.Reported) o.status = St.Dismissed;
  }
  startRound(room, room.round + 1, start);
}

/** Applies every expired window's default; returns whether anything changed. */
function sync(room: RoomModel, block: number): boolean {
  let changed = false;
  while (room.phase !== Ph.Finished && block > room.deadline) {
    const start = room.deadline;
    switch (room.phase) {
      case Ph.Trading:
        closeTrading(room, start);
        break;
      case Ph.Judging:
        closeJudging(room, start);
        break;
      case Ph.Talk:
        room.phase = Ph.Offering;
        room.deadline = start + room.format.windows.offer;
        break;
      case Ph.Offering:
        if (forcedToOffer(room)) room.stats.refusals++;
        startRound(room, room.round + 1, start);
        break;
      case Ph.Responding:
        release(room, room.offers[room.offers.length - 1], St.Rejected);
        room.stats.rejects++;
        startRound(room, room.round + 1, start);
        break;
      default:
        startRound(room, room.round + 1, start);
    }
    changed = true;
  }
  return changed;
}

function confirm(room: RoomModel, o: OfferModel, suspend: boolean) {
  for (let g = 0; g < 3; g++) {
    const back = Math.min(o.escrowed[g], room.free[o.to][g]);
    room.free[o.to][g] -= back;
    room.free[o.from][g] += back;
  }
  const forfeited = takeUnits(room, o.to, 3);
  for (let g = 0; g < 3; g++) room.free[o.from][g] += forfeited[g];
  o.status = St.Confirmed;
  if (suspend) room.suspendedNext[o.to] = true;
}

function reverse(room: RoomModel, o: OfferModel) {
  for (let g = 0; g < 3; g++) {
    const back = Math.min(o.escrowed[g], room.free[o.to][g]);
    room.free[o.to][g] -= back;
    room.free[o.from][g] += back;
  }
  for (let g = 0; g < 3; g++) {
    const give = Math.min(shrink(o, g), room.free[o.to][g]);
    room.free[o.to][g] -= give;
    room.free[o.from][g] += give;
  }
  o.status = St.Reversed;
}

/**
 * G5: P1's offer or pass in the talk window, once P2 said done, is first P1's done: the offer window opens at `block`
 * and the move then happens in it. False (refused) for P2, or while P2 is still talking.
 */
function endTalk(room: RoomModel, me: number, block: number): boolean {
  if (!isP1(room, me) || !room.done[room.roles.indexOf(CORN)]) return false;
  room.done[me] = true;
  room.phase = Ph.Offering;
  room.deadline = block + room.format.windows.offer;
  return true;
}

/** Closes a 2-player round after a decision made at `block`. */
const nextRound = (room: RoomModel, block: number) => startRound(room, room.round + 1, block);

/**
 * The room after `action` executes in block `block`, or null if the contract must reject it (no state change).
 * `room` is not modified.
 */
export function apply(prev: RoomModel, action: Action, block: number): RoomModel | null {
  if (action.kind === "mine") return prev;
  const room: RoomModel = structuredClone(prev);
  const changed = sync(room, block);
  const ok = act(room, action, block, changed);
  return ok ? room : null;
}

function act(room: RoomModel, a: Exclude<Action, { kind: "mine" }>, block: number, changed: boolean): boolean {
  const w = room.format.windows;
  if (a.kind === "advance") return changed;
  const me = a.caller;
  if (!member(room, me)) return false;
  switch (a.kind) {
    case "offer": {
      if (a.target === me) return false;
      if (!member(room, a.target)) return false;
      if (room.phase === Ph.Trading) {
        if (room.suspended[me] || room.shamedOut[me] || room.done[me]) return false;
        if (block > room.deadline - w.closing) return false;
        if (room.suspended[a.target]) return false;
        if (room.pairs[me][a.target] >= 2) return false;
      } else if (room.phase === Ph.Offering) {
        if (!isP1(room, me)) return false;
      } else if (room.phase === Ph.Talk) {
        if (!endTalk(room, me, block)) return false;
      } else {
        return false;
      }
      for (let g = 0; g < 3; g++) {
        if (a.offering[g] > MAX_AMOUNT || a.requesting[g] > MAX_AMOUNT) return false;
        if (room.n === 2 && g === 1 && (a.offering[g] > 0 || a.requesting[g] > 0)) return false;
      }
      const offeredSum = a.offering[0] + a.offering[1] + a.offering[2];
      if (offeredSum === 0) return false;
      const escrowed = a.offering.map((x, g) => Math.min(x, room.free[me][g]));
      // G2: a forced offer must escrow a good.
      if (room.phase === Ph.Offering && room.forced && escrowed.every((e) => e === 0)) return false;
      for (let g = 0; g < 3; g++) {
        room.free[me][g] -= escrowed[g];
        room.escrow[me][g] += escrowed[g];
      }
      room.offers.push({
        from: me,
        to: a.target,
        status: St.Pending,
        escrowed,
        requested: [...a.requesting],
        offeredSum,
        madeAt: block,
      });
      room.stats.offers++;
      if (room.phase === Ph.Trading) {
        room.pairs[me][a.target]++;
        // An offer takes its target's done back: the round cannot close before the target could answer.
        room.done[a.target] = false;
      } else {
        room.phase = Ph.Responding;
        room.deadline = block + w.response;
      }
      return true;
    }
    case "accept":
    case "reject":
    case "snatch": {
      const o = room.offers[a.offer - 1];
      if (!o || o.status !== St.Pending || o.to !== me) return false;
      if (a.kind === "reject" && room.rules === RS.NoReject) return false;
      if (a.kind === "snatch" && room.rules === RS.Judge && o.to === room.judge) return false;
      if (a.kind === "accept") acceptOffer(room, o);
      else if (a.kind === "reject") {
        release(room, o, St.Rejected);
        room.stats.rejects++;
      } else {
        for (let g = 0; g < 3; g++) {
          room.escrow[o.from][g] -= o.escrowed[g];
          room.free[o.to][g] += o.escrowed[g];
        }
        o.status = St.Snatched;
        room.stats.snatches++;
      }
      if (room.phase === Ph.Responding) {
        if (a.kind === "snatch" && (room.rules === RS.G3Shame || room.rules === RS.G4Report)) {
          room.phase = Ph.Deciding;
          room.deadline = block + w.decision;
        } else {
          nextRound(room, block);
        }
      }
      return true;
    }
    case "cancel": {
      const o = room.offers[a.offer - 1];
      if (!o || o.status !== St.Pending || o.from !== me) return false;
      // G2: a forced offer stands.
      if (room.phase === Ph.Responding && room.forced) return false;
      release(room, o, St.Cancelled);
      if (room.phase === Ph.Responding) nextRound(room, block);
      return true;
    }
    case "done": {
      if (room.phase === Ph.Judging) {
        if (me !== room.judge) return false;
        closeJudging(room, block);
        return true;
      }
      if (room.phase !== Ph.Trading && room.phase !== Ph.Talk) return false;
      if (room.done[me]) return false;
      // Not in the block a pending offer to the caller was made in (it cannot have seen it).
      if (
        room.phase === Ph.Trading &&
        room.offers.some((o) => o.madeAt === block && o.to === me && o.status === St.Pending)
      )
        return false;
      room.done[me] = true;
      if (room.done.slice(0, room.n).every((d) => d)) {
        if (room.phase === Ph.Trading) closeTrading(room, block);
        else {
          room.phase = Ph.Offering;
          room.deadline = block + w.offer;
        }
      }
      return true;
    }
    case "pass": {
      if (room.phase === Ph.Talk && !endTalk(room, me, block)) return false;
      if (room.phase !== Ph.Offering && room.phase !== Ph.Deciding) return false;
      if (!isP1(room, me)) return false;
      if (room.phase === Ph.Offering && forcedToOffer(room)) return false;
      nextRound(room, block);
      return true;
    }
    case "force": {
      if (room.rules !== RS.G2Forced || room.phase !== Ph.Offering || room.roles[me] !== CORN) return false;
      room.forced = a.forced;
      return true;
    }
    case "talk":
      return room.phase === Ph.Talk && a.length <= MAX_MESSAGE;
    case "shame": {
      if (a.target === me || !member(room, a.target)) return false;
      if (room.rules === RS.ShameTokens) {
        if (room.phase !== Ph.Trading || room.shameGiven[me]) return false;
        room.shameGiven[me] = true;
        room.shame[a.target]++;
        room.stats.shames++;
        return true;
      }
      if (room.rules === RS.G3Shame) {
        if (room.phase !== Ph.Deciding || !isP1(room, me)) return false;
        room.profileShame[a.target]++;
        room.stats.shames++;
        nextRound(room, block);
        return true;
      }
      return false;
    }
    case "report": {
      if (room.rules === RS.Judge) {
        if (room.phase !== Ph.Trading && room.phase !== Ph.Judging) return false;
      } else if (room.rules === RS.G4Report) {
        if (room.phase !== Ph.Deciding) return false;
      } else return false;
      const o = room.offers[a.offer - 1];
      if (!o || o.status !== St.Snatched || a.offer < room.firstOffer || o.from !== me) return false;
      room.stats.reports++;
      if (room.rules === RS.G4Report) {
        reverse(room, o);
        nextRound(room, block);
      } else if (o.from === room.judge && room.phase === Ph.Judging) confirm(room, o, false);
      else o.status = St.Reported; // the judge's own, during trading: confirmed when trading closes
      return true;
    }
    case "confirm":
    case "dismiss": {
      if (room.phase !== Ph.Judging || me !== room.judge) return false;
      const o = room.offers[a.offer - 1];
      if (!o || o.status !== St.Reported) return false;
      if (a.kind === "confirm") confirm(room, o, a.suspend);
      else o.status = St.Dismissed;
      return true;
    }
  }
}
