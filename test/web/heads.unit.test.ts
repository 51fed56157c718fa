// The gateway clock's status reads for the read cache (scripts/web/heads.ts, HeadsHub.indexedNow) against a /status
// stand-in that answers only when the test lets it: however many callers ask at once, one read is in flight and the
// callers that came during it share the next one. The attack on the same path through the whole gateway: test/web/gateway-status.test.ts.
import { expect } from "chai";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { HeadsHub } from "../../scripts/web/heads";

/** A /status stand-in: each request waits until `release()`; it answers `block` (or 500 while `failing`). */
async function statusStandIn() {
  const s = { block: 7, failing: false, asked: 0, open: 0, most: 0, waiting: [] as (() => void)[] };
  const server = http.createServer((req, res) => {
    s.asked++;
    s.most = Math.max(s.most, ++s.open);
    s.waiting.push(() => {
      s.open--;
      res.writeHead(s.failing ? 500 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify({ anvil: { id: 31337, block: { number: s.block, timestamp: 1 } } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  /** Answers the requests waiting once one has come (none is answered before it was asked). */
  const release = async () => {
    while (s.waiting.length === 0) await new Promise((r) => setImmediate(r));
    s.waiting.splice(0).forEach((answer) => answer());
  };
  const stop = () => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return { s, url, release, stop };
}

describe("the gateway clock's status reads for the read cache (scripts/web/heads.ts)", () => {
  it("reads once for the first caller, and once more for all that come while that read is in flight", async () => {
    const stand = await statusStandIn();
    const hub = new HeadsHub({ nodeUrl: "http://127.0.0.1:1", indexerUrl: stand.url });
    try {
      // The first caller's read, and 49 callers during it that wait for the next one.
      const first = Array.from({ length: 50 }, () => hub.indexedNow());
      await stand.release();
      // While the first read's answer is on its way: 100 more callers, for the same next read.
      const second = Array.from({ length: 100 }, () => hub.indexedNow());
      await stand.release();
      await Promise.all([...first, ...second]);
      expect({ asked: stand.s.asked, most: stand.s.most }).to.deep.equal({ asked: 2, most: 1 });
      // Nothing in flight any more: the next caller starts a read of its own.
      const third = hub.indexedNow();
      await stand.release();
      await third;
      expect(stand.s.asked).to.equal(3);
    } finally {
      hub.stop();
      await stand.stop();
    }
  });
});
