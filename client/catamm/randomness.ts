// Serving a CATAMM game's random values from any driver (bots, tasks, demo, web app): wait until the outstanding
// request is ready (mining where the node allows, see ../chain), then `advance`.
import type { Catamm, IRandomness } from "../../typechain-types";
import { IRandomness__factory } from "../../typechain-types/factories/contracts/common/randomness/IRandomness__factory";
import { waitForRandomness, type RpcNode, type WaitOptions } from "../chain";
import { Pending } from "./game";

/** The game's randomness source. */
export async function randomnessOf(game: Catamm): Promise<IRandomness> {
  return IRandomness__factory.connect(await game.randomness(), game.runner);
}

/** The provider behind a connected contract, as an {@link RpcNode}. */
export function nodeOf(game: Catamm): RpcNode {
  const provider = game.runner?.provider as unknown as RpcNode | null | undefined;
  if (!provider || typeof provider.send !== "function")
    throw new Error("the game is not connected to a JSON-RPC provider");
  return provider;
}

/**
 * Waits until the game's outstanding random value is ready and has it served (`advance`), if one is outstanding.
 * Returns whether it served one.
 */
export async function serveRandomness(game: Catamm, id: bigint, opts: WaitOptions = {}): Promise<boolean> {
  const info = await game.gameInfo(id);
  if (Number(info.pending) === Pending.None) return false;
  await waitForRandomness(await randomnessOf(game), info.requestId, nodeOf(game), opts);
  await (await game.advance(id)).wait();
  return true;
}
