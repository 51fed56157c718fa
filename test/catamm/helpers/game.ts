// Fixtures and helpers for the CATAMM game tests: the game harness (the game plus test-only setters) on the seeded,
// scriptable randomness source, games at each stage, and checks that read everything from chain.
import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { mine } from "@nomicfoundation/hardhat-network-helpers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { ContractTransactionResponse } from "ethers";
import type { Catamm, CatammGameHarness, SeededRandomness } from "../../../typechain-types";
import { deployCatammHarness } from "../../../scripts/catamm/deploy";
import { OPEN_BLOCKS, Pending, Phase, readGame, valueForRoll, type GameSnapshot } from "../../../client/catamm/game";
import { TOPOLOGY, autoRoadEdge, autoSettlementVertex, countOnHex, roadConnects } from "../../../client/catamm/board";
import { ONE_CARD, RESOURCE_COUNT } from "../../../client/catamm/market";
import { feesAnnounced } from "./fees";

export const SEED = 0xca7a77n;
export const TURN_BLOCKS = 20;
export const DEPTH = 100;
export const GAME = 1n;

export interface GameFixture {
  game: CatammGameHarness;
  source: SeededRandomness;
  /** Signers in join order (players[0] created the game). */
  players: HardhatEthersSigner[];
  /** A signer that is not in the game. */
  outsider: HardhatEthersSigner;
  modules: Record<string, string>;
}

/** A game with `n` players joined (not started): depth 100, classic fees, 20-block deadlines. */
export async function openGame(n = 4, seed = SEED): Promise<GameFixture> {
  const signers = await ethers.getSigners();
  const source = await ethers.deployContract("SeededRandomness", [seed]);
  const { game, modules } = await deployCatammHarness(hre, await source.getAddress());
  const players = signers.slice(1, 1 + n);
  await game.connect(players[0]).createGame(DEPTH, 0, TURN_BLOCKS, OPEN_BLOCKS);
  for (const p of players.slice(1)) await game.connect(p).joinGame(GAME);
  return { game, source, players, outsider: signers[10], modules };
}

/** Waits for the outstanding random value and serves it (`advance` by an outsider). */
export async function serve(f: GameFixture): Promise<ContractTransactionResponse> {
  const info = await f.game.gameInfo(GAME);
  expect(info.pending, "a random value is outstanding").to.not.equal(BigInt(Pending.None));
  const target = Number(info.requestId & ((1n << 64n) - 1n));
  const now = await ethers.provider.getBlockNumber();
  if (now < target) await mine(target - now);
  return f.game.connect(f.outsider).advance(GAME);
}

/** A started game in its draft (the start's random value served). */
export async function draftGame(n = 4, seed = SEED): Promise<GameFixture> {
  const f = await openGame(n, seed);
  await f.game.connect(f.players[0]).startGame(GAME);
  await serve(f);
  return f;
}

/** The signer whose turn (or pick) it is. */
export async function current(f: GameFixture, g?: GameSnapshot): Promise<HardhatEthersSigner> {
  const s = g ?? (await readGame(f.game, GAME));
  const address = s.players[s.seat].address;
  return f.players.find((p) => p.address === address)!;
}

/** The signer of seat `seat`. */
export async function seatSigner(f: GameFixture, seat: number): Promise<HardhatEthersSigner> {
  const g = await readGame(f.game, GAME);
  return f.players.find((p) => p.address === g.players[seat].address)!;
}

/** Makes every draft pick as the automatic rule would (best pips), by the players themselves. */
export async function finishDraft(f: GameFixture): Promise<void> {
  for (;;) {
    const g = await readGame(f.game, GAME);
    if (g.phase !== Phase.Setup) return;
    const occupied = g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
    const roads = g.players.reduce((m, p) => m | p.roads, 0n);
    const v = autoSettlementVertex(g.board, occupied);
    await f.game.connect(await current(f, g)).placeInitial(GAME, v, autoRoadEdge(roads, v));
  }
}

/** A game after its draft: turn 1, before the roll. */
export async function playingGame(n = 4, seed = SEED): Promise<GameFixture> {
  const f = await draftGame(n, seed);
  await finishDraft(f);
  return f;
}

/** Queues `values` as the next random values (each request takes the next one). */
export async function script(f: GameFixture, ...values: bigint[]): Promise<void> {
  await f.source.script(values);
}

/** The current player rolls `total` (scripted) and the roll is served. */
export async function roll(f: GameFixture, total: number): Promise<void> {
  await script(f, valueForRoll(total));
  await f.game.connect(await current(f)).rollDice(GAME);
  await serve(f);
}

/** Rolls a number that produces for nobody if there is one among 2, 12, 3, 11 (else 2), reaching the main phase. */
export async function rollQuietly(f: GameFixture): Promise<void> {
  const g = await readGame(f.game, GAME);
  const quiet = [2, 12, 3, 11].find((n) => !produces(g, n)) ?? 2;
  await roll(f, quiet);
}

function produces(g: GameSnapshot, n: number): boolean {
  const all = g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
  return g.board.hexes.some((h, i) => h.number === n && countOnHex(all, i) > 0);
}

/** Turn 1 of a 4-player game after a quiet roll, seat 0 holding 10 of every resource (a `loadFixture` fixture). */
export async function richGame(): Promise<GameFixture> {
  const f = await playingGame(4);
  await rollQuietly(f);
  const g = await readGame(f.game, GAME);
  await give(f, g.players[0].address, [10, 10, 10, 10, 10]);
  return f;
}

/** The free edges that connect to seat `seat`'s network (counting the edges of mask `extra` as its roads), ascending. */
export function freeRoads(g: GameSnapshot, seat: number, extra = 0n): number[] {
  const own = g.players[seat].settlements | g.players[seat].cities;
  const occupied = g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
  const all = g.players.reduce((m, p) => m | p.roads, 0n) | extra;
  return TOPOLOGY.edgeVertices
    .map((_, e) => e)
    .filter((e) => !((all >> BigInt(e)) & 1n) && roadConnects(own, occupied & ~own, g.players[seat].roads | extra, e));
}

/** The bank issues `cards` whole cards per resource (Wood, Brick, Sheep, Ore, Wheat) to `who` (harness). */
export async function give(f: GameFixture, who: string, cards: readonly number[]): Promise<void> {
  for (let r = 0; r < RESOURCE_COUNT; r++) {
    if (cards[r]) await f.game.harnessIssue(GAME, who, r, BigInt(cards[r]) * ONE_CARD);
  }
}

/** Ends turns (rolling quietly) until it is `address`'s turn. */
export async function turnOf(f: GameFixture, address: string): Promise<void> {
  for (let i = 0; i < 8; i++) {
    const g = await readGame(f.game, GAME);
    if (g.players[g.seat].address === address && g.phase === Phase.BeforeRoll) return;
    if (g.phase === Phase.BeforeRoll) await rollQuietly(f);
    await f.game.connect(await current(f)).endTurn(GAME);
  }
  throw new Error("turn never came");
}

/**
 * Conservation, per resource, read from chain: the burned fees `bank` derives equal the fees the game's events
 * announced, and issued − received − those fees = Σ balances + Σ reserves (all ten pools).
 */
export async function expectConserved(f: GameFixture): Promise<void> {
  const fees = await feesAnnounced(f.game, GAME);
  const [issued, received, burned] = await f.game.bank(GAME);
  expect(burned, "burned = the fees announced").to.deep.equal(fees);
  const held = await inPlay(
    f.game,
    GAME,
    f.players.map((p) => p.address),
  );
  for (let r = 0; r < RESOURCE_COUNT; r++) {
    expect(issued[r] - received[r] - fees[r], `resource ${r} conserved`).to.equal(held[r]);
  }
}

/** What game `id` holds of each resource, read from chain: the balances of `players` plus all ten pools' reserves. */
export async function inPlay(game: Catamm, id: bigint, players: readonly string[]): Promise<bigint[]> {
  const held = [0n, 0n, 0n, 0n, 0n];
  for (const p of await game.marketPools(id)) {
    held[Number(p.resource0)] += p.reserve0;
    held[Number(p.resource1)] += p.reserve1;
  }
  for (const a of players) {
    const b = await game.resourceBalances(id, a);
    for (let r = 0; r < RESOURCE_COUNT; r++) held[r] += b[r];
  }
  return held;
}

/** The game's events of a transaction, as `Name(args)` strings (for compact assertions). */
export async function eventsOf(f: GameFixture, tx: Promise<ContractTransactionResponse>): Promise<string[]> {
  const receipt = await (await tx).wait();
  return receipt!.logs.flatMap((log) => {
    const parsed = f.game.interface.parseLog(log);
    return parsed ? [`${parsed.name}(${parsed.args.map(String).join(",")})`] : [];
  });
}
