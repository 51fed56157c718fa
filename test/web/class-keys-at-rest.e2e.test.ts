/// <reference lib="dom" />
// A seat card's key at rest (issue 33, item 10), in headless Chromium through the page: the key travels in the card
// link's fragment and leaves the address bar at once. Opened on the teacher's laptop (loopback: a secure context, where
// the service worker of vite-plugin-pwa runs and caches navigations) after the service worker took control, and on a
// phone (the room's plain-http address: no service worker at all), no Cache Storage entry, IndexedDB record,
// sessionStorage or cookie holds the card's link or its key; localStorage holds the key only as the seat the phone
// plays (burner.seats, by design: docs/class.md, "Which keys live where"); no console message and no request carries
// it. The code neither logs nor reports the page's address (a search of web/src and client/).
import { expect } from "chai";
import fs from "node:fs";
import path from "node:path";
import { Wallet } from "ethers";
import type { BrowserContext, Page } from "playwright-core";
import { cardLink, type SeatCard } from "../../client/snatch/card";
import { lanAddress } from "../../scripts/web/class";
import { startGateway, type GatewayHandle } from "../../scripts/web/gateway";
import { freePort, REPO } from "../../scripts/web/stack";
import { newContext, openPhone, rpc, webStack, type WebStack } from "./harness";

/** Everything the origin keeps in the browser, as text: Cache Storage (URLs and bodies), web storage, IndexedDB,
 *  cookies. */
interface Stored {
  serviceWorker: boolean;
  controlled: boolean;
  caches: { cache: string; url: string; body: string }[];
  local: Record<string, string>;
  session: Record<string, string>;
  indexedDb: { db: string; store: string; records: string }[];
  cookies: string;
}

async function storedIn(page: Page): Promise<Stored> {
  return page.evaluate(async () => {
    const caches: Stored["caches"] = [];
    if ("caches" in self) {
      for (const name of await self.caches.keys()) {
        const cache = await self.caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          caches.push({ cache: name, url: request.url, body: response ? await response.text() : "" });
        }
      }
    }
    const dump = (s: Storage) =>
      Object.fromEntries(Array.from({ length: s.length }, (_, i) => [s.key(i)!, s.getItem(s.key(i)!)!]));
    const indexedDb: Stored["indexedDb"] = [];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
        indexedDb.push({ db: info.name!, store, records: JSON.stringify(records) });
      }
      db.close();
    }
    return {
      serviceWorker: "serviceWorker" in navigator,
      controlled: "serviceWorker" in navigator && navigator.serviceWorker.controller !== null,
      caches,
      local: dump(localStorage),
      session: dump(sessionStorage),
      indexedDb,
      cookies: document.cookie,
    };
  });
}

describe("web: a seat card's key at rest: never in the service worker's caches, the logs or a request (e2e)", function () {
  let stack: WebStack;
  let gateway: GatewayHandle;
  /** The gateway as the laptop and as the room's phones reach it. */
  let gw: { hostUrl: string; phoneUrl: string };
  const contexts: BrowserContext[] = [];

  before(async function () {
    stack = await webStack();
    // The class stack's gateway (as `npm run web -- --lan`) over the shared stack, a faucet-less one of this file's
    // own: the shared class gateway's faucet caps belong to the class test.
    const lan = lanAddress();
    if (!lan) throw new Error("this test needs a network address besides loopback (eth0 or Wi-Fi)");
    const port = await freePort();
    gateway = await startGateway({
      nodeUrl: stack.node.url,
      appDir: stack.appDir,
      indexerUrl: stack.indexer.url,
      bind: "0.0.0.0",
      port,
      publicUrl: `http://${lan}:${port}/`,
    });
    gw = { hostUrl: gateway.url, phoneUrl: `http://${lan}:${port}/` };
  });

  after(async function () {
    for (const c of contexts) await c.close().catch(() => undefined);
    await gateway?.stop();
  });

  /** A card for a new seat (the rooms' lobby), as the class sheet draws it: its link on `base`, its key's forms. */
  async function newCard(base: string, name: string) {
    const seat = Wallet.createRandom();
    const deployment = JSON.parse(
      fs.readFileSync(path.join(stack.deploymentsDir, "localhost", "SnatchTournament.json"), "utf8"),
    ) as { address: string; receipt: { blockNumber: number } };
    const block = await rpc<{ hash: string }>(stack.node.url, "eth_getBlockByNumber", [
      "0x" + deployment.receipt.blockNumber.toString(16),
      false,
    ]);
    const card: SeatCard = {
      key: seat.privateKey,
      chainId: 31337,
      tournamentContract: deployment.address,
      deployBlock: deployment.receipt.blockNumber,
      deployHash: block.hash,
      tournament: null,
      seat: 7,
      name,
      rpc: null,
    };
    const link = cardLink(base, card);
    const k = new URLSearchParams(link.slice(link.indexOf("?") + 1)).get("k")!;
    // The key as hex (any case) and as the link's base64url; the link's fragment.
    const forms = [seat.privateKey.slice(2).toLowerCase(), k, link.slice(link.indexOf("#"))];
    return { link, forms, address: seat.address };
  }

  /** What a page printed and sent while it opened a card. */
  function watch(page: Page) {
    const seen: string[] = [];
    page.on("console", (m) => seen.push(`console.${m.type()}: ${m.text()}`));
    page.on("pageerror", (e) => seen.push(`pageerror: ${e.message}`));
    page.on("request", (r) =>
      seen.push(`${r.method()} ${r.url()} ${JSON.stringify(r.headers())} ${r.postData() ?? ""}`),
    );
    return seen;
  }

  const holds = (text: string, forms: string[]) => forms.some((f) => text.toLowerCase().includes(f.toLowerCase()));

  /** The card opened: the question, the key gone from the address bar; "Play as …" keeps the seat on this device. */
  async function play(page: Page, name: string) {
    await page.getByRole("button", { name: `Play as ${name}` }).waitFor();
    expect(await page.evaluate(() => window.location.href)).to.match(/#\/seat$/);
    await page.getByRole("button", { name: `Play as ${name}` }).click();
    await page.waitForFunction(() => !window.location.hash.startsWith("#/seat"));
  }

  /** Nothing of the card in any storage but its seat in burner.seats; nothing in what the page printed or sent. */
  function expectNothingAtRest(stored: Stored, seen: string[], forms: string[], address: string) {
    for (const c of stored.caches) {
      expect(c.url, `Cache Storage "${c.cache}"`).to.not.contain("#");
      expect(holds(c.url, forms) || holds(c.body, forms), `Cache Storage "${c.cache}" ${c.url}`).to.equal(false);
    }
    for (const [key, value] of Object.entries(stored.local)) {
      // The seat this device plays: its key, kept so the phone can sign (the card's link itself is not kept).
      if (key === "burner.seats") {
        const seats = JSON.parse(value) as { address: string; key: string }[];
        expect(seats.map((s) => s.address.toLowerCase())).to.include(address.toLowerCase());
        expect(holds(value, forms.slice(1)), "burner.seats holds no link").to.equal(false);
        continue;
      }
      expect(holds(`${key}=${value}`, forms), `localStorage ${key}`).to.equal(false);
    }
    expect(Object.keys(stored.local)).to.include("burner.seats");
    for (const [key, value] of Object.entries(stored.session))
      expect(holds(`${key}=${value}`, forms), `sessionStorage ${key}`).to.equal(false);
    for (const d of stored.indexedDb) expect(holds(d.records, forms), `IndexedDB ${d.db}/${d.store}`).to.equal(false);
    expect(holds(stored.cookies, forms), "cookies").to.equal(false);
    const leaks = seen.filter((line) => holds(line, forms));
    expect(leaks, "console messages and requests carrying the key").to.deep.equal([]);
  }

  it("on the teacher's laptop, with the service worker in control: cached pages have no fragment, nothing keeps the key but the seat", async function () {
    const context = await newContext(stack);
    contexts.push(context);
    const first = await context.newPage();
    // The app once, so that its service worker installs (as on a laptop that opened it before).
    await first.goto(`${gw.hostUrl}#/hex`);
    await first.evaluate(async () => !!(await navigator.serviceWorker.ready).active);
    const card = await newCard(gw.hostUrl, "Ada");
    // The card opened in a new tab, as a scanned link opens: a navigation through the service worker (network first,
    // kept in its "pages" cache for offline starts).
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(card.link);
    await play(page, "Ada");
    // The service worker keeps the page once its response is in (a moment after the page shows).
    let stored = await storedIn(page);
    for (let i = 0; i < 100 && !stored.caches.some((c) => c.cache === "pages"); i++) {
      await page.waitForTimeout(100);
      stored = await storedIn(page);
    }
    expect(stored.controlled, "the service worker controls the page").to.equal(true);
    expectNothingAtRest(stored, seen, card.forms, card.address);
    // The card's page is kept, under its address without the fragment.
    const pages = stored.caches.filter((c) => c.cache === "pages");
    expect(pages.map((c) => c.url)).to.deep.equal([gw.hostUrl]);
    expect(
      stored.caches.some((c) => c.cache.startsWith("workbox-precache")),
      "the precache",
    ).to.equal(true);
    // Opening the cached page again (a reload) reads no key from anywhere either.
    await page.reload();
    await page.locator(".walletbar").waitFor();
    expectNothingAtRest(await storedIn(page), seen, card.forms, card.address);
  });

  it("on a phone (the room's plain-http address): no service worker, and nothing keeps the key but the seat", async function () {
    const card = await newCard(gw.phoneUrl, "Bea");
    const phone = await openPhone(stack, "about:blank");
    contexts.push(phone.context);
    const seen = watch(phone.page);
    await phone.page.goto(card.link);
    await play(phone.page, "Bea");
    const stored = await storedIn(phone.page);
    expect([stored.serviceWorker, stored.caches.length]).to.deep.equal([false, 0]);
    expect(await phone.page.evaluate(() => window.isSecureContext)).to.equal(false);
    expectNothingAtRest(stored, seen, card.forms, card.address);
  });

  it("no code logs or reports the page's address: no console call, no location.href, no beacon in web/src or client/", function () {
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
        );
    const found: string[] = [];
    for (const file of [...files(path.join(REPO, "web", "src")), ...files(path.join(REPO, "client"))]) {
      const text = fs.readFileSync(file, "utf8");
      for (const [i, line] of text.split("\n").entries()) {
        if (
          /\bconsole\.(log|info|warn|error|debug|trace|dir|table)\b|location\.href|document\.URL|sendBeacon|\.referrer\b/.test(
            line,
          )
        )
          found.push(`${path.relative(REPO, file)}:${i + 1}: ${line.trim()}`);
      }
    }
    expect(found).to.deep.equal([]);
  });
});
