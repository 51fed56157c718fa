import { expect } from "chai";
import { ethers } from "hardhat";
import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import type { ContractTransactionReceipt } from "ethers";
import type { Catamm } from "../../typechain-types";
import { playBotGame } from "../../scripts/catamm/bots";
import { deployCatamm } from "../../scripts/catamm/deploy";
import { Phase, readGame } from "../../client/catamm/game";
import { runs } from "../helpers/coverage";
import { FeeLedger } from "./helpers/fees";

/** Random games per run (five under TEST_FULL=1; one under coverage, where every step is traced). */
const GAMES = runs(2, 5, 1);

/** The game on the seeded source, and twelve signers to draw players from. */
async function deployed() {
  const signers = await ethers.getSigners();
  const source = await ethers.deployContract("SeededRandomness", [0x5eedn]);
  const { game } = await deployCatamm(hre, await source.getAddress());
  return { game, signers: signers.slice(1, 13) };
}

/**
 * Checks every invariant after each transaction of game `id`; counts the checks. Conservation is checked against the
 * fees summed from the trades' events ({@link FeeLedger}): `bank`'s burned figure is derived from the very balances
 * and reserves the identity sums, so it alone could not fail.
 */
class Invariants {
  checks = 0;
  readonly ledger: FeeLedger;
  private pools: { r0: bigint; r1: bigint; total: bigint }[] = [];

  constructor(
    private readonly game: Catamm,
    private readonly id: bigint,
  ) {
    this.ledger = new FeeLedger(game, id);
  }

  async check(receipt: ContractTransactionReceipt): Promise<void> {
    await this.ledger.check(receipt);
    const info = await this.game.gameInfo(this.id);
    if (Number(info.phase) <= Phase.Starting) return;
    const pools = await this.game.marketPools(this.id);
    // A pool's value per share (k / T²) never falls, except by a ghost-ship steal from it.
    const robbed = new Set(
      receipt.logs
        .map((l) => this.game.interface.parseLog(l))
        .filter((e) => e?.name === "PoolRobbed")
        .map((e) => Number(e!.args.pool)),
    );
    pools.forEach((p, i) => {
      const before = this.pools[i];
      if (before && !robbed.has(i)) {
        expect(p.reserve0 * p.reserve1 * before.total * before.total, `pool ${i} k/T²`).to.be.gte(
          before.r0 * before.r1 * p.totalShares * p.totalShares,
        );
      }
      this.pools[i] = { r0: p.reserve0, r1: p.reserve1, total: p.totalShares };
    });
    this.checks++;
  }
}

// Random games: bots with random choices (seeded), random market moves (swaps, deposits, withdrawals of random
// sizes), 2–4 players, both fee presets, shallow and deep pools; every invariant checked after every transaction.
describe("Catamm: properties over random games", function () {
  it("conserves every resource exactly and never lowers a pool's value per share outside steals", async function () {
    let games = 0;
    let feeSteps = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 1n << 40n }),
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom(0, 1),
        fc.constantFrom(5, 30, 1000),
        async (seed, players, preset, depth) => {
          const { game, signers } = await loadFixture(deployed);
          const id = (await game.gameCount()) + 1n;
          const invariants = new Invariants(game, id);
          const offset = Number(seed % 8n);
          await playBotGame(hre, game, signers.slice(offset, offset + players), {
            players,
            seed,
            depthCards: depth,
            feePreset: preset,
            chaos: 0.6,
            stopAtTurn: 22,
            onStep: (receipt) => invariants.check(receipt),
          });
          expect(invariants.checks).to.be.greaterThan(40);
          expect(invariants.ledger.checks).to.equal(invariants.checks);
          feeSteps += invariants.ledger.feeSteps;
          games++;
        },
      ),
      { numRuns: GAMES },
    );
    expect(games).to.equal(GAMES);
    // Fees were burned (conservation compared non-zero sums of the events' fees, not only zeros).
    expect(feeSteps).to.be.greaterThan(0);
  });

  it("finishes random games with random market moves (no state where the bots are stuck) [no-coverage]", async function () {
    const { game, signers } = await loadFixture(deployed);
    const result = await playBotGame(hre, game, signers.slice(0, 3), { players: 3, seed: 99n, chaos: 0.5 });
    const g = await readGame(game, result.gameId);
    expect(g.phase).to.equal(Phase.Finished);
    const winner = result.points[result.winnerSeat];
    expect(winner.public + winner.hidden).to.be.gte(10);
  });
});
