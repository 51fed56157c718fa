// The class stack's options and its welcome: `npm run web -- --lan` serves the app on the room's network (the
// machine's LAN address), mines a block every second (--block-time), and prints the URL with its QR code so that
// phones on the same Wi-Fi open it with their camera. Used by scripts/web/index.ts.
import fs from "node:fs";
import os from "node:os";
import QRCode from "qrcode";
import { NODE_KINDS, type NodeKind } from "./node";

export interface WebOptions {
  /** Vite's dev server instead of the gateway and the static build (the laptop only). */
  dev: boolean;
  /** Serve on the room's network (0.0.0.0, the LAN URL printed with its QR code). */
  lan: boolean;
  /** Seconds between blocks (interval mining, automine off), or null: a block per transaction. */
  blockTime: number | null;
  /** The address phones use, when the detected one is not the right one (WEB_LAN_HOST). */
  lanHost: string | null;
  /** The faucet for burner accounts (local chains only). */
  faucet: boolean;
  /** The local node to start when none answers on the node's port: anvil (default) or Hardhat's. */
  node: NodeKind;
}

/** The default block time of the class stack: one block a second, as a public chain does (about). */
export const CLASS_BLOCK_TIME = 1;

const yes = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());

/**
 * Reads `npm run web` options: `--dev`, `--lan` (or WEB_LAN=1), `--block-time <s>` (or WEB_BLOCK_TIME; default 1 with
 * --lan, none without; 0 turns it off), `--no-faucet` (or WEB_FAUCET=0), WEB_LAN_HOST, `--node anvil|hardhat` (or
 * WEB_NODE; default anvil). Throws a sentence on a bad value.
 */
export function webOptions(argv: readonly string[], env: NodeJS.ProcessEnv): WebOptions {
  const lan = argv.includes("--lan") || yes(env.WEB_LAN);
  let blockTime: number | null = lan ? CLASS_BLOCK_TIME : null;
  const at = argv.indexOf("--block-time");
  const raw = at >= 0 ? argv[at + 1] : env.WEB_BLOCK_TIME?.trim() || undefined;
  if (raw !== undefined) {
    const seconds = Number(raw);
    if (!/^\d+(\.\d+)?$/.test(raw.trim()) || !Number.isFinite(seconds) || seconds > 3600) {
      throw new Error(`--block-time takes seconds between blocks, e.g. 1 (0: a block per transaction); got "${raw}"`);
    }
    blockTime = seconds > 0 ? seconds : null;
  }
  const dev = argv.includes("--dev");
  if (dev && lan) throw new Error("--dev serves on this machine only: use --lan without --dev for the room's phones");
  const nodeAt = argv.indexOf("--node");
  const node = (nodeAt >= 0 ? argv[nodeAt + 1] : env.WEB_NODE?.trim() || "anvil")?.toLowerCase() ?? "";
  if (!(NODE_KINDS as readonly string[]).includes(node)) {
    throw new Error(`--node takes anvil (the default) or hardhat (Hardhat's node); got "${node}"`);
  }
  return {
    node: node as NodeKind,
    dev,
    lan,
    blockTime,
    lanHost: env.WEB_LAN_HOST?.trim() || null,
    faucet: !argv.includes("--no-faucet") && !/^(0|false|no|off)$/i.test(env.WEB_FAUCET?.trim() ?? ""),
  };
}

/** Private IPv4 ranges (RFC 1918): the addresses a classroom's Wi-Fi hands out. */
function isPrivate(address: string): boolean {
  const [a, b] = address.split(".").map(Number);
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** Whether a network interface is a virtual one (Linux: a veth pair, a bridge, a tunnel), never the room's Wi-Fi. */
export function virtualInterface(name: string): boolean {
  try {
    return fs.realpathSync(`/sys/class/net/${name}`).includes("/devices/virtual/");
  } catch {
    return false; // not Linux, or gone: taken as it is
  }
}

/**
 * The machine's address on the room's network: its first non-internal IPv4, private ranges first, on a real
 * interface before a virtual one (a container's bridge, or the veth pair of a network namespace a test made, which
 * comes and goes) (null: none).
 */
export function lanAddress(
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
  isVirtual: (name: string) => boolean = virtualInterface,
): string | null {
  const all = Object.entries(interfaces).flatMap(([name, list]) =>
    (list ?? [])
      .filter((i) => i.family === "IPv4" && !i.internal)
      .map((i) => ({ address: i.address, real: !isVirtual(name) })),
  );
  const order = [
    (a: (typeof all)[number]) => a.real && isPrivate(a.address),
    (a: (typeof all)[number]) => a.real,
    (a: (typeof all)[number]) => isPrivate(a.address),
    () => true,
  ];
  for (const pick of order) {
    const found = all.find(pick);
    if (found) return found.address;
  }
  return null;
}

/** The QR code of `url` drawn with block characters for a terminal (qrcode's terminal renderer, small). */
export function terminalQr(url: string): Promise<string> {
  return QRCode.toString(url, { type: "terminal", small: true });
}
