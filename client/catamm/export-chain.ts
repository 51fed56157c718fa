// A CATAMM game's export input read from the node (no indexer): the game's Catamm events, pinned to one block. The
// `catamm:export` task runs this; client/catamm/export.ts folds them exactly as it folds the indexer's catamm_log.
import type { Provider } from "ethers";
import type { Catamm } from "../../typechain-types";
import { eventsOf } from "../common/export-chain";
import { unknownId } from "../common/export";
import type { CatammExportInput } from "./export";

/** Reads game `id` as of `toBlock`; `names` gives the players' names (client/common/export-chain.ts
 *  latestNames), asked for once the game is known to exist. */
export async function catammGameFromChain(
  catamm: Catamm,
  id: bigint,
  names: () => Promise<ReadonlyMap<string, string>>,
  fromBlock: number,
  toBlock: number,
): Promise<CatammExportInput> {
  const count = await catamm.gameCount({ blockTag: toBlock });
  if (id < 1n || id > count) {
    throw unknownId("CATAMM game", id, count);
  }
  const provider = catamm.runner!.provider as Provider;
  const events = await eventsOf(provider, "Catamm", await catamm.getAddress(), "gameId", [id], fromBlock, toBlock);
  return { id: Number(id), events, names: await names() };
}
