// A Forking Hex game's export input read from the node (no indexer): the game's ForkingHex events folded by
// client/hex/export.ts hexFromEvents, pinned to one block. The `hex:export` task runs this.
import type { Provider } from "ethers";
import type { ForkingHex } from "../../typechain-types";
import { eventsOf } from "../common/export-chain";
import { unknownId } from "../common/export";
import { hexFromEvents, type HexExportInput } from "./export";

/** Reads game `id` as of `toBlock`; `names` gives the players' names (client/common/export-chain.ts
 *  latestNames), asked for once the game is known to exist. */
export async function hexGameFromChain(
  hex: ForkingHex,
  id: bigint,
  names: () => Promise<ReadonlyMap<string, string>>,
  fromBlock: number,
  toBlock: number,
): Promise<HexExportInput> {
  const count = await hex.gameCount({ blockTag: toBlock });
  if (id < 1n || id > count) {
    throw unknownId("Forking Hex game", id, count);
  }
  const provider = hex.runner!.provider as Provider;
  const events = await eventsOf(provider, "ForkingHex", await hex.getAddress(), "gameId", [id], fromBlock, toBlock);
  return hexFromEvents(Number(id), events, await names());
}
