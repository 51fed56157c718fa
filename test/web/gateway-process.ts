// The gateway in a process of its own, for tests that must see whether a request stops it (the property test of its
// routing): `spawnGateway(options)` starts this file as a child, which starts the gateway and prints its port. Loaded
// by mocha as a module, it does nothing.
import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { startGateway, type GatewayOptions } from "../../scripts/web/gateway";

export interface GatewayProcess {
  port: number;
  child: ChildProcess;
  /** Everything it printed on stderr (its last 20,000 characters). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts the gateway with `options` in a child process; resolves once it listens. */
export async function spawnGateway(options: GatewayOptions): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", __filename], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, GATEWAY_OPTIONS: JSON.stringify(options) },
  });
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-20_000)));
  const port = await new Promise<number>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(Number(JSON.parse(line).port)));
    child.once("exit", (code) => reject(new Error(`the gateway process exited (${code}): ${stderr}`)));
  });
  return {
    port,
    child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

if (require.main === module) {
  startGateway(JSON.parse(process.env.GATEWAY_OPTIONS ?? "{}") as GatewayOptions).then(
    (g) => {
      process.stdout.write(JSON.stringify({ port: g.port }) + "\n");
      process.on("SIGTERM", () => void g.stop().then(() => process.exit(0)));
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
