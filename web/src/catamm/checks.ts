// CATAMM's actions, each described once (shared/action.ts), and the contract's answers to them (data/checks.ts):
// static calls under the game's key, asked again whenever `trigger` moves (the game's version, a deadline passed).
import type { QueryKey } from "@tanstack/react-query";
import { useChecks, type Checks } from "../data/checks";
import { chainKeys } from "../data/keys";
import { useRefreshOn } from "../data/refresh";
import { action, type Action, type ArgsOf, type SendMethod } from "../shared/action";
import { useWallet } from "../shared/wallet";
import type { CatammContracts } from "./contracts";

type Game = CatammContracts["game"];

/** `c.game.method(...args)`, called `label` in the transactions panel; `accepts` as in shared/action.ts. */
export function gameAction<M extends SendMethod<Game>>(
  c: CatammContracts,
  method: M,
  args: ArgsOf<Game, M>,
  label: string,
  accepts?: readonly string[],
): Action {
  return action(c.game, method, args, { label, accepts, describe: { contract: "Catamm" } });
}

/** The contract's answers to `actions` about game `gameId`, asked again whenever `trigger` changes (by value). */
export function useGameChecks<K extends string>(
  c: CatammContracts,
  gameId: bigint,
  trigger: unknown,
  actions: Partial<Record<K, Action | null | undefined>>,
): Checks<K> {
  const { chainId } = useWallet();
  const scope: QueryKey | null =
    chainId !== null ? [...chainKeys.catammGame(chainId, c.address, gameId), "checks"] : null;
  useRefreshOn(scope, trigger);
  return useChecks(scope, actions);
}
