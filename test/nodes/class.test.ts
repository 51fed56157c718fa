// The README's "Running a class" commands (its `class` example), run as written on anvil mining a block a second as
// the class stack does (`npm run web -- --lan`), through the `localhost` network its commands name (WEB_NODE_PORT is
// the node's port here): the project's deploy, a tournament with six named players and the class sheet's CSV of
// their seats made first, a block per transaction (as the class stack deploys before it starts its clock), then the
// clock started and every line of the example in order in one Hardhat process (`cli:lines`), in a folder of its own
// (the CSV beside it, the exports written there). And the issue-34 mistake: a session of 24 seats in 3
// rooms is checked by a static call and refused with the contract's sentence, and nothing is sent (the sender's
// nonce is unchanged), where it used to mine a failing transaction and print "transaction execution reverted".
// Tagged [no-coverage]: it exercises the tooling.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect } from "chai";
import { HDNodeWallet, Mnemonic } from "ethers";
import type { LineResult } from "../../scripts/common/lines";
import { readmeExamples } from "./readme";
import { freePort, rpc, setBlockTime } from "../../scripts/web/stack";
import { UNDER_COVERAGE } from "../helpers/coverage";

const ROOT = path.join(__dirname, "../..");
const HARDHAT = path.join(ROOT, "node_modules/hardhat/internal/cli/bootstrap.js");
const ANVIL = path.join(ROOT, "node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil");
const MNEMONIC = "test test test test test test test test test test test junk";
const NAMES = ["Ada", "O'Brien, Jr.", "Cleo", "Dev", "Eun", "Farah"];

/** Development account `i`'s address. */
function account(i: number): string {
  return HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(MNEMONIC), `m/44'/60'/0'/0/${i}`).address;
}

/** Runs Hardhat (this repo's config) in `cwd` with `args`; resolves with what it printed. */
function hardhat(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HARDHAT, "--config", path.join(ROOT, "hardhat.config.ts"), ...args], {
      cwd,
      env,
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out: stripVTControlCharacters(out) }));
  });
}

describe("the README's class commands on anvil at a block a second [no-coverage]", function () {
  this.timeout(600_000);
  let results: LineResult[];
  let setup: LineResult[];
  let dir: string;
  let url: string;
  let nonceBefore: number;
  let nonceAfter: number;
  /** The head before and after the refused line's wait: the clock mines meanwhile. */
  let heads: [number, number];
  let refused: { code: number | null; out: string };
  const stop: (() => void)[] = [];

  before(async function () {
    if (UNDER_COVERAGE) this.skip();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // Inside the checkout (its cache/ folder, ignored by git): Hardhat runs only where it finds its local installation.
    fs.mkdirSync(path.join(ROOT, "cache"), { recursive: true });
    dir = fs.mkdtempSync(path.join(ROOT, "cache", "class-readme-"));
    const node = spawn(ANVIL, ["--port", String(port), "--silent"], { stdio: "ignore" });
    stop.push(() => node.kill());
    for (let i = 0; ; i++) {
      try {
        await rpc(url, "eth_chainId");
        break;
      } catch (err) {
        if (i > 300) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      WEB_NODE_PORT: String(port),
      DEPLOYMENTS_DIR: path.join(dir, "deployments"),
      DOTENV_CONFIG_PATH: path.join(dir, "no.env"),
    };
    // The class sheet's CSV (seat, name, address: as the sheet writes it), and one of 24 seats for the mistake.
    const csv = (n: number) =>
      [
        "seat,name,address",
        ...Array.from({ length: n }, (_, i) => `${i + 1},"${NAMES[i % 6]}",${account(4 + i)}`),
      ].join("\r\n");
    fs.writeFileSync(path.join(dir, "class.csv"), csv(6));
    fs.writeFileSync(path.join(dir, "class24.csv"), csv(24));
    const L = "npx hardhat --network localhost";
    const before = [
      `${L} deploy`,
      `${L} tournament:create`,
      ...NAMES.map((name, i) => `${L} tournament:register --id 1 --from ${4 + i} --name "${name}"`),
    ];
    const mistake = ["snatch:session", "--rooms", "3", "--seats", "class24.csv", "--network", "localhost"];
    const example = readmeExamples().get("class");
    if (!example) throw new Error("the README has no `class` example");
    const lines = async (list: string[]): Promise<LineResult[]> => {
      fs.writeFileSync(path.join(dir, "lines.json"), JSON.stringify(list));
      const r = await hardhat(
        ["--network", "localhost", "cli:lines", "--file", "lines.json", "--out", "out.json"],
        dir,
        env,
      );
      if (r.code !== 0) throw new Error(`cli:lines failed:\n${r.out}`);
      return JSON.parse(fs.readFileSync(path.join(dir, "out.json"), "utf8")) as LineResult[];
    };
    setup = await lines(before);
    // From here on a block a second, as `npm run web -- --lan` mines once its games are deployed (scripts/web/node.ts).
    await setBlockTime(url, 1);
    // The mistake through a real `npx hardhat` process, as typed; account 0's nonce (pending included) around it.
    const nonce = async () => Number(await rpc<string>(url, "eth_getTransactionCount", [account(0), "pending"]));
    const head = async () => Number(await rpc<string>(url, "eth_blockNumber"));
    nonceBefore = await nonce();
    const headBefore = await head();
    refused = await hardhat(mistake, dir, env);
    await new Promise((r) => setTimeout(r, 2_000)); // a block or two: anything sent would be in the pool or mined
    nonceAfter = await nonce();
    heads = [headBefore, await head()];
    const exports = path.join(ROOT, "exports");
    const had = new Set(fs.existsSync(exports) ? fs.readdirSync(exports) : []);
    results = await lines(example);
    for (const f of fs.existsSync(exports) ? fs.readdirSync(exports) : []) if (!had.has(f)) written.add(f);
  });

  after(function () {
    for (const s of stop) s();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    // The exports the example wrote (exports/ of the checkout, ignored by git).
    for (const f of fs.existsSync(path.join(ROOT, "exports")) ? fs.readdirSync(path.join(ROOT, "exports")) : [])
      if (/^snatch-(session|tournament)-1-/.test(f) && written.has(f)) fs.rmSync(path.join(ROOT, "exports", f));
  });
  /** Export files that were not there before this test (another run's are left alone). */
  const written = new Set<string>();

  it("sets the class up: deployed, a tournament with six named players", function () {
    expect(setup.filter((r) => r.error).map((r) => `${r.line}: ${r.error}`)).to.deep.equal([]);
    expect(setup.at(-1)!.output).to.contain("PlayerRegistered(tournamentId=1, player=");
  });

  it("refuses a session of 24 seats in 3 rooms with the contract's sentence, before sending anything", function () {
    expect(refused.code).to.equal(1);
    expect(refused.out).to.contain(
      "Error in plugin games: reverted: 24 seats would be listed: this session takes 3 to 9 listed seats (3 per room, " +
        "240 at most), or none for first come\n  SeatCountOutOfRange(seats=24, min=3, max=9)",
    );
    expect(refused.out).not.to.contain("transaction execution reverted");
    expect(refused.out).not.to.match(/^\s+at /m);
    expect(nonceAfter - nonceBefore, "transactions the refused line sent").to.equal(0);
    expect(heads[1], "blocks mined by the clock meanwhile").to.be.greaterThan(heads[0]);
  });

  it("runs every line of the README's class example as written", function () {
    expect(results.map((r) => r.line)).to.deep.equal(readmeExamples().get("class"));
    expect(results.filter((r) => r.error).map((r) => `${r.line}\n${r.error}`)).to.deep.equal([]);
    const [created, rooms, shown, sessionExport, tournamentExport] = results.map((r) => r.output);
    expect(created).to.match(/session 1: 6 seats listed/);
    expect(rooms).to.match(/RoomsCreated\(sessionId=1, firstRoomId=\d+, firstRoom=0, count=2/);
    expect(shown).to.match(/session 1: teacher 0x[0-9a-fA-F]{40}; 6\/6 seats \(listed\); playing/);
    // The files where the README says (exports/ of the checkout), named as it says.
    for (const f of ["rooms.csv", "offers.csv", "players.csv", "session.json"]) {
      expect(sessionExport).to.match(new RegExp(`wrote (\\.\\./)*exports/snatch-session-1-${f}`));
      expect(fs.existsSync(path.join(ROOT, "exports", `snatch-session-1-${f}`)), f).to.equal(true);
    }
    for (const f of ["rounds.csv", "players.csv", "leaderboard.csv", "tournament.json"])
      expect(tournamentExport).to.match(new RegExp(`wrote (\\.\\./)*exports/snatch-tournament-1-${f}`));
    const players = fs.readFileSync(path.join(ROOT, "exports", "snatch-session-1-players.csv"), "utf8");
    expect(players).to.contain('"O\'Brien, Jr."');
  });
});

describe("the Node version: package.json, the README and .ci/run agree", function () {
  it("say Node 20 or later, and .ci/run refuses an older Node with a sentence before installing anything", async function () {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { engines: { node: string } };
    expect(pkg.engines.node).to.equal(">=20");
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(readme).to.contain("Node 20 or later (`engines` in package.json; `.ci/run` checks it)");
    expect(readme).to.match(/`@sparticuz\/chromium` \(the browser tests' Chromium\) wants Node ≥ 22\.17/);
    const ci = fs.readFileSync(path.join(ROOT, ".ci", "run"), "utf8");
    // The check, run with a `node` that says it is 18, then with this machine's.
    const check = ci.slice(ci.indexOf("# Node 20 or later"), ci.indexOf("\nnpm ci "));
    const shim = fs.mkdtempSync(path.join(os.tmpdir(), "node-shim-"));
    try {
      fs.writeFileSync(path.join(shim, "node"), "#!/bin/sh\necho v18.20.4\n", { mode: 0o755 });
      const run = (env: NodeJS.ProcessEnv) =>
        new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = spawn("bash", ["-c", `set -euo pipefail\n${check}`], { env });
          let out = "";
          child.stdout.on("data", (d) => (out += d));
          child.stderr.on("data", (d) => (out += d));
          child.on("close", (code) => resolve({ code, out }));
        });
      const [old, current] = await Promise.all([
        run({ ...process.env, PATH: `${shim}:${process.env.PATH}` }),
        run({ ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` }),
      ]);
      expect(old).to.deep.equal({ code: 1, out: "CI needs Node 20 or later; this machine has v18.20.4\n" });
      expect(current.code).to.equal(0);
      expect(current.out).to.match(/^Node v\d+\.\d+\.\d+: Node 20 or later/);
    } finally {
      fs.rmSync(shim, { recursive: true, force: true });
    }
  });
});
