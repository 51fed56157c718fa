// What every game task shares: one sender flag (`--from <account index>`, or an address among the network's
// accounts), errors that read as sentences (a revert decoded against every deployed contract's ABI, a dropped
// connection, a missing account) with no stack trace, and transactions printed with their decoded events.
// Loaded before the first compile: the client's decoders (which import TypeChain's factories) load lazily.
import { task, types } from "hardhat/config";
import { HardhatPluginError } from "hardhat/plugins";
import type { ActionType, ConfigurableTaskDefinition, HardhatRuntimeEnvironment, TaskArguments } from "hardhat/types";
import type { ContractTransactionReceipt, ContractTransactionResponse, Signer } from "ethers";
import type { ContractName } from "../../client/abi";
import type { DecodedEvent } from "../../client/events";
import type { ErrorContext } from "../../client/texts";
import { selectDeployments } from "./networks";
import { readableErrorOf } from "./readable";

/** Arguments every game task takes. */
export interface FromArg {
  from: string;
}

/** Turns anything a task threw into one readable error (kept as is with --show-stack-traces). */
export async function readableError(
  error: unknown,
  hre: HardhatRuntimeEnvironment,
  ctx: ErrorContext & { contract?: ContractName } = {},
): Promise<unknown> {
  if (hre.hardhatArguments.showStackTraces || HardhatPluginError.isHardhatPluginError(error)) return error;
  let message: string;
  try {
    const { describeError } = await import("../../client/errors");
    const block = await hre.ethers.provider.getBlockNumber().catch(() => undefined);
    const url = "url" in hre.network.config ? hre.network.config.url : undefined;
    const d = describeError(error, { block, url, ...ctx });
    message = d.kind === "revert" ? `reverted: ${d.message}${d.detail ? `\n  ${d.detail}` : ""}` : d.message;
  } catch {
    message = error instanceof Error ? error.message : String(error);
  }
  return readableErrorOf(message);
}

/** Per network provider: how many tasks are running on it, and how to take the check off when the last ends. */
const installed = new WeakMap<object, { tasks: number; remove: () => void }>();

/**
 * Every transaction a task sends is first made as a static call (`eth_call` from the sender, against the pending
 * block): a call the contract refuses is never sent, and the refusal's revert data (the custom error) reaches the
 * task's readable error. Without it a transaction whose estimate failed was sent anyway with the block's gas limit
 * (Hardhat's automatic gas falls back to it on a node's "execution error"), mined failing, and told only
 * "transaction execution reverted". On while a task runs (nested tasks share it); the returned function ends it, so
 * that code sharing the provider after the task (tests on the in-process network, which expect a refused transaction
 * to be mined) sees the provider as it was.
 */
export function checkBeforeSending(hre: HardhatRuntimeEnvironment): () => void {
  const provider = hre.network.provider;
  const current = installed.get(provider);
  let done = false;
  const release = () => {
    if (done) return;
    done = true;
    const entry = installed.get(provider)!;
    if (--entry.tasks === 0) {
      entry.remove();
      installed.delete(provider);
    }
  };
  if (current) {
    current.tasks++;
    return release;
  }
  const { request, send } = provider;
  const call = request.bind(provider);
  const check = async (method: string, params: unknown) => {
    if (method !== "eth_sendTransaction" || !Array.isArray(params) || !params[0]) return;
    const tx = params[0] as Record<string, unknown>;
    const staticCall = Object.fromEntries(
      ["from", "to", "data", "value", "gas"].filter((k) => tx[k] !== undefined).map((k) => [k, tx[k]]),
    );
    await call({ method: "eth_call", params: [staticCall, "pending"] });
  };
  // hardhat-ethers' signers send through `send`, other clients through `request`.
  provider.request = async (args: { method: string; params?: unknown[] | object }) => {
    await check(args.method, args.params);
    return call(args);
  };
  provider.send = async (method: string, params?: unknown[]) => {
    await check(method, params);
    return send.call(provider, method, params);
  };
  installed.set(provider, {
    tasks: 1,
    remove: () => {
      provider.request = request;
      provider.send = send;
    },
  });
  return release;
}

/**
 * A game task: `--from` (account index or address, default 0), readable errors, every transaction checked by a static
 * call before it is sent ({@link checkBeforeSending}), and on `remote` the deployments of the chain it is connected
 * to. Use like Hardhat's `task`.
 */
export function gameTask(name: string, description: string): ConfigurableTaskDefinition {
  const t = task(name, description).addOptionalParam(
    "from",
    "index of the account sending transactions (or its address)",
    "0",
    types.string,
  );
  const setAction = t.setAction.bind(t);
  t.setAction = (action: ActionType<TaskArguments>) =>
    setAction(async (args, hre, runSuper) => {
      const release = checkBeforeSending(hre);
      try {
        await selectDeployments(hre);
        return await action(args, hre, runSuper);
      } catch (error) {
        throw await readableError(error, hre);
      } finally {
        release();
      }
    });
  return t;
}

/** The account `--from` names: an index into the network's accounts, or one of their addresses. */
export async function signerOf(hre: HardhatRuntimeEnvironment, from: string | number): Promise<Signer> {
  const signers = await hre.ethers.getSigners();
  const text = String(from).trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) {
    const found = signers.find((s) => s.address.toLowerCase() === text.toLowerCase());
    if (!found)
      throw new Error(`--from ${text}: not one of the ${signers.length} accounts of network "${hre.network.name}"`);
    return found;
  }
  const index = Number(text);
  if (!Number.isInteger(index) || index < 0 || index >= signers.length) {
    const more =
      hre.network.name === "remote" ? " (set MNEMONIC, or several comma-separated keys in PRIVATE_KEY, for more)" : "";
    throw new Error(
      `--from ${text}: network "${hre.network.name}" has ${signers.length} account(s), indices 0..${signers.length - 1}${more}`,
    );
  }
  return signers[index];
}

export interface SendOptions {
  /** Contracts whose ABIs decode the events first (the one called). */
  prefer?: ContractName[];
  /** Values that explain amounts (e.g. `{ token }` for a Forking Hex game's stake). */
  siblings?: Record<string, unknown>;
  /** Prints nothing (the task prints its own summary). */
  quiet?: boolean;
  /** Names the call on the printed line ("buildRoad(12): tx ..."). */
  label?: string;
}

/**
 * Sends a transaction, waits for it, and prints `tx <hash> (block N, gas G)` and the events it emitted as
 * `Name(arg=value, ...)`. A revert is rethrown as a readable error naming the contract's custom error.
 */
export async function send(
  hre: HardhatRuntimeEnvironment,
  pending: Promise<ContractTransactionResponse> | (() => Promise<ContractTransactionResponse>),
  opts: SendOptions = {},
): Promise<{ receipt: ContractTransactionReceipt; events: DecodedEvent[] }> {
  let receipt: ContractTransactionReceipt | null;
  try {
    const tx = await (typeof pending === "function" ? pending() : pending);
    receipt = await tx.wait();
  } catch (error) {
    throw await readableError(error, hre, { contract: opts.prefer?.[0] });
  }
  if (!receipt) throw new Error("the transaction was not mined");
  const { decodeEvents } = await import("../../client/events");
  const events = decodeEvents(receipt.logs, { prefer: opts.prefer, siblings: opts.siblings });
  if (!opts.quiet) {
    const label = opts.label ? `${opts.label}: ` : "";
    console.log(`${label}tx ${receipt.hash} (block ${receipt.blockNumber}, gas ${receipt.gasUsed})`);
    for (const e of events) console.log(`  ${e.text}`);
  }
  return { receipt, events };
}

/** The last event `name` of a sent transaction's events (throws if it is missing). */
export function eventOf(events: readonly DecodedEvent[], name: string): DecodedEvent {
  const found = [...events].reverse().find((e) => e.name === name);
  if (!found) throw new Error(`no ${name} event in the transaction`);
  return found;
}
