/// <reference types="vite/client" />

declare module "virtual:deployments" {
  import type { NetworkDeployment } from "../../client/common/deployments";
  const deployments: NetworkDeployment[];
  export default deployments;
}

/** The local node's JSON-RPC URL baked in at build time (WEB_RPC_URL). */
declare const __LOCAL_RPC_URL__: string;
