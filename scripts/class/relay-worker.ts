// The load script's counting relay (stack.ts startRpcCounter) in a process of its own, between the gateway and the
// node: it stands for nothing of a real class, so it runs on the simulated class's core and the gateway's CPU figure
// is the gateway's own. Started by stack.ts startWorker (fork, ts-node) with the node's URL (./worker.ts).
import { startRpcCounter } from "./stack";
import { serveWorker } from "./worker";

export interface RelayProcessData {
  nodeUrl: string;
}

serveWorker(async (data: RelayProcessData) => {
  let calls = 0;
  const counter = await startRpcCounter(data.nodeUrl, (n) => (calls += n));
  return { url: counter.url, counts: () => ({ calls }), stop: () => counter.stop() };
});
