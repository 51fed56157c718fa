// The randomness keeper inside a local Hardhat node (`npm run node`, `npm run web -- --node hardhat`, the browser
// tests with E2E_NODE=hardhat: every `hardhat node` this project starts). Hardhat's node has no EIP-2935 block-hash history, so a ready
// block-hash value can be read for 256 blocks only; a player who left a ready roll unused while blocks were mined
// (one `hardhat_mine` of 300 blocks is enough) could otherwise have it go stale and re-request new dice. The node's
// JSON-RPC server is given a provider that pins (`fulfil`) every ready request a game still waits on before it can
// be lost:
// - a pass at least every PASS_EVERY blocks of ordinary mining (each transaction is a block);
// - a `hardhat_mine` of many blocks is mined in chunks of at most PASS_EVERY blocks, with a pass between chunks, for
//   as long as a request it could lose is younger than the horizon; its block count stays what was asked (the pins'
//   own blocks are part of it).
// Passes run in the node's process and look only at the last few hundred blocks: they cost a few milliseconds, and
// nothing at all on a node whose source is not the block-hash one (the browser tests' seeded source).
//
// It also keeps the node's chain of block hashes whole. Hardhat's `hardhat_mine` of more than a few blocks only
// reserves most of them, and a reserved block's `parentHash` is zero (measured: from the third block of an 8-block
// mine on): an indexer following the chain (Ponder) takes that for a reorganisation it cannot resolve and stops
// indexing, retrying for ever. So the node mines `hardhat_mine` as real blocks, one `evm_mine` each, with
// timestamps later than their parents' (`interval` apart when one is given): about 35 ms per 1,000 blocks.
import type { EIP1193Provider, HardhatRuntimeEnvironment, RequestArguments } from "hardhat/types";
import { getAddress, id as hashText, toQuantity } from "ethers";
import type { BlockhashRandomness } from "../../typechain-types";
import { BLOCKHASH_HORIZON, pinAwaitedRequests } from "./keeper";

/** Where the node's keeper sends its pins from: an impersonated address that is none of the test accounts. */
export const NODE_KEEPER = getAddress("0x" + hashText("games.node-keeper").slice(-40));

/** Blocks between passes, and the age from which a request is pinned: twice this stays under the 256-block horizon. */
export const PASS_EVERY = 64;

/** `RandomnessRequested(uint256 indexed id, address indexed requester)`, the sources' event (not the games'). */
const REQUESTED = hashText("RandomnessRequested(uint256,address)");

/** Methods after which blocks may have been mined. */
const MINING = new Set(["eth_sendTransaction", "eth_sendRawTransaction", "evm_mine"]);

class NodeKeeper {
  private lastPass = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** Emitters of RandomnessRequested: whether each is a block-hash source (has `fulfil`). */
  private readonly sources = new Map<string, boolean>();
  private signerReady?: Promise<void>;

  constructor(private readonly hre: HardhatRuntimeEnvironment) {}

  async request(inner: EIP1193Provider, args: RequestArguments): Promise<unknown> {
    if (args.method === "hardhat_mine") return this.serial(() => this.mine(inner, args.params as string[] | undefined));
    const result = await inner.request(args);
    if (MINING.has(args.method)) await this.serial(() => this.passIfDue());
    return result;
  }

  /** One thing at a time: passes and chunked mines never interleave. */
  private serial<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async head(): Promise<number> {
    return this.hre.ethers.provider.getBlockNumber();
  }

  /** `hardhat_mine` in chunks while a request it could lose is young, then the rest at once. */
  private async mine(inner: EIP1193Provider, params: string[] = []): Promise<boolean> {
    const [count, interval] = params;
    let remaining = count === undefined ? 1n : BigInt(count);
    const latest = await this.latestRequestBlock();
    while (remaining > 0n) {
      const head = await this.head();
      // Once a pass has seen the latest request old enough to pin, no request can be lost by mining further.
      if (head > latest + 2 * PASS_EVERY || remaining <= 1n) {
        await mineLinked(inner, remaining, interval);
        break;
      }
      const step = remaining < BigInt(PASS_EVERY) ? remaining : BigInt(PASS_EVERY);
      await mineLinked(inner, step, interval);
      remaining -= step;
      const pinned = BigInt(await this.pass());
      remaining -= pinned < remaining ? pinned : remaining;
    }
    await this.passIfDue();
    return true;
  }

  private async passIfDue(): Promise<void> {
    if ((await this.head()) - this.lastPass >= PASS_EVERY) await this.pass();
  }

  /** The newest block holding a block-hash source's request among the last blocks that still matter. */
  private async latestRequestBlock(): Promise<number> {
    const logs = await this.requestLogs();
    let latest = -Infinity;
    for (const log of logs) if (await this.isBlockhashSource(log.address)) latest = Math.max(latest, log.blockNumber);
    return latest;
  }

  private async requestLogs() {
    const head = await this.head();
    return this.hre.ethers.provider.getLogs({
      fromBlock: Math.max(0, head - BLOCKHASH_HORIZON - 2 * PASS_EVERY),
      toBlock: head,
      topics: [REQUESTED],
    });
  }

  private async isBlockhashSource(address: string): Promise<boolean> {
    const known = this.sources.get(address);
    if (known !== undefined) return known;
    const { ethers } = this.hre;
    const source = await ethers.getContractAt("BlockhashRandomness", address);
    const code = await ethers.provider.getCode(address);
    const selectors = [
      source.interface.getFunction("fulfil").selector,
      source.interface.getFunction("targetBlock").selector,
    ];
    const is = selectors.every((s) => code.includes(s.slice(2)));
    this.sources.set(address, is);
    return is;
  }

  /** Pins every awaited request at least PASS_EVERY blocks old; returns how many blocks its pins mined. */
  private async pass(): Promise<number> {
    const { ethers } = this.hre;
    const before = await this.head();
    this.lastPass = before;
    const addresses = new Set((await this.requestLogs()).map((l) => l.address));
    for (const address of addresses) {
      if (!(await this.isBlockhashSource(address))) continue;
      this.signerReady ??= this.fundKeeper();
      await this.signerReady;
      const source = (await ethers.getContractAt("BlockhashRandomness", address)) as unknown as BlockhashRandomness;
      const run = await pinAwaitedRequests(this.hre, source, {
        minAge: PASS_EVERY,
        fromBlock: Math.max(0, before - BLOCKHASH_HORIZON - 2 * PASS_EVERY),
        signer: await ethers.getImpersonatedSigner(NODE_KEEPER),
      }).catch((e: unknown) => {
        console.warn(`keeper: a pass over ${address} failed: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      });
      if (run && run.pinned.length > 0) console.log(`keeper: pinned randomness request(s) ${run.pinned.join(", ")}`);
    }
    const after = await this.head();
    this.lastPass = after;
    return after - before;
  }

  private async fundKeeper(): Promise<void> {
    await this.hre.network.provider.request({
      method: "hardhat_setBalance",
      params: [NODE_KEEPER, toQuantity(10n ** 21n)],
    });
  }
}

/**
 * What `hardhat_mine(count, interval)` asks, as `count` real blocks whose parent hashes link (see the notes). Without
 * an interval each block takes the node's own time (later than its parent's, like `hardhat_mine`'s default
 * spacing): safe beside interval mining, which picks its blocks' times the same way. With one, the blocks are spaced
 * by it, as asked.
 */
async function mineLinked(inner: EIP1193Provider, count: bigint, interval?: string): Promise<void> {
  if (count <= 0n) return;
  if (interval === undefined) {
    for (let i = 0n; i < count; i++) await inner.request({ method: "evm_mine", params: [] });
    return;
  }
  // The first block as `hardhat_mine` mines it (the pending transactions, the clock's time); then `interval` apart.
  await inner.request({ method: "evm_mine", params: [] });
  const latest = (await inner.request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
    timestamp: string;
  };
  let time = BigInt(latest.timestamp);
  for (let i = 1n; i < count; i++) {
    time += BigInt(interval);
    await inner.request({ method: "evm_mine", params: [toQuantity(time)] });
  }
}

/**
 * The provider a local node's JSON-RPC server should use: `inner`, with the randomness keeper run on the blocks it
 * mines (see the file's notes). Everything else (subscriptions, other methods) goes to `inner` unchanged.
 */
export function keepingProvider(hre: HardhatRuntimeEnvironment, inner: EIP1193Provider): EIP1193Provider {
  const keeper = new NodeKeeper(hre);
  return new Proxy(inner, {
    get(target, key) {
      if (key === "request") return (args: RequestArguments) => keeper.request(target, args);
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
