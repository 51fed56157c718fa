import hre from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { ForkingHex } from "../../typechain-types";
import { gasOf, type BenchModule } from "../lib/gas";
import { progress } from "../lib/log";
import { impersonatedAccounts } from "../hex/accounts";
import { randomTree } from "../hex/random-tree";

const { ethers } = hre;
const ETH = ethers.ZeroAddress;
const STAKE = 10n ** 16n;
/** The bench FeeConfig's fee, passed as the creator's maxFeeBps. */
const FEE_BPS = 250;

/** Mines blocks until the game has ended. */
async function endGame(hex: ForkingHex, gameId: bigint): Promise<void> {
  const end = Number((await hex.game(gameId)).endBlock);
  const now = await ethers.provider.getBlockNumber();
  if (now <= end) await hre.network.provider.send("hardhat_mine", [ethers.toQuantity(end - now + 1)]);
}

/** Creates a game and plays `cells` as one line (alternating `players`); returns the game id. */
async function lineGame(
  hex: ForkingHex,
  size: number,
  cells: number[],
  players: HardhatEthersSigner[],
  token = ETH,
): Promise<bigint> {
  const value = token === ETH ? STAKE : 0n;
  await hex.connect(players[0]).createGame(size, 5, 10, STAKE, token, 0, cells[0], FEE_BPS, { value });
  const gameId = await hex.gameCount();
  for (let i = 1; i < cells.length; i++) {
    await hex.connect(players[i % players.length]).move(gameId, i, cells[i], { value });
  }
  return gameId;
}

/** Interleaves Red's and Blue's cells into one line of play (Red first). */
function interleave(red: number[], blue: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < red.length; i++) {
    out.push(red[i]);
    if (i < blue.length) out.push(blue[i]);
  }
  return out;
}

/** Settles `gameId` in batches of 250; returns total gas ÷ positions. */
async function settlePerPosition(hex: ForkingHex, gameId: bigint): Promise<number> {
  await endGame(hex, gameId);
  const positions = Number((await hex.game(gameId)).positionCount);
  let total = 0;
  for (;;) {
    const finished = await hex.settle.staticCall(gameId, 250);
    total += await gasOf(hex.settle(gameId, 250));
    if (finished) break;
  }
  return Math.round(total / positions);
}

/**
 * Settlement when every position has its own player (no player recurs, so each position costs a fresh credit):
 * position 2 gets `forks` Red forks, each by a fresh impersonated account; with `lowBits`, every address shares its
 * low 16 bits (ground keys). Settled in batches of 250; returns total settle gas ÷ positions.
 */
async function freshPlayersPerPosition(
  hex: ForkingHex,
  [alice, bob]: HardhatEthersSigner[],
  forks: number,
  seed: number,
  lowBits?: number,
): Promise<number> {
  await hex.connect(alice).createGame(14, 1500, 3000, STAKE, ETH, 0, 0, FEE_BPS, { value: STAKE });
  const gameId = await hex.gameCount();
  await hex.connect(bob).move(gameId, 1, 1, { value: STAKE });
  const accounts = await impersonatedAccounts(hre, forks, seed, lowBits);
  for (let i = 0; i < forks; i++) {
    await hex.connect(accounts[i]).move(gameId, 2, 2 + (i % 190), { value: STAKE });
    progress(`${forks} fresh players${lowBits === undefined ? "" : " (ground addresses)"}`, i + 1, forks);
  }
  return settlePerPosition(hex, gameId);
}

export const bench: BenchModule = {
  title: "Forking Hex",
  goals: {
    "hex.move.14.depth3": {
      text: "≤ 70,000 (ETH, a player who moved before in the game: one new word a position)",
      max: 70_000,
    },
    "hex.move.14.depth150": { text: "≤ 70,000, within 5% of depth 3", max: 70_000 },
    "hex.move.14.firstInGame": {
      text: "report (a player's first move in a game, depth 3: the player list's two new words)",
    },
    "hex.move.19.depth3": { text: "report (cells 196.. in use: two new slots)" },
    "hex.move.14.erc20": { text: "report" },
    "hex.claimWin.14.path14": {
      text: "≤ 87,000: 80,000 + 500 per cell (position at depth 79, like path40)",
      max: 87_000,
    },
    "hex.claimWin.14.path40": {
      text: "≤ 100,000: 80,000 + 500 per cell; ≤ 600 gas per extra cell over path14",
      max: 100_000,
    },
    "hex.claimWin.14.path14.depth27": {
      text: "≤ 87,000, within 1% of path14 at depth 79 (a proof reads its position's and parent's words at any depth)",
      max: 87_000,
    },
    "hex.settle.perPosition.1000": { text: "≤ 4,000 (batches of 250, 10 players)", max: 4_000 },
    "hex.settle.perPosition.2000": { text: "≤ 4,000, ≤ 1.05 × the 1000 figure", max: 4_000 },
    "hex.payoutView.2000": { text: "report (eth_call gas of payoutOf on the 2,000-position tree)" },
    "hex.settle.perPosition.fresh500": { text: "report (every position by a new player: one fresh credit each)" },
    "hex.settle.perPosition.ground500": {
      text: "≤ 1.05 × fresh500 (the same with addresses sharing their low 16 bits)",
    },
    "hex.move.14.countsBlock": {
      text: "report (the move that opens a block of 32 stakes counted as owed: once per 32 moves, +~5,000)",
    },
    "hex.withdraw": { text: "report" },
    "hex.create.14": { text: "report" },
  },
  checks: [
    (f) =>
      f["hex.move.14.depth150"] <= 1.05 * f["hex.move.14.depth3"]
        ? null
        : `hex.move.14.depth150 (${f["hex.move.14.depth150"]}) is not within 5% of depth 3 (${f["hex.move.14.depth3"]})`,
    (f) =>
      Math.abs(f["hex.claimWin.14.path14"] - f["hex.claimWin.14.path14.depth27"]) <= 0.01 * f["hex.claimWin.14.path14"]
        ? null
        : `a proof's gas depends on depth: ${f["hex.claimWin.14.path14"]} at depth 79, ${f["hex.claimWin.14.path14.depth27"]} at 27`,
    (f) => {
      const perCell = (f["hex.claimWin.14.path40"] - f["hex.claimWin.14.path14"]) / 26;
      return perCell <= 600 ? null : `claimWin costs ${perCell.toFixed(0)} gas per extra cell (> 600)`;
    },
    (f) =>
      f["hex.settle.perPosition.2000"] <= 1.05 * f["hex.settle.perPosition.1000"]
        ? null
        : `settlement is not linear: ${f["hex.settle.perPosition.2000"]} > 1.05 × ${f["hex.settle.perPosition.1000"]}`,
    (f) =>
      f["hex.settle.perPosition.ground500"] <= 1.05 * f["hex.settle.perPosition.fresh500"]
        ? null
        : `ground addresses slow settlement: ${f["hex.settle.perPosition.ground500"]} > 1.05 × ${f["hex.settle.perPosition.fresh500"]}`,
  ],
  async run() {
    const out: Record<string, number> = {};
    const [deployer, alice, bob, carol] = await ethers.getSigners();
    const feeConfig = await ethers.deployContract("FeeConfig", [deployer.address, deployer.address, FEE_BPS]);
    const hex = await ethers.deployContract("ForkingHex", [await feeConfig.getAddress()]);

    // createGame, and a move at depth 3 by alice (who made position 1).
    out["hex.create.14"] = await gasOf(
      hex.connect(alice).createGame(14, 5, 10, STAKE, ETH, 0, 0, FEE_BPS, { value: STAKE }),
    );
    let gameId = await hex.gameCount();
    await hex.connect(bob).move(gameId, 1, 1, { value: STAKE });
    out["hex.move.14.depth3"] = await gasOf(hex.connect(alice).move(gameId, 2, 2, { value: STAKE }));
    const depth3Game = gameId;

    // The same move by a player new to the game (carol): she joins its player list.
    await hex.connect(alice).createGame(14, 5, 10, STAKE, ETH, 0, 0, FEE_BPS, { value: STAKE });
    gameId = await hex.gameCount();
    await hex.connect(bob).move(gameId, 1, 1, { value: STAKE });
    out["hex.move.14.firstInGame"] = await gasOf(hex.connect(carol).move(gameId, 2, 2, { value: STAKE }));

    // Depth 150: a line of 149 positions, then alice's move.
    const line = Array.from({ length: 149 }, (_, i) => i);
    gameId = await lineGame(hex, 14, line, [alice, bob]);
    out["hex.move.14.depth150"] = await gasOf(hex.connect(alice).move(gameId, 149, 149, { value: STAKE }));

    // Position 33 opens the game's second block of 32 stakes counted as owed (ForkingHex.OWED_BLOCK): its move also
    // writes the ledger's per-token counter, once per 32 moves.
    gameId = await lineGame(
      hex,
      14,
      Array.from({ length: 32 }, (_, i) => i),
      [alice, bob],
    );
    out["hex.move.14.countsBlock"] = await gasOf(hex.connect(alice).move(gameId, 32, 32, { value: STAKE }));

    // 19×19: stones on both board words (cells 360 and 359 live in the second one).
    gameId = await lineGame(hex, 19, [360, 0], [alice, bob]);
    out["hex.move.19.depth3"] = await gasOf(hex.connect(alice).move(gameId, 2, 359, { value: STAKE }));

    // ERC-20 stake.
    const token = await ethers.deployContract("MockERC20", ["Stake", "STK"]);
    for (const s of [alice, bob]) {
      await token.mint(s.address, 10n ** 24n);
      await token.connect(s).approve(await hex.getAddress(), ethers.MaxUint256);
    }
    gameId = await lineGame(hex, 14, [0, 1], [alice, bob], await token.getAddress());
    out["hex.move.14.erc20"] = await gasOf(hex.connect(alice).move(gameId, 2, 2));

    // Proofs at the same depth (79: 40 Red and 39 Blue stones), cell 0 = position 1 on both paths, so the difference
    // is the path's own cost; and the first path again at depth 27 (a proof's cost does not depend on depth).
    const column = Array.from({ length: 14 }, (_, r) => r * 14);
    const snake = [
      ...Array.from({ length: 14 }, (_, c) => c), // row 0, columns 0..13
      27, // (1,13)
      26, // (1,12)
      ...Array.from({ length: 13 }, (_, i) => 28 + 12 - i), // row 2, columns 12..0
      ...Array.from({ length: 11 }, (_, i) => (i + 3) * 14), // column 0, rows 3..13
    ];
    const others = (used: number[]) => Array.from({ length: 196 }, (_, c) => c).filter((c) => !used.includes(c));
    const redA = [
      ...column,
      ...others(column)
        .filter((c) => c % 14 >= 12)
        .slice(0, 26),
    ];
    const blueA = others(redA)
      .filter((c) => c % 14 >= 3 && c % 14 <= 6)
      .slice(0, 39);
    gameId = await lineGame(hex, 14, interleave(redA, blueA), [alice, bob]);
    out["hex.claimWin.14.path14"] = await gasOf(hex.claimWin(gameId, 79, column));
    const blueB = others(snake).slice(-39);
    gameId = await lineGame(hex, 14, interleave(snake, blueB), [alice, bob]);
    out["hex.claimWin.14.path40"] = await gasOf(hex.claimWin(gameId, 79, snake));
    const blueC = Array.from({ length: 13 }, (_, r) => r * 14 + 1);
    gameId = await lineGame(hex, 14, interleave(column, blueC), [alice, bob]);
    out["hex.claimWin.14.path14.depth27"] = await gasOf(hex.claimWin(gameId, 27, column));

    // Withdrawal of everything credited (alice's refunds and rewards from the depth-3 game).
    await endGame(hex, depth3Game);
    await hex.settle(depth3Game, 10);
    out["hex.withdraw"] = await gasOf(hex.connect(alice).withdraw(ETH));

    // Settlement of seeded random trees.
    const players = await ethers.deployContract("HexPlayersHarness", [10]);
    await players.fund({ value: 100n * 10n ** 18n });
    const tree1000 = await randomTree(hex, players, 1000, 1000);
    out["hex.settle.perPosition.1000"] = await settlePerPosition(hex, tree1000);
    const tree2000 = await randomTree(hex, players, 2000, 2000);
    const somePlayer = (await players.playerAddresses())[3];
    out["hex.payoutView.2000"] = Number(await hex.payoutOf.estimateGas(tree2000, somePlayer));
    out["hex.settle.perPosition.2000"] = await settlePerPosition(hex, tree2000);

    // Every position by a new player, with random and with ground addresses.
    out["hex.settle.perPosition.fresh500"] = await freshPlayersPerPosition(hex, [alice, bob], 500, 500);
    out["hex.settle.perPosition.ground500"] = await freshPlayersPerPosition(hex, [alice, bob], 500, 501, 0xbeef);
    return out;
  },
};
