// The driver of a bot game: sends the bots' transactions, counts their gas, serves the game's randomness and reads
// the game for them.
import type { ContractTransactionReceipt, ContractTransactionResponse } from "ethers";
import type { Catamm, IRandomness } from "../../typechain-types";
import { waitForRandomness, type RpcNode } from "../../client/chain";
import { Pending, PENDING_NAMES, readGame, type GameSnapshot } from "../../client/catamm/game";
import type { Fees } from "../../client/catamm/planning";

/** Sends transactions, counts their gas, serves randomness and reads the game for the bots. */
export class Driver {
  gas = 0n;
  txs = 0;
  trades = 0;
  /** Gas of every transaction, by the game function it called. */
  readonly gasByMethod = new Map<string, number[]>();
  /** Every transaction sent: its hash and kind (the function; `advance` with what it served: "advance roll"). */
  readonly transactions: { hash: string; kind: string }[] = [];
  fees: Fees = { feeBps: 1000n, portFeeBps: 0n };
  /** Called after every transaction (property tests check invariants here). */
  onStep?: (receipt: ContractTransactionReceipt) => Promise<void>;

  /**
   * @param node The node the game is on (mines on request when it is a local node: random values get ready at once).
   */
  constructor(
    readonly node: RpcNode,
    readonly game: Catamm,
    readonly source: IRandomness,
    readonly gameId: bigint,
  ) {}

  /** @param serving What an `advance` serves, for its kind ("roll", "card draw"; default: the deadline). */
  async send(tx: Promise<ContractTransactionResponse>, serving?: string): Promise<void> {
    const sent = await tx;
    const receipt = await sent.wait();
    this.gas += receipt!.gasUsed;
    this.txs++;
    const method = this.game.interface.parseTransaction({ data: sent.data })?.name ?? "?";
    this.transactions.push({
      hash: receipt!.hash,
      kind: method === "advance" ? `advance ${serving ?? "deadline"}` : method,
    });
    const list = this.gasByMethod.get(method) ?? [];
    list.push(Number(receipt!.gasUsed));
    this.gasByMethod.set(method, list);
    if (this.onStep) await this.onStep(receipt!);
  }

  read(): Promise<GameSnapshot> {
    return readGame(this.game, this.gameId);
  }

  /** Waits for the outstanding random value (mining on local networks) and has it served. */
  async serve(): Promise<void> {
    const info = await this.game.gameInfo(this.gameId);
    if (Number(info.pending) === Pending.None) return;
    await waitForRandomness(this.source, info.requestId, this.node);
    await this.send(this.game.advance(this.gameId), PENDING_NAMES[Number(info.pending)]);
  }
}
