// The Chromium shipped in the npm package @sparticuz/chromium (unpacked to the temp folder on first use), driven by
// playwright-core: what the load script's phones, console and projector run in (as the browser tests do).
import { chromium as playwright, type Browser } from "playwright-core";

interface SparticuzChromium {
  executablePath(): Promise<string>;
  args: string[];
}

export async function launchBrowser(): Promise<Browser> {
  // The package is ESM-only; Node 20.19+ loads it through require().
  const mod = require("@sparticuz/chromium") as { default?: SparticuzChromium } & SparticuzChromium;
  const chromium = mod.default ?? mod;
  // `--single-process` (tuned for AWS Lambda) would take the browser down with the first context closed.
  const args = chromium.args.filter((a) => a !== "--single-process");
  return playwright.launch({ executablePath: await chromium.executablePath(), args, headless: true });
}
