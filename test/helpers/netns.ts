// A "phone on the room's Wi-Fi" for attack tests: a Linux network namespace joined to this machine by a veth pair,
// so that a request made from inside it reaches the gateway from a non-loopback address on another interface, as
// a device on the room's network would. Tests run as root (`ip netns` needs it). Under `npm test` the namespaces are
// made before any browser starts (scripts/test/netns-pool.ts says why) and `remove()` gives one back; a file run
// alone makes each with a fresh /30 and deletes it (with its veth pair) on `remove()` or when the process exits.
//
//   const phone = await createNetns();
//   const r = await phone.fetch(`http://${phone.hostIp}:${port}/rpc`, { method: "POST", body });
//   await phone.remove();
//
// Requests are made by one long-lived Node child inside the namespace (netns-client.ts), told what to do over
// stdin, one JSON line per request: cheap enough for thousands of requests in a property test.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { decodePool, deleteNamespace, makeNamespace, NETNS_POOL_ENV } from "../../scripts/test/netns-pool";

/** What `fetch` answers: the status, the headers (lower-case names) and the body as text. */
export interface NetnsResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP request, as netns-client.ts makes it (a raw path is sent as it is, without URL normalisation). */
export interface NetnsRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Milliseconds before the request is given up (default 15 s): the answer is then status 0 with the reason. */
  timeoutMs?: number;
}

export interface Netns {
  /** The namespace's name (`ip netns exec <name> …`). */
  name: string;
  /** This machine's address on the veth pair: where the "phone" reaches the machine's servers (bound to 0.0.0.0). */
  hostIp: string;
  /** The phone's address, as the servers see it. */
  clientIp: string;
  /** An HTTP request from inside the namespace; `url` keeps its path exactly as given (no `..` or `//` folding). */
  fetch(url: string, init?: NetnsRequest): Promise<NetnsResponse>;
  /**
   * Opens `count` TCP connections to host:port from inside the namespace and keeps them open; resolves to how many
   * were still open `settleMs` (default 300) after connecting, and how many were refused or closed by then.
   */
  hold(
    port: number,
    count: number,
    request?: string,
    settleMs?: number,
  ): Promise<{ open: number; refused: number; firstBytes: string[] }>;
  /** Closes the connections `hold` opened. */
  release(): Promise<void>;
  /** The path to run a program inside the namespace: `[ip, "netns", "exec", name]` to prefix a command with. */
  prefix: string[];
  /** Deletes the namespace and its veth pair (stops the client first). */
  remove(): Promise<void>;
}

const IP = "ip";

// The namespaces `npm test` made for this process's group before any browser started (scripts/test/netns-pool.ts),
// lent out one at a time and given back by `remove()`; without them (a file run alone) each is made here and deleted.
const lent = new Set<string>();

/** Creates a namespace with a veth pair to this machine (or lends one of the group's); see the file's header. */
export async function createNetns(): Promise<Netns> {
  const pooled = decodePool(process.env[NETNS_POOL_ENV]).find((ns) => !lent.has(ns.name));
  const ns = pooled ?? makeNamespace();
  lent.add(ns.name);
  const { name, hostIp, clientIp } = ns;
  const drop = () => {
    if (pooled) lent.delete(name);
    else deleteNamespace(ns);
  };
  if (!pooled) process.once("exit", drop);

  const script = path.join(__dirname, "netns-client.ts");
  const child: ChildProcessWithoutNullStreams = spawn(
    IP,
    ["netns", "exec", name, process.execPath, "-r", "ts-node/register/transpile-only", script],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    const msg = JSON.parse(line) as { id: number; ok: boolean; value?: unknown; error?: string };
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (!w) return;
    if (msg.ok) w.resolve(msg.value);
    else w.reject(new Error(msg.error));
  });
  child.once("exit", (code) => {
    for (const w of waiting.values()) w.reject(new Error(`the namespace's client exited (${code}): ${stderr}`));
    waiting.clear();
  });
  const ask = <T>(command: Record<string, unknown>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.stdin.write(JSON.stringify({ id, ...command }) + "\n");
    });

  return {
    name,
    hostIp,
    clientIp,
    prefix: [IP, "netns", "exec", name],
    fetch: (url, init = {}) => ask<NetnsResponse>({ op: "fetch", url, ...init }),
    hold: (port, count, request, settleMs) => ask({ op: "hold", host: hostIp, port, count, request, settleMs }),
    release: () => ask<void>({ op: "release" }),
    remove: async () => {
      child.stdin.end();
      child.kill();
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
      drop();
      process.off("exit", drop);
    },
  };
}
