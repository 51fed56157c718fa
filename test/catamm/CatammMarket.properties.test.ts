import { expect } from "chai";
import fc from "fast-check";
import {
  FeePreset,
  MirrorRevert,
  ONE_CARD,
  POOL_COUNT,
  POOL_PAIRS,
  PORT_COUNT,
  RESOURCE_COUNT,
  type MarketMirror,
} from "../../client/catamm/market";
import {
  GAME,
  applyBoth,
  deployMarket,
  expectConserved,
  expectMatchesMirror,
  loadMarket,
  type MarketFixture,
} from "./helpers";
import { runs } from "../helpers/coverage";

const E = ONE_CARD;

// Three market set-ups: deep classic pools (the spec's), shallow classic pools (large price moves), shallow defi.
const deepClassic = () => deployMarket({ depthCards: 1000, preset: FeePreset.Classic, seed: 11n });
const shallowClassic = () => deployMarket({ depthCards: 10, preset: FeePreset.Classic, seed: 12n });
const shallowDefi = () => deployMarket({ depthCards: 25, preset: FeePreset.Defi, seed: 13n });
const FIXTURES = [deepClassic, shallowClassic, shallowDefi];

type Op =
  | { kind: "swap"; who: number; rIn: number; rOut: number; amount: bigint; strictMin: boolean }
  | { kind: "add"; who: number; pool: number; a0: bigint; a1: bigint }
  | { kind: "remove"; who: number; pool: number; per10k: bigint }
  | { kind: "flip"; who: number; port: number; seed: bigint }
  | { kind: "issue"; who: number; resource: number; amount: bigint }
  | { kind: "collect"; who: number; resource: number; amount: bigint }
  | { kind: "ports"; who: number; mask: number };

const who = fc.integer({ min: 0, max: 2 });
const resource = fc.integer({ min: 0, max: RESOURCE_COUNT - 1 });
const amount = fc.oneof(
  { weight: 8, arbitrary: fc.bigInt({ min: 1n, max: 40n * E }) },
  { weight: 1, arbitrary: fc.constantFrom(0n, 1n, 10n, 80n * E) },
);
const addArb = fc.record({
  kind: fc.constant("add" as const),
  who,
  pool: fc.integer({ min: 0, max: POOL_COUNT - 1 }),
  a0: amount,
  a1: amount,
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        kind: fc.constant("swap" as const),
        who,
        rIn: resource,
        // Mostly another resource; now and then the same one (which must fail) or an unknown id.
        step: fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 1, max: 4 }) }, fc.constantFrom(0, 5)),
        amount,
        strictMin: fc.boolean(),
      })
      .map(({ step, ...o }) => ({ ...o, rOut: step === 5 ? 5 : (o.rIn + step) % RESOURCE_COUNT })),
  },
  { weight: 2, arbitrary: addArb },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("remove" as const),
      who,
      pool: fc.integer({ min: 0, max: POOL_COUNT - 1 }),
      per10k: fc.bigInt({ min: 0n, max: 11_000n }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("flip" as const),
      who,
      port: fc.integer({ min: 0, max: PORT_COUNT - 1 }),
      seed: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("issue" as const), who, resource, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("collect" as const), who, resource, amount }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("ports" as const), who, mask: fc.integer({ min: 0, max: 511 }) }),
  },
);

/** Applies `op` to the mirror and the chain; the chain must do exactly what the mirror does (revert included). */
async function apply(f: MarketFixture, op: Op): Promise<unknown> {
  const { harness, mirror, players } = f;
  const p = players[op.who];
  const h = harness.connect(p);
  switch (op.kind) {
    case "swap": {
      // Half the time ask for exactly the quoted output, or one wei more (which must fail).
      let min = 0n;
      if (op.strictMin) {
        try {
          min = mirror.quote(p.address, op.rIn, op.rOut, op.amount).amountOut + (op.amount % 2n);
        } catch {
          min = 0n;
        }
      }
      return applyBoth(
        harness,
        () => mirror.swap(p.address, op.rIn, op.rOut, op.amount, min),
        () => h.swap(GAME, op.rIn, op.rOut, op.amount, min),
      );
    }
    case "add":
      return applyBoth(
        harness,
        () => mirror.addLiquidity(p.address, op.pool, op.a0, op.a1, 0n),
        () => h.addLiquidity(GAME, op.pool, op.a0, op.a1, 0),
      );
    case "remove": {
      // Mostly from a pool the player is in (a fraction of the position, above 100% to overdraw).
      const held = mirror.sharesOf(p.address);
      const inPools = held.flatMap((s, i) => (s > 0n ? [i] : []));
      const pool = inPools.length > 0 ? inPools[op.pool % inPools.length] : op.pool;
      const shares = (held[pool] * op.per10k) / 10_000n + (op.per10k > 10_000n ? 1n : 0n);
      return applyBoth(
        harness,
        () => mirror.removeLiquidity(p.address, pool, shares, 0n, 0n),
        () => h.removeLiquidity(GAME, pool, shares, 0, 0),
      );
    }
    case "flip":
      return applyBoth(
        harness,
        () => mirror.flipPort(p.address, op.port, op.seed),
        () => h.flipPort(GAME, op.port, op.seed),
      );
    case "issue":
      return applyBoth(
        harness,
        () => mirror.issue(p.address, op.resource, op.amount),
        () => harness.issue(GAME, p.address, op.resource, op.amount),
      );
    case "collect":
      return applyBoth(
        harness,
        () => mirror.collect(p.address, op.resource, op.amount),
        () => harness.collect(GAME, p.address, op.resource, op.amount),
      );
    case "ports":
      mirror.ports.set(p.address, BigInt(op.mask));
      return harness.setPorts(GAME, p.address, op.mask);
  }
}

function snapshot(mirror: MarketMirror) {
  return mirror.pools.map((p, i) => ({ r0: p.reserve0, r1: p.reserve1, total: mirror.totalShares(i) }));
}

describe("CatammMarket properties", function () {
  it("random sessions: the chain equals the exact mirror after every step, k never falls outside steals, the value of a share never falls outside steals, and every resource is conserved", async function () {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: FIXTURES.length - 1 }),
        // A few deposits first, so that withdrawals have positions to take from.
        fc.tuple(fc.array(addArb, { minLength: 2, maxLength: 3 }), fc.array(opArb, { minLength: 4, maxLength: 12 })),
        async (fixture, [deposits, rest]) => {
          const ops: Op[] = [...deposits, ...rest];
          const f = await loadMarket(FIXTURES[fixture]);
          const addresses = f.players.map((p) => p.address);
          for (const op of ops) {
            const before = snapshot(f.mirror);
            const result = await apply(f, op);
            const after = snapshot(f.mirror);
            if (op.kind !== "flip" && !(result instanceof MirrorRevert)) {
              for (let i = 0; i < POOL_COUNT; i++) {
                const [b, a] = [before[i], after[i]];
                // k never falls in a trade; k per share² never falls in a deposit or withdrawal.
                expect(a.r0 * a.r1 >= b.r0 * b.r1 || op.kind !== "swap", `k of pool ${i}`).to.equal(true);
                expect(a.r0 * a.r1 * b.total * b.total >= b.r0 * b.r1 * a.total * a.total, `share value ${i}`).to.equal(
                  true,
                );
              }
            }
            await expectMatchesMirror(f.harness, f.mirror, addresses);
          }
          await expectConserved(f.harness, addresses);
        },
      ),
      { numRuns: runs(8, 18, 3) },
    );
  });

  it("a deposit followed by its withdrawal never returns more than deposited, on either side", async function () {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: FIXTURES.length - 1 }),
        fc.array(fc.tuple(resource, resource, fc.bigInt({ min: 1n, max: 30n * E })), { maxLength: 3 }),
        fc.integer({ min: 0, max: POOL_COUNT - 1 }),
        fc.bigInt({ min: 1n, max: 20n * E }),
        fc.bigInt({ min: 1n, max: 20n * E }),
        fc.boolean(),
        async (fixture, trades, pool, a0, a1, ownsPort) => {
          const f = await loadMarket(FIXTURES[fixture]);
          const [alice] = f.players;
          for (const [rIn, rOut, x] of trades) {
            await apply(f, { kind: "swap", who: 1, rIn, rOut, amount: x, strictMin: false });
          }
          fc.pre(f.mirror.pools[pool].port !== 15);
          if (ownsPort) await apply(f, { kind: "ports", who: 0, mask: 1 << f.mirror.pools[pool].port });
          const [res0, res1] = POOL_PAIRS[pool];
          const start = await f.harness.resourceBalances(GAME, alice.address);
          const added = await apply(f, { kind: "add", who: 0, pool, a0, a1 });
          fc.pre(!(added instanceof MirrorRevert));
          // Withdraw the whole position (a dust position whose amounts round to nothing is refused: ZeroOutput).
          const removed = await apply(f, { kind: "remove", who: 0, pool, per10k: 10_000n });
          expect(!(removed instanceof MirrorRevert) || removed.error === "ZeroOutput").to.equal(true);
          const end = await f.harness.resourceBalances(GAME, alice.address);
          expect(end[res0] <= start[res0], "side 0").to.equal(true);
          expect(end[res1] <= start[res1], "side 1").to.equal(true);
        },
      ),
      { numRuns: runs(10, 25, 4) },
    );
  });

  it("a round trip A→B→A loses at least the fees: the first leg's and the second's valued at the final price", async function () {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: FIXTURES.length - 1 }),
        fc.array(fc.tuple(resource, resource, fc.bigInt({ min: 1n, max: 30n * E })), { maxLength: 3 }),
        fc.tuple(resource, resource).filter(([a, b]) => a !== b),
        fc.bigInt({ min: 1000n, max: 40n * E }),
        fc.boolean(),
        async (fixture, trades, [a, b], x, ownsPort) => {
          const f = await loadMarket(FIXTURES[fixture]);
          const [alice] = f.players;
          for (const [rIn, rOut, y] of trades) {
            await apply(f, { kind: "swap", who: 1, rIn, rOut, amount: y, strictMin: false });
          }
          const pool = f.mirror.pools[POOL_PAIRS.findIndex(([p, q]) => p === Math.min(a, b) && q === Math.max(a, b))];
          fc.pre(pool.port !== 15);
          if (ownsPort) await apply(f, { kind: "ports", who: 0, mask: 1 << pool.port });
          const side0 = a < b;
          const b0 = side0 ? pool.reserve1 : pool.reserve0; // B reserve before the first leg
          const start = await f.harness.resourceBalances(GAME, alice.address);
          const leg1 = await apply(f, { kind: "swap", who: 0, rIn: a, rOut: b, amount: x, strictMin: false });
          fc.pre(!(leg1 instanceof MirrorRevert));
          const { fee: f1, amountOut: y } = leg1 as { fee: bigint; amountOut: bigint };
          const k1 = pool.reserve0 * pool.reserve1; // after the first leg
          const leg2 = await apply(f, { kind: "swap", who: 0, rIn: b, rOut: a, amount: y, strictMin: false });
          fc.pre(!(leg2 instanceof MirrorRevert));
          const { fee: f2 } = leg2 as { fee: bigint };
          const end = await f.harness.resourceBalances(GAME, alice.address);
          expect(end[b]).to.equal(start[b]);
          const back = end[a] - (start[a] - x);
          const loss = x - back;
          // At least the first fee, in A...
          expect(loss >= f1).to.equal(true);
          // ...plus the second fee valued at the price at which it would have re-entered the pool: selling y with
          // no fee would have returned k1·f2 / ((b0 − f2)·b0) more A than selling y − f2 (see docs/catamm.md).
          expect((loss - f1) * (b0 - f2) * b0 >= f2 * k1).to.equal(true);
        },
      ),
      { numRuns: runs(12, 30, 4) },
    );
  });
});
