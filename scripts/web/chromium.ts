// The Chromium shipped in the npm package @sparticuz/chromium (no download; unpacked to the temp folder on first use),
// driven by playwright-core: what the browser tests, the web bench, the class load and the icons' renderer run.
import { chromium as playwright, type Browser, type Request } from "playwright-core";

interface SparticuzChromium {
  executablePath(): Promise<string>;
  args: string[];
}

/** The browser's executable and its flags. */
export async function chromiumBinary(): Promise<{ executablePath: string; args: string[] }> {
  // The package is ESM-only; Node 20.19+ loads it through require().
  const mod = require("@sparticuz/chromium") as { default?: SparticuzChromium } & SparticuzChromium;
  const chromium = mod.default ?? mod;
  // Its flags are tuned for AWS Lambda; `--single-process` there makes closing one browser context take the whole
  // browser down, and the tests open and close a context per player.
  return {
    executablePath: await chromium.executablePath(),
    args: chromium.args.filter((a) => a !== "--single-process"),
  };
}

/** Launches headless Chromium. */
export async function launchChromium(): Promise<Browser> {
  return playwright.launch({ ...(await chromiumBinary()), headless: true });
}

/** JSON-RPC calls in a request to the gateway's /rpc (0 for any other request). */
export function rpcCalls(req: Request): { count: number; methods: string[] } {
  if (!new URL(req.url()).pathname.endsWith("/rpc")) return { count: 0, methods: [] };
  try {
    const body = JSON.parse(req.postData() ?? "null") as unknown;
    const items = (Array.isArray(body) ? body : [body]) as { method?: string }[];
    return { count: items.length, methods: items.map((i) => String(i.method)) };
  } catch {
    return { count: 1, methods: ["?"] };
  }
}
