import { expect } from "chai";
import { ethers } from "hardhat";
import { mine } from "@nomicfoundation/hardhat-network-helpers";
import {
  FeePreset,
  MAX_BALANCE,
  MarketMirror,
  NO_PORT,
  ONE_CARD,
  POOL_COUNT,
  POOL_PAIRS,
  PORT_COUNT,
  Resource,
  SALT_STEAL,
  portAssignment,
  portsOfPools,
  uniform,
} from "../../client/catamm/market";
import { GAME, SEED, deployMarket, expectConserved, expectMatchesMirror, loadMarket, poolAtPort } from "./helpers";

const E = ONE_CARD;

describe("CatammMarket", function () {
  const classic = () => deployMarket();
  const defi = () => deployMarket({ preset: FeePreset.Defi });
  const shallow = () => deployMarket({ depthCards: 1, cards: 200n });

  /** An active pool's id and resources, and the missing pool's. */
  function layout(mirror: MarketMirror) {
    const missing = mirror.missingPool();
    const pool = poolAtPort(mirror, 0);
    const [a, b] = POOL_PAIRS[pool];
    const [ma, mb] = POOL_PAIRS[missing];
    return { pool, a, b, missing, ma, mb };
  }

  describe("opening", function () {
    it("puts nine pools at the ports in a seeded random order and leaves the tenth missing", async function () {
      const { harness, mirror } = await loadMarket(classic);
      const { poolOfPort, missingPool } = portAssignment(SEED);
      const pools = await harness.marketPools(GAME);
      expect(portsOfPools(pools)).to.deep.equal({ poolOfPort, missingPool });
      expect(new Set([...poolOfPort, missingPool]).size).to.equal(POOL_COUNT);
      for (const p of pools) {
        expect(p.reserve0).to.equal(1000n * E);
        expect(p.reserve1).to.equal(1000n * E);
        expect(p.price0).to.equal(E);
        expect(p.bankShares).to.equal(1000n * E);
        expect(p.totalShares).to.equal(1000n * E);
        expect(p.lastTradeBlock).to.equal(0n);
        expect(p.active).to.equal(Number(p.pool) !== missingPool);
        expect(Number(p.port)).to.equal(Number(p.pool) === missingPool ? NO_PORT : poolOfPort.indexOf(Number(p.pool)));
      }
      expect(mirror.missingPool()).to.equal(missingPool);
    });

    it("announces the markets in one event, with the preset's fees", async function () {
      const harness = await ethers.deployContract("CatammMarketHarness");
      const { poolOfPort, missingPool } = portAssignment(77n);
      await expect(harness.createGame(40, FeePreset.Defi, 77n))
        .to.emit(harness, "MarketsOpened")
        .withArgs(1, 40n * E, 30, 15, poolOfPort, missingPool);
      await expect(harness.createGame(1000, FeePreset.Classic, 78n))
        .to.emit(harness, "MarketsOpened")
        .withArgs(2, 1000n * E, 1000, 0, portAssignment(78n).poolOfPort, portAssignment(78n).missingPool);
    });

    it("chooses each pool as the missing one and each pool-port pair about equally often (mirror, 3,000 seeds)", function () {
      const runs = 3000;
      const missing = Array<number>(POOL_COUNT).fill(0);
      const atPort0 = Array<number>(POOL_COUNT).fill(0);
      for (let s = 0; s < runs; s++) {
        const { poolOfPort, missingPool } = portAssignment(BigInt(s) * 7919n + 1n);
        missing[missingPool]++;
        atPort0[poolOfPort[0]]++;
      }
      // Chi-square with 9 degrees of freedom: 27.88 is the 0.1% critical value.
      const chi = (counts: number[]) => counts.reduce((sum, c) => sum + (c - runs / 10) ** 2 / (runs / 10), 0);
      expect(chi(missing)).to.be.lessThan(27.88);
      expect(chi(atPort0)).to.be.lessThan(27.88);
    });

    it("counts the opening depth as issued by the bank, so the books balance from the start", async function () {
      const { harness, players } = await loadMarket(classic);
      const [issued, received, burned] = await harness.bank(GAME);
      expect(issued).to.deep.equal(Array(5).fill(4n * 1000n * E + 3n * 50n * E));
      expect(received).to.deep.equal(Array(5).fill(0n));
      expect(burned).to.deep.equal(Array(5).fill(0n));
      await expectConserved(
        harness,
        players.map((p) => p.address),
      );
    });

    it("opens at any depth in range", async function () {
      const { harness } = await loadMarket(shallow);
      const pools = await harness.marketPools(GAME);
      expect(pools[0].reserve0).to.equal(E);
      await harness.createGame(1_000_000, FeePreset.Classic, 1n);
      expect((await harness.marketPools(2))[9].reserve1).to.equal(1_000_000n * E);
    });

    it("rejects a depth out of range, an unknown preset and a second opening", async function () {
      const harness = await ethers.deployContract("CatammMarketHarness");
      await expect(harness.createGame(0, 0, 1))
        .to.be.revertedWithCustomError(harness, "DepthOutOfRange")
        .withArgs(0, 1, 1_000_000);
      await expect(harness.createGame(1_000_001, 0, 1))
        .to.be.revertedWithCustomError(harness, "DepthOutOfRange")
        .withArgs(1_000_001, 1, 1_000_000);
      await expect(harness.createGame(1000, 2, 1))
        .to.be.revertedWithCustomError(harness, "UnknownFeePreset")
        .withArgs(2);
      await harness.createGame(1000, 0, 1);
      await expect(harness.reopenMarkets(1, 1000, 0, 2))
        .to.be.revertedWithCustomError(harness, "MarketsAlreadyOpen")
        .withArgs(1);
      expect(await harness.gameCount()).to.equal(1n);
    });

    it("rejects calls for a game that does not exist", async function () {
      const { harness, players } = await loadMarket(classic);
      await expect(harness.connect(players[0]).swap(2, 0, 1, E, 0))
        .to.be.revertedWithCustomError(harness, "UnknownGame")
        .withArgs(2);
      await expect(harness.marketPools(0)).to.be.revertedWithCustomError(harness, "UnknownGame").withArgs(0);
    });
  });

  describe("swaps", function () {
    it("burns 10% without the port and pays the constant-product output (hand-computed)", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice] = players;
      const { pool, a, b } = layout(mirror);
      const tx = harness.connect(alice).swap(GAME, a, b, 10n * E, 0);
      // fee 1; 9 net in: floor(1000 × 9 / 1009) cards out
      const out = 8919722497522299306n;
      await expect(tx)
        .to.emit(harness, "Swapped")
        .withArgs(GAME, alice.address, pool, a, 10n * E, E, out, 1009n * E, 1000n * E - out);
      const receipt = await (await tx).wait();
      const info = (await harness.marketPools(GAME))[pool];
      expect(info.lastTradeBlock).to.equal(BigInt(receipt!.blockNumber));
      const balances = await harness.resourceBalances(GAME, alice.address);
      expect(balances[a]).to.equal(40n * E);
      expect(balances[b]).to.equal(50n * E + out);
      expect((await harness.burnedResources(GAME))[a]).to.equal(E);
    });

    it("swaps from side 1 to side 0 too", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice] = players;
      const { pool, a, b } = layout(mirror);
      const out = 8919722497522299306n;
      await expect(harness.connect(alice).swap(GAME, b, a, 10n * E, 0))
        .to.emit(harness, "Swapped")
        .withArgs(GAME, alice.address, pool, b, 10n * E, E, out, 1000n * E - out, 1009n * E);
    });

    it("charges nothing to the owner of the pool's port in the classic preset, and only for that pool", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice] = players;
      const { pool, a, b } = layout(mirror);
      const port = mirror.pools[pool].port;
      await harness.setPorts(GAME, alice.address, (1n << 9n) - 1n - (1n << BigInt(port))); // every other port
      await expect(harness.connect(alice).swap(GAME, a, b, 10n * E, 0))
        .to.emit(harness, "Swapped")
        .withArgs(GAME, alice.address, pool, a, 10n * E, E, 8919722497522299306n, 1009n * E, anyReserve);
      await harness.setPorts(GAME, alice.address, 1n << BigInt(port));
      const q = await harness.quoteSwap(GAME, alice.address, a, b, 10n * E);
      expect(q.portOwned).to.equal(true);
      expect(q.feeBps).to.equal(0n);
      expect(q.fee).to.equal(0n);
      const burnedBefore = await harness.burnedResources(GAME);
      await harness.connect(alice).swap(GAME, a, b, 10n * E, 0);
      expect(await harness.burnedResources(GAME)).to.deep.equal(burnedBefore);
    });

    it("charges 0.3% without the port and 0.15% with it in the defi preset", async function () {
      const { harness, mirror, players } = await loadMarket(defi);
      const [alice, bob] = players;
      const { pool, a, b } = layout(mirror);
      await harness.setPorts(GAME, bob.address, 1n << BigInt(mirror.pools[pool].port));
      mirror.ports.set(bob.address, 1n << BigInt(mirror.pools[pool].port));
      const amount = 7n * E + 12345n;
      const feeAlice = (amount * 30n + 9999n) / 10000n;
      const outAlice = (1000n * E * (amount - feeAlice)) / (1000n * E + amount - feeAlice);
      expect(mirror.swap(alice.address, a, b, amount, 0n).amountOut).to.equal(outAlice);
      await expect(harness.connect(alice).swap(GAME, a, b, amount, outAlice))
        .to.emit(harness, "Swapped")
        .withArgs(GAME, alice.address, pool, a, amount, feeAlice, outAlice, anyReserve, anyReserve);
      const feeBob = (amount * 15n + 9999n) / 10000n;
      const q = mirror.swap(bob.address, a, b, amount, 0n);
      expect(q.fee).to.equal(feeBob);
      await expect(harness.connect(bob).swap(GAME, a, b, amount, 0))
        .to.emit(harness, "Swapped")
        .withArgs(GAME, bob.address, pool, a, amount, feeBob, q.amountOut, anyReserve, anyReserve);
      await expectMatchesMirror(harness, mirror, [alice.address, bob.address]);
    });

    it("pays exactly minAmountOut and refuses one wei more", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice] = players;
      const { a, b } = layout(mirror);
      const out = 8919722497522299306n;
      await expect(harness.connect(alice).swap(GAME, a, b, 10n * E, out + 1n))
        .to.be.revertedWithCustomError(harness, "OutputBelowMinimum")
        .withArgs(out, out + 1n);
      await harness.connect(alice).swap(GAME, a, b, 10n * E, out);
    });

    it("rejects zero, unknown, identical and missing-pool swaps, zero outputs and overdrafts, changing nothing", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice] = players;
      const { a, b, missing, ma, mb } = layout(mirror);
      const h = harness.connect(alice);
      await expect(h.swap(GAME, a, b, 0, 0)).to.be.revertedWithCustomError(harness, "ZeroAmount");
      await expect(h.swap(GAME, 5, b, E, 0))
        .to.be.revertedWithCustomError(harness, "UnknownResource")
        .withArgs(5);
      await expect(h.swap(GAME, a, 7, E, 0))
        .to.be.revertedWithCustomError(harness, "UnknownResource")
        .withArgs(7);
      await expect(h.swap(GAME, a, a, E, 0))
        .to.be.revertedWithCustomError(harness, "SameResource")
        .withArgs(a);
      await expect(h.swap(GAME, ma, mb, E, 0))
        .to.be.revertedWithCustomError(harness, "PoolMissing")
        .withArgs(missing);
      // 1 wei at 10%: the fee (rounded up) takes it all.
      await expect(h.swap(GAME, a, b, 1, 0))
        .to.be.revertedWithCustomError(harness, "ZeroOutput")
        .withArgs(layout(mirror).pool);
      await expect(h.swap(GAME, a, b, 51n * E, 0))
        .to.be.revertedWithCustomError(harness, "InsufficientBalance")
        .withArgs(a, 50n * E, 51n * E);
      await expect(h.swap(GAME, a, b, MAX_BALANCE + 1n, 0))
        .to.be.revertedWithCustomError(harness, "InsufficientBalance")
        .withArgs(a, 50n * E, MAX_BALANCE + 1n);
      await expect(h.swap(GAME, 5, b, ethers.MaxUint256, 0))
        .to.be.revertedWithCustomError(harness, "UnknownResource")
        .withArgs(5);
      await expect(h.swap(GAME, a, b, ethers.MaxUint256, 0))
        .to.be.revertedWithCustomError(harness, "InsufficientBalance")
        .withArgs(a, 50n * E, ethers.MaxUint256);
      await expectMatchesMirror(harness, mirror, [alice.address]);
    });

    it("refuses a swap whose output would pass the balance limit, within a balance word and across, changing nothing", async function () {
      // The one balance error a swap meets after it priced the pool: the output's credit. Word 0 holds Wood, Brick and
      // Sheep, word 1 Ore and Wheat: one pool of each kind (the missing pool skipped).
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice] = players;
      const missing = mirror.missingPool();
      const same = POOL_PAIRS.findIndex(([x, y], p) => p !== missing && Math.floor(x / 3) === Math.floor(y / 3));
      const across = POOL_PAIRS.findIndex(([x, y], p) => p !== missing && Math.floor(x / 3) !== Math.floor(y / 3));
      for (const pool of [same, across]) {
        const [a, b] = POOL_PAIRS[pool];
        const out = (await harness.quoteSwap(GAME, alice.address, a, b, E)).amountOut;
        const held = (await harness.resourceBalances(GAME, alice.address))[b];
        // Top the output resource up to just below the limit, so one card's output no longer fits.
        await harness.issue(GAME, alice.address, b, MAX_BALANCE - held - out + 1n);
        const before = [
          await harness.resourceBalances(GAME, alice.address),
          await harness.marketPools(GAME),
          await harness.bank(GAME),
        ];
        await expect(harness.connect(alice).swap(GAME, a, b, E, 0))
          .to.be.revertedWithCustomError(harness, "BalanceOverflow")
          .withArgs(b, MAX_BALANCE - out + 1n, out);
        expect([
          await harness.resourceBalances(GAME, alice.address),
          await harness.marketPools(GAME),
          await harness.bank(GAME),
        ]).to.deep.equal(before);
      }
    });
  });

  describe("liquidity", function () {
    it("mints proportional shares for a free deposit, taking no more than offered", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice] = players;
      const { pool, a, b } = layout(mirror);
      // Unbalanced offer at a 1:1 pool: 10 shares' worth of each side is taken.
      await expect(harness.connect(alice).addLiquidity(GAME, pool, 10n * E, 30n * E, 10n * E))
        .to.emit(harness, "LiquidityAdded")
        .withArgs(GAME, alice.address, pool, 10n * E, 10n * E, 10n * E, 1010n * E, 1010n * E);
      const balances = await harness.resourceBalances(GAME, alice.address);
      expect([balances[a], balances[b]]).to.deep.equal([40n * E, 40n * E]);
      expect((await harness.liquidityShares(GAME, alice.address))[pool]).to.equal(10n * E);
      expect((await harness.marketPools(GAME))[pool].totalShares).to.equal(1010n * E);
    });

    it("keeps the pool's proportion after trades moved the price, rounding in the pool's favour", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice, bob] = players;
      const { pool, a, b } = layout(mirror);
      await harness.connect(bob).swap(GAME, a, b, 33n * E, 0);
      mirror.swap(bob.address, a, b, 33n * E, 0n);
      const before = { ...mirror.pools[pool] };
      const res = mirror.addLiquidity(alice.address, pool, 7n * E, 7n * E, 0n);
      await harness.connect(alice).addLiquidity(GAME, pool, 7n * E, 7n * E, 0);
      // amount_i = ceil(shares × r_i / T) ≥ the exact proportional amount.
      const total = mirror.totalShares(pool) - res.shares;
      expect(res.amount0 * total >= res.shares * before.reserve0).to.equal(true);
      expect(res.amount1 * total >= res.shares * before.reserve1).to.equal(true);
      expect(res.amount0 <= 7n * E && res.amount1 <= 7n * E).to.equal(true);
      await expectMatchesMirror(harness, mirror, [alice.address, bob.address]);
    });

    it("burns the without-port fee on withdrawals, nothing for the port's owner", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice, bob] = players;
      const { pool } = layout(mirror);
      for (const p of [alice, bob]) await harness.connect(p).addLiquidity(GAME, pool, 10n * E, 10n * E, 0);
      await harness.setPorts(GAME, bob.address, 1n << BigInt(mirror.pools[pool].port));
      // 10 of 1020 shares: gross 10 cards each side; alice pays 10% (1 card each side), bob nothing.
      await expect(harness.connect(alice).removeLiquidity(GAME, pool, 10n * E, 9n * E, 9n * E))
        .to.emit(harness, "LiquidityRemoved")
        .withArgs(GAME, alice.address, pool, 10n * E, 9n * E, 9n * E, E, E, 1010n * E, 1010n * E);
      await expect(harness.connect(bob).removeLiquidity(GAME, pool, 10n * E, 10n * E, 10n * E))
        .to.emit(harness, "LiquidityRemoved")
        .withArgs(GAME, bob.address, pool, 10n * E, 10n * E, 10n * E, 0, 0, 1000n * E, 1000n * E);
      const [r0, r1] = POOL_PAIRS[pool];
      const burned = await harness.burnedResources(GAME);
      expect([burned[r0], burned[r1]]).to.deep.equal([E, E]);
      expect(await harness.liquidityShares(GAME, alice.address)).to.deep.equal(Array(POOL_COUNT).fill(0n));
    });

    it("withdraws at the defi preset's 0.3% without the port and free with it", async function () {
      const { harness, mirror, players } = await loadMarket(defi);
      const [alice, bob] = players;
      const { pool } = layout(mirror);
      await harness.setPorts(GAME, bob.address, 1n << BigInt(mirror.pools[pool].port));
      mirror.ports.set(bob.address, 1n << BigInt(mirror.pools[pool].port));
      for (const p of [alice, bob]) {
        await harness.connect(p).addLiquidity(GAME, pool, 20n * E, 20n * E, 0);
        mirror.addLiquidity(p.address, pool, 20n * E, 20n * E, 0n);
      }
      const ra = mirror.removeLiquidity(alice.address, pool, 20n * E, 0n, 0n);
      expect(ra.fee0).to.equal((20n * E * 30n) / 10000n);
      await harness.connect(alice).removeLiquidity(GAME, pool, 20n * E, 0, 0);
      const rb = mirror.removeLiquidity(bob.address, pool, 20n * E, 0n, 0n);
      expect(rb.fee0 + rb.fee1).to.equal(0n);
      await harness.connect(bob).removeLiquidity(GAME, pool, 20n * E, 0, 0);
      await expectMatchesMirror(harness, mirror, [alice.address, bob.address]);
    });

    it("locks the bank's depth: once players have left, the pool still holds their share of nothing", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice, bob] = players;
      const { pool, a, b } = layout(mirror);
      await harness.connect(alice).addLiquidity(GAME, pool, 10n * E, 10n * E, 0);
      await harness.connect(bob).swap(GAME, a, b, 40n * E, 0);
      await harness.connect(alice).removeLiquidity(GAME, pool, 10n * E, 0, 0);
      const info = (await harness.marketPools(GAME))[pool];
      expect(info.totalShares).to.equal(info.bankShares);
      // The bank's shares are nobody's: no account holds any to redeem.
      await expect(harness.connect(alice).removeLiquidity(GAME, pool, 1, 0, 0))
        .to.be.revertedWithCustomError(harness, "InsufficientShares")
        .withArgs(pool, 0, 1);
      expect(info.reserve0 * info.reserve1 >= 1000n * E * 1000n * E).to.equal(true);
    });

    it("rejects bad deposits and withdrawals, each with its error", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice, bob] = players;
      const { pool, a, b, missing } = layout(mirror);
      const h = harness.connect(alice);
      await expect(h.addLiquidity(GAME, pool, 0, E, 0)).to.be.revertedWithCustomError(harness, "ZeroAmount");
      await expect(h.addLiquidity(GAME, pool, E, 0, 0)).to.be.revertedWithCustomError(harness, "ZeroAmount");
      await expect(h.removeLiquidity(GAME, pool, 0, 0, 0)).to.be.revertedWithCustomError(harness, "ZeroAmount");
      await expect(h.addLiquidity(GAME, 10, E, E, 0))
        .to.be.revertedWithCustomError(harness, "UnknownPool")
        .withArgs(10);
      await expect(h.removeLiquidity(GAME, 10, E, 0, 0))
        .to.be.revertedWithCustomError(harness, "UnknownPool")
        .withArgs(10);
      await expect(h.addLiquidity(GAME, missing, E, E, 0))
        .to.be.revertedWithCustomError(harness, "PoolMissing")
        .withArgs(missing);
      // Withdrawals are open in the missing pool: alice simply holds no shares there.
      await expect(h.removeLiquidity(GAME, missing, E, 0, 0))
        .to.be.revertedWithCustomError(harness, "InsufficientShares")
        .withArgs(missing, 0, E);
      await expect(h.addLiquidity(GAME, pool, 60n * E, 60n * E, 0))
        .to.be.revertedWithCustomError(harness, "InsufficientBalance")
        .withArgs(a, 50n * E, 60n * E);
      await expect(h.addLiquidity(GAME, pool, 10n * E, 10n * E, 10n * E + 1n))
        .to.be.revertedWithCustomError(harness, "OutputBelowMinimum")
        .withArgs(10n * E, 10n * E + 1n);
      await h.addLiquidity(GAME, pool, 10n * E, 10n * E, 0);
      await expect(h.removeLiquidity(GAME, pool, 11n * E, 0, 0))
        .to.be.revertedWithCustomError(harness, "InsufficientShares")
        .withArgs(pool, 10n * E, 11n * E);
      await expect(h.removeLiquidity(GAME, pool, 5n * E, 5n * E, 0))
        .to.be.revertedWithCustomError(harness, "OutputBelowMinimum")
        .withArgs((5n * E * 9n) / 10n, 5n * E);
      await expect(h.removeLiquidity(GAME, pool, 5n * E, 0, 5n * E))
        .to.be.revertedWithCustomError(harness, "OutputBelowMinimum")
        .withArgs((5n * E * 9n) / 10n, 5n * E);
      // One share: 1 wei gross per side, all of it fee.
      await expect(h.removeLiquidity(GAME, pool, 1, 0, 0))
        .to.be.revertedWithCustomError(harness, "ZeroOutput")
        .withArgs(pool);
      // After a big trade side 0 is deep: 1 wei of it is worth less than one share.
      await harness.connect(bob).swap(GAME, a, b, 50n * E, 0);
      await expect(h.addLiquidity(GAME, pool, 1, 10n * E, 0)) // a is side 0 (the lower id)
        .to.be.revertedWithCustomError(harness, "ZeroOutput")
        .withArgs(pool);
    });
  });

  describe("port flips", function () {
    it("swaps the port's pool with the missing one and steals one card for the flipper", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice] = players;
      const port = 4;
      const leaving = poolAtPort(mirror, port);
      const arriving = mirror.missingPool();
      const expected = mirror.flipPort(alice.address, port, 99n);
      const tx = harness.connect(alice).flipPort(GAME, port, 99n);
      await expect(tx).to.emit(harness, "PortFlipped").withArgs(GAME, port, leaving, arriving);
      const [r0, r1] = POOL_PAIRS[leaving];
      await expect(tx)
        .to.emit(harness, "PoolRobbed")
        .withArgs(
          GAME,
          alice.address,
          leaving,
          expected.resource,
          E,
          expected.resource === r0 ? 999n * E : 1000n * E,
          expected.resource === r1 ? 999n * E : 1000n * E,
        );
      const { poolOfPort, missingPool } = portsOfPools(await harness.marketPools(GAME));
      expect(poolOfPort[port]).to.equal(arriving);
      expect(missingPool).to.equal(leaving);
      expect((await harness.resourceBalances(GAME, alice.address))[expected.resource]).to.equal(51n * E);
      await expectMatchesMirror(harness, mirror, [alice.address]);
    });

    it("freezes the pool that left, keeps its reserves and shares, and reopens it when it returns", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice, bob] = players;
      const port = 2;
      const pool = poolAtPort(mirror, port);
      const [a, b] = POOL_PAIRS[pool];
      await harness.connect(alice).addLiquidity(GAME, pool, 10n * E, 10n * E, 0);
      await harness.connect(bob).flipPort(GAME, port, 1n);
      const frozen = (await harness.marketPools(GAME))[pool];
      expect(frozen.active).to.equal(false);
      await expect(harness.connect(alice).swap(GAME, a, b, E, 0))
        .to.be.revertedWithCustomError(harness, "PoolMissing")
        .withArgs(pool);
      await expect(harness.quoteSwap(GAME, alice.address, a, b, E))
        .to.be.revertedWithCustomError(harness, "PoolMissing")
        .withArgs(pool);
      await expect(harness.connect(alice).addLiquidity(GAME, pool, E, E, 0))
        .to.be.revertedWithCustomError(harness, "PoolMissing")
        .withArgs(pool);
      // Liquidity can always be withdrawn, at the without-port fee (the missing pool has no port to own).
      const shares = (await harness.liquidityShares(GAME, alice.address))[pool];
      const gross0 = ((shares / 2n) * frozen.reserve0) / frozen.totalShares;
      const out = await harness.connect(alice).removeLiquidity.staticCall(GAME, pool, shares / 2n, 0, 0);
      expect(out.amount0).to.equal(gross0 - (gross0 * 1000n + 9999n) / 10000n);
      await harness.connect(alice).removeLiquidity(GAME, pool, shares / 2n, 0, 0);
      const left = (await harness.marketPools(GAME))[pool];
      // Flip the same port again: the pool that arrived leaves (and loses a card), this one comes back whole.
      await harness.connect(bob).flipPort(GAME, port, 2n);
      const info = (await harness.marketPools(GAME))[pool];
      expect(info.active).to.equal(true);
      expect(Number(info.port)).to.equal(port);
      expect([info.reserve0, info.reserve1]).to.deep.equal([left.reserve0, left.reserve1]);
      expect((await harness.liquidityShares(GAME, alice.address))[pool]).to.equal(shares - shares / 2n);
      await harness.connect(alice).removeLiquidity(GAME, pool, shares - shares / 2n, 0, 0);
    });

    it("steals the same side as the mirror's weighted draw, on chain", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice, bob] = players;
      const { pool, a, b } = layout(mirror);
      await harness.connect(bob).swap(GAME, a, b, 45n * E, 0); // skew the pool
      mirror.swap(bob.address, a, b, 45n * E, 0n);
      for (let s = 0n; s < 12n; s++) {
        const expected = mirror.steal(alice.address, pool, s * 1000003n);
        await expect(harness.connect(alice).stealFromPool(GAME, pool, s * 1000003n))
          .to.emit(harness, "PoolRobbed")
          .withArgs(GAME, alice.address, pool, expected.resource, expected.amount, anyReserve, anyReserve);
      }
      await expectMatchesMirror(harness, mirror, [alice.address, bob.address]);
    });

    it("weights the side by the reserves: 800 Wood / 1,200 Brick gives Brick 60% of the time (5,000 draws)", function () {
      const runs = 5000;
      let brick = 0;
      for (let s = 0; s < runs; s++) {
        if (uniform(BigInt(s), SALT_STEAL, 2000n * E) >= 800n * E) brick++;
      }
      // 60% ± 4 standard deviations (σ = √(n·p·q) ≈ 35).
      expect(Math.abs(brick - 0.6 * runs)).to.be.lessThan(4 * Math.sqrt(runs * 0.6 * 0.4));
    });

    it("never leaves a side below one whole card: a 1-card pool loses nothing, so 2 wei cannot buy half a card", async function () {
      const { harness, mirror, players } = await loadMarket(shallow);
      const [alice, bob] = players;
      const { pool, a, b } = layout(mirror);
      for (const seed of [0n, 1n, 2n, 3n]) {
        const expected = mirror.steal(alice.address, pool, seed);
        expect(expected.amount).to.equal(0n);
        await expect(harness.connect(alice).stealFromPool(GAME, pool, seed))
          .to.emit(harness, "PoolRobbed")
          .withArgs(GAME, alice.address, pool, expected.resource, 0n, E, E);
      }
      // The thin-pool trick (a steal leaving 1 wei on a side at depth 1, then 2 wei buying half a card) is gone:
      // half a card of b still costs about a whole card of a.
      const quote = await harness.quoteSwap(GAME, bob.address, a, b, 2n);
      expect(quote.amountOut).to.equal(0n);
      const need = await harness.quoteSwapIn(GAME, bob.address, a, b, E / 2n);
      expect(need > E).to.equal(true);
      await expectMatchesMirror(harness, mirror, [alice.address, bob.address]);
    });

    it("takes only what a side holds above one card, and nothing from a side drained below one", async function () {
      const { harness, mirror, players } = await loadMarket(shallow);
      const [alice] = players;
      const { pool, a, b } = layout(mirror);
      // Sell half a card of a into the 1-card pool: side a holds 1.5 cards (minus the fee), side b below one.
      await harness.connect(alice).swap(GAME, a, b, E / 2n, 0);
      mirror.swap(alice.address, a, b, E / 2n, 0n);
      const p = mirror.pools[pool];
      const [deep, thin] = a < b ? [p.reserve0, p.reserve1] : [p.reserve1, p.reserve0];
      expect(deep > E && deep < 2n * E && thin < E).to.equal(true);
      let seed = 0n;
      while (!landsOn(mirror, pool, a, seed)) seed++; // a draw of side a
      await expect(harness.connect(alice).stealFromPool(GAME, pool, seed))
        .to.emit(harness, "PoolRobbed")
        .withArgs(GAME, alice.address, pool, a, deep - E, anyReserve, anyReserve);
      mirror.steal(alice.address, pool, seed);
      seed = 0n;
      while (!landsOn(mirror, pool, b, seed)) seed++; // a draw of side b
      await expect(harness.connect(alice).stealFromPool(GAME, pool, seed))
        .to.emit(harness, "PoolRobbed")
        .withArgs(GAME, alice.address, pool, b, 0n, anyReserve, anyReserve);
      mirror.steal(alice.address, pool, seed);
      const info = (await harness.marketPools(GAME))[pool];
      expect(a < b ? info.reserve0 : info.reserve1).to.equal(E);
      await expectMatchesMirror(harness, mirror, [alice.address]);
    });

    it("rejects an unknown port or pool", async function () {
      const { harness, players } = await loadMarket(classic);
      await expect(harness.connect(players[0]).flipPort(GAME, PORT_COUNT, 1))
        .to.be.revertedWithCustomError(harness, "UnknownPort")
        .withArgs(PORT_COUNT);
      await expect(harness.connect(players[0]).stealFromPool(GAME, POOL_COUNT, 1))
        .to.be.revertedWithCustomError(harness, "UnknownPool")
        .withArgs(POOL_COUNT);
    });
  });

  describe("views", function () {
    it("quotes exactly what the swap then pays, with spot price and price impact", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice] = players;
      const { pool, a, b } = layout(mirror);
      const q = await harness.quoteSwap(GAME, alice.address, a, b, 25n * E);
      const m = mirror.quote(alice.address, a, b, 25n * E);
      expect([q.pool, q.feeBps, q.fee, q.amountOut, q.spotPrice, q.priceImpact, q.portOwned]).to.deep.equal([
        BigInt(pool),
        1000n,
        m.fee,
        m.amountOut,
        E,
        m.priceImpact,
        false,
      ]);
      await expect(harness.connect(alice).swap(GAME, a, b, 25n * E, q.amountOut))
        .to.emit(harness, "Swapped")
        .withArgs(GAME, alice.address, pool, a, 25n * E, q.fee, q.amountOut, anyReserve, anyReserve);
      const zero = await harness.quoteSwap(GAME, alice.address, a, b, 0);
      expect([zero.amountOut, zero.fee, zero.priceImpact]).to.deep.equal([0n, 0n, 0n]);
    });

    it("quotes the least input for a wanted output", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice, bob] = players;
      const { a, b, missing, ma, mb } = layout(mirror);
      await harness.connect(bob).swap(GAME, b, a, 30n * E, 0);
      const need = await harness.quoteSwapIn(GAME, alice.address, a, b, 3n * E);
      expect((await harness.quoteSwap(GAME, alice.address, a, b, need - 1n)).amountOut < 3n * E).to.equal(true);
      await harness.connect(alice).swap(GAME, a, b, need, 3n * E);
      await expect(harness.quoteSwapIn(GAME, alice.address, ma, mb, E))
        .to.be.revertedWithCustomError(harness, "PoolMissing")
        .withArgs(missing);
      await expect(harness.quoteSwapIn(GAME, alice.address, a, b, 10_000n * E))
        .to.be.revertedWithCustomError(harness, "OutputExceedsReserve")
        .withArgs(10_000n * E, anyReserve);
    });

    it("shows the game's settings", async function () {
      const { harness } = await loadMarket(defi);
      expect(await harness.marketSettings(GAME)).to.deep.equal([1000n * E, 30n, 15n]);
      await harness.createGame(7, FeePreset.Classic, 3n);
      expect(await harness.marketSettings(2)).to.deep.equal([7n * E, 1000n, 0n]);
      await expect(harness.marketSettings(3)).to.be.revertedWithCustomError(harness, "UnknownGame").withArgs(3);
    });

    it("shows each pool's prices and the block of its last trade", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const { pool, a, b } = layout(mirror);
      await harness.connect(players[0]).swap(GAME, a, b, 20n * E, 0);
      const tradeBlock = await ethers.provider.getBlockNumber();
      await mine(5);
      await harness.connect(players[0]).addLiquidity(GAME, pool, E, E, 0); // not a trade
      const info = (await harness.marketPools(GAME))[pool];
      expect(info.lastTradeBlock).to.equal(BigInt(tradeBlock));
      expect(info.price0).to.equal((info.reserve1 * E) / info.reserve0);
      expect(info.price1).to.equal((info.reserve0 * E) / info.reserve1);
      expect([Number(info.resource0), Number(info.resource1)]).to.deep.equal([...POOL_PAIRS[pool]]);
    });

    it("keeps the host game's bits of the config word apart from the markets'", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const host = (1n << 88n) - 12345n;
      await harness.setHostData(GAME, host);
      expect(await harness.hostData(GAME)).to.equal(host);
      await harness.connect(players[0]).flipPort(GAME, 1, 5n);
      mirror.flipPort(players[0].address, 1, 5n);
      const { a, b } = layout(mirror);
      await harness.connect(players[0]).swap(GAME, a, b, E, 0);
      mirror.swap(players[0].address, a, b, E, 0n);
      expect(await harness.hostData(GAME)).to.equal(host);
      await expectMatchesMirror(harness, mirror, [players[0].address]);
      await expect(harness.setHostData(GAME, 1n << 88n))
        .to.be.revertedWithCustomError(harness, "HostDataTooWide")
        .withArgs(1n << 88n);
    });
  });

  describe("a mixed session", function () {
    it("matches the mirror and conserves every resource through trades, liquidity, flips and the bank", async function () {
      const { harness, mirror, players } = await loadMarket(classic);
      const [alice, bob, carol] = players;
      const { pool, a, b } = layout(mirror);
      const steps: [() => unknown, () => Promise<unknown>][] = [
        [
          () => mirror.swap(alice.address, a, b, 12n * E, 0n),
          () => harness.connect(alice).swap(GAME, a, b, 12n * E, 0),
        ],
        [
          () => mirror.addLiquidity(bob.address, pool, 9n * E, 20n * E, 0n),
          () => harness.connect(bob).addLiquidity(GAME, pool, 9n * E, 20n * E, 0),
        ],
        [() => mirror.flipPort(carol.address, 7, 4n), () => harness.connect(carol).flipPort(GAME, 7, 4n)],
        [
          () => mirror.collect(carol.address, Resource.Ore, 3n * E),
          () => harness.collect(GAME, carol.address, Resource.Ore, 3n * E),
        ],
        [() => mirror.swap(carol.address, b, a, 5n * E, 0n), () => harness.connect(carol).swap(GAME, b, a, 5n * E, 0)],
        [
          () => mirror.removeLiquidity(bob.address, pool, 4n * E, 0n, 0n),
          () => harness.connect(bob).removeLiquidity(GAME, pool, 4n * E, 0, 0),
        ],
      ];
      for (const [model, send] of steps) {
        model();
        await send();
      }
      const who = players.map((p) => p.address);
      await expectMatchesMirror(harness, mirror, who);
      await expectConserved(harness, who);
    });
  });
});

/** Matches any reserve value in `withArgs`. */
function anyReserve(): boolean {
  return true;
}

/** Whether the steal draw for `seed` lands on resource `resource`'s side of `pool` (without changing the mirror). */
function landsOn(mirror: MarketMirror, pool: number, resource: number, seed: bigint): boolean {
  const p = mirror.pools[pool];
  const side0 = uniform(seed, SALT_STEAL, p.reserve0 + p.reserve1) < p.reserve0;
  return (side0 ? POOL_PAIRS[pool][0] : POOL_PAIRS[pool][1]) === resource;
}
