// The SnatchGame tournament simulation: deploys everything on the in-process Hardhat network, registers bot players,
// and plays G1..G5 with them. Used by the `tournament` task (npm run tournament), the bench and the tests.
//
// How it runs fast: automine is off; each "tick" reads every live room of the phase in one call
// (SnatchRoomsLens.roomBriefs), lets each bot whose turn it is decide, sends all their transactions (from impersonated
// accounts, with fixed gas limits so that nothing is estimated) and mines them in one block. A keeper advances rooms
// whose window expired (SnatchRooms.advanceMany, as anyone may); when nobody can act, blocks are mined until the next
// deadline. Every value comes from the seed (bots) or SeededRandomness (pairings), so a seed replays a run exactly.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Interface } from "ethers";
import type { SnatchRooms, SnatchRoomsLens, SnatchTournament } from "../../typechain-types";
import { deploySeededRandomness } from "../lib/common";
import { deploySnatch } from "./lib";
import { Phase, OfferStatus } from "../../client/snatch/names";
import { roundFlags } from "../../client/snatch/state";
import {
  assignStrategies,
  DEFAULT_MIX,
  isPromise,
  p1AfterSnatch,
  p1Offer,
  p2Force,
  p2Respond,
  rngFor,
  STRATEGIES,
  talk,
  type Situation,
  type Strategy,
} from "./bots";
import {
  DEFAULT_CONFIG,
  PHASE_NAMES,
  PHASES,
  rank,
  readLeaderboard,
  Stage,
  type Ranked,
  type TournamentConfig,
  type VariantFigures,
  variantFigures,
} from "../../client/snatch/tournament";
import { deployTournament } from "./lib";

export interface SimulationOptions {
  players: number;
  seed: bigint;
  mix?: Record<Strategy, number>;
  /** Chance that a P2 answers at random (a mistake); default 0.05. */
  tremble?: number;
  config?: Partial<TournamentConfig>;
  /**
   * Who closes windows that expired: "rooms" (default) advances each expired room at once through
   * SnatchRooms.advanceMany, as any keeper may; "deadline" leaves them until the phase deadline and then closes every
   * unfinished room in batches through SnatchTournament.closeTimedOutRooms (rooms stalled by a silent player then end
   * with the defaults of all their remaining windows).
   */
  keeper?: "rooms" | "deadline";
  /** Called as rooms finish: label, finished, total. */
  onProgress?: (label: string, done: number, total: number) => void;
  /**
   * Play on these deployed contracts (e.g. a node's deployment, to seed it) instead of deploying fresh ones with the
   * seeded randomness source; the pairings then come from their own source.
   */
  contracts?: { rooms: SnatchRooms; lens: SnatchRoomsLens; tournament: SnatchTournament };
  /**
   * Where the impersonated bots' transactions go (default: the network's provider). On a `remote` network Hardhat's
   * own provider signs only for its configured accounts: pass one that talks to the node directly.
   */
  node?: Node;
}

/** The JSON-RPC calls the simulation makes itself (an EIP-1193-like `send`). */
export interface Node {
  send(method: string, params?: unknown[]): Promise<unknown>;
}

/** A variant's figures (client/snatch/tournament.ts variantFigures) with the simulation's own columns. */
export interface VariantReport extends VariantFigures {
  phase: number;
  variant: string;
  satOut: string | null;
  /** Average round-3 points per strategy (as P1 or P2) in this variant. */
  avgByStrategy: Partial<Record<Strategy, number>>;
  /** startPhase + createPhaseRooms. */
  startGas: number;
  blocks: number;
}

export interface SimulationReport {
  players: number;
  seed: string;
  tremble: number;
  mix: Record<Strategy, number>;
  counts: Record<Strategy, number>;
  variants: VariantReport[];
  top10: (Ranked & { strategy: Strategy })[];
  /** Average aggregate (5 phases) per strategy. */
  aggregateByStrategy: Partial<Record<Strategy, number>>;
  gas: {
    /** Every transaction of the tournament (creation, registrations, phases, play, keepers). */
    total: number;
    createTournament: number;
    registerAverage: number;
    /** Per phase: startPhase + createPhaseRooms. */
    startPhase: number[];
    /** Per phase: gas of SnatchTournament.closeTimedOutRooms calls (keeper "deadline"), and their count. */
    closeByPhase: number[];
    closeCalls: number[];
    maxTransaction: number;
    maxTransactionLabel: string;
    transactions: number;
    /** Per kind of transaction (the first word of its label: "offer", "accept", "register", ...): gas and count. */
    byKind: Record<string, { gas: number; count: number }>;
    failed: number;
    failures: string[];
  };
  blocks: number;
  wallSeconds: number;
}

/** A finished run: the report, and the contracts and players for whoever wants to look further (tests). */
export interface SimulationRun {
  report: SimulationReport;
  rooms: SnatchRooms;
  lens: SnatchRoomsLens;
  tournament: SnatchTournament;
  tournamentId: bigint;
  players: string[];
  strategies: Strategy[];
  /** Every transaction of the run, in order: its hash and kind (the first word of its label). */
  transactions: { hash: string; kind: string }[];
}

interface Sent {
  hash: string;
  label: string;
}

/** A room as SnatchRoomsLens.roomBriefs returns it. */
type RoomBrief = Awaited<ReturnType<SnatchRoomsLens["roomBriefs"]>>[number];

/** 100 gwei: far above the base fee of these blocks (1 gwei at start, falling while blocks stay under half full). */
const MAX_FEE = "0x174876e800";

/** Sends unsigned transactions from impersonated accounts and mines them in as few blocks as possible. */
class Chain {
  private pending: Sent[] = [];
  gasTotal = 0;
  maxGas = 0;
  maxLabel = "";
  transactions = 0;
  failures: string[] = [];
  /** Gas and count per kind: the first word of a transaction's label. */
  gasByLabel = new Map<string, number>();
  countByLabel = new Map<string, number>();
  /** Every mined transaction: its hash and kind. */
  mined: { hash: string; kind: string }[] = [];

  constructor(private readonly node: Node) {}

  async send(from: string, to: string, data: string, gas: number, label: string): Promise<void> {
    const hash = (await this.node.send("eth_sendTransaction", [
      // Explicit fees: without them the node estimates fees for every pending transaction (slow).
      { from, to, data, gas: "0x" + gas.toString(16), maxFeePerGas: MAX_FEE, maxPriorityFeePerGas: "0x0" },
    ])) as string;
    this.pending.push({ hash, label });
  }

  get waiting(): number {
    return this.pending.length;
  }

  /** Mines until every sent transaction is in a block; returns the blocks mined. */
  async mine(): Promise<number> {
    let blocks = 0;
    while (this.pending.length > 0) {
      await this.node.send("hardhat_mine", ["0x1"]);
      blocks++;
      const still: Sent[] = [];
      for (const sent of this.pending) {
        const receipt = (await this.node.send("eth_getTransactionReceipt", [sent.hash])) as {
          gasUsed: string;
          status: string;
        } | null;
        if (receipt === null) {
          still.push(sent);
          continue;
        }
        const gas = Number(BigInt(receipt.gasUsed));
        this.gasTotal += gas;
        this.transactions++;
        const kind = sent.label.split(" ")[0];
        this.gasByLabel.set(kind, (this.gasByLabel.get(kind) ?? 0) + gas);
        this.countByLabel.set(kind, (this.countByLabel.get(kind) ?? 0) + 1);
        this.mined.push({ hash: sent.hash, kind });
        if (gas > this.maxGas) {
          this.maxGas = gas;
          this.maxLabel = sent.label;
        }
        if (receipt.status !== "0x1") this.failures.push(sent.label);
      }
      this.pending = still;
      if (blocks > 50) throw new Error("transactions stuck in the mempool");
    }
    return blocks;
  }

  /** Throws if any transaction so far reverted (setup steps must all succeed). */
  assertNoFailure(what: string): void {
    if (this.failures.length > 0) throw new Error(`${what} failed: ${this.failures.join(", ")}`);
  }

  async mineEmpty(blocks: number): Promise<void> {
    if (blocks > 0) await this.node.send("hardhat_mine", ["0x" + blocks.toString(16)]);
  }

  async blockNumber(): Promise<number> {
    return Number(BigInt((await this.node.send("eth_blockNumber", [])) as string));
  }
}

/** Gas limits per action (nothing is estimated); generous, since a finishing action calls the tournament back. */
const GAS = { small: 200_000, action: 600_000, big: 15_000_000 } as const;

/** Goods cell of seat s, good g in a room's packed holdings. */
function cell(packed: bigint, seat: number, good: number): number {
  return Number((packed >> BigInt(8 * (3 * seat + good))) & 0xffn);
}

/**
 * Checks a simulation's options against the tournament's bounds before anything is deployed; throws an error naming
 * the first bad option.
 */
export function checkSimulationOptions(options: Pick<SimulationOptions, "players" | "tremble">): void {
  const n = options.players;
  // SnatchTournament.MAX_CAP: the cap is the player count.
  if (!Number.isInteger(n) || n < 2 || n > 2000)
    throw new Error(`--players must be an integer from 2 to 2000 (got ${n})`);
  const t = options.tremble ?? 0;
  if (!(t >= 0 && t <= 1)) throw new Error(`--tremble must be a probability from 0 to 1 (got ${t})`);
}

/** Contracts for a simulation: every random value from the seed. */
async function deployFresh(hre: HardhatRuntimeEnvironment, seed: bigint) {
  const source = await deploySeededRandomness(hre, seed);
  const { rooms, lens } = await deploySnatch(hre, await source.getAddress());
  const tournament = await deployTournament(hre, rooms, await source.getAddress());
  return { rooms, lens, tournament };
}

/** Runs a whole tournament with bots and returns what happened. Leaves automine on when done. */
/** A bot's display name: its strategy and its 1-based number ("sharer 17"; at most 32 bytes). */
export function botName(strategy: Strategy, index: number): string {
  return `${strategy} ${index + 1}`;
}

export async function simulateTournament(
  hre: HardhatRuntimeEnvironment,
  options: SimulationOptions,
): Promise<SimulationRun> {
  const started = Date.now();
  const { ethers } = hre;
  const n = options.players;
  checkSimulationOptions(options);
  const seed = options.seed;
  const mix = options.mix ?? { ...DEFAULT_MIX };
  const tremble = options.tremble ?? 0.05;
  const keeperMode = options.keeper ?? "rooms";
  const config: TournamentConfig = { ...DEFAULT_CONFIG, cap: Math.max(n, 2), ...options.config };

  // Contracts: every random value from the seed.
  const [organiser, keeper] = await ethers.getSigners();
  const { rooms, lens, tournament } = options.contracts ?? (await deployFresh(hre, seed));
  const node: Node = options.node ?? hre.network.provider;
  const roomsAddress = await rooms.getAddress();
  const tournamentAddress = await tournament.getAddress();
  const roomsIface: Interface = rooms.interface;
  const tIface: Interface = tournament.interface;

  // Bot accounts: addresses derived from the seed, impersonated (no signing) and funded.
  const coder = ethers.AbiCoder.defaultAbiCoder();
  const players: string[] = [];
  for (let i = 0; i < n; i++) {
    const hash = ethers.keccak256(coder.encode(["string", "uint256", "uint256"], ["snatch-bot", seed, i]));
    const address = ethers.getAddress("0x" + hash.slice(-40));
    players.push(address);
    await node.send("hardhat_impersonateAccount", [address]);
    await node.send("hardhat_setBalance", [address, "0x3635c9adc5dea00000"]);
  }
  const strategies = assignStrategies(n, mix, seed);
  const strategyOf = new Map(players.map((p, i) => [p.toLowerCase(), strategies[i]]));

  const chain = new Chain(node);
  let tournamentId = 0n;
  const report: SimulationReport = {
    players: n,
    seed: seed.toString(),
    tremble,
    mix,
    counts: Object.fromEntries(STRATEGIES.map((s) => [s, strategies.filter((x) => x === s).length])) as Record<
      Strategy,
      number
    >,
    variants: [],
    top10: [],
    aggregateByStrategy: {},
    gas: {
      total: 0,
      createTournament: 0,
      registerAverage: 0,
      startPhase: [],
      closeByPhase: [],
      closeCalls: [],
      maxTransaction: 0,
      maxTransactionLabel: "",
      transactions: 0,
      byKind: {},
      failed: 0,
      failures: [],
    },
    blocks: 0,
    wallSeconds: 0,
  };

  await node.send("evm_setAutomine", [false]);
  try {
    const firstBlock = await chain.blockNumber();
    // Tournament and registration.
    await chain.send(
      organiser.address,
      tournamentAddress,
      tIface.encodeFunctionData("createTournament", [config]),
      GAS.action,
      "createTournament",
    );
    await chain.mine();
    chain.assertNoFailure("creating the tournament");
    report.gas.createTournament = chain.gasTotal;
    tournamentId = await tournament.tournamentCount();
    const beforeRegister = chain.gasTotal;
    for (const [i, p] of players.entries()) {
      // Each bot registers under a display name, as a class would: its strategy and number ("sharer 17").
      await chain.send(
        p,
        tournamentAddress,
        tIface.encodeFunctionData("register", [tournamentId, botName(strategies[i], i)]),
        GAS.action,
        "register",
      );
    }
    await chain.mine();
    chain.assertNoFailure("registering");
    report.gas.registerAverage = Math.round((chain.gasTotal - beforeRegister) / n);

    for (let phase = 1; phase <= PHASES; phase++) {
      const phaseStartBlock = await chain.blockNumber();
      const beforeStart = chain.gasTotal;
      await chain.send(
        organiser.address,
        tournamentAddress,
        tIface.encodeFunctionData("startPhase", [tournamentId, phase]),
        GAS.action,
        `startPhase ${phase}`,
      );
      await chain.mine();
      chain.assertNoFailure(`starting phase ${phase}`);
      await chain.mineEmpty(1); // the pairing value is ready two blocks after the request
      while (Number((await tournament.tournament(tournamentId)).stage) === Stage.Pairing) {
        await chain.send(
          keeper.address,
          tournamentAddress,
          tIface.encodeFunctionData("createPhaseRooms", [tournamentId]),
          GAS.big,
          `createPhaseRooms ${phase}`,
        );
        await chain.mine();
        chain.assertNoFailure("creating the rooms");
      }
      const startGas = chain.gasTotal - beforeStart;
      report.gas.startPhase.push(startGas);
      const closeBefore = chain.gasByLabel.get("close") ?? 0;
      const callsBefore = chain.countByLabel.get("close") ?? 0;
      const view = await tournament.phaseView(tournamentId, phase);
      const roomIds = (await tournament.phaseRooms(tournamentId, phase, 0, view.rooms)).map((x) => x);
      await playPhase(hre, {
        chain,
        rooms,
        lens,
        tournament,
        tournamentId,
        phase,
        roomIds,
        strategyOf,
        seed,
        tremble,
        roomsIface,
        roomsAddress,
        tournamentAddress,
        tIface,
        keeper: keeper.address,
        keeperMode,
        onProgress: options.onProgress,
      });
      report.gas.closeByPhase.push((chain.gasByLabel.get("close") ?? 0) - closeBefore);
      report.gas.closeCalls.push((chain.countByLabel.get("close") ?? 0) - callsBefore);
      report.variants.push(
        await variantReport(
          tournament,
          tournamentId,
          phase,
          strategyOf,
          startGas,
          (await chain.blockNumber()) - phaseStartBlock,
        ),
      );
    }
    const stage = Number((await tournament.tournament(tournamentId)).stage);
    if (stage !== Stage.Final) throw new Error(`the tournament did not finish (stage ${stage})`);

    const ranked = rank(await readLeaderboard(tournament, tournamentId));
    report.top10 = ranked.slice(0, 10).map((r) => ({ ...r, strategy: strategyOf.get(r.player.toLowerCase())! }));
    for (const s of STRATEGIES) {
      const mine = ranked.filter((r) => strategyOf.get(r.player.toLowerCase()) === s);
      if (mine.length > 0)
        report.aggregateByStrategy[s] = round2(mine.reduce((a, r) => a + r.aggregate, 0) / mine.length);
    }
    report.gas.total = chain.gasTotal;
    report.gas.maxTransaction = chain.maxGas;
    report.gas.maxTransactionLabel = chain.maxLabel;
    report.gas.transactions = chain.transactions;
    report.gas.byKind = Object.fromEntries(
      [...chain.gasByLabel.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([kind, gas]) => [kind, { gas, count: chain.countByLabel.get(kind)! }]),
    );
    report.gas.failed = chain.failures.length;
    report.gas.failures = chain.failures.slice(0, 20);
    report.blocks = (await chain.blockNumber()) - firstBlock;
  } finally {
    await node.send("evm_setAutomine", [true]);
  }
  report.wallSeconds = round2((Date.now() - started) / 1000);
  return { report, rooms, lens, tournament, tournamentId, players, strategies, transactions: chain.mined };
}

interface PhaseContext {
  chain: Chain;
  rooms: SnatchRooms;
  lens: SnatchRoomsLens;
  tournament: SnatchTournament;
  tournamentId: bigint;
  phase: number;
  roomIds: bigint[];
  strategyOf: Map<string, Strategy>;
  seed: bigint;
  tremble: number;
  roomsIface: Interface;
  roomsAddress: string;
  tournamentAddress: string;
  tIface: Interface;
  keeper: string;
  keeperMode: "rooms" | "deadline";
  onProgress?: (label: string, done: number, total: number) => void;
}

/** Plays one phase until every room finished (the phase then ends through the rooms' callbacks). */
async function playPhase(hre: HardhatRuntimeEnvironment, c: PhaseContext): Promise<void> {
  const { chain, lens, roomsIface, roomsAddress } = c;
  const total = c.roomIds.length;
  let live = [...c.roomIds];
  const decided = new Set<string>();
  const promised = new Set<string>();
  const players = new Map<bigint, [string, string]>();
  for (const id of c.roomIds) {
    const [, seated] = await c.rooms.roomResult(id);
    players.set(id, [seated[0], seated[1]]);
  }
  const label = `G${c.phase} ${PHASE_NAMES[c.phase].slice(3)}`;
  c.onProgress?.(label, 0, total);
  let ticks = 0;
  while (live.length > 0) {
    if (++ticks > 2000) throw new Error(`phase ${c.phase} does not end`);
    const block = await chain.blockNumber();
    const next = block + 1;
    const briefs: RoomBrief[] = [];
    for (let i = 0; i < live.length; i += 100) briefs.push(...(await lens.roomBriefs(live.slice(i, i + 100))));
    const stillLive: bigint[] = [];
    const expired: bigint[] = [];
    let nextDeadline = Number.MAX_SAFE_INTEGER;
    let actions = 0;
    for (let i = 0; i < live.length; i++) {
      const id = live[i];
      const b = briefs[i];
      const r = b.room;
      const phase = Number(r.phase);
      if (phase === Phase.Finished) continue;
      stillLive.push(id);
      const deadline = Number(r.deadline);
      if (deadline < next) {
        expired.push(id);
        continue;
      }
      nextDeadline = Math.min(nextDeadline, deadline);
      actions += await act(c, id, b, players.get(id)!, decided, promised);
    }
    const finished = total - stillLive.length;
    c.onProgress?.(label, finished, total);
    live = stillLive;
    if (live.length === 0) break;
    if (c.keeperMode === "rooms") {
      for (let i = 0; i < expired.length; i += 100) {
        await chain.send(
          c.keeper,
          roomsAddress,
          roomsIface.encodeFunctionData("advanceMany", [expired.slice(i, i + 100)]),
          GAS.big,
          "keeper advanceMany",
        );
        actions++;
      }
    }
    if (actions > 0) {
      await chain.mine();
    } else if (c.keeperMode === "deadline") {
      // Nobody can act: wait for the phase deadline, then close every unfinished room in batches.
      const deadline = Number((await c.tournament.phaseView(c.tournamentId, c.phase)).deadline);
      await chain.mineEmpty(Math.max(0, deadline - block + 1));
      while (Number((await c.tournament.tournament(c.tournamentId)).stage) === Stage.Playing) {
        await chain.send(
          c.keeper,
          c.tournamentAddress,
          c.tIface.encodeFunctionData("closeTimedOutRooms", [c.tournamentId, 100]),
          GAS.big,
          "close (keeper) closeTimedOutRooms",
        );
        await chain.mine();
      }
    } else if (nextDeadline !== Number.MAX_SAFE_INTEGER) {
      // Everyone left is waiting on a silent player: let the windows expire.
      await chain.mineEmpty(nextDeadline - block + 1);
    } else {
      await chain.mineEmpty(1);
    }
  }
  // The phase ended with its last room (the rooms called the tournament back).
  const stage = Number((await c.tournament.tournament(c.tournamentId)).stage);
  if (stage !== Stage.Ended && stage !== Stage.Final) throw new Error(`phase ${c.phase} did not end (stage ${stage})`);
}

/** Lets the bot whose turn it is in one room decide; sends its transactions. Returns how many were sent. */
async function act(
  c: PhaseContext,
  roomId: bigint,
  b: RoomBrief,
  seated: [string, string],
  decided: Set<string>,
  promised: Set<string>,
): Promise<number> {
  const r = b.room;
  const phase = Number(r.phase);
  const round = Number(r.round);
  const [p1, p2] = seated;
  const s1 = c.strategyOf.get(p1.toLowerCase())!;
  const s2 = c.strategyOf.get(p2.toLowerCase())!;
  // `at`: the phase a decision belongs to (P1's offer is the offer window's, even when it ends the talk).
  const key = (seat: number, what: string, at: number) => `${roomId}:${round}:${at}:${seat}:${what}`;
  const once = (seat: number, what: string, at: number = phase) => {
    const k = key(seat, what, at);
    if (decided.has(k)) return false;
    decided.add(k);
    return true;
  };
  const situation = (seat: number, what: number, at: number = phase): Situation => ({
    variant: c.phase,
    round,
    opponentShame: Number(b.g3Shame[1 - seat]),
    snatchedInRoom: Number(r.snatches) > 0,
    turkeys: cell(r.free, 0, 0),
    corn: cell(r.free, 0, 2),
    forced: roundFlags(r.roundBits).forced,
    promised: promised.has(`${roomId}:${round}`),
    rng: rngFor(c.seed, Number(roomId), round, at, seat, what),
  });
  const send = async (from: string, fn: string, args: unknown[], gas: number = GAS.action) => {
    await c.chain.send(from, c.roomsAddress, c.roomsIface.encodeFunctionData(fn, args), gas, `${fn} room ${roomId}`);
    return 1;
  };
  /** P1's offer or pass (an offer window's decision, also when it ends the talk): how many were sent. */
  const p1Decides = async () => {
    if (!once(0, "offer", Phase.Offering)) return 0;
    const choice = p1Offer(s1, situation(0, 2, Phase.Offering));
    if (choice === "silent") return 0;
    if (choice === "pass") return send(p1, "pass", [roomId]);
    return send(p1, "offer", [roomId, p2, [choice.give, 0, 0], [0, 0, choice.want]]);
  };
  let sent = 0;
  if (phase === Phase.Talk) {
    for (const [seat, player, s] of [
      [1, p2, s2],
      [0, p1, s1],
    ] as const) {
      if (s === "absent" || !once(seat, "talk")) continue;
      const text = talk(s, seat);
      if (text !== undefined) {
        sent += await send(player, "talk", [roomId, text], GAS.small);
        if (seat === 1 && isPromise(text)) promised.add(`${roomId}:${round}`);
      }
      // P2 says done; P1 does not: its offer or pass ends the talk once P2 is done (SnatchRooms.offer/pass).
      if (seat === 1) sent += await send(player, "done", [roomId]);
    }
    // P2 done (seat 1: a tournament's rooms seat P1 in seat 0, ROLES_P1_FIRST): P1 decides now, as it would in the
    // offer window.
    if (roundFlags(r.roundBits).done[1] && s1 !== "absent") sent += await p1Decides();
  } else if (phase === Phase.Offering) {
    if (c.phase === 2 && once(1, "force")) {
      const force = p2Force(s2, situation(1, 1));
      if (force !== undefined) return send(p2, "setForce", [roomId, force], GAS.small);
    }
    sent += await p1Decides();
  } else if (phase === Phase.Responding) {
    if (!once(1, "respond")) return 0;
    const o = b.lastOffer;
    if (Number(o.status) !== OfferStatus.Pending) return 0;
    const offer = { give: Number(o.offeredSum), want: Number((o.requested >> 64n) & 0xffffffffn) };
    const answer = p2Respond(s2, situation(1, 3), offer, c.tremble);
    if (answer === "silent") return 0;
    sent += await send(p2, answer, [roomId, r.offerCount]);
  } else if (phase === Phase.Deciding) {
    if (!once(0, "decide")) return 0;
    const choice = p1AfterSnatch(s1);
    if (choice === "silent") return 0;
    if (choice === "pass") return send(p1, "pass", [roomId]);
    if (c.phase === 3) sent += await send(p1, "shame", [roomId, p2]);
    else sent += await send(p1, "report", [roomId, r.offerCount]);
  }
  return sent;
}

async function variantReport(
  tournament: SnatchTournament,
  tournamentId: bigint,
  phase: number,
  strategyOf: Map<string, Strategy>,
  startGas: number,
  blocks: number,
): Promise<VariantReport> {
  const v = await tournament.phaseView(tournamentId, phase);
  // Per strategy: the phase's recorded results (RoomRecorded events).
  const sums = new Map<Strategy, { points: number; count: number }>();
  const add = (player: string, points: bigint) => {
    const s = strategyOf.get(player.toLowerCase())!;
    const e = sums.get(s) ?? { points: 0, count: 0 };
    e.points += Number(points);
    e.count++;
    sums.set(s, e);
  };
  const events = await tournament.queryFilter(tournament.filters.RoomRecorded(tournamentId));
  for (const e of events) {
    if (Number(e.args.phase) !== phase) continue;
    add(e.args.p1, e.args.pointsP1);
    add(e.args.p2, e.args.pointsP2);
  }
  const avgByStrategy: Partial<Record<Strategy, number>> = {};
  for (const s of STRATEGIES) {
    const e = sums.get(s);
    if (e && e.count > 0) avgByStrategy[s] = round2(e.points / e.count);
  }
  return {
    phase,
    variant: `G${phase} ${PHASE_NAMES[phase].slice(3)}`,
    satOut: v.satOut === "0x0000000000000000000000000000000000000000" ? null : v.satOut,
    ...variantFigures(v.totals, Number(v.rooms)),
    avgByStrategy,
    startGas,
    blocks,
  };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
