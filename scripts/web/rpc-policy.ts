// What the gateway's JSON-RPC proxy (/rpc) lets through, as pure functions (scripts/web/gateway.ts applies them).
// The host (a request from loopback: the machine that runs the node) reaches every method. Everyone else (the room's
// phones) gets the methods the app needs to read the chain and send transactions it signed itself; the node's
// unlocked accounts (eth_accounts, eth_sendTransaction, signing) and the node's controls (hardhat_*, anvil_*, evm_*:
// mining, snapshots, balances) are the host's alone. A refused call gets a JSON-RPC error with a sentence; the other
// calls of a batch, and every later request, are served as usual. A signed transaction (eth_sendRawTransaction) is
// checked for every account it speaks for: its sender, and for an EIP-7702 transaction (type 4) every authorization's
// signer, whose account it would hand to code of the sender's choosing. None may be a protected account (the node's
// accounts: deployer, faucet, teacher); types the app never sends are refused. On the class stack those accounts'
// keys are fresh and nobody else's (scripts/web/keys.ts): this policy is a second wall, not the only one.
import { getBytes, isHexString, Transaction, verifyAuthorization } from "ethers";

/** One JSON-RPC request object. */
export interface RpcRequest {
  jsonrpc?: string;
  id?: string | number | null;
  method?: unknown;
  params?: unknown;
}

/** A JSON-RPC error response. */
export interface RpcErrorResponse {
  jsonrpc: "2.0";
  id: string | number | null;
  error: { code: number; message: string; data?: unknown };
}

/** JSON-RPC error codes (JSON-RPC 2.0 and EIP-1474). */
export const RpcCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  /** EIP-1474: "Limit exceeded" (rate, size, range). */
  LimitExceeded: -32005,
  /** EIP-1193's "Unauthorized": the method exists, but not for this caller. */
  Unauthorized: 4100,
} as const;

/** Methods everyone may call: reading the chain, estimating, sending a transaction signed in the page. */
export const PUBLIC_METHODS: ReadonlySet<string> = new Set([
  "eth_chainId",
  "net_version",
  "net_listening",
  "web3_clientVersion",
  "eth_syncing",
  "eth_blockNumber",
  "eth_getBlockByNumber",
  "eth_getBlockByHash",
  "eth_getBlockTransactionCountByNumber",
  "eth_getBlockTransactionCountByHash",
  "eth_getBalance",
  "eth_getCode",
  "eth_getStorageAt",
  "eth_getTransactionCount",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_call",
  "eth_estimateGas",
  "eth_createAccessList",
  "eth_sendRawTransaction",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  "eth_blobBaseFee",
  "eth_getLogs",
  // ethers' event subscriptions (FilterIdEventSubscriber) poll filters.
  "eth_newFilter",
  "eth_newBlockFilter",
  "eth_getFilterChanges",
  "eth_getFilterLogs",
  "eth_uninstallFilter",
]);

/** Methods that use the node's unlocked accounts: the host's only (a phone signs in its page). */
export const ACCOUNT_METHODS: ReadonlySet<string> = new Set([
  "eth_accounts",
  "eth_requestAccounts",
  "eth_sendTransaction",
  "eth_sign",
  "eth_signTransaction",
  "eth_signTypedData",
  "eth_signTypedData_v3",
  "eth_signTypedData_v4",
  "personal_sign",
]);

/** Prefixes of the node's control methods (mining, snapshots, impersonation, balances): the host's only. */
export const CONTROL_PREFIXES = ["hardhat_", "anvil_", "evm_", "debug_", "txpool_", "personal_", "admin_", "miner_"];

/** Whether a remote address is this machine's loopback (127.0.0.0/8, ::1, or the IPv4-mapped forms). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  return a === "::1" || a.startsWith("127.") || a.startsWith("::ffff:127.");
}

export type Verdict = { ok: true } | { ok: false; code: number; message: string };

/** Whether `method` may be called by this caller, and the sentence if not. */
export function methodVerdict(method: unknown, host: boolean): Verdict {
  if (typeof method !== "string" || method === "") {
    return { ok: false, code: RpcCode.InvalidRequest, message: "a JSON-RPC request needs a method name" };
  }
  if (host) return { ok: true };
  if (PUBLIC_METHODS.has(method)) return { ok: true };
  if (ACCOUNT_METHODS.has(method)) {
    return {
      ok: false,
      code: RpcCode.Unauthorized,
      message: `${method} is only for the host: sign in the page (burner or wallet)`,
    };
  }
  if (CONTROL_PREFIXES.some((p) => method.startsWith(p))) {
    return {
      ok: false,
      code: RpcCode.Unauthorized,
      message: `${method} controls the node: only the host (the machine running the class stack) may call it`,
    };
  }
  return {
    ok: false,
    code: RpcCode.MethodNotFound,
    message: `${method} is not served to the room's devices (the gateway forwards the methods the app needs)`,
  };
}

/** A block tag or number as the node would read it: a number, "latest"-like (the head), or undefined (absent). */
function blockOf(tag: unknown, head: number): number | undefined {
  if (tag === undefined || tag === null) return undefined;
  if (typeof tag === "number") return tag;
  if (typeof tag !== "string") return Number.NaN;
  if (tag === "earliest") return 0;
  if (tag === "latest" || tag === "pending" || tag === "safe" || tag === "finalized") return head;
  return /^0x[0-9a-f]+$/i.test(tag) ? Number(BigInt(tag)) : Number.NaN;
}

/**
 * The block range a log query (eth_getLogs, eth_newFilter) covers, for `head` the current block: [from, to], or null
 * when it names one block by hash. Absent bounds default to the head, as nodes read them.
 */
export function logRange(filter: unknown, head: number): { from: number; to: number } | null | "invalid" {
  if (typeof filter !== "object" || filter === null) return "invalid";
  const f = filter as { fromBlock?: unknown; toBlock?: unknown; blockHash?: unknown };
  if (f.blockHash !== undefined) return null;
  const from = blockOf(f.fromBlock, head) ?? head;
  const to = blockOf(f.toBlock, head) ?? head;
  if (Number.isNaN(from) || Number.isNaN(to)) return "invalid";
  return { from, to };
}

/** The methods whose block range is limited ({@link logRangeVerdict}): the others need no head to be judged. */
export const LOG_RANGE_METHODS: ReadonlySet<string> = new Set(["eth_getLogs", "eth_newFilter"]);

/** Whether the log query of `method` with `params` stays within `maxRange` blocks (inclusive count). */
export function logRangeVerdict(method: string, params: unknown, head: number, maxRange: number): Verdict {
  if (!LOG_RANGE_METHODS.has(method)) return { ok: true };
  const filter = Array.isArray(params) ? params[0] : undefined;
  const range = logRange(filter, head);
  if (range === "invalid") {
    return { ok: false, code: RpcCode.InvalidParams, message: `${method} needs a filter with block numbers or tags` };
  }
  if (range === null || range.to < range.from) return { ok: true };
  const blocks = range.to - range.from + 1;
  if (blocks <= maxRange) return { ok: true };
  return {
    ok: false,
    code: RpcCode.LimitExceeded,
    // "range" in the sentence: client/logs.ts then halves its pages and asks again.
    message:
      `${method} is limited to a range of ${maxRange.toLocaleString("en-US")} blocks; blocks ` +
      `${range.from.toLocaleString("en-US")} to ${range.to.toLocaleString("en-US")} are ` +
      `${blocks.toLocaleString("en-US")}: ask in pages`,
  };
}

/** A JSON-RPC error response for request `id`. */
export function rpcError(id: RpcRequest["id"], code: number, message: string): RpcErrorResponse {
  return { jsonrpc: "2.0", id: id ?? null, error: { code, message } };
}

/** Whether `body` (parsed JSON) is one request object (not a batch). */
export function isRequestObject(body: unknown): body is RpcRequest {
  return typeof body === "object" && body !== null && !Array.isArray(body);
}

/** Transaction types the app sends, by their envelope byte: legacy (0), EIP-2930 (1), EIP-1559 (2), EIP-7702 (4). */
const CHECKED_TYPES: ReadonlySet<number> = new Set([0, 1, 2, 4]);

/** Why a transaction type is not served, in a sentence (types outside CHECKED_TYPES). */
function typeRefusal(type: number): string {
  if (type === 3) {
    return "blob transactions (type 3) are not served to the room's devices: the app never sends them";
  }
  return (
    `transaction type ${type} is not one the gateway can check (it knows types 0, 1, 2 and 4): ` +
    "sign a type 2 transaction, as the app does"
  );
}

/** The envelope type of a raw transaction: its first byte below 0x7f (EIP-2718), else 0 (a legacy RLP list). */
function envelopeType(bytes: Uint8Array): number {
  return bytes[0]! < 0x7f ? bytes[0]! : 0;
}

/**
 * Whether a phone may send this signed transaction (eth_sendRawTransaction): none of the accounts it acts for may be
 * one of `protectedAccounts` (lower case: the node's accounts, which deploy and own the contracts, pay the faucet and
 * act as the teacher). Those accounts are its sender and, for an EIP-7702 transaction (type 4), every
 * authorization's signer: an authorization sets that account's code to a contract the sender picks, which then moves
 * its ETH and acts as it in every contract. Types the app never sends (3: blobs; unknown ones) are refused.
 */
export function rawTransactionVerdict(params: unknown, protectedAccounts: ReadonlySet<string>): Verdict {
  const raw = Array.isArray(params) ? params[0] : undefined;
  const unreadable = (why: string): Verdict => ({
    ok: false,
    code: RpcCode.InvalidParams,
    message: `eth_sendRawTransaction takes one signed transaction (hex): ${why}`,
  });
  if (typeof raw !== "string" || !isHexString(raw, true) || raw.length < 4) return unreadable("none was given");
  const type = envelopeType(getBytes(raw));
  if (!CHECKED_TYPES.has(type)) return { ok: false, code: RpcCode.InvalidParams, message: typeRefusal(type) };
  let tx: Transaction;
  try {
    tx = Transaction.from(raw);
  } catch (err) {
    return unreadable(`this one cannot be read (${err instanceof Error ? err.message.split(" (")[0] : String(err)})`);
  }
  const from = tx.from;
  if (!from) return unreadable("this one is not signed");
  const refuse = (message: string): Verdict => ({ ok: false, code: RpcCode.Unauthorized, message });
  if (protectedAccounts.has(from.toLowerCase())) {
    return refuse(
      `${from} is one of the node's own accounts (the deployer's, the faucet's or the teacher's): only the host ` +
        "sends from it; sign with your own account (burner or wallet)",
    );
  }
  for (const [i, auth] of (tx.authorizationList ?? []).entries()) {
    let signer: string;
    try {
      signer = verifyAuthorization(auth, auth.signature);
    } catch {
      return refuse(`authorization ${i + 1} of this EIP-7702 transaction has a signature that cannot be read`);
    }
    if (protectedAccounts.has(signer.toLowerCase())) {
      return refuse(
        `authorization ${i + 1} of this EIP-7702 transaction is signed by ${signer}, one of the node's own accounts ` +
          "(the deployer's, the faucet's or the teacher's): it would hand that account to other code; only the host " +
          "may send it",
      );
    }
  }
  return { ok: true };
}
