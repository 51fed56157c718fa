// The deployments baked into the bundle at build time (scripts/lib/deployments.ts reads hardhat-deploy's folders).
import all from "virtual:deployments";
import type { DeployedContract, NetworkDeployment } from "../../../client/common/deployments";
import { stackUrl, type StackConfig } from "../../../client/common/stack";

export type { DeployedContract, NetworkDeployment };

export const deployments: NetworkDeployment[] = all;

/** Chain ids of development nodes (Hardhat, anvil, ganache): the development-account picker is offered on them. */
export const LOCAL_CHAIN_IDS: readonly number[] = [31337, 1337];

export function deploymentFor(chainId: number | undefined): NetworkDeployment | undefined {
  return deployments.find((d) => d.chainId === chainId);
}

/** A contract of the deployment, or undefined when that network has none by that name. */
export function contractOf(deployment: NetworkDeployment | undefined, name: string): DeployedContract | undefined {
  return deployment?.contracts[name];
}

/** The class stack's runtime config, when the gateway (scripts/web/gateway.ts) serves the page; else null. */
export function stackConfig(): StackConfig | null {
  return (window as { __STACK__?: StackConfig }).__STACK__ ?? null;
}

/** The local node's URL: `?rpc=` of the page, else the gateway's same-origin /rpc, else the build's WEB_RPC_URL. */
export function localRpcUrl(search: string = window.location.search): string {
  const stack = stackConfig();
  return (
    new URLSearchParams(search).get("rpc") ?? (stack ? stackUrl(window.location.origin, stack.rpc) : __LOCAL_RPC_URL__)
  );
}
