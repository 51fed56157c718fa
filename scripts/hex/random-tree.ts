// The bench's seeded random Forking Hex tree, built through the batching player harness on any provider (the
// in-process network for the bench, a node for the web app's 2,000-position test): 14×14, the harness's 10 players,
// MOVES_PER_BLOCK moves per block, each new position's parent drawn uniformly among the positions open at that block
// and its cell uniformly among the parent's empty cells; Red 8 / Blue 16 blocks per move; ETH stakes of 0.01.
import { ZeroAddress } from "ethers";
import type { ForkingHex, HexPlayersHarness } from "../../typechain-types";
import { progress } from "../lib/log";
import { Rng } from "../../client/rng";

export const MOVES_PER_BLOCK = 4;
export const TREE_STAKE = 10n ** 16n;

/** Builds a random tree of `positions` positions (one transaction per block of moves); returns the game id. */
export async function randomTree(
  hex: ForkingHex,
  players: HexPlayersHarness,
  positions: number,
  seed: number,
): Promise<bigint> {
  const rng = new Rng(seed);
  const n = 14;
  const [red, blue] = [8, 16];
  const hexAddress = await hex.getAddress();
  const boards: Uint8Array[] = [];
  const deadlines: number[] = [];
  let block = (await hex.runner!.provider!.getBlockNumber()) + 1;
  const first = rng.range(0, n * n - 1);
  const create = hex.interface.encodeFunctionData("createGame", [n, red, blue, TREE_STAKE, ZeroAddress, 0, first]);
  await (await players.run([{ player: 0, target: hexAddress, value: TREE_STAKE, data: create }])).wait();
  block++;
  const gameId = await hex.gameCount();
  boards[1] = new Uint8Array(n * n);
  boards[1][first] = 1;
  let count = 1;
  let open: number[] = [1];
  while (count < positions) {
    const steps = [];
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
      steps.push({
        player: rng.range(0, 9),
        target: hexAddress,
        value: TREE_STAKE,
        data: hex.interface.encodeFunctionData("move", [gameId, parent, cell]),
      });
    }
    await (await players.run(steps)).wait();
    block++;
    progress(`random tree of ${positions}`, count, positions);
  }
  return gameId;
}
