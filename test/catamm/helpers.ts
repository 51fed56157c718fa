// Shared fixtures and checks for the CATAMM market tests: a harness game, its exact TypeScript mirror, and a
// comparison of the whole on-chain market state with the mirror.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { CatammMarketHarness } from "../../typechain-types";
import { MarketMirror, MirrorRevert, ONE_CARD, POOL_COUNT, RESOURCE_COUNT } from "../../client/catamm/market";

export const SEED = 0xca7a77n;
export const GAME = 1n;

export interface MarketFixture {
  harness: CatammMarketHarness;
  mirror: MarketMirror;
  players: HardhatEthersSigner[];
}

/** A harness with one game (depth, preset, seed) and `cards` of every resource issued to each of `players` signers. */
export async function deployMarket(
  opts: { depthCards?: number; preset?: number; seed?: bigint; players?: number; cards?: bigint } = {},
): Promise<MarketFixture> {
  const depthCards = opts.depthCards ?? 1000;
  const preset = opts.preset ?? 0;
  const seed = opts.seed ?? SEED;
  const signers = await ethers.getSigners();
  const players = signers.slice(1, 1 + (opts.players ?? 3));
  const harness = await ethers.deployContract("CatammMarketHarness");
  await harness.createGame(depthCards, preset, seed);
  const mirror = new MarketMirror(depthCards, preset, seed);
  const cards = opts.cards ?? 50n;
  for (const p of players) {
    for (let r = 0; r < RESOURCE_COUNT; r++) {
      if (cards === 0n) continue;
      await harness.issue(GAME, p.address, r, cards * ONE_CARD);
      mirror.issue(p.address, r, cards * ONE_CARD);
    }
  }
  return { harness, mirror, players };
}

/**
 * `loadFixture` for a market fixture, with a fresh copy of the mirror: the chain goes back to the fixture's snapshot,
 * so the model must start from the fixture's state too.
 */
export async function loadMarket(fixture: () => Promise<MarketFixture>): Promise<MarketFixture> {
  const f = await loadFixture(fixture);
  return { ...f, mirror: f.mirror.clone() };
}

/** Asserts that every pool, balance, share and burned counter on chain equals the mirror's. */
export async function expectMatchesMirror(
  harness: CatammMarketHarness,
  mirror: MarketMirror,
  players: readonly string[],
): Promise<void> {
  const pools = await harness.marketPools(GAME);
  for (let p = 0; p < POOL_COUNT; p++) {
    const m = mirror.pools[p];
    expect([pools[p].reserve0, pools[p].reserve1, Number(pools[p].port)], `pool ${p}`).to.deep.equal([
      m.reserve0,
      m.reserve1,
      m.port,
    ]);
    expect(pools[p].totalShares, `pool ${p} shares`).to.equal(mirror.totalShares(p));
  }
  expect(await harness.burnedResources(GAME)).to.deep.equal(mirror.burned);
  for (const who of players) {
    expect(await harness.resourceBalances(GAME, who), `balances of ${who}`).to.deep.equal(mirror.balanceOf(who));
    expect(await harness.liquidityShares(GAME, who), `shares of ${who}`).to.deep.equal(mirror.sharesOf(who));
  }
}

/**
 * Conservation, per resource: issued − received − burned = Σ balances + Σ reserves (all ten pools, the missing
 * one included), read entirely from chain.
 */
export async function expectConserved(harness: CatammMarketHarness, players: readonly string[]): Promise<void> {
  const [issued, received, burned] = await harness.bank(GAME);
  const pools = await harness.marketPools(GAME);
  const held = [0n, 0n, 0n, 0n, 0n];
  for (const p of pools) {
    held[Number(p.resource0)] += p.reserve0;
    held[Number(p.resource1)] += p.reserve1;
  }
  for (const who of players) {
    const b = await harness.resourceBalances(GAME, who);
    for (let r = 0; r < RESOURCE_COUNT; r++) held[r] += b[r];
  }
  for (let r = 0; r < RESOURCE_COUNT; r++) {
    expect(issued[r] - received[r] - burned[r], `resource ${r}`).to.equal(held[r]);
  }
}

/**
 * Runs `act` against the mirror and sends `send` on chain: if the mirror throws {@link MirrorRevert}, the transaction
 * must revert with that custom error and arguments; otherwise it must succeed. Returns the mirror's result.
 */
export async function applyBoth<T>(
  harness: CatammMarketHarness,
  act: () => T,
  send: () => Promise<unknown>,
): Promise<T | MirrorRevert> {
  let result: T;
  try {
    result = act();
  } catch (e) {
    if (!(e instanceof MirrorRevert)) throw e;
    await expect(send())
      .to.be.revertedWithCustomError(harness, e.error)
      .withArgs(...e.args);
    return e;
  }
  await send();
  return result;
}

/** The active pool at port `port` and the missing pool, from the mirror. */
export function poolAtPort(mirror: MarketMirror, port: number): number {
  return mirror.pools.findIndex((p) => p.port === port);
}
