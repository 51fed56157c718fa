// The class stack's faucet (POST /faucet on the gateway, local development chains only): tops a burner account up to
// a play balance from one of the node's development accounts, at once, so a phone can play without a wallet.
// Capped per address (what one address may ever receive), per device (how many addresses one non-host client may
// fund) and in total; every refusal is a sentence. State is in memory: a restarted stack starts its caps afresh (its
// node restarts too).
import { getAddress, isAddress } from "ethers";
import { eth, short } from "../../client/format";
import { rpc } from "./stack";

export interface FaucetOptions {
  /** The node (the gateway's upstream). */
  nodeUrl: string;
  /** The paying development account (default: the node's last `eth_accounts`, which the tasks and tests rarely use). */
  from?: string;
  /** The balance an address is topped up to, in wei. */
  amount: bigint;
  /** The most one address may ever receive, in wei. */
  perAddress: bigint;
  /** The most the faucet gives out in all, in wei. */
  total: bigint;
  /** The most addresses one client (device) other than the host may fund. */
  perClient: number;
  /** How long to wait for the funding transaction's block, ms (interval mining: about one block time). */
  receiptTimeoutMs?: number;
}

/** Defaults: 1 ETH of play money per seat (a whole tournament costs a few thousandths), 2 ETH per address, 2,000 in
 *  all, 20 addresses per device. */
export const DEFAULT_FAUCET = {
  amount: 10n ** 18n,
  perAddress: 2n * 10n ** 18n,
  total: 2000n * 10n ** 18n,
  perClient: 20,
};

export type FaucetResult =
  | { ok: true; address: string; sent: bigint; balance: bigint; txHash: string | null }
  | { ok: false; status: number; message: string };

export class Faucet {
  private readonly given = new Map<string, bigint>();
  private readonly byClient = new Map<string, Set<string>>();
  private readonly busy = new Map<string, Promise<unknown>>();
  private givenTotal = 0n;

  private constructor(
    readonly options: FaucetOptions & { from: string },
    readonly chainId: number,
  ) {}

  /** A faucet paying from `options.from` (or the node's last development account). */
  static async create(options: FaucetOptions): Promise<Faucet> {
    const chainId = Number(await rpc<string>(options.nodeUrl, "eth_chainId"));
    let from = options.from;
    if (!from) {
      const accounts = await rpc<string[]>(options.nodeUrl, "eth_accounts");
      if (accounts.length === 0) throw new Error("the node has no development accounts: no faucet");
      from = accounts[accounts.length - 1];
    }
    return new Faucet({ ...options, from: getAddress(from) }, chainId);
  }

  /** What the faucet has given out so far, in wei. */
  get totalGiven(): bigint {
    return this.givenTotal;
  }

  /** Tops `address` up to the play balance; `client` is the caller's remote address (`host`: the machine itself). */
  async fund(address: unknown, client: string, host: boolean): Promise<FaucetResult> {
    if (typeof address !== "string" || !isAddress(address)) {
      return {
        ok: false,
        status: 400,
        message: `${JSON.stringify(address)} is not an account address (0x and 40 hex digits)`,
      };
    }
    const account = getAddress(address);
    const key = account.toLowerCase();
    // One request per address at a time: two at once would both see the old balance.
    const previous = this.busy.get(key) ?? Promise.resolve();
    const run = previous.then(() => this.fundOne(account, client, host));
    this.busy.set(
      key,
      run.catch(() => undefined),
    );
    try {
      return await run;
    } finally {
      if (this.busy.get(key) === run || this.busy.size > 1000) this.busy.delete(key);
    }
  }

  private async fundOne(account: string, client: string, host: boolean): Promise<FaucetResult> {
    const o = this.options;
    const key = account.toLowerCase();
    const seen = this.byClient.get(client) ?? new Set<string>();
    if (!host && !seen.has(key) && seen.size >= o.perClient) {
      return {
        ok: false,
        status: 429,
        message: `this device has funded ${o.perClient} addresses already (the faucet's limit per device): play on one of them`,
      };
    }
    const balance = BigInt(await rpc<string>(o.nodeUrl, "eth_getBalance", [account, "latest"]));
    if (balance >= o.amount) return { ok: true, address: account, sent: 0n, balance, txHash: null };
    const given = this.given.get(key) ?? 0n;
    const left = o.perAddress - given;
    if (left <= 0n) {
      return {
        ok: false,
        status: 403,
        message: `${short(account)} has had its ${eth(o.perAddress)} of play ETH from this faucet already: ask your teacher`,
      };
    }
    const want = o.amount - balance;
    const send = want < left ? want : left;
    if (this.givenTotal + send > o.total) {
      return {
        ok: false,
        status: 403,
        message:
          `the faucet has given out its ${eth(o.total)} of play ETH: restart the class stack, or fund seats ` +
          "from the class sheet",
      };
    }
    // Reserve before sending (another address's request may run meanwhile).
    this.given.set(key, given + send);
    this.givenTotal += send;
    seen.add(key);
    this.byClient.set(client, seen);
    let txHash: string;
    try {
      txHash = await rpc<string>(o.nodeUrl, "eth_sendTransaction", [
        { from: o.from, to: account, value: "0x" + send.toString(16) },
      ]);
    } catch (err) {
      // Nothing was sent: the reservation is undone.
      this.given.set(key, given);
      this.givenTotal -= send;
      return {
        ok: false,
        status: 502,
        message: `the node refused the faucet's transfer: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
    try {
      await this.waitForReceipt(txHash);
    } catch (err) {
      return { ok: false, status: 504, message: err instanceof Error ? err.message : String(err) };
    }
    return { ok: true, address: account, sent: send, balance: balance + send, txHash };
  }

  private async waitForReceipt(txHash: string): Promise<void> {
    const deadline = Date.now() + (this.options.receiptTimeoutMs ?? 30_000);
    for (;;) {
      const receipt = await rpc<{ status: string } | null>(this.options.nodeUrl, "eth_getTransactionReceipt", [txHash]);
      if (receipt) {
        if (receipt.status !== "0x1") throw new Error(`transaction ${txHash} failed`);
        return;
      }
      if (Date.now() > deadline) throw new Error(`transaction ${txHash} was not mined in time`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
