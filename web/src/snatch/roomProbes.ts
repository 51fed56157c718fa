// The candidate actions of a room for the connected account, as static calls (see shared/probes.ts). The list only
// leaves out calls that cannot concern the account (answering an offer made to someone else); whether each one is
// possible is the contract's answer.
import { ZeroAddress } from "ethers";
import type { SnatchRooms } from "../../../typechain-types";
import { OfferStatus, Phase, RuleSet } from "../../../client/snatch/names";
import { roundOffers, tradedGoods, type OfferState, type RoomState } from "../../../client/snatch/state";
import { PENDING, type Probe } from "../shared/probes";

const same = (a: string, b: string | null) => b !== null && a.toLowerCase() === b.toLowerCase();

/** A small offer that only the room's state can refuse: one unit of the good the seat holds most of, for nothing. */
export function probeOffering(room: RoomState, seat: number): [bigint, bigint, bigint] {
  const goods = tradedGoods(room.playerCount);
  const free = room.seats[seat].free;
  const best = goods.reduce((a, g) => (free[g] > free[a] ? g : a), goods[0]);
  const out: [bigint, bigint, bigint] = [0n, 0n, 0n];
  out[best] = 1n;
  return out;
}

export function roomProbes(
  rooms: SnatchRooms,
  room: RoomState,
  offers: readonly OfferState[],
  seat: number,
  account: string | null,
): Probe[] {
  const id = room.roomId;
  const probes: Probe[] = [];
  const add = (pid: string, call: () => Promise<unknown>) => probes.push({ id: pid, call });
  if (!account) return probes;

  if (room.phase === Phase.Open) {
    if (seat < 0) add("join", () => rooms.join.staticCall(id, "", PENDING));
    else add("leave", () => rooms.leave.staticCall(id, PENDING));
    add("cancelRoom", () => rooms.cancelRoom.staticCall(id, PENDING));
    return probes;
  }
  if (room.phase === Phase.AwaitingRoles) {
    add("advance", () => rooms.advance.staticCall(id, PENDING));
    add("reroll", () => rooms.rerequestRoles.staticCall(id, PENDING));
    return probes;
  }
  if (room.phase >= Phase.Finished || room.phase === Phase.None) return probes;
  add("advance", () => rooms.advance.staticCall(id, PENDING));
  if (seat < 0) return probes;

  const others = room.seats.filter((s) => s.seat !== seat && s.player !== ZeroAddress);
  const none: [bigint, bigint, bigint] = [0n, 0n, 0n];
  for (const t of others) {
    add(`offer:${t.seat}`, () => rooms.offer.staticCall(id, t.player, probeOffering(room, seat), none, PENDING));
  }
  if (room.phase === Phase.Trading || room.phase === Phase.Talk || room.phase === Phase.Judging) {
    add("done", () => rooms.done.staticCall(id, PENDING));
  }
  if (room.rules === RuleSet.ShameTokens || (room.rules === RuleSet.G3Shame && room.phase === Phase.Deciding)) {
    for (const t of others) add(`shame:${t.seat}`, () => rooms.shame.staticCall(id, t.player, PENDING));
  }
  if (room.playerCount === 2 && (room.phase === Phase.Offering || room.phase === Phase.Deciding)) {
    add("pass", () => rooms.pass.staticCall(id, PENDING));
  }
  if (room.rules === RuleSet.G2Forced && room.phase === Phase.Offering) {
    add("force", () => rooms.setForce.staticCall(id, !room.forced, PENDING));
  }
  if (room.phase === Phase.Talk) add("talk", () => rooms.talk.staticCall(id, "", PENDING));

  for (const o of roundOffers(room, offers)) {
    const oid = BigInt(o.id);
    if (o.status === OfferStatus.Pending && same(o.to, account)) {
      add(`accept:${o.id}`, () => rooms.accept.staticCall(id, oid, PENDING));
      add(`reject:${o.id}`, () => rooms.reject.staticCall(id, oid, PENDING));
      add(`snatch:${o.id}`, () => rooms.snatch.staticCall(id, oid, PENDING));
    }
    if (o.status === OfferStatus.Pending && same(o.from, account)) {
      add(`cancel:${o.id}`, () => rooms.cancel.staticCall(id, oid, PENDING));
    }
    if (o.status === OfferStatus.Snatched && same(o.from, account)) {
      add(`report:${o.id}`, () => rooms.report.staticCall(id, oid, PENDING));
    }
    if (o.status === OfferStatus.Reported && room.phase === Phase.Judging) {
      add(`confirm:${o.id}`, () => rooms.confirmReport.staticCall(id, oid, false, PENDING));
      add(`dismiss:${o.id}`, () => rooms.dismissReport.staticCall(id, oid, PENDING));
    }
  }
  return probes;
}
