// CATAMM game scenarios for the bench (scripts/bench/catamm.ts): each figure is the gas of real transactions on
// the in-process network.
//
// The game runs on the seeded test source (SeededRandomness): it has the block-hash source's timing and
// costs (a request updates one word; a value is read from one more slot) but its values follow a seed, so the
// scenarios are reproducible. Positions mid-game come from the seeded bot game; where a scenario needs a particular
// position (a city and a settlement on the rolled hex, a port owned, fifteen roads) the test-only game harness
// places pieces or issues resources (counted by the bank) before the measured transactions, which are the game's
// own entry points.
import hre from "hardhat";
import { AbiCoder, keccak256, ZeroAddress } from "ethers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { CatammGameHarness, SeededRandomness } from "../../typechain-types";
import { gasOf, traceWholeRun } from "../lib/gas";
import { playBotGame } from "../catamm/bots";
import { deployCatamm, deployCatammHarness } from "../catamm/deploy";
import { Phase, DevCard, OPEN_BLOCKS, readGame, type GameSnapshot } from "../../client/catamm/game";
import {
  LONGEST_ROAD_WORST_CASES,
  TOPOLOGY,
  countOnHex,
  distanceRuleOk,
  has,
  idsOf,
  maskOf,
  rollDice,
  roadConnects,
} from "../../client/catamm/board";
import { ONE_CARD, poolOf } from "../../client/catamm/market";

const { ethers } = hre;

/** The seeded bot game of the bench (and of `npm run catamm -- --players 4 --seed 7`). */
export const BOT_GAME = { players: 4, seed: 7n, depthCards: 100 };

const coder = AbiCoder.defaultAbiCoder();

interface Table {
  game: CatammGameHarness;
  source: SeededRandomness;
  signers: HardhatEthersSigner[];
  id: bigint;
}

async function signerOf(t: Table, address: string): Promise<HardhatEthersSigner> {
  return t.signers.find((s) => s.address === address)!;
}

async function current(t: Table): Promise<HardhatEthersSigner> {
  const g = await readGame(t.game, t.id);
  return signerOf(t, g.players[g.seat].address);
}

/** Mines until the outstanding value is ready, then serves it; returns the serving transaction's gas. */
async function serve(t: Table): Promise<number> {
  const { requestId } = await t.game.gameInfo(t.id);
  const target = Number(requestId & ((1n << 64n) - 1n));
  const now = await ethers.provider.getBlockNumber();
  if (now < target) await hre.network.provider.send("hardhat_mine", ["0x" + (target - now).toString(16)]);
  return gasOf(t.game.advance(t.id));
}

/** Spends request numbers on the source (anyone may request) until the game's next value rolls `total`. */
async function nextRollWillBe(t: Table, total: number): Promise<void> {
  const seed = await t.source.seed();
  for (let i = 0; i < 500; i++) {
    const next = (await t.source.requests()) + 1n;
    const value = BigInt(keccak256(coder.encode(["uint256", "uint256"], [seed, next])));
    const [d1, d2] = rollDice(value);
    if (d1 + d2 === total) return;
    await (await t.source.request(ZeroAddress)).wait();
  }
  throw new Error(`no roll of ${total} in 500 values`);
}

/** Rolls a total that produces for nobody (or 2) and serves it. */
async function rollQuietly(t: Table): Promise<void> {
  const g = await readGame(t.game, t.id);
  const all = g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
  const quiet =
    [2, 12, 3, 11, 4, 10].find((n) => !g.board.hexes.some((h, i) => h.number === n && countOnHex(all, i))) ?? 2;
  await nextRollWillBe(t, quiet);
  await (await t.game.connect(await current(t)).rollDice(t.id)).wait();
  await serve(t);
}

/** A 4-player game of the seeded bots, stopped at turn `turn` before its roll (the harness game). */
async function midGame(turn: number): Promise<Table> {
  const signers = await ethers.getSigners();
  const source = await ethers.deployContract("SeededRandomness", [BOT_GAME.seed]);
  const { game } = await deployCatammHarness(hre, await source.getAddress());
  const result = await playBotGame(hre, game, signers.slice(0, 4), { ...BOT_GAME, stopAtTurn: turn });
  return { game, source, signers, id: result.gameId };
}

/** Finds (or makes, with the harness) a hex holding a city of one player and a settlement of another. */
async function cityAndSettlementHex(t: Table, g: GameSnapshot): Promise<number> {
  const candidates = g.board.hexes.map((h, i) => ({ ...h, i })).filter((h) => h.number !== 0 && h.i !== g.ghostShip);
  for (const h of candidates) {
    const cityOwner = g.players.findIndex((p) => countOnHex(p.cities, h.i) > 0);
    if (cityOwner >= 0 && g.players.some((p, s) => s !== cityOwner && countOnHex(p.settlements, h.i) > 0)) return h.i;
  }
  for (const h of candidates) {
    const owners = g.players.flatMap((p, s) => (countOnHex(p.settlements, h.i) > 0 ? [s] : []));
    if (owners.length < 2) continue;
    const p = g.players[owners[0]];
    const v = TOPOLOGY.hexVertices[h.i].find((x) => has(p.settlements, x))!;
    await t.game.harnessSetPieces(t.id, owners[0], p.settlements & ~maskOf([v]), p.cities | maskOf([v]), p.roads);
    return h.i;
  }
  throw new Error("no hex with buildings of two players");
}

/** Issues `cards` of each resource to `who` (harness; counted as issued). */
async function give(t: Table, who: string, cards: number): Promise<void> {
  for (let r = 0; r < 5; r++) await (await t.game.harnessIssue(t.id, who, r, BigInt(cards) * ONE_CARD)).wait();
}

/** The gas figures of the game scenarios, and facts for the goal texts. */
export async function gameScenarios(): Promise<{ figures: Record<string, number>; facts: Record<string, string> }> {
  const out: Record<string, number> = {};
  const facts: Record<string, string> = {};
  const signers = await ethers.getSigners();

  // --- the seeded bot game, whole ---------------------------------------------------------------------------------
  {
    const source = await ethers.deployContract("SeededRandomness", [BOT_GAME.seed]);
    const { game } = await deployCatamm(hre, await source.getAddress());
    const result = await playBotGame(hre, game, signers.slice(0, 4), BOT_GAME);
    out["catamm.game.total"] = Number(result.gas);
    out["catamm.game.perPlayer"] = Math.round(Number(result.gas) / BOT_GAME.players);
    facts.turns = String(result.turns);
    facts.txs = String(result.txs);
    await traceWholeRun("catamm.game.total", result.transactions, Number(result.gas), BOT_GAME.players);
  }

  // --- creating a game: create, start, and the start's resolution (board, markets, order) -----------------------
  {
    const source = await ethers.deployContract("SeededRandomness", [1n]);
    const { game } = await deployCatamm(hre, await source.getAddress());
    await (await game.createGame(100, 0, 50, OPEN_BLOCKS)).wait(); // the first game pays for the game counter
    const create = await gasOf(game.createGame(1000, 0, 50, OPEN_BLOCKS));
    for (const s of signers.slice(1, 4)) await (await game.connect(s).joinGame(2)).wait();
    const start = await gasOf(game.startGame(2));
    await hre.network.provider.send("hardhat_mine", ["0x2"]);
    const resolve = await gasOf(game.advance(2));
    out["catamm.createGame"] = create + start + resolve;
    out["catamm.startGame.resolve"] = resolve;
  }

  // --- mid-game, 4 players: the roll, building, cards, trades ------------------------------------------------------
  const t = await midGame(16);
  let g = await readGame(t.game, t.id);
  {
    const hex = await cityAndSettlementHex(t, g);
    const total = g.board.hexes[hex].number;
    await nextRollWillBe(t, total);
    const roll = await gasOf(t.game.connect(await current(t)).rollDice(t.id));
    const resolve = await serve(t);
    out["catamm.rollAndProduce"] = roll + resolve;
    facts.rollSplit = `${roll} + ${resolve}`;
    facts.roll = `rolled ${total}, hex ${hex}`;
  }
  g = await readGame(t.game, t.id);
  if (g.phase !== Phase.Main) throw new Error(`expected the main phase, got ${g.phase}`);
  const me = await current(t);
  const seat = g.seat;
  await give(t, me.address, 20);

  // A road on a free connected edge, a settlement on a spot it opens (or the best spot already open), a city.
  {
    g = await readGame(t.game, t.id);
    const p = g.players[seat];
    const own = p.settlements | p.cities;
    const occupied = g.players.reduce((m, x) => m | x.settlements | x.cities, 0n);
    const all = g.players.reduce((m, x) => m | x.roads, 0n);
    const roads = TOPOLOGY.edgeVertices
      .map((_, e) => e)
      .filter((e) => !has(all, e) && roadConnects(own, occupied & ~own, p.roads, e));
    const spotOf = (r: bigint) =>
      [...Array(54).keys()].find((v) => distanceRuleOk(occupied, v) && TOPOLOGY.vertexEdges[v].some((e) => has(r, e)));
    const road = roads.find((e) => spotOf(p.roads | maskOf([e])) !== undefined) ?? roads[0];
    out["catamm.buildRoad"] = await gasOf(t.game.connect(me).buildRoad(t.id, road));
    const spot = spotOf(p.roads | maskOf([road]));
    if (spot === undefined) throw new Error("no settlement spot");
    out["catamm.buildSettlement"] = await gasOf(t.game.connect(me).buildSettlement(t.id, spot));
    out["catamm.buildCity"] = await gasOf(t.game.connect(me).buildCity(t.id, spot));
  }
  {
    out["catamm.buyDevCard"] = await gasOf(t.game.connect(me).buyDevCard(t.id));
    out["catamm.buyDevCard.draw"] = await serve(t);
  }

  // Trades: warm pools (as mid-game), then a swap between resources of different balance words
  // (Wood–Ore, or Brick–Wheat) in a pool whose port the player does not own.
  {
    const pools = await t.game.marketPools(t.id);
    const ports = await t.game.portsOwned(t.id, me.address);
    const usable = (a: number, b: number) => {
      const info = pools[poolOf(a, b).pool];
      return info.active && !has(ports, Number(info.port));
    };
    const cross = [
      [0, 3],
      [0, 4],
      [1, 3],
      [1, 4],
      [2, 3],
      [2, 4],
    ].find(([a, b]) => usable(a, b))!;
    const same = [
      [0, 1],
      [0, 2],
      [1, 2],
      [3, 4],
    ].find(([a, b]) => usable(a, b))!;
    for (const [a, b] of [cross, same]) {
      await (await t.game.connect(me).swap(t.id, a, b, ONE_CARD, 0)).wait();
      await (await t.game.connect(me).swap(t.id, b, a, ONE_CARD, 0)).wait();
    }
    out["catamm.swap"] = await gasOf(t.game.connect(me).swap(t.id, cross[0], cross[1], 2n * ONE_CARD, 0));
    out["catamm.swap.sameWord"] = await gasOf(t.game.connect(me).swap(t.id, same[0], same[1], 2n * ONE_CARD, 0));

    const { pool } = poolOf(cross[0], cross[1]);
    await (await t.game.connect(me).addLiquidity(t.id, pool, 2n * ONE_CARD, 2n * ONE_CARD, 0)).wait();
    const other = pools.find((x) => x.active && Number(x.pool) !== pool)!;
    out["catamm.addLiquidity"] = await gasOf(
      t.game.connect(me).addLiquidity(t.id, Number(other.pool), 4n * ONE_CARD, 4n * ONE_CARD, 0),
    );
    const shares = (await t.game.liquidityShares(t.id, me.address))[Number(other.pool)];
    out["catamm.removeLiquidity"] = await gasOf(
      t.game.connect(me).removeLiquidity(t.id, Number(other.pool), shares / 2n, 0, 0),
    );
  }

  // A port of one's own: a settlement on a free port vertex (a road there placed by the harness), then a swap in
  // that port's pool and a withdrawal from it.
  {
    g = await readGame(t.game, t.id);
    const occupied = g.players.reduce((m, x) => m | x.settlements | x.cities, 0n);
    const pools = await t.game.marketPools(t.id);
    const port = [...Array(9).keys()].find(
      (q) =>
        pools.some((x) => x.port === BigInt(q)) && TOPOLOGY.portVertices[q].some((v) => distanceRuleOk(occupied, v)),
    )!;
    const v = TOPOLOGY.portVertices[port].find((x) => distanceRuleOk(occupied, x))!;
    const p = g.players[seat];
    const all = g.players.reduce((m, x) => m | x.roads, 0n);
    const road = TOPOLOGY.vertexEdges[v].find((e) => !has(all, e))!;
    await (await t.game.harnessSetPieces(t.id, seat, p.settlements, p.cities, p.roads | maskOf([road]))).wait();
    await (await t.game.connect(me).buildSettlement(t.id, v)).wait();
    const info = pools.find((x) => x.port === BigInt(port))!;
    const [a, b] = [Number(info.resource0), Number(info.resource1)];
    await (await t.game.connect(me).swap(t.id, a, b, ONE_CARD, 0)).wait();
    out["catamm.swap.withPort"] = await gasOf(t.game.connect(me).swap(t.id, b, a, ONE_CARD, 0));
    await (await t.game.connect(me).addLiquidity(t.id, Number(info.pool), 2n * ONE_CARD, 2n * ONE_CARD, 0)).wait();
    const shares = (await t.game.liquidityShares(t.id, me.address))[Number(info.pool)];
    out["catamm.removeLiquidity.withPort"] = await gasOf(
      t.game.connect(me).removeLiquidity(t.id, Number(info.pool), shares / 2n, 0, 0),
    );
  }

  // The ghost ship after a Knight: a port flip (the choice) and the steal from the pool that left (its resolution).
  {
    await (await t.game.harnessGiveCard(t.id, seat, DevCard.Knight, 1)).wait();
    out["catamm.playKnight"] = await gasOf(t.game.connect(me).playKnight(t.id));
    g = await readGame(t.game, t.id);
    const port = g.ghostShip === 19 ? 1 : 0;
    const flip = await gasOf(t.game.connect(me).flipPort(t.id, port));
    out["catamm.flipPort"] = flip + (await serve(t));
    out["catamm.endTurn"] = await gasOf(t.game.connect(me).endTurn(t.id));
  }

  // --- the longest road's worst case: the 15th road of the costliest network found ----------------------------
  {
    const w = await midGame(1);
    await rollQuietly(w);
    const gw = await readGame(w.game, w.id);
    const [roads, blockers] = [LONGEST_ROAD_WORST_CASES[0].roads, LONGEST_ROAD_WORST_CASES[0].blockers];
    // Clear the board; an opponent's settlement on the blocked vertex; fourteen roads, then the fifteenth.
    for (let s = 0; s < 4; s++) await (await w.game.harnessSetPieces(w.id, s, 0n, 0n, 0n)).wait();
    const opponent = (gw.seat + 1) % 4;
    await (await w.game.harnessSetPieces(w.id, opponent, maskOf(blockers), 0n, 0n)).wait();
    const last = roads.find((e) => roadConnects(0n, maskOf(blockers), maskOf(roads.filter((x) => x !== e)), e))!;
    const before = maskOf(roads.filter((x) => x !== last));
    await (await w.game.harnessSetPieces(w.id, gw.seat, 0n, 0n, before)).wait();
    const builder = await current(w);
    await give(w, builder.address, 2);
    out["catamm.longestRoadUpdate"] = await gasOf(w.game.connect(builder).buildRoad(w.id, last));
    const length = (await readGame(w.game, w.id)).players[gw.seat].roadLength;
    facts.longest = `${LONGEST_ROAD_WORST_CASES[0].name}: length ${length}`;
    if (idsOf((await readGame(w.game, w.id)).players[gw.seat].roads).length !== 15) throw new Error("not 15 roads");
  }
  return { figures: out, facts };
}
