// The CATAMM contracts of the connected network (hardhat-deploy's `Catamm` and `CatammLens`), typed by TypeChain,
// connected to the account's signer (or read-only), and the game's randomness source.
import { useMemo } from "react";
import type { Catamm, CatammLens, IRandomness } from "../../../typechain-types";
import { Catamm__factory } from "../../../typechain-types/factories/contracts/catamm/Catamm__factory";
import { CatammLens__factory } from "../../../typechain-types/factories/contracts/catamm/CatammLens__factory";
import { IRandomness__factory } from "../../../typechain-types/factories/contracts/common/randomness/IRandomness__factory";
import { useChainRead } from "../data/chain";
import { chainKeys } from "../data/keys";
import { contractOf } from "../shared/deployments";
import { useWallet } from "../shared/wallet";

export interface CatammContracts {
  game: Catamm;
  /** Read-only views for interfaces (legal spots); null on a network deployed without it. */
  lens: CatammLens | null;
  address: string;
  /** The game's deployment block: event reading starts here. */
  fromBlock: number;
}

/** The deployed game, or null (connecting, or no Catamm on this network). */
export function useCatamm(): CatammContracts | null {
  const { provider, signer, deployment } = useWallet();
  return useMemo(() => {
    const deployed = contractOf(deployment ?? undefined, "Catamm");
    const runner = signer ?? provider;
    if (!deployed || !runner) return null;
    const lens = contractOf(deployment ?? undefined, "CatammLens");
    return {
      game: Catamm__factory.connect(deployed.address, runner),
      lens: lens ? CatammLens__factory.connect(lens.address, runner) : null,
      address: deployed.address,
      fromBlock: deployed.blockNumber,
    };
  }, [provider, signer, deployment]);
}

/** The game's randomness source (read once per contract). */
export function useRandomnessSource(c: CatammContracts | null): IRandomness | null {
  const { chainId } = useWallet();
  const address = useChainRead(
    c && chainId !== null ? chainKeys.randomness(chainId, c.address) : null,
    () => c!.game.randomness(),
    { fixed: true },
  ).data;
  return useMemo(() => (c && address ? IRandomness__factory.connect(address, c.game.runner) : null), [address, c]);
}
