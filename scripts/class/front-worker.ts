// The class stack's gateway (with its faucet) in a process of its own, as `npm run web -- --lan` runs it: the load
// script's Node players (signing, decoding) and its browser driving never hold up the phones' requests, and the load
// script can pin it to the laptop's core and read its CPU. It reaches the node through the counting relay
// (./relay-worker.ts, a process of its own). Started by stack.ts startWorker (fork, ts-node) with its options
// (./worker.ts).
import { DEFAULT_FAUCET, Faucet } from "../web/faucet";
import { startGateway, type GatewayOptions } from "../web/gateway";
import { serveWorker } from "./worker";

export interface FrontProcessData {
  /** The node's URL (the faucet's way to it). */
  nodeUrl: string;
  /** The counting relay's URL: the gateway's way to the node. */
  relayUrl: string;
  /** How many clients the faucet serves (the devices of the run and some). */
  faucetClients: number;
  gateway: Omit<GatewayOptions, "nodeUrl" | "faucet">;
}

serveWorker(async (data: FrontProcessData) => {
  const faucet = await Faucet.create({ ...DEFAULT_FAUCET, nodeUrl: data.nodeUrl, perClient: data.faucetClients });
  const gateway = await startGateway({ ...data.gateway, nodeUrl: data.relayUrl, faucet });
  return {
    url: gateway.url,
    counts: () => ({ hits: gateway.reads.hits, misses: gateway.reads.misses }),
    stop: () => gateway.stop(),
  };
});
