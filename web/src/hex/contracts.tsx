// The Forking Hex contract of the connected network (hardhat-deploy's `ForkingHex`), typed by TypeChain, connected
// to the account's signer (or read-only), and the stake token's symbol and decimals.
import { useMemo } from "react";
import { ZeroAddress } from "ethers";
import type { ForkingHex } from "../../../typechain-types";
import { ForkingHex__factory } from "../../../typechain-types/factories/contracts/hex/ForkingHex__factory";
import { IERC20Metadata__factory } from "../../../typechain-types/factories/@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata__factory";
import { useChainRead } from "../data/chain";
import { chainKeys } from "../data/keys";
import { contractOf } from "../shared/deployments";
import { useWallet } from "../shared/wallet";

export interface HexContract {
  hex: ForkingHex;
  address: string;
  /** The deployment's block: event reading starts here. */
  fromBlock: number;
}

/** The deployed game, or null (connecting, or no ForkingHex on this network). */
export function useHexContract(): HexContract | null {
  const { provider, signer, deployment } = useWallet();
  return useMemo(() => {
    const deployed = contractOf(deployment ?? undefined, "ForkingHex");
    const runner = signer ?? provider;
    if (!deployed || !runner) return null;
    return {
      hex: ForkingHex__factory.connect(deployed.address, runner),
      address: deployed.address,
      fromBlock: deployed.blockNumber,
    };
  }, [provider, signer, deployment]);
}

export interface TokenInfo {
  address: string;
  symbol: string;
  decimals: number;
}

export const ETH_TOKEN: TokenInfo = { address: ZeroAddress, symbol: "ETH", decimals: 18 };

/** Symbol and decimals of a stake token (ETH for the zero address); null while loading or if not a token. */
export function useToken(address: string | undefined): TokenInfo | null {
  const { provider, chainId } = useWallet();
  const erc20 = !!address && address !== ZeroAddress && !!provider && chainId !== null;
  // A token's symbol and decimals never change: read once per chain and token.
  const read = useChainRead(
    erc20 ? chainKeys.token(chainId, address) : null,
    async (): Promise<TokenInfo> => {
      const token = IERC20Metadata__factory.connect(address!, provider!);
      const [symbol, decimals] = await Promise.all([token.symbol(), token.decimals()]);
      return { address: address!, symbol, decimals: Number(decimals) };
    },
    { fixed: true },
  );
  if (address === ZeroAddress) return ETH_TOKEN;
  return read.data ?? null;
}

/** What the Hex pages say while there is no contract to talk to. */
export function NoDeployment() {
  const { provider, deployment } = useWallet();
  if (!provider) return <p aria-busy="true">Connecting…</p>;
  return deployment ? (
    <p>This network ({deployment.name}) has no Forking Hex deployment in this build.</p>
  ) : (
    <p>The connected network has no deployment of the games in this build: switch networks (above).</p>
  );
}
