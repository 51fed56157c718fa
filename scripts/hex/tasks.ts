// Forking Hex from a terminal: `npx hardhat hex:<task> --network localhost ...` (see docs/forking-hex.md).
// Loaded before compilation: TypeChain types are imported with `import type` only, contracts come from
// hardhat-deploy deployments (or --address).
import { types } from "hardhat/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { ContractTransactionReceipt, ContractTransactionResponse, Signer } from "ethers";
import type { ForkingHex } from "../../typechain-types";
import { eth, short } from "../../client/format";
import { gameTask, readableError, signerOf, type FromArg } from "../lib/cli";
import {
  boardAt,
  cellName,
  colourName,
  describeState,
  colourOfDepth,
  findWinningPath,
  loadGame,
  lossBreakdown,
  parseCell,
  renderBoard,
  renderTree,
  type Colour,
} from "../../client/hex";

interface Common extends FromArg {
  address?: string;
  fromBlock?: number;
}

/** The game contract (deployment `ForkingHex`, or --address) connected to account --from. */
async function connect(hre: HardhatRuntimeEnvironment, args: Common): Promise<{ hex: ForkingHex; signer: Signer }> {
  const address = args.address ?? (await hre.deployments.get("ForkingHex")).address;
  const signer = await signerOf(hre, args.from);
  const hex = (await hre.ethers.getContractAt("ForkingHex", address)).connect(signer);
  return { hex, signer };
}

/** First block to search for events: --from-block, else the deployment's block, else 0. */
async function fromBlock(hre: HardhatRuntimeEnvironment, args: Common): Promise<number> {
  if (args.fromBlock !== undefined) return args.fromBlock;
  const deployment = await hre.deployments.getOrNull("ForkingHex");
  return deployment?.receipt?.blockNumber ?? 0;
}

/** Token amounts: decimals of the stake token (18 for ETH). */
async function decimalsOf(hre: HardhatRuntimeEnvironment, token: string): Promise<number> {
  if (token === hre.ethers.ZeroAddress) return 18;
  const erc20 = await hre.ethers.getContractAt("IERC20Metadata", token);
  return Number(await erc20.decimals());
}

function money(hre: HardhatRuntimeEnvironment, amount: bigint, token: string, decimals: number): string {
  return token === hre.ethers.ZeroAddress ? eth(amount) : `${hre.ethers.formatUnits(amount, decimals)} ${short(token)}`;
}

/** Sends a Forking Hex transaction; a revert reads with cells named on a board of side `size`. */
async function sent(
  hre: HardhatRuntimeEnvironment,
  size: number,
  call: () => Promise<ContractTransactionResponse>,
): Promise<ContractTransactionReceipt> {
  try {
    const receipt = await (await call()).wait();
    if (!receipt) throw new Error("the transaction was not mined");
    return receipt;
  } catch (error) {
    throw await readableError(error, hre, { contract: "ForkingHex", hexSize: size });
  }
}

/** Sends the stake: ETH as value, or approves the game for an ERC-20 if needed. */
async function stakeOverrides(
  hre: HardhatRuntimeEnvironment,
  hex: ForkingHex,
  signer: Signer,
  token: string,
  stake: bigint,
): Promise<{ value: bigint }> {
  if (token === hre.ethers.ZeroAddress) return { value: stake };
  await approveIfNeeded(hre, hex, signer, token, stake);
  return { value: 0n };
}

async function approveIfNeeded(
  hre: HardhatRuntimeEnvironment,
  hex: ForkingHex,
  signer: Signer,
  token: string,
  amount: bigint,
) {
  const erc20 = (await hre.ethers.getContractAt("IERC20", token)).connect(signer);
  const spender = await hex.getAddress();
  if ((await erc20.allowance(await signer.getAddress(), spender)) < amount) {
    await (await erc20.approve(spender, hre.ethers.MaxUint256)).wait();
    console.log(`  approved the game to pull ${short(token)}`);
  }
}

/** A Forking Hex task: --from (lib/cli), --address and --from-block. */
function hexTask(name: string, description: string) {
  const t = gameTask(name, description);
  t.addOptionalParam("address", "ForkingHex address (default: the hardhat-deploy deployment)", undefined, types.string);
  t.addOptionalParam(
    "fromBlock",
    "first block to read events from (default: the deployment block)",
    undefined,
    types.int,
  );
  return t;
}

hexTask("hex:create", "Creates a Forking Hex game and makes Red's first move")
  .addParam("cell", "Red's first cell: c5 (column letter, row from 1), row,col, or an index", undefined, types.string)
  .addOptionalParam("size", "board side, 2..19", 11, types.int)
  .addOptionalParam("red", "blocks a position with Red to move stays open", 20, types.int)
  .addOptionalParam("blue", "blocks a position with Blue to move stays open (> red)", 40, types.int)
  .addOptionalParam("stake", "stake per move, in ETH or token units", "0.01", types.string)
  .addOptionalParam("token", "ERC-20 stake token (default: ETH)", undefined, types.string)
  .addOptionalParam(
    "lastBlock",
    "no move after it, nor one whose reply window would end after it (0 = none)",
    0,
    types.int,
  )
  .addOptionalParam(
    "maxFee",
    "highest developer-fund fee accepted, in basis points (default: the fee now; a raise before the call reverts)",
    undefined,
    types.int,
  )
  .setAction(async (args, hre) => {
    const { hex, signer } = await connect(hre, args);
    const token: string = args.token ?? hre.ethers.ZeroAddress;
    const stake = hre.ethers.parseUnits(args.stake, await decimalsOf(hre, token));
    const cell = parseCell(args.cell, args.size);
    const overrides = await stakeOverrides(hre, hex, signer, token, stake);
    const feeConfig = await hre.ethers.getContractAt("IFeeConfig", await hex.feeConfig());
    const maxFee: number = args.maxFee ?? Number(await feeConfig.feeBps());
    const receipt = await sent(hre, args.size, () =>
      hex.createGame(args.size, args.red, args.blue, stake, token, args.lastBlock, cell, maxFee, overrides),
    );
    const created = receipt!.logs.map((l) => hex.interface.parseLog(l)).find((e) => e?.name === "GameCreated");
    const gameId = created!.args.gameId as bigint;
    console.log(
      `game ${gameId}: ${args.size}×${args.size}, Red ${args.red} / Blue ${args.blue} blocks per move, ` +
        `stake ${args.stake}; Red opened at ${cellName(cell, args.size)} (position 1). Waiting for Blue's reply.`,
    );
    return gameId;
  });

hexTask("hex:move", "Moves on an open position (Red or Blue, whoever is to move there)")
  .addParam("game", "game id", undefined, types.string)
  .addParam("parent", "position to move on", undefined, types.int)
  .addParam("cell", "cell: c5, row,col or an index", undefined, types.string)
  .addFlag("prove", "if the move connects, prove the win in the same transaction")
  .setAction(async (args, hre) => {
    const { hex, signer } = await connect(hre, args);
    const gameId = BigInt(args.game);
    const data = await loadGame(hex, gameId, { fromBlock: await fromBlock(hre, args) });
    const cell = parseCell(args.cell, data.size);
    const parent = data.positions[args.parent];
    if (!parent) throw new Error(`no position ${args.parent} in game ${gameId}`);
    const overrides = await stakeOverrides(hre, hex, signer, data.token, data.stake);
    const colour = colourOfDepth(parent.depth + 1) as Colour;
    let path: number[] | null = null;
    if (args.prove) {
      const board = boardAt(data, args.parent);
      board[cell] = colour;
      path = findWinningPath(board, data.size, colour);
      if (!path) console.log("  (the move does not connect: no proof sent)");
    }
    const receipt = await sent(hre, data.size, () =>
      path
        ? hex.moveAndClaim(gameId, args.parent, cell, path, overrides)
        : hex.move(gameId, args.parent, cell, overrides),
    );
    const moved = receipt!.logs.map((l) => hex.interface.parseLog(l)).find((e) => e?.name === "Moved");
    const id = Number(moved!.args.positionId);
    console.log(
      `position ${id}: ${colourName(colour)} ${cellName(cell, data.size)} on position ${args.parent}` +
        (path ? `, proven winning (${path.length}-cell path)` : `, open until block ${moved!.args.deadline}`),
    );
    return id;
  });

hexTask("hex:show", "Shows a position's board (proven path marked) and the fork tree around it")
  .addParam("game", "game id", undefined, types.string)
  .addOptionalParam("position", "position id (default: the latest)", undefined, types.int)
  .addOptionalParam("below", "levels of the tree to show below the position", 3, types.int)
  .setAction(async (args, hre) => {
    const { hex } = await connect(hre, args);
    const gameId = BigInt(args.game);
    const data = await loadGame(hex, gameId, { fromBlock: await fromBlock(hre, args) });
    const id: number = args.position ?? data.positions.length - 1;
    const p = data.positions[id];
    if (!p) throw new Error(`no position ${id} in game ${gameId}`);
    const block = await hre.ethers.provider.getBlockNumber();
    const board = boardAt(data, id);
    const colour = colourOfDepth(p.depth) as Colour;
    const path = p.proven ? findWinningPath(board, data.size, colour) : null;
    console.log(
      `game ${gameId}, position ${id} (depth ${p.depth}): ${colourName(colour)} played ${cellName(p.cell, data.size)}; ` +
        `${colourName(colourOfDepth(p.depth + 1) as Colour)} to move` +
        (p.proven ? ` — PROVEN: ${colourName(colour)} has connected` : ""),
    );
    console.log(renderBoard(board, data.size, { path: path ?? undefined, last: p.cell }));
    console.log(`\ngame ${describeState(data, block)}; fork tree around position ${id}:`);
    console.log(renderTree(data, id, { below: args.below, block }));
    return id;
  });

hexTask("hex:prove", "Searches a position's board for a winning path and submits it")
  .addParam("game", "game id", undefined, types.string)
  .addParam("position", "position id", undefined, types.int)
  .setAction(async (args, hre) => {
    const { hex } = await connect(hre, args);
    const gameId = BigInt(args.game);
    const data = await loadGame(hex, gameId, { fromBlock: await fromBlock(hre, args) });
    const p = data.positions[args.position];
    if (!p) throw new Error(`no position ${args.position} in game ${gameId}`);
    const colour = colourOfDepth(p.depth) as Colour;
    const path = findWinningPath(boardAt(data, args.position), data.size, colour);
    if (!path) {
      console.log(`position ${args.position}: ${colourName(colour)} does not connect its edges; nothing to prove`);
      return null;
    }
    await sent(hre, data.size, () => hex.claimWin(gameId, args.position, path));
    console.log(
      `position ${args.position} proven winning for ${colourName(colour)}: ${path.map((c) => cellName(c, data.size)).join(" ")}`,
    );
    return path;
  });

hexTask("hex:settle", "Settles an ended game in batches until every payout is credited")
  .addParam("game", "game id", undefined, types.string)
  .addOptionalParam("batch", "positions per transaction", 250, types.int)
  .setAction(async (args, hre) => {
    const { hex } = await connect(hre, args);
    const gameId = BigInt(args.game);
    let calls = 0;
    for (;;) {
      const finished = await hex.settle.staticCall(gameId, args.batch);
      const receipt = await (await hex.settle(gameId, args.batch)).wait();
      calls++;
      console.log(`  batch ${calls}: ${receipt!.gasUsed.toLocaleString("en-US")} gas`);
      if (finished) break;
    }
    console.log(`game ${gameId} settled in ${calls} transaction(s); players can withdraw (hex:withdraw)`);
    return calls;
  });

hexTask("hex:payouts", "Shows every player's payout (before or after settlement) and each losing move")
  .addParam("game", "game id", undefined, types.string)
  .addOptionalParam("player", "only this player", undefined, types.string)
  .setAction(async (args, hre) => {
    const { hex } = await connect(hre, args);
    const gameId = BigInt(args.game);
    const data = await loadGame(hex, gameId, { fromBlock: await fromBlock(hre, args) });
    const decimals = await decimalsOf(hre, data.token);
    const fmt = (x: bigint) => money(hre, x, data.token, decimals);
    const players: string[] = args.player ? [args.player] : [...new Set(data.positions.slice(1).map((p) => p.player))];
    if (!data.ended)
      console.log("(the game is still running: figures are what the current tree would pay if it ended now)");
    for (const loss of lossBreakdown(data)) {
      const who = [...loss.rewards].map(([a, x]) => `${short(a)} +${fmt(x)}`).join(", ");
      console.log(
        `  losing move #${loss.id} by ${short(loss.player)}: forfeits ${fmt(loss.stake)} → ${who || "nobody"}; fund ${fmt(loss.toFund)}`,
      );
    }
    const rows: Record<string, string>[] = [];
    for (const player of players) {
      const p = await hex.payoutOf(gameId, player);
      rows.push({
        player,
        moves: p.moves.toString(),
        deposited: fmt(p.deposited),
        refunded: fmt(p.refunded),
        forfeited: fmt(p.forfeited),
        rewards: fmt(p.rewards),
        payout: fmt(p.total),
      });
    }
    console.table(rows);
    return rows;
  });

hexTask("hex:withdraw", "Withdraws everything credited to the account (all games)")
  .addOptionalParam("token", "stake token (default: ETH)", undefined, types.string)
  .setAction(async (args, hre) => {
    const { hex, signer } = await connect(hre, args);
    const token: string = args.token ?? hre.ethers.ZeroAddress;
    const amount = await hex.credits(token, await signer.getAddress());
    if (amount === 0n) {
      console.log(`nothing to withdraw for ${short(await signer.getAddress())}`);
      return 0n;
    }
    await (await hex.withdraw(token)).wait();
    console.log(
      `withdrew ${money(hre, amount, token, await decimalsOf(hre, token))} to ${short(await signer.getAddress())}`,
    );
    return amount;
  });

hexTask("hex:cancel", "The creator cancels a game before Blue's reply (the stake comes back as a credit)")
  .addParam("game", "game id", undefined, types.string)
  .setAction(async (args, hre) => {
    const { hex } = await connect(hre, args);
    const gameId = BigInt(args.game);
    const g = await hex.game(gameId);
    await sent(hre, Number(g.size), () => hex.cancelGame(gameId));
    const decimals = await decimalsOf(hre, g.token);
    console.log(
      `game ${gameId} cancelled; ${money(hre, g.stake, g.token, decimals)} credited back to ${short(g.creator)} ` +
        "(hex:withdraw)",
    );
    return gameId;
  });

hexTask("hex:games", "Lists Forking Hex games: size, stake, times, positions and state (newest first)")
  .addOptionalParam("last", "how many of the newest games", 20, types.int)
  .setAction(async (args, hre) => {
    const { hex } = await connect(hre, args);
    const count = Number(await hex.gameCount());
    const block = await hre.ethers.provider.getBlockNumber();
    if (count === 0) console.log("no Forking Hex games yet (hex:create)");
    const rows: string[] = [];
    for (let id = count; id >= 1 && id > count - args.last; id--) {
      const g = await hex.game(id);
      const decimals = await decimalsOf(hre, g.token);
      const state = describeState(g, block);
      const line =
        `game ${id}: ${g.size}×${g.size}, stake ${money(hre, g.stake, g.token, decimals)}, Red ${g.redBlocks} / ` +
        `Blue ${g.blueBlocks} blocks${g.lastBlock > 0n ? `, last block ${g.lastBlock}` : ""}, ` +
        `${g.positionCount} position(s), by ${short(g.creator)}: ${state}`;
      console.log(line);
      rows.push(line);
    }
    return rows;
  });

hexTask("hex:withdraw-fund", "The developer fund's recipient withdraws the fees collected (withdrawFund)")
  .addOptionalParam("token", "token (default: ETH)", undefined, types.string)
  .setAction(async (args, hre) => {
    const { hex, signer } = await connect(hre, args);
    const token: string = args.token ?? hre.ethers.ZeroAddress;
    const amount = await hex.fundCredits(token);
    const fmt = money(hre, amount, token, await decimalsOf(hre, token));
    if (amount === 0n) {
      console.log(`the developer fund holds nothing in ${token === hre.ethers.ZeroAddress ? "ETH" : short(token)}`);
      return 0n;
    }
    await sent(hre, 0, () => hex.withdrawFund(token));
    console.log(`withdrew the developer fund's ${fmt} to ${short(await signer.getAddress())}`);
    return amount;
  });
