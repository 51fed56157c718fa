// A read about one CATAMM game as a query under the game's key (data/keys.ts) and the account (static calls are asked
// from it), read again when the game's version moves (useLiveGame: its events or views changed).
import type { QueryKey } from "@tanstack/react-query";
import { useChainRead, type ChainRead } from "../data/chain";
import { chainKeys } from "../data/keys";
import { useRefreshOn } from "../data/refresh";
import { useWallet } from "../shared/wallet";
import type { CatammContracts } from "./contracts";

/** `read()` under the game's key and `part` (null: nothing to read now), refreshed with `version`. */
export function useGameRead<T>(
  c: CatammContracts | null,
  gameId: bigint,
  part: readonly unknown[] | null,
  version: number,
  read: () => Promise<T>,
): ChainRead<T> {
  const { chainId, account } = useWallet();
  const key: QueryKey | null =
    c && chainId !== null && part
      ? [...chainKeys.catammGame(chainId, c.address, gameId), account?.toLowerCase() ?? null, ...part]
      : null;
  // The version may have moved while no page showed this read (the ghost ship's mode was off): read on showing.
  const result = useChainRead(key, read, { describe: { contract: "Catamm" }, onMount: true });
  useRefreshOn(key, version);
  return result;
}
