// What the class stack's worker processes (./front-worker.ts, ./relay-worker.ts) share: each takes its options in the
// first message, says its URL once it listens (or why not), reports its counts every 250 ms, and stops when told to
// or when its parent is gone. stack.ts startWorker is the other side.

/** What a worker tells its parent: its URL once it listens (or why not), then its counts, and that it stopped. */
export type WorkerMessage =
  { url: string } | { error: string } | { counts: Record<string, number> } | { stopped: true };

/** What a worker serves once started. */
export interface Served {
  url: string;
  counts(): Record<string, number>;
  stop(): Promise<void>;
}

/** Runs this process as a worker that `start`s with the options of its first message. */
export function serveWorker<D>(start: (data: D) => Promise<Served>): void {
  const send = (m: WorkerMessage) => process.send!(m);
  const run = async (data: D) => {
    const served = await start(data);
    const counts = () => send({ counts: served.counts() });
    const timer = setInterval(counts, 250);
    process.on("message", (m: unknown) => {
      if (m !== "stop") return;
      void (async () => {
        clearInterval(timer);
        counts();
        await served.stop();
        send({ stopped: true });
        process.disconnect();
      })();
    });
    // The parent gone (a crash, Ctrl-C): so is the worker.
    process.once("disconnect", () => process.exit(0));
    send({ url: served.url });
  };
  process.once("message", (data: D) =>
    run(data).catch((err: unknown) => send({ error: err instanceof Error ? err.message : String(err) })),
  );
}
