// Hardhat tasks for the SnatchGame tournament:
//   `npm run tournament -- --players 200`      the bot simulation on the in-process network (task `tournament`)
//   `npx hardhat tournament:<action> ...`       organiser and player actions, leaderboard and history
// Addresses come from the hardhat-deploy deployment `SnatchTournament` unless --tournament is given.
// Only `import type` from typechain-types: this file loads before the first compile.
import fs from "node:fs";
import path from "node:path";
import { task, types } from "hardhat/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { ContractTransactionResponse } from "ethers";
import type { SnatchTournament } from "../../typechain-types";
import { progress } from "../lib/log";
import { parseMix, STRATEGIES, STRATEGY_TEXT } from "./bots";
import { printReport } from "./report";
import { gameTask, send as sendTx, signerOf, type FromArg } from "../lib/cli";
import {
  DEFAULT_CONFIG,
  TOURNAMENT_ROOMS_PER_TX,
  PHASE_NAMES,
  PHASES,
  rank,
  readLeaderboard,
  ROLE_NAMES,
  satOutCount,
  STAGE_NAMES,
} from "../../client/snatch/tournament";
import { tournamentAt } from "./lib";
import { validName } from "../../client/common/names";

interface Common extends FromArg {
  tournament: string;
}

function withCommon(name: string, description: string) {
  return gameTask(name, description).addOptionalParam(
    "tournament",
    "SnatchTournament address (default: the deployment)",
    "",
    types.string,
  );
}

async function contract(hre: HardhatRuntimeEnvironment, args: Common): Promise<SnatchTournament> {
  const t = await tournamentAt(hre, args.tournament);
  return t.connect(await signerOf(hre, args.from)) as SnatchTournament;
}

/** Sends `call()` and prints it with the tournament's and the rooms' events, decoded. */
async function send(
  hre: HardhatRuntimeEnvironment,
  _t: SnatchTournament,
  call: () => Promise<ContractTransactionResponse>,
) {
  await sendTx(hre, call, { prefer: ["SnatchTournament", "SnatchRooms"] });
}

// ------------------------------------------------------------------------------------------------- simulation

const pad = (s: string | number, n: number) => String(s).padStart(n);

task("tournament", "Simulates a whole G1..G5 tournament with bot players on the in-process network")
  .addOptionalParam("players", "number of bot players", 200, types.int)
  .addOptionalParam("seed", "seed of everything random (bots and pairings)", "1", types.string)
  .addOptionalParam(
    "mix",
    `strategy shares, e.g. sharer=30,snatcher=20 (strategies: ${STRATEGIES.join(", ")})`,
    "default",
    types.string,
  )
  .addOptionalParam("tremble", "chance that a P2 answers at random", 0.05, types.float)
  .addOptionalParam(
    "keeper",
    "rooms (advance expired rooms at once) or deadline (close at the phase deadline)",
    "rooms",
  )
  .addOptionalParam("out", "JSON report path", "reports/tournament.json")
  .setAction(
    async (args: { players: number; seed: string; mix: string; tremble: number; keeper: string; out: string }, hre) => {
      if (hre.network.name !== "hardhat" && hre.network.name !== "localhost") {
        throw new Error("the simulation impersonates accounts and mines blocks: run it on the in-process network");
      }
      if (args.keeper !== "rooms" && args.keeper !== "deadline") throw new Error("--keeper: rooms or deadline");
      const mix = parseMix(args.mix);
      if (!/^[0-9]+$/.test(args.seed)) throw new Error(`--seed must be a non-negative integer (got ${args.seed})`);
      const { checkSimulationOptions, simulateTournament } = await import("./simulation");
      // Every argument is checked before anything is compiled or deployed.
      checkSimulationOptions(args);
      await hre.run("compile", { quiet: true });
      console.log(`SnatchGame tournament: ${args.players} bot players, seed ${args.seed}, tremble ${args.tremble}`);
      for (const s of STRATEGIES) {
        if (mix[s] > 0) console.log(`  ${`${s} ${mix[s]}%`.padEnd(16)} ${STRATEGY_TEXT[s]}`);
      }
      const started = Date.now();
      let lastLabel = "";
      let lastDone = -1;
      const { report } = await simulateTournament(hre, {
        players: args.players,
        seed: BigInt(args.seed),
        mix,
        tremble: args.tremble,
        keeper: args.keeper as "rooms" | "deadline",
        onProgress: (label, done, total) => {
          // Redraw only when a room finished.
          if (label === lastLabel && done === lastDone) return;
          lastLabel = label;
          lastDone = done;
          progress(label.padEnd(16), done, total);
        },
      });
      printReport(report);
      const g = report.gas;
      console.log(
        `\ngas: ${g.total.toLocaleString("en-US")} in ${g.transactions} transactions (${g.failed} failed); ` +
          `startPhase per phase ${g.startPhase.map((x) => x.toLocaleString("en-US")).join(" / ")}; ` +
          `largest transaction ${g.maxTransaction.toLocaleString("en-US")} (${g.maxTransactionLabel})`,
      );
      const out = path.resolve(hre.config.paths.root, args.out);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(
        out,
        JSON.stringify(
          { command: `npm run tournament -- --players ${args.players} --seed ${args.seed}`, ...report },
          null,
          2,
        ) + "\n",
      );
      console.log(
        `wrote ${path.relative(hre.config.paths.root, out)}; ${report.blocks} blocks, ` +
          `wall time ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  );

// ---------------------------------------------------------------------------------------------- organiser

withCommon("tournament:create", "Creates a tournament (the sender organises it)")
  .addOptionalParam("cap", "player cap", DEFAULT_CONFIG.cap, types.int)
  .addOptionalParam(
    "batch",
    `rooms created per tournament:rooms call (at most ${TOURNAMENT_ROOMS_PER_TX}: each transaction stays under 10M gas)`,
    DEFAULT_CONFIG.roomsPerBatch,
    types.int,
  )
  .addOptionalParam(
    "registration",
    "blocks after which anyone may start phase 1",
    DEFAULT_CONFIG.registrationBlocks,
    types.int,
  )
  .addOptionalParam(
    "grace",
    "blocks after a phase ended before anyone may start the next",
    DEFAULT_CONFIG.grace,
    types.int,
  )
  .addOptionalParam("windows", "room windows, e.g. talk=20,offer=20,response=20,decision=20", "", types.string)
  .setAction(
    async (
      args: Common & { cap: number; batch: number; registration: number; grace: number; windows: string },
      hre,
    ) => {
      if (args.batch > TOURNAMENT_ROOMS_PER_TX) {
        throw new Error(
          `--batch ${args.batch}: at most ${TOURNAMENT_ROOMS_PER_TX} rooms a transaction (each under 10M gas)`,
        );
      }
      const t = await contract(hre, args);
      const config = {
        ...DEFAULT_CONFIG,
        cap: args.cap,
        roomsPerBatch: args.batch,
        registrationBlocks: args.registration,
        grace: args.grace,
      };
      for (const part of args.windows.split(",").filter((p) => p !== "")) {
        const [name, value] = part.split("=");
        if (!["talk", "offer", "response", "decision"].includes(name)) throw new Error(`unknown window "${name}"`);
        config[name as "talk" | "offer" | "response" | "decision"] = Number(value);
      }
      await send(hre, t, () => t.createTournament(config));
    },
  );

withCommon("tournament:register", "Registers the sender under a display name")
  .addParam("id", "tournament id", undefined, types.int)
  .addOptionalParam(
    "name",
    'the display name shown instead of the address (at most 32 bytes of text, no control characters; "" for none)',
    "",
    types.string,
  )
  .setAction(async (args: Common & { id: number; name: string }, hre) => {
    const name = validName(args.name);
    const t = await contract(hre, args);
    await send(hre, t, () => t.register(args.id, name));
  });

withCommon(
  "tournament:closeTournament",
  "Closes a tournament that never reached two players, after its registration window",
)
  .addParam("id", "tournament id", undefined, types.int)
  .setAction(async (args: Common & { id: number }, hre) => {
    const t = await contract(hre, args);
    await send(hre, t, () => t.closeTournament(args.id));
  });

withCommon("tournament:start", "Starts a phase (requests its pairing randomness; phase 1 closes registration)")
  .addParam("id", "tournament id", undefined, types.int)
  .addParam("phase", "1..5", undefined, types.int)
  .setAction(async (args: Common & { id: number; phase: number }, hre) => {
    const t = await contract(hre, args);
    await send(hre, t, () => t.startPhase(args.id, args.phase));
  });

withCommon("tournament:rooms", "Draws the pairing (once ready) and creates the next batch of the phase's rooms")
  .addParam("id", "tournament id", undefined, types.int)
  .addFlag("noWait", "do not wait for the pairing randomness first")
  .setAction(async (args: Common & { id: number; noWait: boolean }, hre) => {
    const t = await contract(hre, args);
    const d = await t.tournament(args.id);
    const v = Number(d.phase) > 0 ? await t.phaseView(args.id, d.phase) : undefined;
    if (!args.noWait && v && v.seed === 0n && v.request !== 0n) {
      // The pairing is drawn from a ready value: wait for it (mining on a local node).
      const { waitForRandomness } = await import("../../client/chain");
      const { IRandomness__factory } =
        await import("../../typechain-types/factories/contracts/common/randomness/IRandomness__factory");
      const source = IRandomness__factory.connect(await t.randomness(), hre.ethers.provider);
      console.log(`waiting for the pairing randomness (request ${v.request})`);
      await waitForRandomness(source, v.request, hre.ethers.provider, { log: (l) => console.log(`  ${l}`) });
    }
    await send(hre, t, () => t.createPhaseRooms(args.id));
  });

withCommon("tournament:close", "After the phase deadline: closes timed-out rooms with their defaults, in a batch")
  .addParam("id", "tournament id", undefined, types.int)
  .addOptionalParam("max", "most rooms in this call (at most 100)", 100, types.int)
  .setAction(async (args: Common & { id: number; max: number }, hre) => {
    const t = await contract(hre, args);
    await send(hre, t, () => t.closeTimedOutRooms(args.id, args.max));
  });

withCommon(
  "tournament:record",
  "Records finished rooms that did not report (the rooms' owner had disallowed the tournament as a factory)",
)
  .addParam("id", "tournament id", undefined, types.int)
  .addOptionalParam("first", "first pair index to look at", 0, types.int)
  .addOptionalParam("max", "most pairs in this call (at most 100)", 100, types.int)
  .setAction(async (args: Common & { id: number; first: number; max: number }, hre) => {
    const t = await contract(hre, args);
    await send(hre, t, () => t.recordRooms(args.id, args.first, args.max));
  });

withCommon("tournament:reroll", "Replaces the current phase's stale pairing request")
  .addParam("id", "tournament id", undefined, types.int)
  .setAction(async (args: Common & { id: number }, hre) => {
    const t = await contract(hre, args);
    await send(hre, t, () => t.rerequestPairing(args.id));
  });

withCommon("tournament:organiser", "Organiser: hands the tournament over")
  .addParam("id", "tournament id", undefined, types.int)
  .addParam("to", "the new organiser's address")
  .setAction(async (args: Common & { id: number; to: string }, hre) => {
    const t = await contract(hre, args);
    await send(hre, t, () => t.setOrganiser(args.id, args.to));
  });

// ----------------------------------------------------------------------------------------------------- views

withCommon("tournament:show", "Prints a tournament: stage, players, and each phase's rooms, progress and totals")
  .addParam("id", "tournament id", undefined, types.int)
  .setAction(async (args: Common & { id: number }, hre) => {
    const t = await contract(hre, args);
    const d = await t.tournament(args.id);
    const block = await hre.ethers.provider.getBlockNumber();
    console.log(
      `tournament ${args.id}: organiser ${d.organiser}; ${d.playerCount}/${d.cap} players; ` +
        `phase ${d.phase}: ${STAGE_NAMES[Number(d.stage)]} (block ${block})`,
    );
    console.log(
      `  windows: talk ${d.talk}, offer ${d.offer}, response ${d.response}, decision ${d.decision}; ` +
        `rooms per batch ${d.roomsPerBatch}; grace ${d.grace} blocks; anyone may start phase 1 from block ` +
        `${d.createdAt + BigInt(d.registrationBlocks)}`,
    );
    for (let phase = 1; phase <= PHASES; phase++) {
      const v = await t.phaseView(args.id, phase);
      if (!v.started) {
        console.log(`  G${phase} ${PHASE_NAMES[phase].slice(3)}: not started`);
        continue;
      }
      const s = v.totals;
      const state =
        v.seed === 0n
          ? `pairing requested (request ${v.request})`
          : v.ended
            ? `ended at block ${v.endedAt}`
            : v.created < v.rooms
              ? `${v.created}/${v.rooms} rooms created`
              : `${s.finished}/${v.rooms} rooms finished, deadline block ${v.deadline}`;
      console.log(`  G${phase} ${PHASE_NAMES[phase].slice(3)} (format ${v.format}): ${state}`);
      if (v.seed === 0n) continue;
      let satOut = "";
      if (v.satOut !== hre.ethers.ZeroAddress) {
        const name = await t.nameOf(args.id, v.satOut);
        satOut = `, ${name ? `${name} (${v.satOut})` : v.satOut} sits out`;
      }
      console.log(
        `    ${v.rooms} rooms${satOut}; ` +
          `${s.offers} offers, ${s.accepts} accepted, ${s.rejects} rejected, ${s.snatches} snatched, ` +
          `${s.shames} shames, ${s.reports} reports, ${s.refusals} refusals; ` +
          `points as P1 ${s.pointsAsP1}, as P2 ${s.pointsAsP2} (finished rooms)`,
      );
    }
  });

withCommon("tournament:leaderboard", "Prints the leaderboard, ranked off-chain by aggregate score")
  .addParam("id", "tournament id", undefined, types.int)
  .addOptionalParam("top", "rows to print (0: all)", 10, types.int)
  .setAction(async (args: Common & { id: number; top: number }, hre) => {
    const t = await contract(hre, args);
    const ranked = rank(await readLeaderboard(t, BigInt(args.id)));
    const width = Math.max(4, ...ranked.map((r) => [...r.name].length));
    console.log(
      `rank  ${"name".padEnd(width)}  player                                      as P1  as P2  aggregate  ` +
        "rooms P1/P2  sat out  G3 shame  profile shame (now)",
    );
    for (const r of args.top > 0 ? ranked.slice(0, args.top) : ranked) {
      console.log(
        `${pad(r.rank, 4)}  ${(r.name || "-").padEnd(width)}  ${r.player}  ${pad(r.scoreAsP1, 5)}  ${pad(r.scoreAsP2, 5)}  ${pad(r.aggregate, 9)}  ` +
          `${pad(`${r.roomsAsP1}/${r.roomsAsP2}`, 11)}  ${pad(satOutCount(r.satOut), 7)}  ${pad(r.g3Shame, 8)}` +
          `  ${pad(r.profileG3Shame, 19)}`,
      );
    }
  });

withCommon("tournament:history", "Prints a player's phases: role, room, opponent, points")
  .addParam("id", "tournament id", undefined, types.int)
  .addParam("player", "the player's address, or an account index")
  .setAction(async (args: Common & { id: number; player: string }, hre) => {
    const t = await contract(hre, args);
    const player = /^0x/.test(args.player) ? args.player : await (await signerOf(hre, args.player)).getAddress();
    const e = await t.entryOf(args.id, player);
    const nameOf = async (who: string) => {
      const name = await t.nameOf(args.id, who);
      return name ? `${name} (${who})` : who;
    };
    console.log(
      `${await nameOf(player)}: registered #${e.index}; score as P1 ${e.scoreAsP1}, as P2 ${e.scoreAsP2}, aggregate ${e.scoreAsP1 + e.scoreAsP2}`,
    );
    for (const r of await t.history(args.id, player)) {
      const name = `G${r.phase} ${PHASE_NAMES[Number(r.phase)].slice(3)}`;
      if (Number(r.role) === 0) console.log(`  ${name}: pairing not drawn yet`);
      else if (Number(r.role) === 3) console.log(`  ${name}: sat out (odd number of players)`);
      else
        console.log(
          `  ${name}: ${ROLE_NAMES[Number(r.role)]} in room ${r.roomId === 0n ? "(not created yet)" : r.roomId} ` +
            `against ${await nameOf(r.opponent)}: ${r.points} to ${r.opponentPoints} points${r.finished ? " (final)" : " (so far)"}`,
        );
    }
  });

withCommon("tournament:list", "Lists tournaments: organiser, players, phase and stage (newest first)")
  .addOptionalParam("last", "how many of the newest tournaments", 20, types.int)
  .setAction(async (args: Common & { last: number }, hre) => {
    const t = await contract(hre, args);
    const count = Number(await t.tournamentCount());
    if (count === 0) console.log("no tournaments yet (tournament:create)");
    const lines: string[] = [];
    for (let id = count; id >= 1 && id > count - args.last; id--) {
      const d = await t.tournament(id);
      const line =
        `tournament ${id}: organiser ${d.organiser}; ${d.playerCount}/${d.cap} players; ` +
        `phase ${d.phase}: ${STAGE_NAMES[Number(d.stage)]}`;
      console.log(line);
      lines.push(line);
    }
    return lines;
  });
