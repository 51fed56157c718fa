// `npm run class:load -- --players 200 --node anvil`: a whole SnatchGame tournament played by a class on the class
// stack (`npm run web -- --lan`: one-second blocks, the gateway's /rpc, /indexer and /faucet), with the players driven
// from Node through the phones' proxy at human-like intervals (some never show up), 10 phones in Chromium playing
// through the pages, and the console and the projector view open. The laptop's processes (node, indexer, gateway, the
// console's and the projector's Chromium) run on one core and the simulated class (this script's Node players, the
// phones' Chromium) on the other (`taskset`, ./cores.ts), so the figures are the laptop's. Writes reports/class.json
// (per node its runs' figures, with the machine's CPU model and single-core score) and fails if a room did not finish
// or the indexer's leaderboard differs from the contract's. A load script, not a timed test: see docs/class.md.
//   --players N      players in all (default 200), of which --phones M (default 10) play in Chromium
//   --node K         anvil, hardhat or both (default anvil; both: one after the other)
//   --runs R         classes in a row on each node, each on a fresh stack (default 1)
//   --phases P       phases to play (default 5)
//   --absent F       share of Node players who never show up (default 0.1)
//   --think A-B      a Node player's delay before each move, ms (default 1000-6000)
//   --windows T,O,R,D  talk, offer, response and decision windows in blocks (default 5,20,20,10)
//   --seed S         (default 1)
//   --no-pin         every process on every core (as before pinning; the figures then mix the two)
//   --nice N         the load script's main thread (the Node players, Playwright's driving) runs at this nice value
//                    while a class plays (default 10; 0: as the rest): it stands in for 190 phones and 10 people, who
//                    in a class have CPUs of their own. Linux keeps a nice value per thread, so the gateway, the
//                    node, the indexer and Chromium (started before) keep theirs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO } from "../web/stack";
import { launchPinned, type LaunchedBrowser } from "./browser";
import { affinity, cpuModel, cpuScoreMs, pickCores, pinTree, type Cores } from "./cores";
import { runClass, type ClassFigures, type MeasuredProcess } from "./run";
import { startClassStack, type ClassStack, type NodeKind } from "./stack";

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
  runs: number;
  pin: boolean;
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
  const node = get("node") ?? "anvil";
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
    runs: int("runs", 1, 1, 10),
    pin: !argv.includes("--no-pin"),
  };
}

export const REPORT = path.join(REPO, "reports", "class.json");

/** The machine a run was made on: its CPU, the single-core score, and which core ran what. */
export interface Machine {
  cpuModel: string;
  cores: number;
  /** ms of the fixed loop of cores.ts cpuScoreMs on the laptop's core, the best of three (lower is faster). */
  cpuScoreMs: number;
  /** The cores the laptop's processes and the simulated class ran on, or why nothing was pinned. */
  pinned: Cores | string;
  date: string;
}

/**
 * Writes one node's runs into reports/class.json beside the other node's (`<node>: { runs: [...] }`), with the
 * machine; the node's figures of an earlier format (flat `<node>.<figure>` keys) go.
 */
export function writeReport(
  kind: NodeKind,
  runs: ClassFigures[],
  machine: Machine,
  file = REPORT,
): Record<string, unknown> {
  const old = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {}) as Record<string, unknown>;
  const report: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(old)) if (!k.startsWith(`${kind}.`)) report[k] = v;
  report.players = runs[0]?.players;
  report.machine = machine;
  report[kind] = { runs };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
  return report;
}

/** The laptop's processes of a stack and the simulated class's, to measure (and pin, when `cores`). */
function processesOf(
  stack: ClassStack,
  host: { console: LaunchedBrowser; projector: LaunchedBrowser },
  phones: LaunchedBrowser,
  cores: Cores | null,
): MeasuredProcess[] {
  const laptop = (name: string, pid: number): MeasuredProcess => ({
    name,
    pid,
    side: "laptop",
    core: cores?.laptop ?? null,
  });
  const all: MeasuredProcess[] = [
    laptop(stack.kind === "anvil" ? "anvil" : "Hardhat's node", stack.nodePid),
    ...(stack.keeperPid ? [laptop("randomness keeper", stack.keeperPid)] : []),
    laptop("indexer (Ponder, PGlite)", stack.indexer.process.pid ?? 0),
    laptop("gateway (with faucet)", stack.gatewayPid),
    laptop("console's Chromium", host.console.pid),
    laptop("projector's Chromium", host.projector.pid),
    {
      name: "load script (Node players, Playwright)",
      pid: process.pid,
      side: "class",
      core: cores?.class ?? null,
      tree: false,
    },
    { name: "phones' Chromium", pid: phones.pid, side: "class", core: cores?.class ?? null },
    // The load script's own counting of the gateway's calls to the node: no part of a real class.
    { name: "counting relay (the load script's)", pid: stack.relayPid, side: "class", core: cores?.class ?? null },
  ];
  return all;
}

async function main() {
  const args = parseLoadArgs(process.argv.slice(2));
  const log = (line: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${line}`);
  const picked = args.pin ? pickCores() : "not asked (--no-pin)";
  const cores = typeof picked === "string" ? null : picked;
  // This script (the simulated class) and what it starts on the class's core; the laptop's processes move after.
  if (cores) pinTree(process.pid, cores.class);
  log(cores ? `laptop on core ${cores.laptop}, simulated class on core ${cores.class}` : `not pinned: ${picked}`);
  const machine: Machine = {
    cpuModel: cpuModel(),
    cores: os.cpus().length,
    cpuScoreMs: cpuScoreMs(cores?.laptop ?? null),
    pinned: picked,
    date: new Date().toISOString(),
  };
  log(`${machine.cpuModel}: single-core score ${machine.cpuScoreMs} ms (lower is faster)`);
  const phones = await launchPinned(cores?.class ?? null);
  let failed = false;
  // Ctrl-C stops the node, the indexer (its own process group) and the browsers before leaving.
  const open: { stop(): Promise<unknown> }[] = [];
  const stop = () =>
    void (async () => {
      for (const o of open) await o.stop().catch(() => undefined);
      await phones.browser.close().catch(() => undefined);
      process.exit(130);
    })();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    for (const kind of args.nodes) {
      const runs: ClassFigures[] = [];
      for (let r = 1; r <= args.runs; r++) {
        const name = args.runs > 1 ? `${kind} run ${r}` : kind;
        log(`${name}: starting the class stack (node, deploy, build, indexer, gateway)…`);
        const stack = await startClassStack({ kind, blockTime: 1, devices: args.players + 4 });
        const host = {
          console: await launchPinned(cores?.laptop ?? null),
          projector: await launchPinned(cores?.laptop ?? null),
        };
        const closeHost = () => Promise.all([host.console.browser.close(), host.projector.browser.close()]);
        const parts = [{ stop: closeHost }, { stop: () => stack.stopAll() }];
        open.push(...parts);
        const processes = processesOf(stack, host, phones, cores);
        if (cores) for (const p of processes) if (p.side === "laptop") pinTree(p.pid, cores.laptop);
        for (const p of processes)
          log(
            `${name}: ${p.name} (pid ${p.pid}${p.tree === false ? "" : " and its children"}) on core ${cores ? affinity(p.pid) : "any"}`,
          );
        // This thread only (Linux: the process id names its main thread), and back before the next stack starts.
        if (args.nice) os.setPriority(process.pid, args.nice);
        try {
          log(`${name}: ${stack.phoneUrl} (phones), ${stack.hostUrl} (host)`);
          const f = await runClass({
            nodeUrl: stack.nodeUrl,
            nodePid: stack.nodePid,
            front: stack,
            deploymentsFolder: stack.deploymentsFolder,
            browser: phones.browser,
            hostBrowsers: { console: host.console.browser, projector: host.projector.browser },
            processes,
            players: args.players - args.phones,
            phones: args.phones,
            phases: args.phases,
            windows: args.windows,
            absent: args.absent,
            thinkMs: args.thinkMs,
            seed: args.seed,
            log: (l) => log(`${name}: ${l}`),
          });
          runs.push(f);
          writeReport(kind, runs, machine);
          console.log(`\n${name}: ${JSON.stringify(f, null, 2)}\n`);
          if (!f.allRoomsFinished || !f.leaderboardMatches) {
            failed = true;
            console.error(
              `${name}: ${!f.allRoomsFinished ? "a room did not finish; " : ""}${
                !f.leaderboardMatches ? "the indexer's leaderboard differs from the contract's" : ""
              }`,
            );
          }
        } finally {
          if (args.nice) os.setPriority(process.pid, 0);
          await closeHost().catch(() => undefined);
          await stack.stopAll();
          open.splice(open.indexOf(parts[0]), 2);
        }
      }
    }
  } finally {
    await phones.browser.close();
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
