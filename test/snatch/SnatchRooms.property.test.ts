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
  MAX_AMOUNT,
  newRoom,
  NO_SEAT,
  Ph,
  RS,
  St,
  totalGoods,
  type Action,
  type FormatModel,
  type Goods,
  type RoomModel,
  type Windows,
} from "./model";

// Short windows so that random sequences of a few dozen actions cross rounds, deadlines and phases.
const W3: Windows = { trading: 12, closing: 3, judging: 12, talk: 0, offer: 0, response: 0, decision: 0 };
const W2: Windows = { trading: 0, closing: 0, judging: 0, talk: 3, offer: 4, response: 4, decision: 4 };
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
];

async function propertyFixture() {
  const base = await baseFixture();
  const ids3: number[] = [];
  const ids2: number[] = [];
  for (const rounds of FORMATS_3)
    ids3.push(Number(await eventArg(base.rooms, await base.rooms.createFormat(rounds, W3), "FormatCreated", "format")));
  for (const rounds of FORMATS_2)
    ids2.push(Number(await eventArg(base.rooms, await base.rooms.createFormat(rounds, W2), "FormatCreated", "format")));
  return { ...base, ids3, ids2 };
}

// ------------------------------------------------------------------------------------------- arbitraries

const amount = fc.oneof(
  { weight: 60, arbitrary: fc.integer({ min: 0, max: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom(MAX_AMOUNT, MAX_AMOUNT + 1) },
);
const amounts3 = fc.tuple(amount, amount, amount);
/** 2-player rooms trade turkey and corn; coffee is mostly zero (and rejected when not). */
const amounts2 = fc.tuple(
  amount,
  fc.oneof({ weight: 15, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: amount }),
  amount,
);

/**
 * A step of a random game: what to do, and numbers the runner resolves against the model's current state (which
 * pending offer to answer, as its target; which snatch to report, as its victim; ...). A `noisy` step uses the
 * numbers raw instead (any caller, any offer id), so that rejected calls are exercised too.
 */
interface Plan {
  kind: Action["kind"];
  a: number;
  b: number;
  noisy: boolean;
  offering: Goods;
  requesting: Goods;
  flag: boolean;
  length: number;
  blocks: number;
}

function plans(n: number): fc.Arbitrary<Plan> {
  const kinds: [number, Action["kind"]][] =
    n === 3
      ? [
          [7, "offer"],
          [4, "accept"],
          [1, "reject"],
          [3, "snatch"],
          [1, "cancel"],
          [3, "done"],
          [1, "pass"],
          [1, "force"],
          [1, "talk"],
          [2, "shame"],
          [3, "report"],
          [2, "confirm"],
          [1, "dismiss"],
          [1, "advance"],
          [2, "mine"],
        ]
      : [
          [6, "offer"],
          [3, "accept"],
          [2, "reject"],
          [3, "snatch"],
          [1, "cancel"],
          [2, "done"],
          [3, "pass"],
          [2, "force"],
          [2, "talk"],
          [2, "shame"],
          [2, "report"],
          [1, "confirm"],
          [1, "advance"],
          [2, "mine"],
        ];
  return fc.record({
    kind: fc.oneof(...kinds.map(([weight, k]) => ({ weight, arbitrary: fc.constant(k) }))),
    a: fc.nat(60),
    b: fc.nat(60),
    noisy: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    offering: n === 3 ? amounts3 : amounts2,
    requesting: n === 3 ? amounts3 : amounts2,
    flag: fc.boolean(),
    length: fc.constantFrom(0, 5, 280, 281),
    blocks: fc.constantFrom(1, 2, 4, 8, 15),
  });
}

/** The kinds that make sense in the model's current phase (for non-noisy plans). */
function sensible(m: RoomModel): Action["kind"][] {
  const has = (status: number) => m.offers.some((o, i) => o.status === status && i + 1 >= m.firstOffer);
  // Judge rounds lean towards snatching, so that reports and the judge's decisions get exercised.
  const responses: Action["kind"][] = !has(St.Pending)
    ? []
    : m.rules === RS.Judge
      ? ["accept", "snatch", "snatch", "snatch", "cancel"]
      : ["accept", "reject", "snatch", "cancel"];
  switch (m.phase) {
    case Ph.Trading:
      return [
        "offer",
        "offer",
        "offer",
        "done",
        ...responses,
        ...responses,
        ...(m.rules === RS.ShameTokens ? (["shame", "shame"] as const) : []),
        ...(has(St.Snatched) && m.rules === RS.Judge ? (["report", "report", "report"] as const) : []),
      ];
    case Ph.Judging:
      return [
        "done",
        ...(has(St.Reported) ? (["confirm", "confirm", "dismiss"] as const) : []),
        ...(has(St.Snatched) ? (["report"] as const) : []),
      ];
    case Ph.Talk:
      return ["talk", "talk", "done"];
    case Ph.Offering:
      return ["offer", "offer", "pass", ...(m.rules === RS.G2Forced ? (["force"] as const) : [])];
    case Ph.Responding:
      return responses;
    case Ph.Deciding:
      return ["pass", m.rules === RS.G3Shame ? "shame" : "report"];
    default:
      return ["advance"];
  }
}

/** Turns a plan into a concrete action, guided by the model's state (see {@link Plan}). */
function resolve(plan: Plan, m: RoomModel): Action {
  let p = plan;
  if (!p.noisy && p.kind !== "mine" && p.kind !== "advance") {
    const kinds = sensible(m);
    if (!kinds.includes(p.kind)) p = { ...p, kind: kinds[p.a % kinds.length] };
  }
  const n = m.n;
  const any = (k: number) => k % (n + 1); // a seat, or n: the outsider
  const members = Array.from({ length: n }, (_, s) => s);
  const pick = <T>(list: T[], k: number): T | undefined => (list.length > 0 ? list[k % list.length] : undefined);
  const ids = (status: number) =>
    m.offers.flatMap((o, i) => (o.status === status && i + 1 >= m.firstOffer ? [i + 1] : []));
  const rawId = 1 + (p.a % (m.offers.length + 1));
  const caller = p.noisy ? any(p.b) : (pick(members, p.b) as number);
  switch (p.kind) {
    case "mine":
      return { kind: "mine", blocks: p.blocks };
    case "offer": {
      const able = members.filter((s) => !m.done[s] && !m.suspended[s] && !m.shamedOut[s]);
      const from = p.noisy ? any(p.a) : n === 2 ? 0 : (pick(able, p.a) ?? (pick(members, p.a) as number));
      const to = p.noisy
        ? any(p.b)
        : (pick(
            members.filter((s) => s !== from),
            p.b,
          ) as number);
      return { kind: "offer", caller: from, target: to, offering: p.offering, requesting: p.requesting };
    }
    case "accept":
    case "reject":
    case "snatch":
    case "cancel": {
      const id = p.noisy ? rawId : (pick(ids(St.Pending), p.a) ?? rawId);
      const o = m.offers[id - 1];
      const who = p.noisy || !o ? any(p.b) : p.kind === "cancel" ? o.from : o.to;
      return { kind: p.kind, caller: who, offer: id };
    }
    case "report": {
      const id = p.noisy ? rawId : (pick(ids(St.Snatched), p.a) ?? rawId);
      const o = m.offers[id - 1];
      return { kind: "report", caller: p.noisy || !o ? any(p.b) : o.from, offer: id };
    }
    case "confirm":
    case "dismiss": {
      const id = p.noisy ? rawId : (pick(ids(St.Reported), p.a) ?? rawId);
      const judge = m.judge < n && !p.noisy ? m.judge : any(p.b);
      return p.kind === "confirm"
        ? { kind: "confirm", caller: judge, offer: id, suspend: p.flag }
        : { kind: "dismiss", caller: judge, offer: id };
    }
    case "done": {
      if (p.noisy) return { kind: "done", caller: any(p.b) };
      if (m.phase === Ph.Judging && m.judge < n) return { kind: "done", caller: m.judge };
      return {
        kind: "done",
        caller:
          pick(
            members.filter((s) => !m.done[s]),
            p.b,
          ) ?? caller,
      };
    }
    case "pass":
      return { kind: "pass", caller: p.noisy ? any(p.b) : 0 };
    case "force":
      return { kind: "force", caller: p.noisy ? any(p.b) : 1, forced: p.flag };
    case "talk":
      return { kind: "talk", caller, length: p.length };
    case "shame": {
      const from = n === 2 && !p.noisy ? 0 : caller;
      const to = p.noisy
        ? any(p.a)
        : (pick(
            members.filter((s) => s !== from),
            p.a,
          ) as number);
      return { kind: "shame", caller: from, target: to };
    }
    case "advance":
      return { kind: "advance", caller };
  }
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
    statuses: m.offers.map((o) => o.status),
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
    const predicted = apply(m, a, block);
    const ok = await send(run, a);
    log.push(`${JSON.stringify(a)} @${block}: ${ok ? "ok" : "rejected"}`);
    const context = log.slice(-8).join("\n");
    expect(ok, `contract and model disagree on\n${context}\nmodel: ${JSON.stringify(m)}`).to.equal(predicted !== null);
    if (predicted) m = predicted;
    if (process.env.SNATCH_COVERAGE) {
      const k = `${a.kind}:${ok ? "ok" : "no"}`;
      coverage[k] = (coverage[k] ?? 0) + 1;
      coverage[`round${m.round}:${m.phase}`] = (coverage[`round${m.round}:${m.phase}`] ?? 0) + 1;
    }
    await check(run, m, context);
    // Goods are conserved but for the shame penalty's burn (confirmed reports only move goods).
    expect(totalGoods(m) + m.burned, context).to.equal(initial);
  }
  // Nothing can keep the room from finishing: past every deadline, one anyone-callable advance ends it.
  const maxLength =
    format.rounds.length *
    (format.players === 3 ? W3.trading + W3.judging : W2.talk + W2.offer + W2.response + W2.decision);
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
            { players: 2, rounds: FORMATS_2[which], windows: W2 },
            sequence,
          );
        },
      ),
      { numRuns: Number(process.env.SNATCH_RUNS ?? runs(10, 24, 6)) },
    );
  });
});
