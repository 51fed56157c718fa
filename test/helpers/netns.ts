// A "phone on the room's Wi-Fi" for attack tests: a Linux network namespace joined to this machine by a veth pair,
// so that a request made from inside it reaches the gateway from a non-loopback address on another interface, as
// a device on the room's network would. Tests run as root (`ip netns` needs it); each namespace gets a fresh /30 and
// is deleted (with its veth pair) by `remove()` or when the process exits.
//
//   const phone = await createNetns();
//   const r = await phone.fetch(`http://${phone.hostIp}:${port}/rpc`, { method: "POST", body });
//   await phone.remove();
//
// Requests are made by one long-lived Node child inside the namespace (netns-client.ts), told what to do over
// stdin, one JSON line per request: cheap enough for thousands of requests in a property test.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

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
let counter = 0;

function ip(args: string[]) {
  execFileSync(IP, args, { stdio: ["ignore", "ignore", "pipe"] });
}

/** A /30 in 10.213.0.0/16 that no interface of this machine uses yet: [host, client] addresses. */
function freeSubnet(): [string, string] {
  const used = execFileSync(IP, ["-4", "-o", "addr", "show"], { encoding: "utf8" });
  for (let tries = 0; tries < 200; tries++) {
    const third = (process.pid + counter * 7 + tries * 13) % 250;
    const fourth = ((counter + tries) % 60) * 4;
    const base = `10.213.${third}.`;
    const host = `${base}${fourth + 1}`;
    const client = `${base}${fourth + 2}`;
    if (!used.includes(` ${host}/`) && !used.includes(` ${client}/`)) return [host, client];
  }
  throw new Error("no free /30 in 10.213.0.0/16 for a test namespace");
}

/** Creates a namespace with a veth pair to this machine; see the file's header. */
export async function createNetns(): Promise<Netns> {
  counter++;
  const tag = `${process.pid % 100000}${counter}`;
  const name = `phone${tag}`;
  const outer = `vh${tag}`.slice(0, 15);
  const inner = `vp${tag}`.slice(0, 15);
  const [hostIp, clientIp] = freeSubnet();
  try {
    ip(["netns", "add", name]);
    ip(["link", "add", outer, "type", "veth", "peer", "name", inner]);
    ip(["link", "set", inner, "netns", name]);
    ip(["addr", "add", `${hostIp}/30`, "dev", outer]);
    ip(["link", "set", outer, "up"]);
    ip(["netns", "exec", name, IP, "addr", "add", `${clientIp}/30`, "dev", inner]);
    ip(["netns", "exec", name, IP, "link", "set", inner, "up"]);
    ip(["netns", "exec", name, IP, "link", "set", "lo", "up"]);
  } catch (err) {
    try {
      ip(["netns", "del", name]);
    } catch {
      // not created
    }
    try {
      ip(["link", "del", outer]);
    } catch {
      // not created
    }
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`could not make a test network namespace (tests run as root with iproute2): ${stderr ?? err}`);
  }
  const drop = () => {
    try {
      execFileSync(IP, ["netns", "del", name], { stdio: "ignore" });
    } catch {
      // already gone
    }
  };
  process.once("exit", drop);

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
