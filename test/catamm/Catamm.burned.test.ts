import { expect } from "chai";
import { ethers } from "hardhat";
import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import { playBotGame } from "../../scripts/catamm/bots";
import { deployCatammHarness } from "../../scripts/catamm/deploy";
import { runs } from "../helpers/coverage";
import { FeeLedger } from "./helpers/fees";

/** Random games per run (three under TEST_FULL=1; one under coverage, where every step is traced). */
const GAMES = runs(2, 3, 1);

/** The game harness (whose bank adds what it issues itself, so its derivation is covered too) on the seeded source. */
async function seededHarness() {
  const [, ...others] = await ethers.getSigners();
  const source = await ethers.deployContract("SeededRandomness", [0xb0b0n]);
  const { game } = await deployCatammHarness(hre, await source.getAddress());
  return { game, signers: others.slice(0, 4) };
}

/** A game's random parameters: the bots' seed, the player count and the fee preset. */
const gameCase = fc.record({
  seed: fc.bigInt({ min: 1n, max: 1n << 40n }),
  players: fc.integer({ min: 2, max: 4 }),
  preset: fc.constantFrom(0, 1),
});

describe("Catamm: the burned fees are the events' fees", function () {
  it("derives burned fees equal to the sum of every Swapped and LiquidityRemoved fee, conserving every wei", async function () {
    const played: bigint[] = [];
    await fc.assert(
      fc.asyncProperty(gameCase, async ({ seed, players, preset }) => {
        const { game, signers } = await loadFixture(seededHarness);
        const ledger = new FeeLedger(game, (await game.gameCount()) + 1n);
        const options = { players, seed, depthCards: 30, feePreset: preset, chaos: 0.8, stopAtTurn: 16 };
        await playBotGame(hre, game, signers.slice(0, players), { ...options, onStep: (r) => ledger.check(r) });
        expect(ledger.checks).to.be.greaterThan(30);
        // Fees were burned (the check above compared non-zero sums, not only zeros).
        expect(ledger.feeSteps).to.be.greaterThan(0);
        played.push(seed);
      }),
      { numRuns: GAMES },
    );
    expect(played).to.have.length(GAMES);
  });
});
