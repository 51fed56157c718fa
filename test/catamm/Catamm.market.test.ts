import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { Phase, readGame } from "../../client/catamm/game";
import { ONE_CARD, POOL_PAIRS, getAmountOut } from "../../client/catamm/market";
import { GAME, current, expectConserved, give, playingGame, rollQuietly, seatSigner } from "./helpers/game";

// The markets through the game: who may trade when, the same formulas as the markets alone, liquidity.
describe("Catamm: markets through the game", function () {
  /** Turn 1 after the roll; seat 0 and seat 1 hold 10 of everything. */
  async function trading() {
    const f = await playingGame(4);
    await rollQuietly(f);
    const g = await readGame(f.game, GAME);
    await give(f, g.players[0].address, [10, 10, 10, 10, 10]);
    await give(f, g.players[1].address, [10, 10, 10, 10, 10]);
    return f;
  }

  /** An active pool and its two resources. */
  async function activePool(f: Awaited<ReturnType<typeof trading>>) {
    const pools = await f.game.marketPools(GAME);
    const p = pools.find((x) => x.active)!;
    return { pool: Number(p.pool), a: Number(p.resource0), b: Number(p.resource1), info: p };
  }

  it("lets only the player whose turn it is trade, and only after the roll", async function () {
    const f = await loadFixture(playingGame);
    const { game } = f;
    const g = await readGame(game, GAME);
    const me = await current(f, g);
    await expect(game.connect(me).swap(GAME, 0, 1, ONE_CARD, 0))
      .to.be.revertedWithCustomError(game, "WrongPhase")
      .withArgs(Phase.BeforeRoll);
    await rollQuietly(f);
    const other = await seatSigner(f, 1);
    await expect(game.connect(other).swap(GAME, 0, 1, ONE_CARD, 0))
      .to.be.revertedWithCustomError(game, "NotYourTurn")
      .withArgs(other.address, me.address);
    await expect(game.connect(other).addLiquidity(GAME, 0, ONE_CARD, ONE_CARD, 0))
      .to.be.revertedWithCustomError(game, "NotYourTurn")
      .withArgs(other.address, me.address);
    await expect(game.connect(other).removeLiquidity(GAME, 0, 1, 0, 0))
      .to.be.revertedWithCustomError(game, "NotYourTurn")
      .withArgs(other.address, me.address);
    await expect(game.connect(f.outsider).swap(GAME, 0, 1, ONE_CARD, 0))
      .to.be.revertedWithCustomError(game, "NotAPlayer")
      .withArgs(GAME, f.outsider.address);
    await expect(game.swap(7, 0, 1, ONE_CARD, 0))
      .to.be.revertedWithCustomError(game, "UnknownGame")
      .withArgs(7);
  });

  it("swaps with the markets' formula: fee burned, output as quoted, minAmountOut enforced", async function () {
    const f = await loadFixture(trading);
    const { game } = f;
    const me = await current(f);
    const { pool, a, b, info } = await activePool(f);
    const amountIn = 3n * ONE_CARD + 12345n;
    const { amountOut, fee } = getAmountOut(amountIn, info.reserve0, info.reserve1, 1000n);
    const q = await game.quoteSwap(GAME, me.address, a, b, amountIn);
    expect([q.amountOut, q.fee]).to.deep.equal([amountOut, fee]);
    await expect(game.connect(me).swap(GAME, a, b, amountIn, amountOut + 1n))
      .to.be.revertedWithCustomError(game, "OutputBelowMinimum")
      .withArgs(amountOut, amountOut + 1n);
    const before = await game.resourceBalances(GAME, me.address);
    await expect(game.connect(me).swap(GAME, a, b, amountIn, amountOut))
      .to.emit(game, "Swapped")
      .withArgs(
        GAME,
        me.address,
        pool,
        a,
        amountIn,
        fee,
        amountOut,
        info.reserve0 + amountIn - fee,
        info.reserve1 - amountOut,
      );
    const after = await game.resourceBalances(GAME, me.address);
    expect([before[a] - after[a], after[b] - before[b]]).to.deep.equal([amountIn, amountOut]);
    expect((await game.burnedResources(GAME))[a]).to.equal(fee);
    await expectConserved(f);
  });

  it("names bad trades: zero, same resource, missing pool, unknown ids, overdraft", async function () {
    const f = await loadFixture(trading);
    const { game } = f;
    const me = await current(f);
    const pools = await game.marketPools(GAME);
    const missing = pools.find((p) => !p.active)!;
    const [m0, m1] = POOL_PAIRS[Number(missing.pool)];
    await expect(game.connect(me).swap(GAME, 0, 1, 0, 0)).to.be.revertedWithCustomError(game, "ZeroAmount");
    await expect(game.connect(me).swap(GAME, 2, 2, ONE_CARD, 0))
      .to.be.revertedWithCustomError(game, "SameResource")
      .withArgs(2);
    await expect(game.connect(me).swap(GAME, m0, m1, ONE_CARD, 0))
      .to.be.revertedWithCustomError(game, "PoolMissing")
      .withArgs(missing.pool);
    await expect(game.connect(me).swap(GAME, 5, 1, ONE_CARD, 0))
      .to.be.revertedWithCustomError(game, "UnknownResource")
      .withArgs(5);
    const { a, b } = await activePool(f);
    const balance = (await game.resourceBalances(GAME, me.address))[a];
    await expect(game.connect(me).swap(GAME, a, b, balance + 1n, 0))
      .to.be.revertedWithCustomError(game, "InsufficientBalance")
      .withArgs(a, balance, balance + 1n);
    await expect(game.connect(me).addLiquidity(GAME, 10, ONE_CARD, ONE_CARD, 0))
      .to.be.revertedWithCustomError(game, "UnknownPool")
      .withArgs(10);
    await expect(
      game.connect(me).removeLiquidity(GAME, Number((await activePool(f)).pool), 1, 0, 0),
    ).to.be.revertedWithCustomError(game, "InsufficientShares");
  });

  it("adds and removes liquidity (the withdrawal fee burned); a position is not part of the hand", async function () {
    const f = await loadFixture(trading);
    const { game } = f;
    const me = await current(f);
    const { pool, a, b } = await activePool(f);
    const handBefore = (await game.playerInfo(GAME, me.address)).hand;
    await expect(game.connect(me).addLiquidity(GAME, pool, 4n * ONE_CARD, 4n * ONE_CARD, 0)).to.emit(
      game,
      "LiquidityAdded",
    );
    const shares = (await game.liquidityShares(GAME, me.address))[pool];
    expect(shares).to.be.greaterThan(0n);
    expect((await game.playerInfo(GAME, me.address)).hand).to.equal(handBefore - 8n);
    const burnedBefore = await game.burnedResources(GAME);
    await expect(game.connect(me).removeLiquidity(GAME, pool, shares, 0, 0)).to.emit(game, "LiquidityRemoved");
    const burned = await game.burnedResources(GAME);
    expect(burned[a] > burnedBefore[a] && burned[b] > burnedBefore[b]).to.equal(true);
    expect((await game.liquidityShares(GAME, me.address))[pool]).to.equal(0n);
    await expectConserved(f);
  });

  it("serves the markets' views for the game (settings, quotes for an amount wanted)", async function () {
    const f = await loadFixture(trading);
    const { game } = f;
    const me = await current(f);
    const { a, b } = await activePool(f);
    const need = await game.quoteSwapIn(GAME, me.address, a, b, ONE_CARD);
    const q = await game.quoteSwap(GAME, me.address, a, b, need);
    expect(q.amountOut >= ONE_CARD).to.equal(true);
    const less = await game.quoteSwap(GAME, me.address, a, b, need - 1n);
    expect(less.amountOut < ONE_CARD).to.equal(true);
  });
});
