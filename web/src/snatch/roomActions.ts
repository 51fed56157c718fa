// A room's actions, each described once (shared/action.ts): what it calls and how the transactions panel names it.
// `roomOffers` lists the ones the connected account might take now, for the contract to answer (data/checks.ts):
// it only leaves out calls that cannot concern the account (answering an offer made to someone else); whether each
// one is possible is the contract's answer.
import { ZeroAddress } from "ethers";
import type { SnatchRooms } from "../../../typechain-types";
import { describeGoods, OfferStatus, Phase, RuleSet } from "../../../client/snatch/names";
import {
  roundOffers,
  seatLabel,
  tradedGoods,
  type Goods,
  type OfferState,
  type RoomState,
} from "../../../client/snatch/state";
import { action, type Action, type ArgsOf, type SendMethod } from "../shared/action";
import { HEADROOM } from "../../../client/snatch/gas";

const same = (a: string, b: string | null) => b !== null && a.toLowerCase() === b.toLowerCase();
const big = (g: Goods) => g.map((x) => BigInt(x)) as [bigint, bigint, bigint];

/** `rooms.method(...args)` named `label`, with the rooms' gas headroom (a move may close the round: gas.ts). */
export function roomsAction<M extends SendMethod<SnatchRooms>>(
  rooms: SnatchRooms,
  method: M,
  args: ArgsOf<SnatchRooms, M>,
  label: string,
): Action {
  return action(rooms, method, args, { label, headroom: HEADROOM, describe: { contract: "SnatchRooms" } });
}

/** The actions on room `room` (its id and, where the words need them, its state). */
export function roomActions(rooms: SnatchRooms, room: Pick<RoomState, "roomId"> & Partial<RoomState>) {
  const id = room.roomId;
  const a = <M extends SendMethod<SnatchRooms>>(m: M, args: ArgsOf<SnatchRooms, M>, label: string) =>
    roomsAction(rooms, m, args, label);
  const seat = (s: number) => (room.seats ? seatLabel(room as RoomState, s) : `seat ${s}`);
  return {
    join: (name: string) => a("join", [id, name], `Join room ${id}`),
    leave: () => a("leave", [id], `Leave room ${id}`),
    cancelRoom: () => a("cancelRoom", [id], `Cancel room ${id}`),
    closeRoom: () => a("cancelRoom", [id], `Close room ${id} (did not fill)`),
    drawRoles: () => a("advance", [id], `Draw the roles of room ${id}`),
    advance: () => a("advance", [id], `Advance room ${id}`),
    rerequestRoles: () => a("rerequestRoles", [id], `Re-request the roles of room ${id}`),
    offer: (to: number, target: string, give: Goods, ask: Goods) =>
      a(
        "offer",
        [id, target, big(give), big(ask)],
        `Offer ${describeGoods(give)} to ${seat(to)} for ${describeGoods(ask)}`,
      ),
    done: (label: string) => a("done", [id], label),
    pass: () => a("pass", [id], room.phase === Phase.Deciding ? "Pass (no decision)" : "Pass (no offer)"),
    setForce: (force: boolean) => a("setForce", [id, force], force ? "Force P1 to offer" : "Lift the force"),
    shame: (s: number, player: string) =>
      a("shame", [id, player], room.rules === RuleSet.ShameTokens ? `Shame ${seat(s)}` : "Shame P2"),
    talk: (text: string) => a("talk", [id, text], `Say: ${text.slice(0, 40)}`),
    accept: (offer: number) => a("accept", [id, BigInt(offer)], `Accept offer #${offer}`),
    reject: (offer: number) => a("reject", [id, BigInt(offer)], `Reject offer #${offer}`),
    snatch: (offer: number) => a("snatch", [id, BigInt(offer)], `Snatch offer #${offer}`),
    cancel: (offer: number) => a("cancel", [id, BigInt(offer)], `Cancel offer #${offer}`),
    report: (offer: number) => a("report", [id, BigInt(offer)], `Report the snatch of offer #${offer}`),
    confirmReport: (offer: number, suspend: boolean) =>
      a("confirmReport", [id, BigInt(offer), suspend], `Confirm the report of offer #${offer}`),
    dismissReport: (offer: number) => a("dismissReport", [id, BigInt(offer)], `Dismiss the report of offer #${offer}`),
  };
}

export type RoomActions = ReturnType<typeof roomActions>;

/** A small offer that only the room's state can refuse: one unit of the good the seat holds most of, for nothing. */
export function probeOffering(room: RoomState, seat: number): Goods {
  const goods = tradedGoods(room.playerCount);
  const free = room.seats[seat].free;
  const best = goods.reduce((a, g) => (free[g] > free[a] ? g : a), goods[0]);
  const out: Goods = [0, 0, 0];
  out[best] = 1;
  return out;
}

/**
 * The actions the connected seat (`seat`, -1: none) might take in the room now, by name ("accept:7", "offer:2"):
 * the controls are drawn from the contract's answers to these. A control whose inputs the player chooses (an offer,
 * a message, a join's name) is asked about with placeholder inputs: whether the room takes it at all.
 */
export function roomOffers(
  rooms: SnatchRooms,
  room: RoomState,
  offers: readonly OfferState[],
  seat: number,
  account: string | null,
): Record<string, Action> {
  const act = roomActions(rooms, room);
  const out: Record<string, Action> = {};
  if (!account) return out;
  if (room.phase === Phase.Open) {
    if (seat < 0) out.join = act.join("");
    else out.leave = act.leave();
    out.cancelRoom = act.cancelRoom();
    return out;
  }
  if (room.phase === Phase.AwaitingRoles) {
    out.advance = act.drawRoles();
    out.reroll = act.rerequestRoles();
    return out;
  }
  if (room.phase >= Phase.Finished || room.phase === Phase.None) return out;
  out.advance = act.advance();
  if (seat < 0) return out;

  const others = room.seats.filter((s) => s.seat !== seat && s.player !== ZeroAddress);
  for (const t of others) out[`offer:${t.seat}`] = act.offer(t.seat, t.player, probeOffering(room, seat), [0, 0, 0]);
  if (room.phase === Phase.Trading || room.phase === Phase.Talk || room.phase === Phase.Judging) {
    out.done = act.done("Done");
  }
  if (room.rules === RuleSet.ShameTokens || (room.rules === RuleSet.G3Shame && room.phase === Phase.Deciding)) {
    for (const t of others) out[`shame:${t.seat}`] = act.shame(t.seat, t.player);
  }
  // (In a G5 talk window P1's pass ends the talk once P2 is done: the contract says when.)
  const passes = room.phase === Phase.Offering || room.phase === Phase.Deciding || room.phase === Phase.Talk;
  if (room.playerCount === 2 && passes) out.pass = act.pass();
  if (room.rules === RuleSet.G2Forced && room.phase === Phase.Offering) out.force = act.setForce(!room.forced);
  if (room.phase === Phase.Talk) out.talk = act.talk("");

  for (const o of roundOffers(room, offers)) {
    if (o.status === OfferStatus.Pending && same(o.to, account)) {
      out[`accept:${o.id}`] = act.accept(o.id);
      out[`reject:${o.id}`] = act.reject(o.id);
      out[`snatch:${o.id}`] = act.snatch(o.id);
    }
    if (o.status === OfferStatus.Pending && same(o.from, account)) out[`cancel:${o.id}`] = act.cancel(o.id);
    if (o.status === OfferStatus.Snatched && same(o.from, account)) out[`report:${o.id}`] = act.report(o.id);
    if (o.status === OfferStatus.Reported && room.phase === Phase.Judging) {
      out[`confirm:${o.id}`] = act.confirmReport(o.id, false);
      out[`dismiss:${o.id}`] = act.dismissReport(o.id);
    }
  }
  return out;
}
