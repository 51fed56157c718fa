import { expect } from "chai";
import { ethers } from "hardhat";
import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import type { ContractTransactionReceipt } from "ethers";
import type { Catamm } from "../../typechain-types";
import { playBotGame } from "../../scripts/catamm/bots";
import { deployCatammHarness } from "../../scripts/catamm/deploy";
import { Phase } from "../../client/catamm/game";
import { POOL_PAIRS, RESOURCE_COUNT } from "../../client/catamm/market";
import { runs } from "../helpers/coverage";
import { inPlay } from "./helpers/game";

/** Random games per run (three under TEST_FULL=1; one under coverage, where every step is traced). */
const GAMES = runs(2, 3, 1);

/** The game harness (whose bank adds what it issues itself, so its derivation is covered too) on the seeded source. */
async function seededHarness() {
  const [, ...others] = await ethers.getSigners();
  const source = await ethers.deployContract("SeededRandomness", [0xb0b0n]);
  const { game } = await deployCatammHarness(hre, await source.getAddress());
  return { game, signers: others.slice(0, 4) };
}

/**
 * The game keeps no counter of burned fees: `bank` derives them from the counters, the balances and the reserves.
 * This sums the fees the trades' events announce, independently of the chain's derivation, and checks after every
 * transaction that the derivation equals them and that issued − received − Σ fees = balances + reserves, to the wei.
 */
class FeeLedger {
  checks = 0;
  feeSteps = 0;
  readonly fees = [0n, 0n, 0n, 0n, 0n];

  constructor(
    private readonly game: Catamm,
    private readonly id: bigint,
  ) {}

  async check(receipt: ContractTransactionReceipt): Promise<void> {
    let paid = false;
    for (const log of receipt.logs) {
      const e = this.game.interface.parseLog(log);
      if (e?.name === "Swapped" && e.args.gameId === this.id) {
        this.fees[Number(e.args.resourceIn)] += e.args.fee as bigint;
        paid ||= (e.args.fee as bigint) > 0n;
      } else if (e?.name === "LiquidityRemoved" && e.args.gameId === this.id) {
        const [r0, r1] = POOL_PAIRS[Number(e.args.pool)];
        this.fees[r0] += e.args.fee0 as bigint;
        this.fees[r1] += e.args.fee1 as bigint;
        paid ||= (e.args.fee0 as bigint) + (e.args.fee1 as bigint) > 0n;
      }
    }
    if (paid) this.feeSteps++;
    const info = await this.game.gameInfo(this.id);
    if (Number(info.phase) <= Phase.Starting) return;
    expect(await this.game.burnedResources(this.id), `burned after block ${receipt.blockNumber}`).to.deep.equal(
      this.fees,
    );
    const [issued, received] = await this.game.bank(this.id);
    const held = await inPlay(this.game, this.id, info.players.slice(0, Number(info.playerCount)));
    for (let r = 0; r < RESOURCE_COUNT; r++) {
      expect(issued[r] - received[r] - this.fees[r], `resource ${r} after block ${receipt.blockNumber}`).to.equal(
        held[r],
      );
    }
    this.checks++;
  }
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
