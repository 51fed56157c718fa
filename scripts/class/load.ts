// `npm run class:load -- --players 200 --node hardhat|anvil|both`: a whole SnatchGame tournament played by a class on
// the class stack (`npm run web -- --lan`: one-second blocks, the gateway's /rpc, /indexer and /faucet), with the
// players driven from Node through the phones' proxy at human-like intervals (some never show up), 10 phones in
// Chromium playing through the pages, and the console and the projector view open. Writes the figures to
// reports/class.json (flat: `players`, and per node `<node>.p50ms`, `.p95ms`, `.maxms`, `.requestsPerSec`,
// `.refused`, `.phaseDoneToConsoleMs`, `.nodeCpuPct`, `.indexerCpuPct`, ...) and fails if a room did not finish or
// the indexer's leaderboard differs from the contract's. A load script, not a timed test: see docs/class.md.
//   --players N      players in all (default 200), of which --phones M (default 10) play in Chromium
//   --node K         hardhat, anvil or both (default both, one after the other)
//   --phases P       phases to play (default 5)
//   --absent F       share of Node players who never show up (default 0.1)
//   --think A-B      a Node player's delay before each move, ms (default 1000-6000)
//   --windows T,O,R,D  talk, offer, response and decision windows in blocks (default 5,20,20,10)
//   --seed S         (default 1)
//   --nice N         the load script's main thread (the Node players, Playwright's driving) runs at this nice value
//                    while a class plays (default 10; 0: as the rest): it stands in for 190 phones and 10 people, who
//                    in a class have CPUs of their own. Linux keeps a nice value per thread, so the gateway's thread,
//                    the node, the indexer and Chromium (started before) keep theirs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO } from "../web/stack";
import { launchBrowser } from "./browser";
import { runClass, type ClassFigures } from "./run";
import { startClassStack, type NodeKind } from "./stack";

export interface LoadArgs {
  players: number;
  phones: number;
  nodes: NodeKind[];
  phases: number;
  absent: number;
  thinkMs: [number, number];
  windows: { talk: number; offer: number; response: number; decision: number };
  seed: number;
  nice: number;
}

/** Reads the command line; throws a sentence on a bad value. */
export function parseLoadArgs(argv: readonly string[]): LoadArgs {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (name: string, dflt: number, min: number, max: number) => {
    const raw = get(name);
    if (raw === undefined) return dflt;
    const v = Number(raw);
    if (!Number.isInteger(v) || v < min || v > max) throw new Error(`--${name} takes a whole number ${min}–${max}`);
    return v;
  };
  const phones = int("phones", 10, 0, 50);
  const players = int("players", 200, Math.max(2, phones), 1000);
  const node = get("node") ?? "both";
  if (!["hardhat", "anvil", "both"].includes(node)) throw new Error("--node takes hardhat, anvil or both");
  const absent = Number(get("absent") ?? 0.1);
  if (!(absent >= 0 && absent < 1)) throw new Error("--absent takes a share from 0 to below 1");
  const think = (get("think") ?? "1000-6000").split("-").map(Number);
  if (think.length !== 2 || !think.every((x) => Number.isInteger(x) && x >= 0) || think[0] > think[1])
    throw new Error("--think takes two delays in ms, e.g. 1000-6000");
  const w = (get("windows") ?? "5,20,20,10").split(",").map(Number);
  if (w.length !== 4 || !w.every((x) => Number.isInteger(x) && x >= 1))
    throw new Error("--windows takes four block counts: talk,offer,response,decision");
  return {
    players,
    phones,
    nodes: node === "both" ? ["hardhat", "anvil"] : [node as NodeKind],
    phases: int("phases", 5, 1, 5),
    absent,
    thinkMs: [think[0], think[1]],
    windows: { talk: w[0], offer: w[1], response: w[2], decision: w[3] },
    seed: int("seed", 1, 0, 2 ** 31),
    nice: int("nice", 10, 0, 19),
  };
}

export const REPORT = path.join(REPO, "reports", "class.json");

/** Merges one node's figures into reports/class.json (flat keys `<node>.<figure>`). */
export function writeReport(kind: NodeKind, f: ClassFigures, file = REPORT): Record<string, number | boolean> {
  const report = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {}) as Record<
    string,
    number | boolean
  >;
  report.players = f.players;
  for (const [k, v] of Object.entries(f)) if (k !== "players") report[`${kind}.${k}`] = v;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
  return report;
}

async function main() {
  const args = parseLoadArgs(process.argv.slice(2));
  const log = (line: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${line}`);
  const browser = await launchBrowser();
  let failed = false;
  // Ctrl-C stops the node, the indexer (its own process group) and the browser before leaving.
  let current: { stopAll(): Promise<void> } | undefined;
  const stop = () =>
    void (async () => {
      await current?.stopAll().catch(() => undefined);
      await browser.close().catch(() => undefined);
      process.exit(130);
    })();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    for (const kind of args.nodes) {
      log(`${kind}: starting the class stack (node, deploy, build, indexer, gateway)…`);
      const stack = await startClassStack({ kind, blockTime: 1, devices: args.players + 4 });
      current = stack;
      // This thread only (Linux: the process id names its main thread), and back before the next stack starts.
      if (args.nice) os.setPriority(process.pid, args.nice);
      try {
        log(`${kind}: ${stack.phoneUrl} (phones), ${stack.hostUrl} (host)`);
        const f = await runClass({
          nodeUrl: stack.nodeUrl,
          nodePid: stack.nodePid,
          front: stack,
          deploymentsFolder: stack.deploymentsFolder,
          browser,
          players: args.players - args.phones,
          phones: args.phones,
          phases: args.phases,
          windows: args.windows,
          absent: args.absent,
          thinkMs: args.thinkMs,
          seed: args.seed,
          log: (l) => log(`${kind}: ${l}`),
        });
        writeReport(kind, f);
        console.log(`\n${kind}: ${JSON.stringify(f, null, 2)}\n`);
        if (!f.allRoomsFinished || !f.leaderboardMatches) {
          failed = true;
          console.error(
            `${kind}: ${!f.allRoomsFinished ? "a room did not finish; " : ""}${
              !f.leaderboardMatches ? "the indexer's leaderboard differs from the contract's" : ""
            }`,
          );
        }
      } finally {
        if (args.nice) os.setPriority(process.pid, 0);
        await stack.stopAll();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`Figures in ${path.relative(process.cwd(), REPORT)}`);
  if (failed) process.exit(1);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
