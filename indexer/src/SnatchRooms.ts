// Snatch or Share / SnatchGame rooms: formats, profiles, rooms and their seats' goods, offers and their fates,
// reports and rulings, rounds, and every event of a room in order (its history). Goods move exactly as the events
// say (escrow on an offer, the escrow and the shrunk request on an accept, the escrow on a snatch, burns, returns,
// forfeits and sanctions); points follow from the goods (client/snatch/rules.ts pointsOf).
import { ponder, type Context } from "ponder:registry";
import {
  snatchFormat,
  snatchLog,
  snatchOffer,
  snatchProfile,
  snatchReport,
  snatchRoom,
  snatchRound,
  snatchSeat,
} from "ponder:schema";
import { decodeFunctionData, zeroAddress } from "viem";
import { ABIS } from "../../client/abi";
import { NoOfferReason, OfferStatus, Phase, RuleSet } from "../../client/snatch/names";
import { pointsOf } from "../../client/snatch/rules";
import { roomState } from "../../client/states";
import { addr, nums, plain } from "./lib/json";
import { latestName, rememberName } from "./lib/names";

type Db = Context["db"];
type Goods = [number, number, number];
const NO_SEAT = 3;
const ZERO: Goods = [0, 0, 0];
const add = (a: readonly number[], b: readonly number[], sign = 1): Goods =>
  [0, 1, 2].map((g) => a[g]! + sign * b[g]!) as Goods;

interface LogEvent {
  id: string;
  args: object;
  log: { logIndex: number };
  block: { number: bigint };
  transaction: { hash: `0x${string}` };
}

/** Appends the event to the room's history. */
async function log(db: Db, roomId: bigint, round: number, name: string, actor: string | null, e: LogEvent) {
  await db.insert(snatchLog).values({
    id: e.id,
    roomId,
    round,
    name,
    actor: actor ? addr(actor) : null,
    args: plain(e.args),
    block: e.block.number,
    logIndex: e.log.logIndex,
    tx: e.transaction.hash,
  });
}

async function room(db: Db, roomId: bigint) {
  return (await db.find(snatchRoom, { id: roomId }))!;
}

/** Adds `delta` to a seat's free goods (and `escrowDelta` to its escrow), then recomputes its points. */
async function moveGoods(
  db: Db,
  roomId: bigint,
  seat: number,
  delta: readonly number[],
  escrowDelta: readonly number[] = ZERO,
) {
  await db.update(snatchSeat, { roomId, seat }).set((s) => {
    const free = add(s.free, delta);
    const escrow = add(s.escrow, escrowDelta);
    return { free, escrow, points: s.role === null ? 0 : pointsOf(add(free, escrow), s.role) };
  });
}

/** The offer's escrow goes back to its offerer's free goods (reject, cancel, expiry). */
async function release(db: Db, roomId: bigint, offerId: number, status: number, block: bigint, byDefault?: boolean) {
  const o = await db.update(snatchOffer, { roomId, offerId }).set({
    status,
    answeredBlock: block,
    ...(byDefault === undefined ? {} : { byDefault }),
  });
  await moveGoods(
    db,
    roomId,
    o.fromSeat,
    o.escrowed,
    o.escrowed.map((x) => -x),
  );
}

/** The fill window of a room created by a direct `createRoom` call (RoomCreated does not carry it). */
function fillDeadline(input: `0x${string}`, to: string | null, rooms: string, block: bigint): bigint {
  if (!to || to.toLowerCase() !== rooms.toLowerCase()) return 0n;
  try {
    const call = decodeFunctionData({ abi: ABIS.SnatchRooms, data: input });
    return call.functionName === "createRoom" ? block + call.args[1] : 0n;
  } catch {
    return 0n;
  }
}

ponder.on("SnatchRooms:FormatCreated", async ({ event, context }) => {
  const a = event.args;
  await context.db.insert(snatchFormat).values({
    id: a.format,
    playerCount: a.playerCount,
    rounds: [...a.rounds],
    trading: a.windows.trading,
    closing: a.windows.closing,
    judging: a.windows.judging,
    talk: a.windows.talk,
    offer: a.windows.offer,
    response: a.windows.response,
    decision: a.windows.decision,
  });
});

ponder.on("SnatchRooms:ProfileCreated", async ({ event, context }) => {
  await context.db.insert(snatchProfile).values({ player: addr(event.args.player), id: event.args.id, g3Shame: 0 });
});

ponder.on("SnatchRooms:RoomCreated", async ({ event, context }) => {
  const a = event.args;
  // Read on every path, a factory's rooms included: once a handler has run 100 times Ponder fetches only the
  // columns it saw read, and a read outside them later (the first open room after 100 tournament rooms) re-runs
  // the whole batch of events.
  const { input, to } = event.transaction;
  const format = (await context.db.find(snatchFormat, { id: a.format }))!;
  const players = Array.from({ length: format.playerCount }, () => zeroAddress);
  await context.db.insert(snatchRoom).values({
    id: a.roomId,
    format: a.format,
    playerCount: format.playerCount,
    roundCount: format.rounds.length,
    creator: addr(a.creator),
    byFactory: a.byFactory,
    players,
    seatsTaken: 0,
    phase: Phase.Open,
    state: roomState(Phase.Open),
    round: 0,
    rules: RuleSet.None,
    judge: NO_SEAT,
    deadline: a.byFactory ? 0n : fillDeadline(input, to, event.log.address, event.block.number),
    forced: false,
    rolesRequest: 0n,
    offerCount: 0,
    firstOffer: 0,
    accepts: 0,
    rejects: 0,
    snatches: 0,
    shames: 0,
    reports: 0,
    refusals: 0,
    createdBlock: event.block.number,
    lastBlockSeen: event.block.number,
  });
  await log(context.db, a.roomId, 0, "RoomCreated", a.creator, event);
});

async function seatPlayer(db: Db, roomId: bigint, seat: number, player: string, name: string, block: bigint) {
  await db.update(snatchRoom, { id: roomId }).set((r) => {
    const players = [...r.players];
    players[seat] = addr(player);
    return { players, seatsTaken: r.seatsTaken + 1, lastBlockSeen: block };
  });
  await db.insert(snatchSeat).values({
    roomId,
    seat,
    player: addr(player),
    name,
    role: null,
    free: ZERO,
    escrow: ZERO,
    points: 0,
    shameTokens: 0,
    done: false,
    suspended: false,
    suspendedNext: false,
    shamedOut: false,
    penaltyRound: 0,
    joinedBlock: block,
  });
}

ponder.on("SnatchRooms:PlayerJoined", async ({ event, context }) => {
  const a = event.args;
  await rememberName(context.db, a.player, a.name, event.block.number);
  await seatPlayer(context.db, a.roomId, a.seat, a.player, a.name, event.block.number);
  await log(context.db, a.roomId, 0, "PlayerJoined", a.player, event);
});

ponder.on("SnatchRooms:PlayerLeft", async ({ event, context }) => {
  const a = event.args;
  await context.db.update(snatchRoom, { id: a.roomId }).set((r) => {
    const players = [...r.players];
    players[a.seat] = zeroAddress;
    return { players, seatsTaken: r.seatsTaken - 1, lastBlockSeen: event.block.number };
  });
  await context.db.delete(snatchSeat, { roomId: a.roomId, seat: a.seat });
  await log(context.db, a.roomId, 0, "PlayerLeft", a.player, event);
});

ponder.on("SnatchRooms:RoomCancelled", async ({ event, context }) => {
  const a = event.args;
  await context.db.update(snatchRoom, { id: a.roomId }).set({
    phase: Phase.Cancelled,
    state: roomState(Phase.Cancelled),
    cancelledBy: addr(a.by),
    lastBlockSeen: event.block.number,
  });
  await log(context.db, a.roomId, 0, "RoomCancelled", a.by, event);
});

ponder.on("SnatchRooms:RolesRequested", async ({ event, context }) => {
  const a = event.args;
  await context.db.update(snatchRoom, { id: a.roomId }).set({
    phase: Phase.AwaitingRoles,
    state: roomState(Phase.AwaitingRoles),
    rolesRequest: a.requestId,
    deadline: 0n,
    lastBlockSeen: event.block.number,
  });
  await log(context.db, a.roomId, 0, "RolesRequested", null, event);
});

ponder.on("SnatchRooms:RolesRerequested", async ({ event, context }) => {
  const a = event.args;
  await context.db
    .update(snatchRoom, { id: a.roomId })
    .set({ rolesRequest: a.newRequest, lastBlockSeen: event.block.number });
  await log(context.db, a.roomId, 0, "RolesRerequested", null, event);
});

ponder.on("SnatchRooms:RolesAssigned", async ({ event, context }) => {
  const a = event.args;
  const r = await room(context.db, a.roomId);
  // 3-player: 5 of the own good each; 2-player: 10 turkeys to P1, 10 corn to P2 (SnatchProgress.setUp).
  const amount = r.playerCount === 3 ? 5 : 10;
  for (let seat = 0; seat < r.playerCount; seat++) {
    const player = a.players[seat]!;
    if (!(await context.db.find(snatchSeat, { roomId: a.roomId, seat }))) {
      await seatPlayer(context.db, a.roomId, seat, player, await latestName(context.db, player), event.block.number); // a factory's room: seats given
    }
    const role = a.roles[seat]!;
    const free = [...ZERO] as Goods;
    free[role] = amount;
    await context.db.update(snatchSeat, { roomId: a.roomId, seat }).set({ role, free, points: pointsOf(free, role) });
  }
  await context.db
    .update(snatchRoom, { id: a.roomId })
    .set({ rolesRequest: 0n, firstJudge: a.firstJudge, lastBlockSeen: event.block.number });
  await log(context.db, a.roomId, 0, "RolesAssigned", null, event);
});

ponder.on("SnatchRooms:RoundStarted", async ({ event, context }) => {
  const a = event.args;
  const r = await context.db.update(snatchRoom, { id: a.roomId }).set((r) => ({
    round: a.round,
    rules: a.rules,
    judge: a.judge,
    phase: a.phase,
    state: roomState(a.phase),
    deadline: BigInt(a.deadline),
    forced: a.rules === RuleSet.G2Forced,
    firstOffer: r.offerCount + 1,
    lastBlockSeen: event.block.number,
  }));
  // SnatchProgress.startRound: a seat suspended last round is suspended now (and counts as done); a seat whose
  // shame penalty this round's start applied is shamed out.
  for (let seat = 0; seat < r.playerCount; seat++) {
    await context.db.update(snatchSeat, { roomId: a.roomId, seat }).set((s) => {
      const suspended = r.playerCount === 3 && s.suspendedNext;
      return { suspended, done: suspended, suspendedNext: false, shamedOut: s.penaltyRound === a.round };
    });
  }
  await context.db.insert(snatchRound).values({
    roomId: a.roomId,
    round: a.round,
    rules: a.rules,
    judge: a.judge,
    phase: a.phase,
    deadline: BigInt(a.deadline),
    startedBlock: event.block.number,
    forced: a.rules === RuleSet.G2Forced ? true : null,
  });
  await log(context.db, a.roomId, a.round, "RoundStarted", null, event);
});

ponder.on("SnatchRooms:PhaseStarted", async ({ event, context }) => {
  const a = event.args;
  await context.db.update(snatchRoom, { id: a.roomId }).set({
    phase: a.phase,
    state: roomState(a.phase),
    deadline: BigInt(a.deadline),
    lastBlockSeen: event.block.number,
  });
  await context.db
    .update(snatchRound, { roomId: a.roomId, round: a.round })
    .set({ phase: a.phase, deadline: BigInt(a.deadline) });
  await log(context.db, a.roomId, a.round, "PhaseStarted", null, event);
});

ponder.on("SnatchRooms:ShamePenaltyApplied", async ({ event, context }) => {
  const a = event.args;
  // Emitted as the next round starts, before its RoundStarted.
  const r = await room(context.db, a.roomId);
  const seat = r.players.indexOf(addr(a.player));
  await moveGoods(
    context.db,
    a.roomId,
    seat,
    nums(a.burned).map((x) => -x),
  );
  await context.db
    .update(snatchSeat, { roomId: a.roomId, seat })
    .set({ shameTokens: a.tokensLeft, penaltyRound: r.round + 1 });
  await log(context.db, a.roomId, r.round + 1, "ShamePenaltyApplied", a.player, event);
});

ponder.on("SnatchRooms:OfferMade", async ({ event, context }) => {
  const a = event.args;
  const offerId = Number(a.offerId);
  const r = await context.db
    .update(snatchRoom, { id: a.roomId })
    .set({ offerCount: offerId, lastBlockSeen: event.block.number });
  const fromSeat = r.players.indexOf(addr(a.from));
  const toSeat = r.players.indexOf(addr(a.to));
  const escrowed = nums(a.escrowed);
  await context.db.insert(snatchOffer).values({
    roomId: a.roomId,
    offerId,
    round: r.round,
    from: addr(a.from),
    to: addr(a.to),
    fromSeat,
    toSeat,
    offering: [...a.offering],
    requesting: [...a.requesting],
    escrowed,
    offeredSum: a.offering.reduce((s, x) => s + x, 0n),
    status: OfferStatus.Pending,
    madeBlock: event.block.number,
  });
  await moveGoods(
    context.db,
    a.roomId,
    fromSeat,
    escrowed.map((x) => -x),
    escrowed,
  );
  await log(context.db, a.roomId, r.round, "OfferMade", a.from, event);
});

ponder.on("SnatchRooms:OfferAccepted", async ({ event, context }) => {
  const a = event.args;
  const offerId = Number(a.offerId);
  const toTarget = nums(a.toTarget);
  const toOfferer = nums(a.toOfferer);
  const o = await context.db.update(snatchOffer, { roomId: a.roomId, offerId }).set({
    status: OfferStatus.Accepted,
    toTarget,
    toOfferer,
    atClose: a.atClose,
    answeredBlock: event.block.number,
  });
  await moveGoods(
    context.db,
    a.roomId,
    o.fromSeat,
    toOfferer,
    toTarget.map((x) => -x),
  );
  await moveGoods(context.db, a.roomId, o.toSeat, add(toTarget, toOfferer, -1));
  const r = await context.db
    .update(snatchRoom, { id: a.roomId })
    .set((r) => ({ accepts: r.accepts + 1, lastBlockSeen: event.block.number }));
  await log(context.db, a.roomId, r.round, "OfferAccepted", o.to, event);
});

ponder.on("SnatchRooms:OfferRejected", async ({ event, context }) => {
  const a = event.args;
  await release(context.db, a.roomId, Number(a.offerId), OfferStatus.Rejected, event.block.number, a.byDefault);
  const r = await context.db
    .update(snatchRoom, { id: a.roomId })
    .set((r) => ({ rejects: r.rejects + 1, lastBlockSeen: event.block.number }));
  const o = (await context.db.find(snatchOffer, { roomId: a.roomId, offerId: Number(a.offerId) }))!;
  await log(context.db, a.roomId, r.round, "OfferRejected", a.byDefault ? null : o.to, event);
});

ponder.on("SnatchRooms:OfferSnatched", async ({ event, context }) => {
  const a = event.args;
  const offerId = Number(a.offerId);
  const taken = nums(a.taken);
  const o = await context.db
    .update(snatchOffer, { roomId: a.roomId, offerId })
    .set({ status: OfferStatus.Snatched, taken, answeredBlock: event.block.number });
  await moveGoods(
    context.db,
    a.roomId,
    o.fromSeat,
    ZERO,
    taken.map((x) => -x),
  );
  await moveGoods(context.db, a.roomId, o.toSeat, taken);
  const r = await context.db
    .update(snatchRoom, { id: a.roomId })
    .set((r) => ({ snatches: r.snatches + 1, lastBlockSeen: event.block.number }));
  await log(context.db, a.roomId, r.round, "OfferSnatched", o.to, event);
});

ponder.on("SnatchRooms:OfferCancelled", async ({ event, context }) => {
  const a = event.args;
  await release(context.db, a.roomId, Number(a.offerId), OfferStatus.Cancelled, event.block.number);
  const r = await room(context.db, a.roomId);
  const o = (await context.db.find(snatchOffer, { roomId: a.roomId, offerId: Number(a.offerId) }))!;
  await log(context.db, a.roomId, r.round, "OfferCancelled", o.from, event);
});

ponder.on("SnatchRooms:OfferExpired", async ({ event, context }) => {
  const a = event.args;
  await release(context.db, a.roomId, Number(a.offerId), OfferStatus.Expired, event.block.number);
  const r = await room(context.db, a.roomId);
  await log(context.db, a.roomId, r.round, "OfferExpired", null, event);
});

ponder.on("SnatchRooms:NoOffer", async ({ event, context }) => {
  const a = event.args;
  if (a.reason === NoOfferReason.Refused) {
    await context.db.update(snatchRoom, { id: a.roomId }).set((r) => ({ refusals: r.refusals + 1 }));
  }
  await context.db.update(snatchRound, { roomId: a.roomId, round: a.round }).set({ noOffer: a.reason });
  await log(context.db, a.roomId, a.round, "NoOffer", null, event);
});

ponder.on("SnatchRooms:ForceSet", async ({ event, context }) => {
  const a = event.args;
  const r = await context.db
    .update(snatchRoom, { id: a.roomId })
    .set({ forced: a.forced, lastBlockSeen: event.block.number });
  await context.db.update(snatchRound, { roomId: a.roomId, round: a.round }).set({ forced: a.forced });
  await log(context.db, a.roomId, a.round, "ForceSet", r.players[1] ?? null, event);
});

ponder.on("SnatchRooms:PlayerDone", async ({ event, context }) => {
  const a = event.args;
  const r = await room(context.db, a.roomId);
  // The judge's `done` closes the judging phase without setting a flag (SnatchRooms.done).
  if (r.phase !== Phase.Judging) {
    const seat = r.players.indexOf(addr(a.player));
    await context.db.update(snatchSeat, { roomId: a.roomId, seat }).set({ done: true });
  }
  await log(context.db, a.roomId, a.round, "PlayerDone", a.player, event);
});

ponder.on("SnatchRooms:DoneCleared", async ({ event, context }) => {
  const a = event.args;
  const r = await room(context.db, a.roomId);
  await context.db
    .update(snatchSeat, { roomId: a.roomId, seat: r.players.indexOf(addr(a.player)) })
    .set({ done: false });
  await log(context.db, a.roomId, a.round, "DoneCleared", a.player, event);
});

ponder.on("SnatchRooms:DecisionDeclined", async ({ event, context }) => {
  const a = event.args;
  await context.db.update(snatchRound, { roomId: a.roomId, round: a.round }).set({ declined: a.byDefault });
  await log(context.db, a.roomId, a.round, "DecisionDeclined", null, event);
});

ponder.on("SnatchRooms:ShameGiven", async ({ event, context }) => {
  const a = event.args;
  const r = await context.db
    .update(snatchRoom, { id: a.roomId })
    .set((r) => ({ shames: r.shames + 1, lastBlockSeen: event.block.number }));
  const total = Number(a.total);
  if (r.rules === RuleSet.ShameTokens) {
    const seat = r.players.indexOf(addr(a.to));
    await context.db.update(snatchSeat, { roomId: a.roomId, seat }).set({ shameTokens: total });
  } else {
    // G3: the receiver's profile shame, seen in later matches.
    await context.db.update(snatchProfile, { player: addr(a.to) }).set({ g3Shame: total });
  }
  await log(context.db, a.roomId, a.round, "ShameGiven", a.from, event);
});

ponder.on("SnatchRooms:SnatchReported", async ({ event, context }) => {
  const a = event.args;
  const offerId = Number(a.offerId);
  const r = await context.db
    .update(snatchRoom, { id: a.roomId })
    .set((r) => ({ reports: r.reports + 1, lastBlockSeen: event.block.number }));
  const o = await context.db.update(snatchOffer, { roomId: a.roomId, offerId }).set({ status: OfferStatus.Reported });
  await context.db.insert(snatchReport).values({
    roomId: a.roomId,
    offerId,
    round: r.round,
    victim: addr(a.victim),
    snatcher: o.to,
    judge: r.rules === RuleSet.Judge ? r.judge : NO_SEAT,
    ruling: "pending",
    automatic: false,
    byDefault: false,
    suspended: false,
    suspensionEffective: false,
    reportedBlock: event.block.number,
  });
  await log(context.db, a.roomId, r.round, "SnatchReported", a.victim, event);
});

ponder.on("SnatchRooms:ReportConfirmed", async ({ event, context }) => {
  const a = event.args;
  const offerId = Number(a.offerId);
  const returned = nums(a.returned);
  const forfeited = nums(a.forfeited);
  const o = await context.db.update(snatchOffer, { roomId: a.roomId, offerId }).set({ status: OfferStatus.Confirmed });
  const moved = add(returned, forfeited);
  await moveGoods(
    context.db,
    a.roomId,
    o.toSeat,
    moved.map((x) => -x),
  );
  await moveGoods(context.db, a.roomId, o.fromSeat, moved);
  if (a.suspended) {
    await context.db.update(snatchSeat, { roomId: a.roomId, seat: o.toSeat }).set({ suspendedNext: true });
  }
  await context.db.update(snatchReport, { roomId: a.roomId, offerId }).set({
    ruling: "confirmed",
    automatic: a.automatic,
    suspended: a.suspended,
    suspensionEffective: a.suspensionEffective,
    returned,
    sanction: forfeited,
    ruledBlock: event.block.number,
  });
  const r = await room(context.db, a.roomId);
  await log(context.db, a.roomId, r.round, "ReportConfirmed", null, event);
});

ponder.on("SnatchRooms:ReportDismissed", async ({ event, context }) => {
  const a = event.args;
  const offerId = Number(a.offerId);
  await context.db.update(snatchOffer, { roomId: a.roomId, offerId }).set({ status: OfferStatus.Dismissed });
  await context.db
    .update(snatchReport, { roomId: a.roomId, offerId })
    .set({ ruling: "dismissed", byDefault: a.byDefault, ruledBlock: event.block.number });
  const r = await room(context.db, a.roomId);
  await log(context.db, a.roomId, r.round, "ReportDismissed", null, event);
});

ponder.on("SnatchRooms:SnatchReversed", async ({ event, context }) => {
  const a = event.args;
  const offerId = Number(a.offerId);
  const returned = nums(a.returned);
  const sanction = nums(a.sanction);
  const o = await context.db.update(snatchOffer, { roomId: a.roomId, offerId }).set({ status: OfferStatus.Reversed });
  const moved = add(returned, sanction);
  await moveGoods(
    context.db,
    a.roomId,
    o.toSeat,
    moved.map((x) => -x),
  );
  await moveGoods(context.db, a.roomId, o.fromSeat, moved);
  await context.db
    .update(snatchReport, { roomId: a.roomId, offerId })
    .set({ ruling: "reversed", automatic: true, returned, sanction, ruledBlock: event.block.number });
  const r = await room(context.db, a.roomId);
  await log(context.db, a.roomId, r.round, "SnatchReversed", null, event);
});

ponder.on("SnatchRooms:MessageSent", async ({ event, context }) => {
  const a = event.args;
  await log(context.db, a.roomId, a.round, "MessageSent", a.from, event);
});

ponder.on("SnatchRooms:RoomFinished", async ({ event, context }) => {
  const a = event.args;
  const r = await context.db.update(snatchRoom, { id: a.roomId }).set({
    phase: Phase.Finished,
    state: roomState(Phase.Finished),
    judge: NO_SEAT,
    finishedBlock: event.block.number,
    lastBlockSeen: event.block.number,
  });
  await log(context.db, a.roomId, r.round, "RoomFinished", null, event);
});
