// The fees a game's trades announce, summed from their events independently of the chain's derivation of burned fees.
import { expect } from "chai";
import type { ContractTransactionReceipt, Log } from "ethers";
import type { Catamm } from "../../../typechain-types";
import { Phase } from "../../../client/catamm/game";
import { POOL_PAIRS, RESOURCE_COUNT } from "../../../client/catamm/market";
import { inPlay } from "./game";

/**
 * The game keeps no counter of burned fees: `bank` derives them from the counters, the balances and the reserves.
 * This sums the fees the trades' events announce, independently of the chain's derivation, and checks after every
 * transaction that the derivation equals them and that issued − received − Σ fees = balances + reserves, to the wei.
 */
export class FeeLedger {
  checks = 0;
  feeSteps = 0;
  readonly fees = [0n, 0n, 0n, 0n, 0n];

  constructor(
    private readonly game: Catamm,
    private readonly id: bigint,
  ) {}

  async check(receipt: ContractTransactionReceipt): Promise<void> {
    const paid = addFees(this.game, this.id, receipt.logs, this.fees);
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

/**
 * Adds the fees that game `id`'s `Swapped` and `LiquidityRemoved` events among `logs` announce to `fees` (per
 * resource); says whether any was above zero.
 */
export function addFees(game: Catamm, id: bigint, logs: readonly Log[], fees: bigint[]): boolean {
  let paid = false;
  for (const log of logs) {
    const e = game.interface.parseLog(log);
    if (e?.name === "Swapped" && e.args.gameId === id) {
      fees[Number(e.args.resourceIn)] += e.args.fee as bigint;
      paid ||= (e.args.fee as bigint) > 0n;
    } else if (e?.name === "LiquidityRemoved" && e.args.gameId === id) {
      const [r0, r1] = POOL_PAIRS[Number(e.args.pool)];
      fees[r0] += e.args.fee0 as bigint;
      fees[r1] += e.args.fee1 as bigint;
      paid ||= (e.args.fee0 as bigint) + (e.args.fee1 as bigint) > 0n;
    }
  }
  return paid;
}

/** Every fee game `id` has announced in its events so far, per resource. */
export async function feesAnnounced(game: Catamm, id: bigint): Promise<bigint[]> {
  const logs = await game.runner!.provider!.getLogs({ address: await game.getAddress(), fromBlock: 0 });
  const fees = [0n, 0n, 0n, 0n, 0n];
  addFees(game, id, logs, fees);
  return fees;
}
