// The signer of a burner seat: an ethers Wallet on the page's JSON-RPC provider that checks, before the node or the
// wallet would fail with "insufficient funds", that the seat can pay: when it cannot, the class stack's faucet funds
// it (local chains), else the send stops with a sentence ("ask your teacher to fund seat 12 (0x…)"). Every
// transaction it sends is counted, so the page can tell its own transactions from another device's (burner.ts).
// No DOM types: the unit tests run it against Hardhat's network.
import { BaseWallet, SigningKey, type Provider, type TransactionRequest, type TransactionResponse } from "ethers";
import { unfundedSentence, type BurnerSeat } from "./burner";

export interface SeatWalletOptions {
  /** Who the seat is, for the sentences. */
  seat: Pick<BurnerSeat, "seat" | "name" | "address">;
  /** Tops the seat up (the class stack's /faucet); throws the faucet's sentence when it refuses. Absent: no faucet. */
  faucet?: (address: string) => Promise<unknown>;
  /** Called once the node accepted a transaction of this seat. */
  onSent?: (tx: TransactionResponse) => void;
}

/** An error whose message is the sentence to show (the seat cannot pay, and nobody funded it). */
export class SeatUnfunded extends Error {
  override name = "SeatUnfunded";
}

// (BaseWallet, not Wallet: no mnemonic or keystore code in the bundle.)
export class SeatWallet extends BaseWallet {
  constructor(
    key: string,
    provider: Provider,
    private readonly options: SeatWalletOptions,
  ) {
    super(new SigningKey(key), provider);
  }

  /** Makes sure the seat holds `needed` wei (any ETH at all when 0n), funding it from the faucet if there is one. */
  async ensureFunds(needed: bigint): Promise<void> {
    const provider = this.provider!;
    const enough = (b: bigint) => (needed === 0n ? b > 0n : b >= needed);
    const balance = await provider.getBalance(this.address);
    if (enough(balance)) return;
    let refusal: string | undefined;
    if (this.options.faucet) {
      try {
        await this.options.faucet(this.address);
        const after = await provider.getBalance(this.address);
        if (enough(after)) return;
        refusal = "the seat still holds too little after its top-up";
      } catch (err) {
        refusal = err instanceof Error ? err.message : String(err);
      }
    }
    throw new SeatUnfunded(unfundedSentence(this.options.seat, balance, needed, refusal));
  }

  // An estimate is the first request a send makes (web/src/snatch/gas.ts): a seat with nothing at all is funded, or
  // stopped with its sentence, before the node answers for it.
  override async estimateGas(tx: TransactionRequest): Promise<bigint> {
    await this.ensureFunds(0n);
    return super.estimateGas(tx);
  }

  override async sendTransaction(tx: TransactionRequest): Promise<TransactionResponse> {
    const populated = await this.populateTransaction(tx);
    const price = BigInt(populated.maxFeePerGas ?? populated.gasPrice ?? 0n);
    const needed = BigInt(populated.gasLimit ?? 0n) * price + BigInt(populated.value ?? 0n);
    await this.ensureFunds(needed);
    const sent = await super.sendTransaction(populated);
    this.options.onSent?.(sent);
    return sent;
  }
}
