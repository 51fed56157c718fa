// The class stack's gateway (with its faucet) and the counting relay in a thread of their own, as `npm run web --
// --lan` runs its gateway in a process of its own: the load script's 200 Node players (signing, decoding) and its
// browser driving then never hold up the phones' requests on one event loop. Started by stack.ts startFrontThread;
// counts the relayed calls into a shared buffer the main thread reads.
import { parentPort, workerData } from "node:worker_threads";
import { DEFAULT_FAUCET, Faucet } from "../web/faucet";
import { startGateway, type GatewayOptions } from "../web/gateway";
import { startRpcCounter } from "./stack";

export interface FrontThreadData {
  nodeUrl: string;
  /** Calls relayed to the node (Int32 at index 0, Atomics). */
  calls: SharedArrayBuffer;
  /** The gateway's indexer reads answered from its cache and sent to the indexer (Int32 at 0 and 1, every 0.5 s). */
  reads: SharedArrayBuffer;
  /** How many clients the faucet serves (the devices of the run and some). */
  faucetClients: number;
  gateway: Omit<GatewayOptions, "nodeUrl" | "faucet">;
}

async function main() {
  const data = workerData as FrontThreadData;
  const calls = new Int32Array(data.calls);
  const counter = await startRpcCounter(data.nodeUrl, (n) => Atomics.add(calls, 0, n));
  const faucet = await Faucet.create({ ...DEFAULT_FAUCET, nodeUrl: data.nodeUrl, perClient: data.faucetClients });
  const gateway = await startGateway({ ...data.gateway, nodeUrl: counter.url, faucet });
  const reads = new Int32Array(data.reads);
  const copyReads = setInterval(() => {
    Atomics.store(reads, 0, gateway.reads.hits);
    Atomics.store(reads, 1, gateway.reads.misses);
  }, 500);
  parentPort!.on("message", (m: unknown) => {
    if (m !== "stop") return;
    void (async () => {
      clearInterval(copyReads);
      await gateway.stop();
      await counter.stop();
      parentPort!.postMessage({ stopped: true });
    })();
  });
  parentPort!.postMessage({ url: gateway.url });
}

main().catch((err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) }));
