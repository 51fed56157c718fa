// The Forking Hex contract of the connected network (hardhat-deploy's `ForkingHex`), typed by TypeChain, connected
// to the account's signer (or read-only), and the stake token's symbol and decimals.
import { useEffect, useMemo, useState } from "react";
import { ZeroAddress } from "ethers";
import type { ForkingHex } from "../../../typechain-types";
import { ForkingHex__factory } from "../../../typechain-types/factories/contracts/hex/ForkingHex__factory";
import { IERC20Metadata__factory } from "../../../typechain-types/factories/@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata__factory";
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

const tokenCache = new Map<string, TokenInfo>();

/** Symbol and decimals of a stake token (ETH for the zero address); null while loading or if not a token. */
export function useToken(address: string | undefined): TokenInfo | null {
  const { provider } = useWallet();
  const [info, setInfo] = useState<TokenInfo | null>(null);
  useEffect(() => {
    if (!address) return setInfo(null);
    if (address === ZeroAddress) return setInfo(ETH_TOKEN);
    const cached = tokenCache.get(address.toLowerCase());
    if (cached) return setInfo(cached);
    if (!provider) return;
    let stale = false;
    const erc20 = IERC20Metadata__factory.connect(address, provider);
    Promise.all([erc20.symbol(), erc20.decimals()]).then(
      ([symbol, decimals]) => {
        const t = { address, symbol, decimals: Number(decimals) };
        tokenCache.set(address.toLowerCase(), t);
        if (!stale) setInfo(t);
      },
      () => !stale && setInfo(null),
    );
    return () => {
      stale = true;
    };
  }, [address, provider]);
  return info;
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
