// The signer of a burner seat: an ethers Wallet on the page's JSON-RPC provider that checks, before the node or the
// wallet would fail with "insufficient funds", that the seat can pay: when it cannot, the class stack's faucet funds
// it (local chains), else the send stops with a sentence ("ask your teacher to fund seat 12 (0x…)"). Every
// transaction it sends is counted, so the page can tell its own transactions from another device's (burner.ts).
// No DOM types: the unit tests run it against Hardhat's network.
import {
  BaseWallet,
  SigningKey,
  Transaction,
  type FeeData,
  type Provider,
  type TransactionRequest,
  type TransactionResponse,
} from "ethers";
import { unfundedSentence, type BurnerSeat } from "./burner";

export interface SeatWalletOptions {
  /** Who the seat is, for the sentences. */
  seat: Pick<BurnerSeat, "seat" | "name" | "address">;
  /** Tops the seat up (the class stack's /faucet); throws the faucet's sentence when it refuses. Absent: no faucet. */
  faucet?: (address: string) => Promise<unknown>;
  /** Called once the node accepted a transaction of this seat. */
  onSent?: (tx: TransactionResponse) => void;
  /**
   * Where the seat's own requests go (its estimates, nonce, fees, balance and sends), when not the provider it reads
   * the contracts with: a provider of its own keeps a move's requests out of the batch of the page's reads of a new
   * block, which would hold them until its slowest call answered.
   */
  sendVia?: Provider;
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

  /** The provider of the seat's own requests (see {@link SeatWalletOptions.sendVia}). */
  private get own(): Provider {
    return this.options.sendVia ?? this.provider!;
  }

  /** Makes sure the seat holds `needed` wei (any ETH at all when 0n), funding it from the faucet if there is one. */
  async ensureFunds(needed: bigint): Promise<void> {
    const provider = this.own;
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

  /** What the send after an estimate needs of the account, asked while the node estimates (see estimateGas). */
  private ready: { at: number; account: Promise<AccountNow> } | null = null;

  private readAccount(): Promise<AccountNow> {
    const provider = this.own;
    return Promise.all([
      provider.getTransactionCount(this.address, "pending"),
      provider.getFeeData(),
      provider.getBalance(this.address),
    ]).then(([nonce, fees, balance]) => ({ nonce, fees, balance }));
  }

  // An estimate is the first request a send makes (client/snatch/gas.ts). The nonce, the fees and the balance the
  // send needs are asked at the same time: a phone's move is two round trips to the node (these four requests at
  // once, then the transaction) instead of six one after the other. A seat with nothing at all whose estimate fails
  // is funded, or stopped with its sentence, then estimated again: the node's refusal never stands for "no funds".
  override async estimateGas(tx: TransactionRequest): Promise<bigint> {
    const account = this.readAccount();
    account.catch(() => undefined); // read again by the send if this failed
    this.ready = { at: Date.now(), account };
    const estimate = async () => this.own.estimateGas(await this.populateCall(tx));
    try {
      return await estimate();
    } catch (err) {
      const balance = await account.then((a) => a.balance).catch(() => 0n);
      if (balance > 0n) throw err;
      this.ready = null;
      await this.ensureFunds(0n);
      return estimate();
    }
  }

  override async sendTransaction(tx: TransactionRequest): Promise<TransactionResponse> {
    const gasLimit = tx.gasLimit ?? (await this.estimateGas(tx));
    // The account as read beside this send's estimate (a few seconds old at most), else now.
    const ready = this.ready && Date.now() - this.ready.at < READY_MS ? this.ready.account : this.readAccount();
    this.ready = null;
    const { nonce, fees, balance } = await ready;
    const eip1559 = tx.gasPrice == null && fees.maxFeePerGas != null && fees.maxPriorityFeePerGas != null;
    const populated = await this.populateTransaction({
      ...tx,
      gasLimit,
      nonce: tx.nonce ?? nonce,
      ...(eip1559
        ? {
            type: 2,
            maxFeePerGas: tx.maxFeePerGas ?? fees.maxFeePerGas,
            maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? fees.maxPriorityFeePerGas,
          }
        : { type: 0, gasPrice: tx.gasPrice ?? fees.gasPrice }),
    });
    const price = BigInt(populated.maxFeePerGas ?? populated.gasPrice ?? 0n);
    const needed = BigInt(populated.gasLimit ?? 0n) * price + BigInt(populated.value ?? 0n);
    if (balance < needed || needed === 0n) await this.ensureFunds(needed);
    // (As BaseWallet's sendTransaction, sent through the seat's own provider.)
    delete populated.from;
    const sent = await this.own.broadcastTransaction(await this.signTransaction(Transaction.from(populated)));
    this.options.onSent?.(sent);
    return sent;
  }
}

/** How long the account read beside an estimate serves the send that follows it. */
const READY_MS = 5_000;

/** What a send needs of the account. */
interface AccountNow {
  nonce: number;
  fees: FeeData;
  balance: bigint;
}
