// Errors people can read. `decodeRevert` decodes revert data against every deployed contract's ABI; `formatRevert`
// renders it as `Name(arg=value)` with enum names and units; `revertSentence` says it in words that name the values;
// `describeError` takes anything a call may throw (an ethers error, a Hardhat error, a JSON-RPC error with anvil's
// raw revert data, a wallet's refusal, a dropped connection, a wrong network) and returns one readable message.
import { AbiCoder, dataSlice, type ErrorFragment } from "ethers";
import {
  ABIS,
  CONTRACT_NAMES,
  GAME_OF,
  abiEntry,
  interfaceOf,
  type AbiParam,
  type ContractName,
  type Game,
} from "./abi";
import { CATAMM_ERRORS } from "./catamm/errors";
import { COMMON_ERRORS } from "./common/errors";
import { HEX_ERRORS } from "./hex/errors";
import { SNATCH_ERRORS } from "./snatch/errors";
import type { ErrorContext, ErrorText, ErrorTexts } from "./texts";
import { formatValue } from "./values";

export type { ErrorContext } from "./texts";

/** The sentences of each game's errors; `common` serves every contract. */
export const ERROR_TEXTS: Record<Game, ErrorTexts> = {
  hex: HEX_ERRORS,
  snatch: SNATCH_ERRORS,
  catamm: CATAMM_ERRORS,
  common: COMMON_ERRORS,
};

/** A decoded revert. */
export interface DecodedRevert {
  /** The registered contract whose ABI decoded it (none for `Error(string)` and `Panic(uint256)`). */
  contract?: ContractName;
  name: string;
  /** Arguments by name, in order. */
  args: Record<string, unknown>;
  params: AbiParam[];
  selector: string;
  data: string;
}

const ERROR_STRING = "0x08c379a0";
const PANIC = "0x4e487b71";

/** Solidity's panic codes. */
const PANIC_REASONS: Record<number, string> = {
  0x01: "an assertion failed",
  0x11: "an arithmetic operation overflowed or underflowed",
  0x12: "division or modulo by zero",
  0x21: "a value out of an enum's range",
  0x22: "a corrupt storage byte array",
  0x31: "pop on an empty array",
  0x32: "an array index out of bounds",
  0x41: "too much memory allocated",
  0x51: "a call to an uninitialised function",
};

/**
 * Decodes revert data against every registered ABI (`prefer`, e.g. the contract that was called, first).
 * Returns undefined for empty data or a selector no ABI knows.
 */
export function decodeRevert(data: string, prefer?: ContractName): DecodedRevert | undefined {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data) || data.length < 10) return undefined;
  const selector = data.slice(0, 10).toLowerCase();
  const coder = AbiCoder.defaultAbiCoder();
  try {
    if (selector === ERROR_STRING) {
      const [message] = coder.decode(["string"], dataSlice(data, 4));
      return { name: "Error", args: { message }, params: [{ name: "message", type: "string" }], selector, data };
    }
    if (selector === PANIC) {
      const [code] = coder.decode(["uint256"], dataSlice(data, 4));
      return { name: "Panic", args: { code }, params: [{ name: "code", type: "uint256" }], selector, data };
    }
  } catch {
    return undefined;
  }
  const order = prefer ? [prefer, ...CONTRACT_NAMES.filter((c) => c !== prefer)] : CONTRACT_NAMES;
  for (const contract of order) {
    const iface = interfaceOf(contract);
    let fragment: ErrorFragment | null;
    try {
      fragment = iface.getError(selector);
    } catch {
      continue;
    }
    if (!fragment) continue;
    let values;
    try {
      values = iface.decodeErrorResult(fragment, data);
    } catch {
      continue;
    }
    const entry = abiEntry(
      contract,
      "error",
      fragment.name,
      fragment.inputs.map((p) => p.type),
    );
    const params = (entry?.inputs ?? fragment.inputs.map((p) => ({ name: p.name, type: p.type }))) as AbiParam[];
    const args: Record<string, unknown> = {};
    params.forEach((p, i) => (args[p.name || `arg${i}`] = values[i]));
    return { contract, name: fragment.name, args, params, selector, data };
  }
  return undefined;
}

function gameOf(d: DecodedRevert): Game {
  return d.contract ? GAME_OF[d.contract] : "common";
}

/** The arguments as people read them (`separators`: numbers with thousands separators, for sentences). */
export function shownArgs(d: DecodedRevert, separators: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  d.params.forEach((p, i) => {
    const key = p.name || `arg${i}`;
    out[key] = formatValue(p, d.args[key], { game: gameOf(d), owner: d.name, siblings: d.args, separators });
  });
  return out;
}

/** `Name(arg=value, ...)` with enum names and units: `PositionClosed(gameId=1, positionId=7, deadline=1204)`. */
export function formatRevert(d: DecodedRevert): string {
  const shown = shownArgs(d, false);
  return `${d.name}(${Object.entries(shown)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ")})`;
}

/** The sentence for an error of a registered contract (undefined if there is none: a test forbids that). */
export function errorText(contract: ContractName, name: string): ErrorText | undefined {
  return ERROR_TEXTS[GAME_OF[contract]][name] ?? ERROR_TEXTS.common[name];
}

/** A decoded revert in words that name its values. */
export function revertSentence(d: DecodedRevert, ctx: ErrorContext = {}): string {
  if (d.name === "Error") return `the contract refused: ${JSON.stringify(d.args.message)}`;
  if (d.name === "Panic") {
    const code = Number(d.args.code);
    return `the contract stopped on ${PANIC_REASONS[code] ?? "a panic"} (panic 0x${code.toString(16)})`;
  }
  const text = d.contract ? errorText(d.contract, d.name) : undefined;
  return text ? text(shownArgs(d, true), ctx, d.args) : formatRevert(d);
}

// ------------------------------------------------------------------------------------------- any thrown error

export type ErrorKind = "revert" | "rejected" | "network" | "wrong-network" | "funds" | "other";

export interface DescribedError {
  kind: ErrorKind;
  /** One line for people. */
  message: string;
  /** `Name(arg=value)` for a decoded revert. */
  detail?: string;
  revert?: DecodedRevert;
}

export interface DescribeContext extends ErrorContext {
  /** The contract that was called: its ABI is tried first. */
  contract?: ContractName;
  /** The chain the app's contracts are on, and the one the wallet or node is on. */
  expectedChainId?: bigint | number;
  chainId?: bigint | number;
  /** The node's address, for connection errors. */
  url?: string;
}

type Bag = Record<string, unknown>;

/** Objects an error may wrap (ethers: error, info.error; Hardhat: parent; fetch: cause). Never the transaction. */
const NESTED = ["error", "info", "cause", "parent", "originalError", "data", "body"] as const;

function* layers(e: unknown, depth = 0): Generator<Bag> {
  if (depth > 6 || e === null || typeof e !== "object") return;
  yield e as Bag;
  for (const key of NESTED) {
    const inner = (e as Bag)[key];
    if (typeof inner === "string" && key === "body") {
      try {
        yield* layers(JSON.parse(inner), depth + 1);
      } catch {
        // not JSON
      }
    } else if (inner && typeof inner === "object") yield* layers(inner, depth + 1);
  }
}

const HEX = /^0x([0-9a-fA-F]{2})*$/;

/** The revert data inside an error thrown by ethers, Hardhat or a JSON-RPC node ("0x" for a revert without data). */
export function revertDataOf(e: unknown): string | undefined {
  let empty: string | undefined;
  for (const layer of layers(e)) {
    const data = layer.data;
    if (typeof data === "string" && HEX.test(data)) {
      if (data.length >= 10) return data;
      empty = data;
    }
  }
  if (empty !== undefined) return empty;
  // Some nodes only put the data in the message: "... (data: 0x...)".
  const m = /\bdata[:=]\s*"?(0x[0-9a-fA-F]{8,})/.exec(messageOf(e));
  return m ? m[1] : undefined;
}

function messageOf(e: unknown): string {
  const parts: string[] = [];
  for (const layer of layers(e)) {
    for (const key of ["shortMessage", "message", "reason"]) {
      if (typeof layer[key] === "string") parts.push(layer[key] as string);
    }
  }
  if (parts.length === 0 && typeof e === "string") parts.push(e);
  return parts.join(" | ");
}

function codes(e: unknown): unknown[] {
  return [...layers(e)].map((l) => l.code);
}

const NETWORK_TEXT =
  /ECONNREFUSED|ECONNRESET|other side closed|UND_ERR_SOCKET|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|socket hang up|fetch failed|failed to fetch|network ?error|cannot connect to the network|HH108|connection (refused|closed|reset)|could not detect network|missing response|request timeout|timeout exceeded|websocket/i;

/** The first line of a message, without ethers' appended JSON details. */
function firstLine(text: string): string {
  return text.split("\n")[0].replace(/ \(action=.*$/, "");
}

/** One readable message for anything a call may throw. */
export function describeError(e: unknown, ctx: DescribeContext = {}): DescribedError {
  if (
    ctx.expectedChainId !== undefined &&
    ctx.chainId !== undefined &&
    BigInt(ctx.expectedChainId) !== BigInt(ctx.chainId)
  ) {
    return {
      kind: "wrong-network",
      message:
        `wrong network: connected to chain ${ctx.chainId}, but the games are deployed on chain ` +
        `${ctx.expectedChainId}: switch networks`,
    };
  }
  const all = codes(e);
  const text = messageOf(e);
  if (all.includes(4001) || all.includes("ACTION_REJECTED") || /user (rejected|denied)/i.test(text)) {
    return { kind: "rejected", message: "you rejected the request in your wallet: nothing was sent" };
  }
  if (/network changed/i.test(text)) {
    return {
      kind: "wrong-network",
      message: "the wallet switched networks during the request: check the network and retry",
    };
  }
  const data = revertDataOf(e);
  // Out of gas (Hardhat: "ran out of gas", "contract call run out of gas"): no revert data, and not a refusal.
  if ((data === undefined || data.length < 10) && /\b(ran|run) out of gas\b|out of gas/i.test(text)) {
    return {
      kind: "other",
      message:
        "the transaction ran out of gas: the state changed between its gas estimate and its block (e.g. another " +
        "player's move closed the round first); nothing changed, retry",
    };
  }
  if (data !== undefined) {
    const revert = decodeRevert(data, ctx.contract);
    if (revert) {
      return { kind: "revert", message: revertSentence(revert, ctx), detail: formatRevert(revert), revert };
    }
    if (data.length >= 10) {
      return {
        kind: "revert",
        message: `the call reverted with an error no deployed contract declares (selector ${data.slice(0, 10)})`,
        detail: data,
      };
    }
    if (/revert/i.test(text) || all.includes("CALL_EXCEPTION")) {
      return {
        kind: "revert",
        message: "the call reverted without a reason (is the contract deployed at that address on this network?)",
      };
    }
  }
  if (all.includes("INSUFFICIENT_FUNDS") || /insufficient funds/i.test(text)) {
    return { kind: "funds", message: "the sending account has not enough ETH for this transaction's value and gas" };
  }
  if (all.includes("NETWORK_ERROR") || all.includes("TIMEOUT") || NETWORK_TEXT.test(text)) {
    const where = ctx.url ? ` at ${ctx.url}` : "";
    return {
      kind: "network",
      message: `lost the connection to the node${where} (${firstLine(text) || "no answer"}): check that it runs, then retry`,
    };
  }
  // A node's own JSON-RPC error (a numeric code and its message) says more than the wrappers around it.
  const node = [...layers(e)].find((l) => typeof l.code === "number" && typeof l.message === "string");
  if (node) return { kind: "other", message: `the node refused the request: ${firstLine(String(node.message))}` };
  return { kind: "other", message: firstLine(text) || String(e) };
}

/** The registry, for tests and tools that list every error. */
export function everyError(): { contract: ContractName; name: string; inputs: readonly AbiParam[] }[] {
  const out: { contract: ContractName; name: string; inputs: readonly AbiParam[] }[] = [];
  for (const contract of CONTRACT_NAMES) {
    for (const entry of ABIS[contract] as readonly { type: string; name?: string; inputs?: readonly AbiParam[] }[]) {
      if (entry.type === "error" && entry.name) out.push({ contract, name: entry.name, inputs: entry.inputs ?? [] });
    }
  }
  return out;
}
