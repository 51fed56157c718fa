// The client side of test/helpers/netns.ts, run inside a test network namespace: reads one JSON command a line on
// stdin and answers one JSON line on stdout. Raw http.request (not fetch) so that a path is sent exactly as given.
import http from "node:http";
import net from "node:net";
import readline from "node:readline";

interface Command {
  id: number;
  op: "fetch" | "hold" | "release";
  url?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  host?: string;
  port?: number;
  count?: number;
  request?: string;
  settleMs?: number;
}

const held: net.Socket[] = [];

function answer(id: number, ok: boolean, value?: unknown, error?: string) {
  process.stdout.write(JSON.stringify({ id, ok, value, error }) + "\n");
}

/** One request; the path after host:port is sent byte for byte. */
function request(c: Command): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const m = /^http:\/\/([^/:]+):(\d+)(.*)$/s.exec(c.url ?? "");
  if (!m) return Promise.reject(new Error(`not an http://host:port URL: ${c.url}`));
  return new Promise((resolve) => {
    const req = http.request(
      { host: m[1], port: Number(m[2]), path: m[3] || "/", method: c.method ?? "GET", headers: c.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (b: Buffer) => chunks.push(b));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", (err) => resolve({ status: 0, headers: {}, body: String(err) }));
      },
    );
    req.setTimeout(c.timeoutMs ?? 15_000, () => req.destroy(new Error("timed out")));
    req.on("error", (err) => resolve({ status: 0, headers: {}, body: String(err.message) }));
    if (c.body !== undefined) req.write(c.body);
    req.end();
  });
}

/** Opens `count` connections and keeps them; counts those that connected and those refused or closed at once. */
async function hold(c: Command) {
  let open = 0;
  let refused = 0;
  const firstBytes: string[] = [];
  await Promise.all(
    Array.from(
      { length: c.count ?? 1 },
      () =>
        new Promise<void>((resolve) => {
          const s = net.connect({ host: c.host, port: Number(c.port) });
          let settled = false;
          const done = (ok: boolean) => {
            if (settled) return;
            settled = true;
            if (ok) open++;
            else refused++;
            resolve();
          };
          s.on("connect", () => {
            held.push(s);
            if (c.request) s.write(c.request);
            // Connected; wait a moment for the server to close it or answer (a refusal by sentence).
            setTimeout(() => done(!s.destroyed && s.readyState === "open"), c.settleMs ?? 300);
          });
          s.on("data", (b: Buffer) => {
            if (firstBytes.length < 5) firstBytes.push(b.toString("utf8").slice(0, 400));
          });
          s.on("close", () => done(false));
          s.on("error", () => done(false));
        }),
    ),
  );
  return { open, refused, firstBytes };
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const c = JSON.parse(line) as Command;
  const run =
    c.op === "fetch"
      ? request(c)
      : c.op === "hold"
        ? hold(c)
        : Promise.resolve(held.splice(0).forEach((s) => s.destroy()));
  run.then(
    (value) => answer(c.id, true, value),
    (err: Error) => answer(c.id, false, undefined, err.message),
  );
});
