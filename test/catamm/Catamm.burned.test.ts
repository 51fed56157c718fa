import { expect } from "chai";
import { ethers } from "hardhat";
import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import type { ContractTransactionReceipt } from "ethers";
import type { Catamm } from "../../typechain-types";
import { playBotGame } from "../../scripts/catamm/bots";
import { deployCatamm } from "../../scripts/catamm/deploy";
import { Phase } from "../../client/catamm/game";
import { POOL_PAIRS, RESOURCE_COUNT } from "../../client/catamm/market";
import { runs } from "../helpers/coverage";

/** Random games per run (three under TEST_FULL=1; one under coverage, where every step is traced). */
const GAMES = runs(2, 3, 1);

async function deployed() {
  const signers = await ethers.getSigners();
  const source = await ethers.deployContract("SeededRandomness", [0xb0b0n]);
  const { game } = await deployCatamm(hre, await source.getAddress());
  return { game, signers: signers.slice(1, 13) };
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
    const held = [0n, 0n, 0n, 0n, 0n];
    for (const p of await this.game.marketPools(this.id)) {
      held[Number(p.resource0)] += p.reserve0;
      held[Number(p.resource1)] += p.reserve1;
    }
    for (const a of info.players.slice(0, Number(info.playerCount))) {
      const b = await this.game.resourceBalances(this.id, a);
      for (let r = 0; r < RESOURCE_COUNT; r++) held[r] += b[r];
    }
    for (let r = 0; r < RESOURCE_COUNT; r++) {
      expect(issued[r] - received[r] - this.fees[r], `resource ${r} after block ${receipt.blockNumber}`).to.equal(
        held[r],
      );
    }
    this.checks++;
  }
}

describe("Catamm: the burned fees are the events' fees", function () {
  it("derives burned fees equal to the sum of every Swapped and LiquidityRemoved fee, conserving every wei", async function () {
    let games = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 1n << 40n }),
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom(0, 1),
        async (seed, players, preset) => {
          const { game, signers } = await loadFixture(deployed);
          const id = (await game.gameCount()) + 1n;
          const ledger = new FeeLedger(game, id);
          await playBotGame(hre, game, signers.slice(0, players), {
            players,
            seed,
            depthCards: 30,
            feePreset: preset,
            chaos: 0.8,
            stopAtTurn: 16,
            onStep: (receipt) => ledger.check(receipt),
          });
          expect(ledger.checks).to.be.greaterThan(30);
          // Fees were burned (the check above compared non-zero sums, not only zeros).
          expect(ledger.feeSteps).to.be.greaterThan(0);
          games++;
        },
      ),
      { numRuns: GAMES },
    );
    expect(games).to.equal(GAMES);
  });
});
