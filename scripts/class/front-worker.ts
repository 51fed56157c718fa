// The class stack's gateway (with its faucet) and the counting relay in a process of their own, as `npm run web --
// --lan` runs its gateway: the load script's Node players (signing, decoding) and its browser driving never hold up
// the phones' requests, and the load script can pin it to the laptop's core and read its CPU. Started by stack.ts
// startFrontProcess (fork, ts-node); takes its options in the first message and reports its counts every 250 ms.
import { DEFAULT_FAUCET, Faucet } from "../web/faucet";
import { startGateway, type GatewayOptions } from "../web/gateway";
import { startRpcCounter } from "./stack";

export interface FrontProcessData {
  nodeUrl: string;
  /** How many clients the faucet serves (the devices of the run and some). */
  faucetClients: number;
  gateway: Omit<GatewayOptions, "nodeUrl" | "faucet">;
}

/** What the process tells its parent: its URL once it listens (or why not), then its counts. */
export type FrontMessage =
  { url: string } | { error: string } | { calls: number; hits: number; misses: number } | { stopped: true };

const send = (m: FrontMessage) => process.send!(m);

async function main(data: FrontProcessData) {
  let calls = 0;
  const counter = await startRpcCounter(data.nodeUrl, (n) => (calls += n));
  const faucet = await Faucet.create({ ...DEFAULT_FAUCET, nodeUrl: data.nodeUrl, perClient: data.faucetClients });
  const gateway = await startGateway({ ...data.gateway, nodeUrl: counter.url, faucet });
  const counts = () => send({ calls, hits: gateway.reads.hits, misses: gateway.reads.misses });
  const timer = setInterval(counts, 250);
  process.on("message", (m: unknown) => {
    if (m !== "stop") return;
    void (async () => {
      clearInterval(timer);
      counts();
      await gateway.stop();
      await counter.stop();
      send({ stopped: true });
      process.disconnect();
    })();
  });
  // The parent gone (a crash, Ctrl-C): so is the gateway.
  process.once("disconnect", () => process.exit(0));
  send({ url: gateway.url });
}

process.once("message", (data: FrontProcessData) =>
  main(data).catch((err: unknown) => send({ error: err instanceof Error ? err.message : String(err) })),
);
