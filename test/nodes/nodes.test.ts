// The README's example sequences, run as written on two real nodes: anvil (Foundry's, from npm) and Hardhat's own
// node, each started on a free port. On each: the project's deploy scripts through the `remote` network, then every
// README example line in order in one Hardhat process (`cli:lines`: Hardhat's own argument parser and the same task
// definitions; starting Hardhat per command would cost seconds each), one deliberate mistake per game, and one
// of them through a real `npx hardhat` process to show the CLI prints the same. Both nodes run at once (a Hardhat
// process is mostly single-threaded; the test waits on two). Tagged [no-coverage]: it exercises the tooling.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect } from "chai";
import type { LineResult } from "../../scripts/common/lines";
import { readmeExamples } from "./readme";
import { UNDER_COVERAGE } from "../helpers/coverage";
import { waitUntil } from "../helpers/wait";
import { cpuText, treeCpuSeconds } from "../../scripts/test/cpu";

const ROOT = path.join(__dirname, "../..");
const HARDHAT = path.join(ROOT, "node_modules/hardhat/internal/cli/bootstrap.js");
const ANVIL = path.join(ROOT, "node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil");
/** Anvil's and Hardhat's development accounts. */
const MNEMONIC = "test test test test test test test test test test test junk";

/** The README's examples in the order the tests play them: first the deploy line of "Networks and deploying". */
const EXAMPLES = ["deploy", "hex", "snatch", "tournament", "catamm"] as const;

/** One deliberate mistake per game, after its example (a finished game refuses more moves). */
const MISTAKES = {
  hex: "npx hardhat --network localhost hex:move --game 1 --parent 2 --cell c3 --from 4",
  snatch: "npx hardhat --network localhost snatch:offer --room 1 --to 1 --give corn=1 --from 1",
  catamm: "npx hardhat --network localhost catamm:place --game 1 --from turn --vertex 0",
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * This process's environment when the file loaded. The runs below start then but build their children's environment
 * later (once a node answers), while other files' tests run: some set variables for a while (the deploy tests'
 * VRF_COORDINATOR), which a child must not inherit.
 */
const LOADED_ENV: NodeJS.ProcessEnv = { ...process.env };

/** The environment of a child: the `remote` network at `url`, nothing from the caller's own settings or .env. */
function childEnv(url: string | undefined, deployments: string): NodeJS.ProcessEnv {
  const env = { ...LOADED_ENV };
  for (const key of Object.keys(env)) {
    if (/^(RPC_URL|PRIVATE_KEY|MNEMONIC|CHAIN_ID|VERIFY_|ETHERSCAN_|HARDHAT_NETWORK|HARDHAT_DEPLOY_)/.test(key))
      delete env[key];
  }
  return {
    ...env,
    ...(url ? { RPC_URL: url, MNEMONIC } : {}),
    DEPLOYMENTS_DIR: deployments,
    DOTENV_CONFIG_PATH: path.join(deployments, "no.env"),
  };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Background work: these runs start when the file loads and yield the CPU to the tests running meanwhile. */
function nice<C extends ChildProcess>(child: C): C {
  try {
    if (child.pid) os.setPriority(child.pid, 10);
  } catch {
    // not allowed here: the default priority
  }
  return child;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = nice(spawn(command, args, { cwd: ROOT, env }));
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    // Under CI=true Hardhat's chalk colours its messages even into a pipe: compare the text a reader sees.
    child.on("close", (code) =>
      resolve({ code, stdout: stripVTControlCharacters(stdout), stderr: stripVTControlCharacters(stderr) }),
    );
  });
}

/**
 * Waits until a JSON-RPC node answers at `url`. A Hardhat node loads the whole toolchain before it answers, niced
 * beside the browser tests: on a busy 2-core machine that took over 120 s. It gets as long as it needs (10 minutes at
 * most), and the test fails at once if it exits.
 */
async function rpcReady(url: string, child: ChildProcess): Promise<void> {
  await waitUntil(
    `a node answering eth_chainId at ${url}`,
    async () => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      return `HTTP ${res.status}`;
    },
    (answer) => answer === "HTTP 200",
    {
      timeoutMs: 600_000,
      show: (answer) => `${answer} (the node's process: ${cpuText(treeCpuSeconds(child.pid))} CPU)`,
      hopeless: () => (child.exitCode !== null ? `the node exited with code ${child.exitCode}` : undefined),
    },
  );
}

interface NodeRun {
  results: LineResult[];
  /** The real CLI's output for the Forking Hex mistake. */
  cliMistake: Run;
  seconds: number;
}

/** Starts a node, runs everything on it, stops it. */
async function onNode(kind: "anvil" | "hardhat"): Promise<NodeRun> {
  const started = Date.now();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `games-${kind}-`));
  const node = nice(
    kind === "anvil"
      ? spawn(ANVIL, ["--port", String(port), "--silent"], { cwd: ROOT, stdio: "ignore" })
      : spawn(process.execPath, [HARDHAT, "node", "--port", String(port), "--no-deploy"], {
          cwd: ROOT,
          env: childEnv(undefined, dir),
          stdio: "ignore",
        }),
  );
  try {
    await rpcReady(url, node);
    const env = childEnv(url, dir);
    const examples = readmeExamples();
    const lines: string[] = [];
    for (const name of EXAMPLES) {
      lines.push(...examples.get(name)!);
      if (name in MISTAKES) lines.push(MISTAKES[name as keyof typeof MISTAKES]);
    }
    const file = path.join(dir, "lines.json");
    const out = path.join(dir, "results.json");
    fs.writeFileSync(file, JSON.stringify(lines));
    const runner = await run(
      process.execPath,
      [HARDHAT, "--network", "remote", "cli:lines", "--file", file, "--out", out],
      env,
    );
    if (runner.code !== 0) throw new Error(`cli:lines failed on ${kind}:\n${runner.stdout}\n${runner.stderr}`);
    const results = JSON.parse(fs.readFileSync(out, "utf8")) as LineResult[];
    // Kept for reading when a test below fails.
    fs.copyFileSync(out, path.join(os.tmpdir(), `games-readme-${kind}.json`));
    // A line through a real `npx hardhat` process, as a user types it (the network is the node's): the mistake, which
    // must print what the runner recorded, without a stack trace.
    const asTyped = MISTAKES.hex.replace(/^npx hardhat --network localhost /, "").split(" ");
    const cliMistake = await run("npx", ["hardhat", "--network", "remote", ...asTyped], env);
    return { results, cliMistake, seconds: (Date.now() - started) / 1000 };
  } finally {
    node.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The result of the first line containing `text` (after `after`, a result index). */
function find(results: LineResult[], text: string, after = 0): LineResult {
  const found = results.slice(after).find((r) => r.line.includes(text));
  if (!found) throw new Error(`no line with "${text}"`);
  return found;
}

/** Everything a sequence printed, from the line containing `from` to the one before `to`. */
function between(results: LineResult[], from: string, to?: string): LineResult[] {
  const a = results.findIndex((r) => r.line.includes(from));
  const b = to ? results.findIndex((r, i) => i > a && r.line.includes(to)) : results.length;
  return results.slice(a, b < 0 ? results.length : b);
}

// Both nodes' runs start when this file is loaded: they are child processes, so they run beside the test files that
// mocha runs first (on the core the test process leaves free) instead of after them. Not under coverage, which skips
// this file's tests.
// (Nor with --grep: the tests that would use them may be filtered out.)
const onBothNodes =
  UNDER_COVERAGE || process.argv.includes("--grep") ? undefined : Promise.all([onNode("anvil"), onNode("hardhat")]);
onBothNodes?.catch(() => undefined); // reported by the before hook below, never as an unhandled rejection

describe("the README's examples on anvil and on Hardhat's node [no-coverage]", function () {
  const runs = new Map<string, NodeRun>();

  before(async function () {
    const [anvil, hardhat] = await (onBothNodes ?? Promise.all([onNode("anvil"), onNode("hardhat")]));
    runs.set("anvil", anvil);
    runs.set("hardhat", hardhat);
    console.log(
      `      (anvil: ${anvil.seconds.toFixed(1)} s, Hardhat's node: ${hardhat.seconds.toFixed(1)} s, in parallel, ` +
        "started when the file was loaded)",
    );
  });

  for (const kind of ["anvil", "hardhat"] as const) {
    describe(`on ${kind === "anvil" ? "anvil" : "Hardhat's node"}`, function () {
      let results: LineResult[];
      before(function () {
        results = runs.get(kind)!.results;
      });

      it("deploys with the project's deploy scripts through the remote network, then runs every README line", function () {
        const failed = results.filter((r) => r.error && !Object.values(MISTAKES).includes(r.line));
        expect(failed.map((r) => `${r.line}\n${r.error}`)).to.deep.equal([]);
        expect(results[0].output).to.match(/deploying "ForkingHex"/);
        expect(results[0].output).to.match(/deploying "Catamm"/);
        const examples = readmeExamples();
        expect(results.length).to.equal(EXAMPLES.reduce((n, e) => n + examples.get(e)!.length, 0) + 3);
      });

      it("plays the Forking Hex example to settlement and withdrawal", function () {
        const hex = between(results, "hex:create", "snatch:create");
        expect(find(hex, "hex:create").output).to.contain("game 1: 3×3");
        expect(find(hex, "hex:prove").output).to.match(/position 6 proven winning for Red: a1 a2 a3/);
        const shown = find(hex, "hex:show").output;
        expect(shown).to.contain("#1 → #2");
        expect(shown).to.match(/├─ #3 .*\n.*#5/);
        expect(find(hex, "mine --blocks 60").output).to.match(/mined 60 block\(s\) with (hardhat|anvil)_mine/);
        expect(find(hex, "hex:settle").output).to.match(/game 1 settled in 1 transaction/);
        const after = hex.filter((r) => r.line.includes("hex:payouts"))[1].output;
        expect(after).to.contain("losing move #2");
        expect(after).to.contain("losing move #5");
        expect(find(hex, "hex:withdraw --from 1").output).to.match(/^withdrew 0\.0\d+ ETH to 0x7099…79C8$/);
        expect(find(hex, "hex:withdraw --from 2").output).to.match(/^nothing to withdraw|^withdrew/);
        expect(find(hex, "hex:games").output).to.match(/^game 1: 3×3, stake 0\.01 ETH.*6 position\(s\).*settled$/);
      });

      it("plays a Snatch or Share room through all five rounds", function () {
        const snatch = between(results, "snatch:create", "tournament:create");
        expect(find(snatch, "snatch:advance").output).to.match(/RolesAssigned\(roomId=1, players=\[/);
        expect(find(snatch, "snatch:offer").output).to.match(/OfferMade\(roomId=1, offerId=1, .*offering=2 turkey/);
        const rounds = snatch.map((r) => r.output.match(/RoundStarted\(roomId=1, round=(\d)/)?.[1]).filter(Boolean);
        expect(rounds).to.deep.equal(["1", "2", "3", "4", "5"]);
        expect(snatch.map((r) => r.output).join("\n")).to.match(
          /RoomFinished\(roomId=1, points=\d+ \/ \d+ \/ \d+ points\)/,
        );
        expect(snatch.filter((r) => r.line.includes("snatch:show --room 1")).pop()!.output).to.contain(
          "round 5/5: judge, phase: finished",
        );
        expect(find(snatch, "snatch:rooms").output).to.match(/^room 1: format 1 \(3 players, 3 seated\)/);
        const tournament = between(results, "tournament:create", "catamm:create");
        expect(find(tournament, "tournament:rooms").output).to.match(/PlayersPaired|RoomsCreated/);
        expect(find(tournament, "tournament:history").output).to.match(/G1 plain: P[12] in room \d+/);
      });

      it("plays a CATAMM game through the draft and three turns", function () {
        const catamm = between(results, "catamm:create");
        expect(find(catamm, "catamm:advance").output).to.match(/GameStarted\(gameId=1/);
        const shown = find(catamm, "catamm:show --game 1").output;
        expect(shown).to.match(
          /waiting for P\d 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4} \(account [123]\) to place a settlement/,
        );
        expect(shown).to.contain("vertex ids");
        const picks = catamm.filter((r) => r.line.includes("catamm:place") && !r.error);
        expect(picks).to.have.length(6);
        for (const p of picks) expect(p.output).to.match(/InitialPlacement\(gameId=1/);
        const rolls = catamm.filter((r) => r.line.includes("catamm:roll"));
        expect(rolls).to.have.length(3);
        for (const r of rolls) expect(r.output).to.match(/DiceRolled\(gameId=1, player=0x.*, die1=\d, die2=\d\)/);
        const turns = catamm
          .map((r) => r.output.match(/TurnEnded\(gameId=1, player=.*, turn=(\d)\)/)?.[1])
          .filter(Boolean);
        expect(turns).to.deep.equal(["1", "2", "3"]);
        expect(find(catamm, "catamm:quote").output).to.match(/you receive\s+\d/);
        expect(find(catamm, "catamm:games").output).to.match(/^game 1: BeforeRoll, turn 4; 3 player\(s\)/);
      });

      it("prints each game's deliberate mistake as a decoded sentence and Name(arg=value), no stack trace", function () {
        const hex = find(results, MISTAKES.hex);
        expect(hex.error).to.match(
          /^Error in plugin games: reverted: position 2 of game 1 closed at block [\d,]+; it is block [\d,]+\n {2}PositionClosed\(gameId=1, positionId=2, deadline=\d+\)$/,
        );
        expect(find(results, MISTAKES.snatch).error).to.equal(
          'Error in plugin games: reverted: room 1 is in phase "finished": this call does not fit it; ' +
            `it is block ${find(results, MISTAKES.snatch).error!.match(/it is block ([\d,]+)/)![1]}\n` +
            "  WrongPhase(roomId=1, phase=finished)",
        );
        expect(find(results, MISTAKES.catamm).error).to.match(
          /^Error in plugin games: reverted: the game is in phase BeforeRoll: this action does not fit it; it is block [\d,]+\n {2}WrongPhase\(current=BeforeRoll\)$/,
        );
        for (const line of Object.values(MISTAKES)) expect(find(results, line).stack).to.equal(false);
      });

      it("prints the same through a real `npx hardhat` process, without a stack trace", function () {
        const r = runs.get(kind)!;
        expect(r.cliMistake.code).to.equal(1);
        // The same text; only the current block differs (the other games moved the chain since).
        const now = (text: string) => text.replace(/it is block [\d,]+/, "it is block N");
        expect(now(r.cliMistake.stderr)).to.contain(now(find(results, MISTAKES.hex).error!));
        expect(r.cliMistake.stderr).to.not.match(/^\s+at /m);
        expect(r.cliMistake.stdout.trim()).to.equal("");
      });
    });
  }

  it("refuses the remote network without RPC_URL and a key or mnemonic, saying what to set", async function () {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "games-remote-"));
    try {
      const r = await run("npx", ["hardhat", "--network", "remote", "hex:games"], childEnv(undefined, dir));
      expect(r.code).to.equal(1);
      expect(r.stderr).to.contain(
        "Error in plugin games: the remote network needs RPC_URL (the node's JSON-RPC address",
      );
      expect(r.stderr).to.contain('PRIVATE_KEY (0x..., or several separated by commas) or MNEMONIC ("word word ...")');
      expect(r.stderr).to.not.match(/^\s+at /m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
