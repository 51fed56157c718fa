// Waiting for blocks and random values on any node. A local node (Hardhat's, anvil) mines on request, through
// whichever method it supports: `hardhat_mine`, `anvil_mine` or `evm_mine` (detected on first use, remembered per
// provider). Any other node (a public network) is polled, reporting "waiting for block N (now M)", until a timeout.

import type { IRandomness } from "../typechain-types";

/** What the helpers here need from a provider: an ethers Provider (JsonRpc, Browser, Hardhat's) has both. */
export interface RpcNode {
  send(method: string, params: unknown[]): Promise<unknown>;
  getBlockNumber(): Promise<number>;
}

export type MineMethod = "hardhat_mine" | "anvil_mine" | "evm_mine";
const MINE_METHODS: readonly MineMethod[] = ["hardhat_mine", "anvil_mine", "evm_mine"];

/** Per provider: the mining method that worked, or null once none did. */
const detected = new WeakMap<object, MineMethod | null>();

/** Whether an RPC error says the method does not exist (as opposed to a failure of an existing method). */
export function isMethodMissing(error: unknown): boolean {
  const e = error as { code?: unknown; error?: { code?: unknown; message?: unknown }; message?: unknown } | null;
  const codes = [e?.code, e?.error?.code];
  if (codes.includes(-32601) || codes.includes(-32004)) return true;
  const text = `${String(e?.message ?? "")} ${String(e?.error?.message ?? "")}`.toLowerCase();
  return /method .*(not (found|supported|available|exist)|does not exist|unsupported)|unknown method|not supported|unsupported method|is not available/.test(
    text,
  );
}

/** Sends one mining request; `blocks` > 1 with `evm_mine` means that many calls. */
async function mineWith(node: RpcNode, method: MineMethod, blocks: number): Promise<void> {
  if (method === "evm_mine") {
    for (let i = 0; i < blocks; i++) await node.send("evm_mine", []);
  } else {
    await node.send(method, ["0x" + blocks.toString(16)]);
  }
}

/**
 * Mines `blocks` blocks if the node mines on request. Returns the method used, or null when the node supports none
 * (a public network: blocks come at their own pace).
 */
export async function mine(node: RpcNode, blocks = 1): Promise<MineMethod | null> {
  if (blocks <= 0) return detected.get(node) ?? null;
  const known = detected.get(node);
  if (known !== undefined) {
    if (known !== null) await mineWith(node, known, blocks);
    return known;
  }
  for (const method of MINE_METHODS) {
    try {
      await mineWith(node, method, blocks);
      detected.set(node, method);
      return method;
    } catch (error) {
      if (!isMethodMissing(error)) throw error;
    }
  }
  detected.set(node, null);
  return null;
}

export interface WaitOptions {
  /** Mine when the node can (default true). */
  mine?: boolean;
  /** Pause between polls (default 2 s). */
  pollMs?: number;
  /** Give up after this long (default 10 minutes). */
  timeoutMs?: number;
  /** Receives "waiting for block N (now M)" whenever the chain moves while polling (tasks print it). */
  log?: (line: string) => void;
  /** How to pause (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /** The clock (tests pass a fake). */
  now?: () => number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Thrown when a wait times out; says what it waited for and where the chain stood. */
export class WaitTimeout extends Error {
  constructor(
    readonly target: string,
    readonly block: number,
    readonly seconds: number,
  ) {
    super(`gave up after ${seconds} s waiting for ${target} (the chain is at block ${block})`);
    this.name = "WaitTimeout";
  }
}

/** Waits until the chain's latest block is at least `target` (mining there if allowed); returns the block number. */
export async function waitForBlock(node: RpcNode, target: number, opts: WaitOptions = {}): Promise<number> {
  let block = await node.getBlockNumber();
  if (block >= target) return block;
  if (opts.mine !== false && (await mine(node, target - block)) !== null) {
    block = await node.getBlockNumber();
    if (block >= target) return block;
  }
  return poll(node, `block ${target}`, opts, async (b) => b >= target);
}

/** Polls new blocks until `done(block)`; logs "waiting for <what> (now M)" when the block changes. */
async function poll(
  node: RpcNode,
  what: string,
  opts: WaitOptions,
  done: (block: number) => Promise<boolean>,
): Promise<number> {
  const sleep = opts.sleep ?? wait;
  const clock = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 10 * 60_000;
  const started = clock();
  let reported = -1;
  for (;;) {
    const block = await node.getBlockNumber();
    if (await done(block)) return block;
    if (block !== reported) {
      opts.log?.(`waiting for ${what} (now ${block})`);
      reported = block;
    }
    if (clock() - started >= timeoutMs) throw new WaitTimeout(what, block, Math.round(timeoutMs / 1000));
    await sleep(opts.pollMs ?? 2_000);
  }
}

/** IRandomness.Status. */
export const RandomnessStatus = { Unknown: 0n, Pending: 1n, Ready: 2n, Stale: 3n } as const;
export const RANDOMNESS_STATUS_NAMES = ["unknown", "pending", "ready", "stale"] as const;

/**
 * Waits until randomness request `id` of `source` is Ready: mines one block at a time where the node allows (the
 * block-hash source needs its target block and one more), else polls new blocks. Throws if the request is unknown or
 * went stale (it must be requested again: each game has a re-request call).
 */
export async function waitForRandomness(
  source: Pick<IRandomness, "status">,
  id: bigint,
  node: RpcNode,
  opts: WaitOptions = {},
): Promise<void> {
  const check = async (): Promise<boolean> => {
    const status = await source.status(id);
    if (status === RandomnessStatus.Ready) return true;
    if (status === RandomnessStatus.Stale) throw new Error(`randomness request ${id} is stale: request it again`);
    if (status === RandomnessStatus.Unknown) throw new Error(`randomness request ${id} is unknown`);
    return false;
  };
  // A local node: mine a block at a time (a bounded number: the block-hash source is ready after two).
  for (let i = 0; opts.mine !== false && i < 64; i++) {
    if (await check()) return;
    if ((await mine(node, 1)) === null) break;
  }
  await poll(node, `randomness request ${id}`, opts, check);
}
