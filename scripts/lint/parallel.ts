// `npm run lint`'s steps at once: each argument is a shell command (`npm run lint:sol`, `tsc --noEmit -p web`, ...);
// they run side by side, each one's output is printed whole when it ends (with its time), and the exit code is
// non-zero if any failed. The steps are single-threaded (tsc, solhint, prettier, eslint), so one after the other they
// left a core idle on a 2-core machine.
import { spawn } from "node:child_process";

interface Done {
  command: string;
  code: number;
  seconds: number;
}

function run(command: string): Promise<Done> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("close", (code, signal) => {
      const done = { command, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 };
      console.log(`\n== ${command}: ${done.code === 0 ? "passed" : "FAILED"} in ${done.seconds.toFixed(1)} s`);
      process.stdout.write(output);
      resolve(done);
    });
  });
}

async function main(commands: string[]): Promise<number> {
  if (commands.length === 0) throw new Error("give the commands to run at once, each as one argument");
  const results = await Promise.all(commands.map(run));
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) console.error(`\nfailed: ${failed.map((r) => r.command).join("; ")}`);
  return failed.length > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
