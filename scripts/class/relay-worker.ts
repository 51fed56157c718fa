// The load script's counting relay (stack.ts startRpcCounter) in a process of its own, between the gateway and the
// node: it stands for nothing of a real class, so it runs on the simulated class's core and the gateway's CPU figure
// is the gateway's own. Started by stack.ts startWorker (fork, ts-node); takes the node's URL in the first message and
// reports its count every 250 ms.
import { startRpcCounter, type WorkerMessage } from "./stack";

export interface RelayProcessData {
  nodeUrl: string;
}

const send = (m: WorkerMessage) => process.send!(m);

async function main(data: RelayProcessData) {
  let calls = 0;
  const counter = await startRpcCounter(data.nodeUrl, (n) => (calls += n));
  const counts = () => send({ counts: { calls } });
  const timer = setInterval(counts, 250);
  process.on("message", (m: unknown) => {
    if (m !== "stop") return;
    void (async () => {
      clearInterval(timer);
      counts();
      await counter.stop();
      send({ stopped: true });
      process.disconnect();
    })();
  });
  // The parent gone (a crash, Ctrl-C): so is the relay.
  process.once("disconnect", () => process.exit(0));
  send({ url: counter.url });
}

process.once("message", (data: RelayProcessData) =>
  main(data).catch((err: unknown) => send({ error: err instanceof Error ? err.message : String(err) })),
);
