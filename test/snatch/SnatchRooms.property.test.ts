import { expect } from "chai";
import { ethers } from "hardhat";
import fc from "fast-check";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import type { SnatchRooms, SnatchRoomsLens } from "../../typechain-types";
import { eventArg } from "../../client/snatch/room";
import { runs } from "../helpers/coverage";
import { baseFixture, type Signer } from "./fixtures";
import {
  apply,
  newRoom,
  NO_SEAT,
  Ph,
  RS,
  St,
  totalGoods,
  type Action,
  type FormatModel,
  type RoomModel,
  type Windows,
} from "./model";
import { plans, resolve, type Plan } from "./plans";

// Short windows so that random sequences of a few dozen actions cross rounds, deadlines and phases.
const W3: Windows = { trading: 12, closing: 3, judging: 12, talk: 0, offer: 0, response: 0, decision: 0 };
const W2: Windows = { trading: 0, closing: 0, judging: 0, talk: 3, offer: 4, response: 4, decision: 4 };
// Every window 4: G5's schedule fits a room's word (SnatchFormats.roomClosing), so its talk and offer windows also
// expire on that path; with W2 (talk 3) G5 reads the format, as the mixed formats do, and G1-G4 fit.
const W2_EVEN: Windows = { ...W2, talk: 4 };
const FORMATS_3: number[][] = [
  [RS.Anarchy, RS.Anarchy, RS.NoReject, RS.ShameTokens, RS.Judge], // Snatch or Share's rounds
  [RS.Judge, RS.ShameTokens, RS.Judge, RS.NoReject, RS.Judge], // suspensions and penalties inside judge rounds
  [RS.Judge, RS.Judge, RS.Judge, RS.Judge], // rotating judges
];
const FORMATS_2: number[][] = [
  [RS.G1Plain, RS.G1Plain, RS.G1Plain],
  [RS.G2Forced, RS.G2Forced, RS.G2Forced],
  [RS.G3Shame, RS.G3Shame, RS.G3Shame],
  [RS.G4Report, RS.G4Report, RS.G4Report],
  [RS.G5CheapTalk, RS.G5CheapTalk, RS.G5CheapTalk],
  [RS.G5CheapTalk, RS.G4Report, RS.G2Forced],
  [RS.G3Shame, RS.G2Forced, RS.G4Report],
  [RS.G5CheapTalk, RS.G5CheapTalk, RS.G5CheapTalk],
];
const WINDOWS_2: Windows[] = FORMATS_2.map((_, i) => (i === FORMATS_2.length - 1 ? W2_EVEN : W2));

async function propertyFixture() {
  const base = await baseFixture();
  const ids3: number[] = [];
  const ids2: number[] = [];
  for (const rounds of FORMATS_3)
    ids3.push(Number(await eventArg(base.rooms, await base.rooms.createFormat(rounds, W3), "FormatCreated", "format")));
  for (const [i, rounds] of FORMATS_2.entries()) {
    const tx = await base.rooms.createFormat(rounds, WINDOWS_2[i]);
    ids2.push(Number(await eventArg(base.rooms, tx, "FormatCreated", "format")));
  }
  return { ...base, ids3, ids2 };
}

// ------------------------------------------------------------------------------------------------ runner

interface Run {
  rooms: SnatchRooms;
  lens: SnatchRoomsLens;
  roomId: bigint;
  seats: Signer[]; // by seat, then the outsider
}

/** Sends `a` to the contract; true if it succeeded, false if the contract reverted. */
async function send(run: Run, a: Action): Promise<boolean> {
  const { rooms, roomId, seats } = run;
  if (a.kind === "mine") {
    await mine(a.blocks);
    return true;
  }
  const r = rooms.connect(seats[a.caller]);
  const id = "offer" in a ? BigInt(a.offer) : 0n;
  try {
    switch (a.kind) {
      case "offer":
        await r.offer(roomId, seats[a.target].address, a.offering, a.requesting);
        break;
      case "accept":
        await r.accept(roomId, id);
        break;
      case "reject":
        await r.reject(roomId, id);
        break;
      case "snatch":
        await r.snatch(roomId, id);
        break;
      case "cancel":
        await r.cancel(roomId, id);
        break;
      case "report":
        await r.report(roomId, id);
        break;
      case "confirm":
        await r.confirmReport(roomId, id, a.suspend);
        break;
      case "dismiss":
        await r.dismissReport(roomId, id);
        break;
      case "done":
        await r.done(roomId);
        break;
      case "pass":
        await r.pass(roomId);
        break;
      case "advance":
        await r.advance(roomId);
        break;
      case "force":
        await r.setForce(roomId, a.forced);
        break;
      case "talk":
        await r.talk(roomId, "x".repeat(a.length));
        break;
      case "shame":
        await r.shame(roomId, seats[a.target].address);
        break;
    }
    return true;
  } catch (e) {
    const message = (e as Error).message;
    // Only a revert by the contract counts as a rejection; anything else is a test failure.
    if (!/reverted/.test(message)) throw e;
    return false;
  }
}

const cells = (grid: bigint) =>
  [0, 1, 2].map((s) => [0, 1, 2].map((g) => Number((grid >> BigInt(8 * (3 * s + g))) & 0xffn)));
const bitsOf = (bits: bigint, offset: number) => [0, 1, 2].map((s) => ((bits >> BigInt(offset + s)) & 1n) === 1n);

/** The contract's state equals the model's, and the escrow equals the open offers' escrow. */
async function check(run: Run, m: RoomModel, context: string) {
  const r = await run.rooms.roomData(run.roomId);
  const offers = await run.lens.allOffers(run.roomId);
  const free = cells(r.free);
  const escrow = cells(r.escrow);
  const bits = r.roundBits;
  const actual = {
    round: Number(r.round),
    phase: Number(r.phase),
    rules: Number(r.rules),
    deadline: Number(r.deadline),
    free,
    escrow,
    shame: [0, 1, 2].map((s) => Number((r.shame >> BigInt(8 * s)) & 0xffn)),
    offerCount: Number(r.offerCount),
    firstOffer: Number(r.firstOffer),
    judge: Number((r.roundBits >> 28n) & 3n),
    stats: [r.offerCount, r.accepts, r.rejects, r.snatches, r.shames, r.reports, r.refusals].map(Number),
    statuses: offers.map((o) => Number(o.status)),
    done: bitsOf(bits, 12).slice(0, m.n),
  };
  // A room's offers live in a ring of slots (SnatchLayout.ring): offers older than the latest `ring` come back empty.
  // The ring's proof under random play: an offer still pending is always among the stored ones.
  const ring = m.n === 3 ? 12 : 1;
  const stored = (i: number) => i + 1 + ring > m.offers.length;
  expect(
    m.offers.flatMap((o, i) => (o.status === St.Pending && !stored(i) ? [i + 1] : [])),
    `${context}: pending offers whose slot was reused`,
  ).to.deep.equal([]);
  const expected = {
    round: m.round,
    phase: m.phase,
    rules: m.rules,
    deadline: m.deadline,
    free: m.free,
    escrow: m.escrow,
    shame: m.shame,
    offerCount: m.offers.length,
    firstOffer: m.firstOffer,
    judge: m.phase === Ph.Finished ? NO_SEAT : m.judge,
    stats: Object.values(m.stats),
    statuses: m.offers.map((o, i) => (stored(i) ? o.status : St.None)),
    done: m.done.slice(0, m.n),
  };
  expect(actual, context).to.deep.equal(expected);
  if (m.n === 3 && m.phase !== Ph.Finished) {
    expect(
      { suspended: bitsOf(bits, 18), suspendedNext: bitsOf(bits, 21), shamedOut: bitsOf(bits, 24) },
      context,
    ).to.deep.equal({ suspended: m.suspended, suspendedNext: m.suspendedNext, shamedOut: m.shamedOut });
  }
  if (m.n === 2 && m.phase !== Ph.Finished) expect(((bits >> 27n) & 1n) === 1n, context).to.equal(m.forced);
  // Escrow = the sum of the open offers' escrow, computed from the contract's own offer records.
  const open = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const seats = run.seats.map((s) => s.address);
  for (const o of offers) {
    if (Number(o.status) !== St.Pending) continue;
    const from = seats.indexOf(o.from);
    for (let g = 0; g < 3; g++) open[from][g] += Number(o.escrowed[g]);
  }
  expect(escrow, `${context}: escrow vs open offers`).to.deep.equal(open);
}

const coverage: Record<string, number> = {};
after(function () {
  if (process.env.SNATCH_COVERAGE) console.log(JSON.stringify(Object.entries(coverage).sort()));
});

async function play(run: Run, format: FormatModel, sequence: Plan[]) {
  const startBlock = Number((await run.rooms.runner!.provider!.getBlock("latest"))!.number);
  let m = newRoom(format, startBlock, [0, 0, 0]);
  const initial = totalGoods(m);
  const log: string[] = [];
  for (const plan of sequence) {
    if (m.phase === Ph.Finished) break;
    const a = resolve(plan, m);
    const block = (await ethers.provider.getBlockNumber()) + 1;
    const before = m.phase;
    const predicted = apply(m, a, block);
    const ok = await send(run, a);
    log.push(`${JSON.stringify(a)} @${block}: ${ok ? "ok" : "rejected"}`);
    const context = log.slice(-8).join("\n");
    expect(ok, `contract and model disagree on\n${context}\nmodel: ${JSON.stringify(m)}`).to.equal(predicted !== null);
    if (predicted) m = predicted;
    if (process.env.SNATCH_COVERAGE) {
      const k = `${a.kind}:${ok ? "ok" : "no"}`;
      coverage[k] = (coverage[k] ?? 0) + 1;
      // G5: P1's offer or pass in the talk window (ok once P2 said done).
      if (before === Ph.Talk && (a.kind === "offer" || a.kind === "pass"))
        coverage[`talk-${k}`] = (coverage[`talk-${k}`] ?? 0) + 1;
      coverage[`round${m.round}:${m.phase}`] = (coverage[`round${m.round}:${m.phase}`] ?? 0) + 1;
    }
    await check(run, m, context);
    // Goods are conserved but for the shame penalty's burn (confirmed reports only move goods).
    expect(totalGoods(m) + m.burned, context).to.equal(initial);
  }
  // Nothing can keep the room from finishing: past every deadline, one anyone-callable advance ends it.
  const w = format.windows;
  const maxLength =
    format.rounds.length * (format.players === 3 ? w.trading + w.judging : w.talk + w.offer + w.response + w.decision);
  await mine(maxLength + 1);
  const block = (await ethers.provider.getBlockNumber()) + 1;
  const final = apply(m, { kind: "advance", caller: 0 }, block);
  const ok = await send(run, { kind: "advance", caller: 0 });
  expect(ok).to.equal(final !== null);
  if (final) m = final;
  expect(m.phase).to.equal(Ph.Finished);
  await check(run, m, "after the last deadline");
  const [finished] = await run.rooms.roomResult(run.roomId);
  expect(finished).to.equal(true);
  for (let s = 0; s < format.players; s++) {
    expect(Number((await run.rooms.profileOf(run.seats[s].address)).g3Shame)).to.equal(m.profileShame[s]);
  }
}

describe("SnatchRooms: property tests (random action sequences against an independent model)", function () {
  it("3 players: model agreement, conservation, escrow = open offers, never stuck", async function () {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 1, 2, 2),
        fc.array(plans(3), { minLength: 30, maxLength: 70 }),
        async (which, sequence) => {
          const ctx = await loadFixture(propertyFixture);
          const seats = ctx.players.slice(0, 4);
          const tx = await ctx.factory.create(
            ctx.ids3[which],
            seats.slice(0, 3).map((s) => s.address),
          );
          const roomId = await eventArg(ctx.rooms, tx, "RoomCreated", "roomId");
          await play(
            { rooms: ctx.rooms, lens: ctx.lens, roomId, seats },
            { players: 3, rounds: FORMATS_3[which], windows: W3 },
            sequence,
          );
        },
      ),
      { numRuns: Number(process.env.SNATCH_RUNS ?? runs(6, 16, 4)) },
    );
  });

  it("2 players: model agreement, conservation, escrow = open offers, never stuck", async function () {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(FORMATS_2.length - 1),
        fc.array(plans(2), { minLength: 15, maxLength: 45 }),
        async (which, sequence) => {
          const ctx = await loadFixture(propertyFixture);
          const seats = ctx.players.slice(0, 3);
          const tx = await ctx.factory.create(
            ctx.ids2[which],
            seats.slice(0, 2).map((s) => s.address),
          );
          const roomId = await eventArg(ctx.rooms, tx, "RoomCreated", "roomId");
          await play(
            { rooms: ctx.rooms, lens: ctx.lens, roomId, seats },
            { players: 2, rounds: FORMATS_2[which], windows: WINDOWS_2[which] },
            sequence,
          );
        },
      ),
      { numRuns: Number(process.env.SNATCH_RUNS ?? runs(10, 24, 6)) },
    );
  });
});
