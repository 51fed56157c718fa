import hre from "hardhat";
import { mine } from "@nomicfoundation/hardhat-network-helpers";
import { deploySeededRandomness } from "../lib/common";
import { gasOf, traceWholeRun, type BenchModule } from "../lib/gas";
import { DEFAULT_MIX } from "../snatch/bots";
import { deploySnatch } from "../snatch/lib";
import { eventArg } from "../../client/snatch/room";
import { simulateTournament } from "../snatch/simulation";
import { DEFAULT_CONFIG, Stage } from "../../client/snatch/tournament";
import { deployTournament } from "../snatch/lib";

const { ethers } = hre;

/** Seed of the benchmarked runs (bots and pairings): figures replay exactly. */
const SEED = 1n;
const TX_LIMIT = 15_000_000;
const START_LIMIT = 8_000_000;

export const bench: BenchModule = {
  title: "SnatchGame tournament",
  goals: {
    "tournament.create": { text: "report (new windows: the tournament and its five formats G1..G5 in SnatchRooms)" },
    "tournament.create.sameWindows": { text: "report (windows used before: the formats are shared)" },
    "tournament.register": {
      text: "report (a new account: its SnatchRooms profile is created too; 7 registrations in 8 add to a used list word)",
    },
    "tournament.register.opensWord": {
      text: "report (the same for the first of 8 registrations, which writes the list's next word of 8 profile ids)",
    },
    "tournament.register.knownPlayer": { text: "report (an account that already has a profile)" },
    "tournament.register.named": {
      text: "report (the same with a 12-byte name: in the entry's slot, as are names of up to 15 letters, digits and spaces, which skip the linked DisplayName check)",
    },
    "tournament.startPhase.200": {
      text: "≤ 8,000,000: phase 1 of the 200-player run, randomness included (startPhase + createPhaseRooms)",
      max: START_LIMIT,
    },
    "tournament.startPhase.200.request": { text: "report (startPhase: requests the pairing randomness)" },
    "tournament.startPhase.200.rooms": { text: "report (createPhaseRooms: draws the shuffle, creates 100 rooms)" },
    "tournament.startPhase.200.maxPhase": {
      text: "≤ 8,000,000 (the dearest of the 5 phases)",
      max: START_LIMIT,
    },
    "tournament.finalResponse": {
      text: "report (P2's accept ending a room's round 3: the room's close, the callback, both leaderboard entries)",
    },
    "tournament.finalResponse.firstOfPhase": {
      text: "report (the same in the phase's first finished room: its totals' slot is written the first time)",
    },
    "tournament.finalResponse.endsPhase": { text: "report (the same in the phase's last room: the phase ends)" },
    "tournament.recordRooms.3": {
      text: "report (recordRooms pulling 3 rooms that finished without the callback, the tournament disallowed)",
    },
    "tournament.recordRooms.perRoom": { text: "report (the same / 3; the last room ends the phase)" },
    "tournament.closeTimedOut.G5.perRoom": {
      text: "report (closeTimedOutRooms of 100 abandoned G5 rooms / 100: every window's default and the callback)",
    },
    "tournament.closeTimedOut.G5.100": { text: "≤ 15,000,000 (one call of MAX_CLOSE_BATCH rooms)", max: TX_LIMIT },
    "tournament.total.200": {
      text: "report (the whole 200-player run, seed 1, default mix: creation, 200 registrations, 5 phases, play)",
    },
    "tournament.perPlayer.200": {
      text: "report (tournament.total.200 / 200: what a whole tournament costs per player, organiser's share included)",
    },
    "tournament.maxTransaction.200": {
      text: "≤ 10,000,000 (largest transaction of the 200-player run: what the tasks and pages send)",
      max: 10_000_000,
    },
  },
  checks: [
    (f) =>
      f["tournament.maxTransaction.200"] > TX_LIMIT
        ? `a transaction of the 200-player run used ${f["tournament.maxTransaction.200"]} gas (> 15,000,000)`
        : null,
    (f) =>
      f["tournament.startPhase.200.request"] + f["tournament.startPhase.200.rooms"] !== f["tournament.startPhase.200"]
        ? "tournament.startPhase.200 is not the sum of its two transactions"
        : null,
  ],
  async run() {
    const out: Record<string, number> = {};
    const signers = await ethers.getSigners();
    const [, organiser] = signers;

    // Scripted figures on a small tournament: creation, registration, final responses.
    const source = await deploySeededRandomness(hre, SEED);
    const { rooms } = await deploySnatch(hre, await source.getAddress());
    const tournament = await deployTournament(hre, rooms, await source.getAddress());
    const config = { ...DEFAULT_CONFIG, cap: 10 };
    await tournament.connect(organiser).createTournament(config); // the first one writes the counter's slot
    out["tournament.create"] = await gasOf(tournament.connect(organiser).createTournament({ ...config, talk: 21 }));
    out["tournament.create.sameWindows"] = await gasOf(tournament.connect(organiser).createTournament(config));
    const id = await tournament.tournamentCount();
    const players = signers.slice(2, 8);
    // Registration positions 0 (a new list word), 1, 2 and 3 (each adding to that word).
    out["tournament.register.opensWord"] = await gasOf(tournament.connect(players[0]).register(id, ""));
    out["tournament.register"] = await gasOf(tournament.connect(players[3]).register(id, ""));
    await rooms.registerPlayer(players[1].address);
    out["tournament.register.knownPlayer"] = await gasOf(tournament.connect(players[1]).register(id, ""));
    await rooms.registerPlayer(players[2].address);
    out["tournament.register.named"] = await gasOf(tournament.connect(players[2]).register(id, "Ada Lovelace"));
    for (const p of players.slice(4)) await tournament.connect(p).register(id, "");
    await tournament.connect(organiser).startPhase(id, 1);
    await mine(1);
    await tournament.createPhaseRooms(id);
    // Three rooms: in each, P1 passes twice, then offers 3 turkeys for 3 corn in round 3; P2's accept ends the room.
    // The phase's first finished room also writes its totals' slot for the first time; the last one ends the phase.
    for (const [pair, name] of [
      [0, "tournament.finalResponse.firstOfPhase"],
      [1, "tournament.finalResponse"],
      [2, "tournament.finalResponse.endsPhase"],
    ] as const) {
      const [roomId, p1, p2] = await tournament.roomAt(id, 1, pair);
      const s1 = await ethers.getSigner(p1);
      await rooms.connect(s1).pass(roomId);
      await rooms.connect(s1).pass(roomId);
      const offerId = await eventArg(
        rooms,
        await rooms.connect(s1).offer(roomId, p2, [3, 0, 0], [0, 0, 3]),
        "OfferMade",
        "offerId",
      );
      out[name] = await gasOf(rooms.connect(await ethers.getSigner(p2)).accept(roomId, offerId));
    }
    if (Number((await tournament.tournament(id)).stage) !== Stage.Ended) throw new Error("phase 1 did not end");

    // Phase 2's rooms finish after the rooms' owner disallowed the tournament: no callback; anyone pulls the results.
    await tournament.connect(organiser).startPhase(id, 2);
    await mine(1);
    await tournament.createPhaseRooms(id);
    await rooms.connect(signers[0]).setFactory(await tournament.getAddress(), false);
    for (let pair = 0; pair < 3; pair++) {
      // G2: P1 is forced to offer; P2 rejects, three rounds.
      const [roomId, p1, p2] = await tournament.roomAt(id, 2, pair);
      for (let round = 0; round < 3; round++) {
        const offer = await rooms.connect(await ethers.getSigner(p1)).offer(roomId, p2, [1, 0, 0], [0, 0, 1]);
        const offerId = await eventArg(rooms, offer, "OfferMade", "offerId");
        await rooms.connect(await ethers.getSigner(p2)).reject(roomId, offerId);
      }
    }
    out["tournament.recordRooms.3"] = await gasOf(tournament.recordRooms(id, 0, 100));
    out["tournament.recordRooms.perRoom"] = Math.round(out["tournament.recordRooms.3"] / 3);
    if (Number((await tournament.tournament(id)).stage) !== Stage.Ended) throw new Error("phase 2 did not end");

    // The 200-player run with the default bots.
    const run = await simulateTournament(hre, { players: 200, seed: SEED, mix: { ...DEFAULT_MIX } });
    const g = run.report.gas;
    // Where the total goes, by kind of transaction (the table in docs/gas.md).
    for (const [kind, k] of Object.entries(g.byKind).sort((x, y) => y[1].gas - x[1].gas)) {
      console.log(
        `  tournament.total.200 ${kind}: ${k.gas} gas, ${k.count} transactions, ${Math.round(k.gas / k.count)} each`,
      );
    }
    out["tournament.startPhase.200"] = g.startPhase[0];
    out["tournament.startPhase.200.maxPhase"] = Math.max(...g.startPhase);
    const starts = await run.tournament.queryFilter(run.tournament.filters.PhaseStarted(run.tournamentId));
    const paired = await run.tournament.queryFilter(run.tournament.filters.RoomsCreated(run.tournamentId));
    const gasOfHash = async (hash: string) => Number((await ethers.provider.getTransactionReceipt(hash))!.gasUsed);
    out["tournament.startPhase.200.request"] = await gasOfHash(starts[0].transactionHash);
    out["tournament.startPhase.200.rooms"] = await gasOfHash(paired[0].transactionHash);
    out["tournament.total.200"] = g.total;
    out["tournament.perPlayer.200"] = Math.round(g.total / 200);
    out["tournament.maxTransaction.200"] = g.maxTransaction;
    if (g.failed > 0) throw new Error(`the 200-player run had failed transactions: ${g.failures.join("; ")}`);
    await traceWholeRun("tournament.total.200", run.transactions, g.total, run.players.length);

    // 200 absent players: every room times out and is closed by the tournament, 100 per call.
    const idle = await simulateTournament(hre, {
      players: 200,
      seed: SEED,
      mix: { ...DEFAULT_MIX, sharer: 0, snatcher: 0, opportunist: 0, reputation: 0, honest: 0, liar: 0, absent: 100 },
      keeper: "deadline",
    });
    const calls = idle.report.gas.closeCalls[4];
    if (calls !== 1) throw new Error(`expected one closeTimedOutRooms call in G5, saw ${calls}`);
    out["tournament.closeTimedOut.G5.100"] = idle.report.gas.closeByPhase[4];
    out["tournament.closeTimedOut.G5.perRoom"] = Math.round(idle.report.gas.closeByPhase[4] / 100);
    return out;
  },
};
