// The Chromium shipped in the npm package @sparticuz/chromium (no download; unpacked to the temp folder on first use),
// driven by playwright-core: what the browser tests, the web bench, the class load and the icons' renderer run.
import { chromium as playwright, type Browser, type Request } from "playwright-core";

interface SparticuzChromium {
  executablePath(): Promise<string>;
  args: string[];
}

/** @sparticuz/chromium's flags for a GPU emulated by SwiftShader. */
const SWIFTSHADER_FLAGS = /^--(ignore-gpu-blocklist|in-process-gpu|use-gl=|use-angle=|enable-unsafe-swiftshader)/;

/**
 * How pages are drawn: "emulated", on a GPU emulated by SwiftShader (the package's flags: what the class load and the
 * web bench measure, whose phones sent their moves faster so), or "software", by the software compositor without a
 * GPU (what the browser tests use: about a third less of Chromium's CPU; the app draws no WebGL).
 */
export type ChromiumGpu = "emulated" | "software";

/** The browser's executable and its flags. */
export async function chromiumBinary(
  gpu: ChromiumGpu = "emulated",
): Promise<{ executablePath: string; args: string[] }> {
  // The package is ESM-only; Node 20.19+ loads it through require().
  const mod = require("@sparticuz/chromium") as { default?: SparticuzChromium } & SparticuzChromium;
  const chromium = mod.default ?? mod;
  // Its flags are tuned for AWS Lambda; `--single-process` there makes closing one browser context take the whole
  // browser down, and the tests open and close a context per player.
  const args = chromium.args.filter((a) => a !== "--single-process");
  return {
    executablePath: await chromium.executablePath(),
    args: gpu === "software" ? [...args.filter((a) => !SWIFTSHADER_FLAGS.test(a)), "--disable-gpu"] : args,
  };
}

/** Launches headless Chromium. */
export async function launchChromium(gpu: ChromiumGpu = "emulated"): Promise<Browser> {
  return playwright.launch({ ...(await chromiumBinary(gpu)), headless: true });
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
