import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { ForkingHex } from "../../typechain-types";
import { deployCommon } from "../lib/common";
import { eth } from "../../client/format";
import { heading, step } from "../lib/log";
import {
  boardAt,
  cellName,
  colourName,
  colourOfDepth,
  findWinningPath,
  loadGame,
  lossBreakdown,
  outcomes,
  parseCell,
  renderBoard,
  renderTree,
  type Colour,
} from "../../client/hex";

/**
 * Forking Hex on a 5×5 board with five players: forks, a proven win, branches that expire, settlement, and who lost
 * which deposit to whom.
 */
export async function demoHex(hre: HardhatRuntimeEnvironment): Promise<void> {
  const { ethers } = hre;
  heading("Forking Hex: forks, deposits, a proven win, settlement");
  const { feeConfig } = await deployCommon(hre);
  const hex: ForkingHex = await ethers.deployContract("ForkingHex", [await feeConfig.getAddress()]);
  const signers = await ethers.getSigners();
  const names = ["Alice", "Bob", "Carol", "Dave", "Erin"];
  const people = signers.slice(1, 6);
  const nameOf = (address: string) => names[people.findIndex((p) => p.address === address)] ?? address.slice(0, 8);
  const n = 5;
  const stake = ethers.parseEther("0.01");
  const [red, blue] = [4, 8];

  await (
    await hex
      .connect(people[0])
      .createGame(n, red, blue, stake, ethers.ZeroAddress, 0, 12, await feeConfig.feeBps(), { value: stake })
  ).wait();
  const gameId = await hex.gameCount();
  step(
    `Alice creates game ${gameId}: ${n}×${n}, stake ${eth(stake)} per move, Red ${red} / Blue ${blue} blocks per ` +
      `move, fee ${Number(await feeConfig.feeBps()) / 100}%; her first Red stone is on c3 (position 1)`,
  );

  const move = async (who: number, parent: number, cell: string, prove = false): Promise<number> => {
    const c = parseCell(cell, n);
    const data = await loadGame(hex, gameId);
    const colour = colourOfDepth(data.positions[parent].depth + 1) as Colour;
    let path: number[] | null = null;
    if (prove) {
      const board = boardAt(data, parent);
      board[c] = colour;
      path = findWinningPath(board, n, colour);
    }
    const h = hex.connect(people[who]);
    const tx = path
      ? await h.moveAndClaim(gameId, parent, c, path, { value: stake })
      : await h.move(gameId, parent, c, { value: stake });
    const receipt = await tx.wait();
    const ev = receipt!.logs.map((l) => hex.interface.parseLog(l)).find((e) => e?.name === "Moved")!;
    const id = Number(ev.args.positionId);
    step(
      `${names[who]} plays ${colourName(colour)} ${cell} on position ${parent} → position ${id}` +
        (path ? `, and proves the win (${path.map((x) => cellName(x, n)).join("-")}) in the same transaction` : ""),
    );
    return id;
  };

  await move(1, 1, "b3"); // 2: Blue's only reply to position 1
  const carol = await move(2, 2, "c2"); // 3
  const dave = await move(3, 2, "d3"); // 4: a fork of position 2
  step("two Red answers to position 2 now compete (Carol's c2 and Dave's d3)");
  const b4 = await move(1, carol, "b4"); // 5
  const erin = await move(4, dave, "d4"); // 6: Blue answers Dave's fork; nobody will answer it
  const c1 = await move(4, b4, "c1"); // 7
  const b5 = await move(1, c1, "b5"); // 8
  const c4 = await move(2, b5, "c4"); // 9
  const a5 = await move(3, c4, "a5"); // 10
  const win = await move(0, a5, "c5", true); // 11: Red connects c1..c5
  const e1 = await move(4, a5, "e1"); // 12: another Red answer to position 10, which nobody will answer
  step(`Erin's e1 (#${e1}) is a fork beside Alice's winning c5: a second Red answer to Dave's a5`);

  const data = await loadGame(hex, gameId);
  const board = boardAt(data, win);
  console.log(
    renderBoard(board, n, {
      path: findWinningPath(board, n, colourOfDepth(data.positions[win].depth) as Colour) ?? undefined,
    }),
  );

  await hre.network.provider.send("hardhat_mine", ["0xa"]);
  try {
    await hex.connect(people[2]).move(gameId, erin, parseCell("e1", n), { value: stake });
  } catch (e) {
    const reason = hex.interface.parseError((e as { data?: string }).data ?? "0x");
    step(
      `10 blocks later Carol tries to answer position ${erin}: rejected (${reason?.name ?? "reverted"}) — it expired`,
    );
  }
  const end = Number((await hex.game(gameId)).endBlock);
  const now = await ethers.provider.getBlockNumber();
  if (now <= end) await hre.network.provider.send("hardhat_mine", [ethers.toQuantity(end - now + 1)]);
  step(`every position's timer has run out after block ${end}: the game is over`);

  const final = await loadGame(hex, gameId);
  const unanswered = final.positions.filter((p) => p && p.children.length === 0 && !p.proven).map((p) => `#${p.id}`);
  step(`positions that closed without any reply (so they count as winning): ${unanswered.join(", ")}`);
  step(
    "evaluation (minimax): a position wins if it was proven or none of its replies wins; a losing move (one that " +
      "creates a losing position) pays its deposit to the other colour's moves on its path",
  );
  console.log(renderTree(final, 1, { below: 20, label: nameOf }));

  let batches = 0;
  while (!(await hex.settle.staticCall(gameId, 4))) {
    await (await hex.settle(gameId, 4)).wait();
    batches++;
  }
  await (await hex.settle(gameId, 4)).wait();
  step(`settled by anyone in ${batches + 1} batches of 4 positions (children before parents)`);

  const status = outcomes(final);
  for (const loss of lossBreakdown(final)) {
    const p = final.positions[loss.id];
    const why = p.children.filter((c) => status[c] === "winning").map((c) => `#${c}`);
    const to = [...loss.rewards].map(([a, x]) => `${nameOf(a)} ${eth(x)}`).join(", ");
    step(
      `${nameOf(loss.player)}'s ${colourName(colourOfDepth(p.depth) as Colour)} ${cellName(p.cell, n)} (#${loss.id}) ` +
        `lost (${why.length > 1 ? `its replies ${why.join(", ")} win` : `its reply ${why[0]} wins`}): ` +
        `deposit ${eth(loss.stake)} → ${to || "nobody"}` +
        `, fund ${eth(loss.toFund)}`,
    );
  }
  for (const who of people) {
    const p = await hex.payoutOf(gameId, who.address);
    const credited = await hex.credits(ethers.ZeroAddress, who.address);
    step(
      `${nameOf(who.address).padEnd(5)} ${p.moves} moves, deposited ${eth(p.deposited)}, gets back ${eth(p.refunded)}` +
        ` + rewards ${eth(p.rewards)} = ${eth(p.total)} (credited: ${eth(credited)})`,
    );
  }
  step(`developer fund: ${eth(await hex.fundCredits(ethers.ZeroAddress))}`);
  const before = await ethers.provider.getBalance(people[2].address);
  const receipt = await (await hex.connect(people[2]).withdraw(ethers.ZeroAddress)).wait();
  const after = await ethers.provider.getBalance(people[2].address);
  step(
    `Carol withdraws in one call: +${eth(after - before + receipt!.gasUsed * receipt!.gasPrice)} (gas ${receipt!.gasUsed})`,
  );
}
