// The watch over `npm run web`'s parts (scripts/web/index.ts): the node, the randomness keeper beside anvil, the
// indexer, Vite's dev server, and the gateway in this process. When one stops by itself, the terminal says which and
// why, and the rest is stopped: a class stack that half runs (pages that no longer update, or a node left running
// with nobody serving it) is worse than one that says it stopped. Whatever way this process ends (a crash included),
// the children it started end with it: none is left running.
import type { ChildProcess } from "node:child_process";

export class Supervisor {
  private readonly parts: { name: string; child: ChildProcess; group: boolean }[] = [];
  private stopping = false;

  /** `stopAll` stops every part (the gateway, the indexer, the node) and resolves when they have. */
  constructor(
    private readonly stopAll: () => Promise<void>,
    private readonly log: (line: string) => void = (line) => console.error(line),
  ) {
    // The last resort, synchronous: whatever ends this process ends its children.
    process.once("exit", () => {
      for (const p of this.parts) kill(p.child, p.group);
    });
    // The gateway runs in this process: a throw nothing caught (none should: gateway.ts answers every request's
    // failure itself) stops the stack in words instead of leaving its children running.
    process.on("uncaughtException", (err) => void this.failed("gateway (this process)", describe(err)));
    process.on("unhandledRejection", (err) => void this.failed("gateway (this process)", describe(err)));
    process.on("SIGINT", () => void this.stop(0));
    process.on("SIGTERM", () => void this.stop(0));
  }

  /** Watches a part: if it exits while the stack runs, the stack stops. `group`: it leads a process group of its own. */
  watch(name: string, child: ChildProcess, group = false): void {
    this.parts.push({ name, child, group });
    child.once("exit", (code, signal) => {
      if (!this.stopping) void this.failed(name, signal ? `killed by ${signal}` : `exit code ${code}`);
    });
  }

  /** A part stopped by itself: says so and stops the rest (exit code 1). */
  async failed(name: string, why: string): Promise<void> {
    if (this.stopping) return;
    this.log(`\nThe ${name} stopped by itself (${why}): stopping the rest of the class stack.`);
    await this.stop(1);
  }

  /** Stops every part, then this process with `code` (after 20 s, whatever is left is killed by the exit hook). */
  async stop(code: number): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const late = setTimeout(() => process.exit(code), 20_000);
    await this.stopAll().catch((err: unknown) => this.log(`stopping the class stack: ${describe(err)}`));
    clearTimeout(late);
    process.exit(code);
  }
}

function kill(child: ChildProcess, group: boolean) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    if (group) process.kill(-child.pid, "SIGKILL");
    else child.kill("SIGKILL");
  } catch {
    // already gone
  }
}

const describe = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));
