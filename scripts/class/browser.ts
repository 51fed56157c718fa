// The Chromium shipped in the npm package @sparticuz/chromium (unpacked to the temp folder on first use), driven by
// playwright-core: what the load script's phones, console and projector run in (as the browser tests do).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium as playwright, type Browser, type Page } from "playwright-core";
import { chromiumBinary } from "../web/chromium";

/** A browser of its own, with its process id (its processes are the tree under it). */
export interface LaunchedBrowser {
  browser: Browser;
  pid: number;
}

/**
 * Launches Chromium; with `core`, it and every process it starts (renderers, GPU, network) run on that core only:
 * a wrapper script records its process id and `exec`s `taskset -c <core>` Chromium, which keeps that id.
 */
export async function launchPinned(core: number | null): Promise<LaunchedBrowser> {
  const { executablePath: exe, args } = await chromiumBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "class-chromium-"));
  const pidFile = path.join(dir, "pid");
  const wrapper = path.join(dir, "chromium");
  const pin = core === null ? "" : `taskset -c ${core} `;
  fs.writeFileSync(wrapper, `#!/bin/sh\necho $$ > '${pidFile}'\nexec ${pin}'${exe}' "$@"\n`, { mode: 0o755 });
  const browser = await playwright.launch({ executablePath: wrapper, args, headless: true });
  const pid = Number(fs.readFileSync(pidFile, "utf8").trim());
  browser.once("disconnected", () => fs.rmSync(dir, { recursive: true, force: true }));
  return { browser, pid };
}

export async function launchBrowser(): Promise<Browser> {
  return (await launchPinned(null)).browser;
}

/**
 * A page's main thread, read through the DevTools protocol: its busy time (Chromium's `TaskDuration`, seconds of wall
 * time, which grow while the thread waits for a busy core) and its CPU time (`ThreadTime`).
 */
export interface PageCpu {
  seconds(): Promise<number>;
  threadSeconds(): Promise<number>;
  /** Chromium's timing metrics of the page (seconds): `TaskDuration`, `ScriptDuration`, `LayoutDuration`, .... */
  metrics(): Promise<Record<string, number>>;
  /** Starts a CPU profile of the page (CLASS_PROFILE: where the load script looks for its hot spots). */
  startProfile(): Promise<void>;
  /** Stops it and writes the profile (a `.cpuprofile` DevTools opens) to `file`. */
  stopProfile(file: string): Promise<void>;
}

export async function pageCpu(page: Page): Promise<PageCpu> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  return {
    async seconds() {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return metrics.find((m) => m.name === "TaskDuration")?.value ?? 0;
    },
    async metrics() {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    },
    async threadSeconds() {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return metrics.find((m) => m.name === "ThreadTime")?.value ?? 0;
    },
    async startProfile() {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.start");
    },
    async stopProfile(file: string) {
      const { profile } = await cdp.send("Profiler.stop");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
    },
  };
}

/**
 * Traces `page`'s browser for `ms` into `<dir>/console.trace.json` (Chromium's `toplevel` tasks with where each was
 * posted from, and the DevTools timeline's events inside them): what the page's main thread runs, task by task.
 */
export async function traceFor(browser: Browser, page: Page, dir: string, ms: number): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await browser.startTracing(page, {
    path: path.join(dir, "console.trace.json"),
    categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"],
  });
  await new Promise((r) => setTimeout(r, ms));
  await browser.stopTracing();
}
