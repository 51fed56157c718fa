// The bench's seeded random Forking Hex tree, built through the batching player harness on any provider (the
// in-process network for the bench, a node for the web app's 2,000-position test): 14×14, the harness's 10 players,
// MOVES_PER_BLOCK moves per block, each new position's parent drawn uniformly among the positions open at that block
// and its cell uniformly among the parent's empty cells; Red 8 / Blue 16 blocks per move (the generator's; the game's
// on chain may be longer); ETH stakes of 0.01.
import { ZeroAddress } from "ethers";
import type { ForkingHex, HexPlayersHarness } from "../../typechain-types";
import { IFeeConfig__factory } from "../../typechain-types/factories/contracts/common/payments/IFeeConfig__factory";
import { progress } from "../lib/log";
import { Rng } from "../../client/rng";

export const MOVES_PER_BLOCK = 4;
export const TREE_STAKE = 10n ** 16n;

/**
 * Builds a random tree of `positions` positions; returns the game id. The bench sends one transaction per block of
 * moves. `blocksPerTx` > 1 packs that many of the generator's blocks into one transaction: the tree (every parent,
 * cell and player) is the same, only fewer blocks pass on chain, so every position the generator sees as open still
 * is (its real deadline is at least the generator's) and only the recorded deadlines differ. The browser test uses
 * it to build the 2,000-position tree in 20 transactions instead of 500. `chainWindows` gives the game on chain longer
 * reply windows than the generator's (the same tree again: a real deadline only later): on a node other tests mine
 * blocks on meanwhile, a jump of more than 8 blocks between two transactions would close a position the generator
 * still sees open.
 */
export async function randomTree(
  hex: ForkingHex,
  players: HexPlayersHarness,
  positions: number,
  seed: number,
  blocksPerTx = 1,
  chainWindows?: { red: number; blue: number },
): Promise<bigint> {
  const rng = new Rng(seed);
  const n = 14;
  const [red, blue] = [8, 16];
  if (chainWindows && (chainWindows.red < red || chainWindows.blue < blue))
    throw new Error(`the game's windows on chain must be at least the generator's (Red ${red}, Blue ${blue})`);
  const hexAddress = await hex.getAddress();
  const boards: Uint8Array[] = [];
  const deadlines: number[] = [];
  let block = (await hex.runner!.provider!.getBlockNumber()) + 1;
  const first = rng.range(0, n * n - 1);
  // The highest fee accepted: the game contract's fee now.
  const feeBps = await IFeeConfig__factory.connect(await hex.feeConfig(), hex.runner).feeBps();
  const create = hex.interface.encodeFunctionData("createGame", [
    n,
    chainWindows?.red ?? red,
    chainWindows?.blue ?? blue,
    TREE_STAKE,
    ZeroAddress,
    0,
    first,
    feeBps,
  ]);
  const receipt = await (
    await players.run([{ player: 0, target: hexAddress, value: TREE_STAKE, data: create }])
  ).wait();
  block++;
  // From the receipt, not gameCount(): someone else may create a game on the same node meanwhile.
  const created = receipt!.logs
    .filter((log) => log.address.toLowerCase() === hexAddress.toLowerCase())
    .map((log) => hex.interface.parseLog(log))
    .find((e) => e?.name === "GameCreated");
  const gameId = created!.args.gameId as bigint;
  boards[1] = new Uint8Array(n * n);
  boards[1][first] = 1;
  let count = 1;
  let open: number[] = [1];
  let pending: { player: number; target: string; value: bigint; data: string }[] = [];
  let blocksPending = 0;
  while (count < positions) {
    for (let k = 0; k < MOVES_PER_BLOCK && count < positions; k++) {
      open = open.filter((id) => (id === 1 ? count === 1 : block <= deadlines[id]));
      const parent = rng.pick(open);
      const empty: number[] = [];
      boards[parent].forEach((v, c) => v === 0 && empty.push(c));
      const cell = rng.pick(empty);
      const id = ++count;
      boards[id] = boards[parent].slice();
      boards[id][cell] = 1;
      const depth = boards[id].reduce((a, b) => a + b, 0);
      deadlines[id] = block + (depth % 2 === 0 ? red : blue);
      if (depth < n * n) open.push(id);
      pending.push({
        player: rng.range(0, 9),
        target: hexAddress,
        value: TREE_STAKE,
        data: hex.interface.encodeFunctionData("move", [gameId, parent, cell]),
      });
    }
    block++;
    if (++blocksPending === blocksPerTx || count === positions) {
      await (await players.run(pending)).wait();
      pending = [];
      blocksPending = 0;
      progress(`random tree of ${positions}`, count, positions);
    }
  }
  return gameId;
}
