// Network namespaces for the attack tests' "phones" (test/helpers/netns.ts), each joined to this machine by a veth
// pair. Chromium treats every interface that appears or goes as a network change and fails the requests in flight
// (net::ERR_NETWORK_CHANGED), so `npm test` (scripts/test/run.ts) makes the namespaces its groups will need before any
// browser starts, hands each group its own through TEST_NETNS_POOL, and deletes them when every group has ended.
import { execFileSync } from "node:child_process";

/** The environment variable that carries a group's namespaces: `name/outer/hostIp/clientIp` entries, comma-separated. */
export const NETNS_POOL_ENV = "TEST_NETNS_POOL";

export interface Namespace {
  /** `ip netns exec <name> …` */
  name: string;
  /** The veth end on this machine's side. */
  outer: string;
  /** This machine's address on the pair. */
  hostIp: string;
  /** The namespace's address. */
  clientIp: string;
}

const ip = (args: string[]) => execFileSync("ip", args, { stdio: ["ignore", "ignore", "pipe"] });
let made = 0;

/** A /30 in 10.213.0.0/16 that no interface of this machine uses yet: [host, client] addresses. */
function freeSubnet(): [string, string] {
  const used = execFileSync("ip", ["-4", "-o", "addr", "show"], { encoding: "utf8" });
  for (let tries = 0; tries < 400; tries++) {
    const third = (process.pid + made * 7 + tries * 13) % 250;
    const fourth = ((made + tries) % 60) * 4;
    const host = `10.213.${third}.${fourth + 1}`;
    const client = `10.213.${third}.${fourth + 2}`;
    if (!used.includes(` ${host}/`) && !used.includes(` ${client}/`)) return [host, client];
  }
  throw new Error("no free /30 in 10.213.0.0/16 for a test namespace");
}

/** Makes a namespace with a veth pair to this machine (root and iproute2 needed); throws a sentence if it cannot. */
export function makeNamespace(): Namespace {
  made++;
  const tag = `${process.pid % 100000}${made}`;
  const ns: Namespace = {
    name: `phone${tag}`,
    outer: `vh${tag}`.slice(0, 15),
    hostIp: "",
    clientIp: "",
  };
  const inner = `vp${tag}`.slice(0, 15);
  [ns.hostIp, ns.clientIp] = freeSubnet();
  try {
    ip(["netns", "add", ns.name]);
    ip(["link", "add", ns.outer, "type", "veth", "peer", "name", inner]);
    ip(["link", "set", inner, "netns", ns.name]);
    ip(["addr", "add", `${ns.hostIp}/30`, "dev", ns.outer]);
    ip(["link", "set", ns.outer, "up"]);
    ip(["netns", "exec", ns.name, "ip", "addr", "add", `${ns.clientIp}/30`, "dev", inner]);
    ip(["netns", "exec", ns.name, "ip", "link", "set", inner, "up"]);
    ip(["netns", "exec", ns.name, "ip", "link", "set", "lo", "up"]);
  } catch (err) {
    deleteNamespace(ns);
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`could not make a test network namespace (tests run as root with iproute2): ${stderr ?? err}`);
  }
  return ns;
}

/** Deletes a namespace and its veth pair (either end going takes the other); quiet if already gone. */
export function deleteNamespace(ns: Pick<Namespace, "name" | "outer">): void {
  for (const args of [
    ["netns", "del", ns.name],
    ["link", "del", ns.outer],
  ])
    try {
      ip(args);
    } catch {
      // not there
    }
}

export const encodePool = (pool: readonly Namespace[]): string =>
  pool.map((n) => [n.name, n.outer, n.hostIp, n.clientIp].join("/")).join(",");

export function decodePool(text: string | undefined): Namespace[] {
  if (!text) return [];
  return text.split(",").map((entry) => {
    const [name, outer, hostIp, clientIp] = entry.split("/");
    return { name, outer, hostIp, clientIp };
  });
}

/** `count` namespaces made now, or none (with the reason) where this machine cannot make them (not root). */
export function makePool(count: number): { pool: Namespace[]; why?: string } {
  const pool: Namespace[] = [];
  try {
    for (let i = 0; i < count; i++) pool.push(makeNamespace());
    return { pool };
  } catch (err) {
    for (const ns of pool) deleteNamespace(ns);
    return { pool: [], why: err instanceof Error ? err.message : String(err) };
  }
}
