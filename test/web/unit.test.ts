// Unit tests of the web app's own pure TypeScript (no browser): routes, countdowns, hex-grid geometry, tree
// flattening and windowing, wallet discovery, settlement progress, position states, the deployments reader.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { blocksLeft, formatDuration, secondsPerBlock } from "../../web/src/shared/countdown";
import { ANNOUNCE, discoverWallets, LEGACY_INFO, REQUEST, type WalletDetail } from "../../web/src/shared/eip6963";
import { axialToPixel, hexCorners, POINTY_SIDE, viewBoxOf } from "../../web/src/shared/hexgrid";
import { href, idPart, parseHash } from "../../web/src/shared/routes";
import { flattenTree, visibleRange } from "../../web/src/shared/tree";
import { positionState } from "../../web/src/hex/positionState";
import { lastDue } from "../../web/src/data/refresh";
import { settleProgress } from "../../web/src/hex/settle";
import { readDeployments } from "../../scripts/lib/deployments";
import { neighbours, outcomes, type HexGameData, type HexPosition } from "../../client/hex";

/** The top-level blocks of a stylesheet: each block's prelude ("@scope (.x)", "@media print", a selector list). */
function topLevelBlocks(css: string): { prelude: string; body: string }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const out: { prelude: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "{") {
      if (depth === 0) open = i;
      depth++;
    } else if (text[i] === "}") {
      depth--;
      if (depth === 0) {
        out.push({ prelude: text.slice(start, open).trim(), body: text.slice(open + 1, i) });
        start = i + 1;
      }
    }
  }
  return out;
}

describe("web: pure helpers", function () {
  describe("stylesheets", function () {
    // Issue 34 item 2: a section's stylesheet stays in the document once loaded; unscoped, the Snatch pages' `.seats`
    // grid cut the class sheet's seats table after a visit to Snatch in the same tab.
    it("scope each section's styles to its pages: nothing but the projector's and printing's rules reach out", function () {
      const web = path.join(__dirname, "..", "..", "web", "src");
      const sections: [string, string][] = [
        ["class/class.css", "class"],
        ["snatch/snatch.css", "snatch"],
        ["class/console/console.css", "snatch"],
        ["catamm/catamm.css", "catamm"],
      ];
      const found = fs
        .readdirSync(web, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".css") && f !== "styles.css")
        .sort();
      expect(found).to.deep.equal(sections.map(([f]) => f).sort());
      for (const [file, section] of sections) {
        const blocks = topLevelBlocks(fs.readFileSync(path.join(web, file), "utf8"));
        expect(blocks[0].prelude, file).to.equal(`@scope (.section-${section})`);
        for (const b of blocks.slice(1)) {
          const selectors =
            b.prelude === "@media print"
              ? topLevelBlocks(b.body).flatMap((r) => r.prelude.split(","))
              : b.prelude.split(",");
          for (const sel of selectors.map((x) => x.trim()))
            expect(sel, `${file}: ${sel}`).to.match(/^body(\.projecting|:has\(\.class-sheet\)) /);
        }
      }
      const app = fs.readFileSync(path.join(web, "app", "App.tsx"), "utf8");
      expect(app).to.contain("section section-class");
      expect(app).to.contain("`section section-${game.id}`");
    });
  });

  describe("routes", function () {
    it("parses and builds hash routes", function () {
      expect(parseHash("")).to.deep.include({ section: "", parts: [] });
      const r = parseHash("#/hex/3/17?rpc=x");
      expect(r.section).to.equal("hex");
      expect(r.parts).to.deep.equal(["3", "17"]);
      expect(r.query.get("rpc")).to.equal("x");
      expect(parseHash("#//catamm//2/").parts).to.deep.equal(["2"]);
      expect(href("hex", 3n, 17)).to.equal("#/hex/3/17");
      expect(href("")).to.equal("#/");
      expect(parseHash(href("snatch", "a b")).parts).to.deep.equal(["a b"]);
    });
    it("reads ids only from decimal segments", function () {
      expect(idPart("12")).to.equal(12n);
      expect(idPart(undefined)).to.equal(undefined);
      expect(idPart("x1")).to.equal(undefined);
      expect(idPart("-1")).to.equal(undefined);
      expect(idPart("1".repeat(78))).to.equal(undefined);
    });
  });

  describe("countdown", function () {
    it("formats durations", function () {
      expect(formatDuration(0)).to.equal("0 s");
      expect(formatDuration(59.6)).to.equal("1 min");
      expect(formatDuration(200)).to.equal("3 min 20 s");
      expect(formatDuration(7500)).to.equal("2 h 5 min");
      expect(formatDuration(3 * 86400 + 4 * 3600)).to.equal("3 d 4 h");
    });
    it("counts blocks left from the next block", function () {
      expect(blocksLeft(112, 100, 12)).to.equal("12 blocks left (~2 min 24 s)");
      expect(blocksLeft(101, 100, 12)).to.equal("last block (~12 s)");
      expect(blocksLeft(100, 100, 12)).to.equal("passed (this was the last block)");
      expect(blocksLeft(99, 100, 12)).to.equal("passed 1 block ago");
      expect(blocksLeft(90, 100, 12)).to.equal("passed 10 blocks ago");
      expect(blocksLeft(2100, 100, 12)).to.equal("2,000 blocks left (~6 h 40 min)");
    });
    it("estimates seconds per block, clamped, with a fallback", function () {
      expect(secondsPerBlock([])).to.equal(12);
      expect(secondsPerBlock([{ block: 5, timestamp: 100 }], 2)).to.equal(2);
      expect(
        secondsPerBlock([
          { block: 20, timestamp: 1240 },
          { block: 10, timestamp: 1000 },
        ]),
      ).to.equal(24);
      expect(
        secondsPerBlock([
          { block: 1, timestamp: 0 },
          { block: 2, timestamp: 1e9 },
        ]),
      ).to.equal(3600);
      expect(
        secondsPerBlock([
          { block: 1, timestamp: 50 },
          { block: 9, timestamp: 50 },
        ]),
      ).to.equal(12);
    });
  });

  describe("hex grid geometry", function () {
    it("puts axial neighbours at one hex width, as Hex neighbours are", function () {
      const n = 7;
      const size = 10;
      const width = size * Math.sqrt(3);
      for (let cell = 0; cell < n * n; cell++) {
        const a = axialToPixel(cell % n, Math.floor(cell / n), size);
        for (let other = 0; other < n * n; other++) {
          if (other === cell) continue;
          const b = axialToPixel(other % n, Math.floor(other / n), size);
          const adjacent = Math.abs(Math.hypot(a.x - b.x, a.y - b.y) - width) < 1e-9;
          if (adjacent !== neighbours(cell, n).includes(other)) expect.fail(`cells ${cell} and ${other}`);
        }
      }
    });
    it("gives corners on the circumcircle and sides facing their neighbour", function () {
      for (const orientation of ["pointy", "flat"] as const) {
        const c = axialToPixel(2, -1, 8, orientation);
        for (const p of hexCorners(c, 8, orientation)) expect(Math.hypot(p.x - c.x, p.y - c.y)).to.be.closeTo(8, 1e-9);
      }
      const centre = axialToPixel(0, 0, 10);
      const corners = hexCorners(centre, 10);
      for (const [dir, [i, j]] of Object.entries(POINTY_SIDE)) {
        const [dq, dr] = dir.split(",").map(Number);
        const other = axialToPixel(dq, dr, 10);
        const mid = { x: (corners[i].x + corners[j].x) / 2, y: (corners[i].y + corners[j].y) / 2 };
        // The side's midpoint is halfway to the neighbour's centre.
        expect(mid.x).to.be.closeTo((centre.x + other.x) / 2, 1e-9);
        expect(mid.y).to.be.closeTo((centre.y + other.y) / 2, 1e-9);
      }
    });
    it("sizes the view box around every hex", function () {
      expect(viewBoxOf([], 10)).to.equal("0 0 1 1");
      expect(viewBoxOf([{ x: 0, y: 0 }], 10, 2)).to.equal("-12.00 -12.00 24.00 24.00");
    });
  });

  describe("tree rows", function () {
    const children: Record<number, number[]> = { 1: [2], 2: [3, 4], 3: [5], 4: [], 5: [] };
    const kids = (id: number) => children[id] ?? [];
    it("flattens depth-first and skips folded subtrees", function () {
      expect(flattenTree([1], kids, new Set()).map((r) => [r.id, r.level])).to.deep.equal([
        [1, 0],
        [2, 1],
        [3, 2],
        [5, 3],
        [4, 2],
      ]);
      const folded = flattenTree([1], kids, new Set([3]));
      expect(folded.map((r) => r.id)).to.deep.equal([1, 2, 3, 4]);
      expect(folded[2]).to.deep.equal({ id: 3, level: 2, hasChildren: true, expanded: false });
      expect(folded[3].hasChildren).to.equal(false);
    });
    it("handles a 5,000-move line without recursion", function () {
      const line = (id: number) => (id < 5000 ? [id + 1] : []);
      const rows = flattenTree([1], line, new Set());
      expect(rows.length).to.equal(5000);
      expect(rows[4999].level).to.equal(4999);
    });
    it("windows the rows in view", function () {
      expect(visibleRange(2000, 28, 0, 420, 0)).to.deep.equal([0, 15]);
      expect(visibleRange(2000, 28, 28 * 100, 420, 8)).to.deep.equal([92, 123]);
      expect(visibleRange(10, 28, 0, 420)).to.deep.equal([0, 10]);
      expect(visibleRange(0, 28, 500, 420)).to.deep.equal([0, 0]);
    });
  });

  describe("EIP-6963 discovery", function () {
    class Target extends EventTarget {
      ethereum?: WalletDetail["provider"];
      requests = 0;
    }
    const provider = (name: string) => ({ request: async () => name });
    const announce = (t: Target, detail: unknown) => {
      const e = new Event(ANNOUNCE) as Event & { detail?: unknown };
      e.detail = detail;
      t.dispatchEvent(e);
    };
    it("asks, lists announced wallets once each, and falls back to window.ethereum", function () {
      const t = new Target();
      t.addEventListener(REQUEST, () => t.requests++);
      const legacy = provider("legacy");
      t.ethereum = legacy;
      let seen: WalletDetail[] = [];
      const stop = discoverWallets(t, (w) => (seen = w));
      expect(t.requests).to.equal(1);
      expect(seen.map((w) => w.info)).to.deep.equal([LEGACY_INFO]);
      const a = { info: { uuid: "a", name: "A", icon: "", rdns: "a" }, provider: provider("a") };
      announce(t, a);
      announce(t, a);
      announce(t, { info: { uuid: "bad" } }); // not a provider: ignored
      expect(seen.map((w) => w.info.name)).to.deep.equal(["A", "Browser wallet"]);
      // A wallet announcing the same provider as window.ethereum replaces the fallback entry.
      announce(t, { info: { uuid: "b", name: "B", icon: "", rdns: "b" }, provider: legacy });
      expect(seen.map((w) => w.info.name)).to.deep.equal(["A", "B"]);
      stop();
      announce(t, { info: { uuid: "c", name: "C", icon: "", rdns: "c" }, provider: provider("c") });
      expect(seen.length).to.equal(2);
    });
  });

  describe("settlement progress", function () {
    it("follows the phases of ForkingHex.settle", function () {
      expect(settleProgress(0, 0, 10, 0)).to.deep.include({ done: 0, total: 10 });
      // With a proof at 4: phase 1 marks 5..10 (6 positions), then phase 2 evaluates 10..1.
      expect(settleProgress(0, 0, 10, 4).total).to.equal(16);
      expect(settleProgress(1, 5, 10, 4).done).to.equal(0);
      expect(settleProgress(1, 8, 10, 4).done).to.equal(3);
      expect(settleProgress(2, 10, 10, 4).done).to.equal(6);
      expect(settleProgress(2, 3, 10, 4).done).to.equal(13);
      expect(settleProgress(2, 7, 10, 0)).to.deep.include({ done: 3, total: 10 });
      expect(settleProgress(3, 0, 10, 4)).to.deep.include({ done: 16, total: 16 });
    });
  });

  describe("position states", function () {
    // 1 (Red) ← 2 (Blue) ← 3 (Red, proven) and 2 ← 4 (Red, deadline 30)
    const pos = (id: number, parent: number, depth: number, deadline: number, proven = false): HexPosition => ({
      id,
      parent,
      player: "0x" + String(id).repeat(40).slice(0, 40),
      cell: id,
      depth,
      deadline,
      proven,
      block: id,
      children: [],
    });
    const game = (): HexGameData => {
      const positions = [pos(1, 0, 1, 0), pos(2, 1, 2, 20), pos(3, 2, 3, 40, true), pos(4, 2, 3, 30)];
      positions.unshift(undefined as unknown as HexPosition);
      positions[1].children.push(2);
      positions[2].children.push(3, 4);
      return {
        gameId: 1n,
        size: 5,
        redBlocks: 10,
        blueBlocks: 20,
        stake: 1n,
        token: "0x" + "0".repeat(40),
        lastBlock: 0,
        feeBps: 250,
        creator: positions[1].player,
        cancelled: false,
        ended: false,
        endBlock: 40,
        settlePhase: 0,
        positions,
      };
    };
    it("tells open, closed, proven while running (judged at the next block)", function () {
      const g = game();
      expect(positionState(g, 4, 20, 12)).to.deep.include({ kind: "open", text: "open · 10 left" });
      expect(positionState(g, 4, 29, 12).long).to.contain("last block");
      expect(positionState(g, 4, 30, 12).kind).to.equal("closed");
      expect(positionState(g, 4, 30, 12).long).to.contain("Closed since block 30 (it is block 30)");
      expect(positionState(g, 3, 20, 12).kind).to.equal("proven");
      expect(positionState(g, 1, 20, 12).long).to.contain("exactly one reply");
    });
    it("tells outcomes after the end, and cancellation", function () {
      const g = { ...game(), ended: true };
      const out = outcomes(g);
      expect(positionState(g, 3, 50, 12, out)).to.deep.include({ kind: "winning", text: "winning · proven" });
      expect(positionState(g, 2, 50, 12, out).kind).to.equal("losing");
      expect(positionState({ ...g, cancelled: true }, 2, 50, 12, out).kind).to.equal("cancelled");
    });
  });

  describe("deployments reader", function () {
    it("reads chain ids, addresses and blocks; the newest folder wins a shared chain id", function () {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deployments-"));
      const write = (folder: string, chainId: string, files: Record<string, unknown>) => {
        fs.mkdirSync(path.join(dir, folder), { recursive: true });
        fs.writeFileSync(path.join(dir, folder, ".chainId"), chainId);
        for (const [name, json] of Object.entries(files)) {
          fs.writeFileSync(path.join(dir, folder, name), JSON.stringify(json));
        }
      };
      try {
        write("sepolia", "11155111", {
          "ForkingHex.json": { address: "0xabc", receipt: { blockNumber: 77 }, abi: [] },
          "notes.txt": "x",
        });
        write("localhost", "31337", { "FeeConfig.json": { address: "0x1" } });
        fs.mkdirSync(path.join(dir, "no-chain-id"));
        const old = new Date(Date.now() - 60_000);
        for (const f of fs.readdirSync(path.join(dir, "localhost"), { withFileTypes: false }) as string[]) {
          fs.utimesSync(path.join(dir, "localhost", f), old, old);
        }
        fs.utimesSync(path.join(dir, "localhost", ".chainId"), old, old);
        write("31337", "31337", { "ForkingHex.json": { address: "0xdef", receipt: { blockNumber: 3 } } });
        const all = readDeployments(dir);
        expect(all.map((d) => [d.name, d.chainId])).to.deep.equal([
          ["31337", 31337],
          ["sepolia", 11155111],
        ]);
        expect(all[1].contracts).to.deep.equal({ ForkingHex: { address: "0xabc", blockNumber: 77 } });
        expect(readDeployments(dir, ["localhost"])[0].contracts).to.deep.equal({
          FeeConfig: { address: "0x1", blockNumber: 0 },
        });
        expect(readDeployments(path.join(dir, "missing"))).to.deep.equal([]);
        write("broken", "zero", {});
        expect(() => readDeployments(dir)).to.throw(/not a chain id/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
  describe("asking again about a wait that comes with blocks", function () {
    // The blocks from `since` up to `until` at which lastDue changes: the blocks a check refreshed on it runs at.
    const askedAt = (since: number, until: number) => {
      const at: number[] = [];
      const outside: number[] = [];
      let last: number | null = null;
      for (let b = since - 3; b <= until; b++) {
        const due = lastDue(b, since);
        if (due !== null && (due > b || due < since)) outside.push(b);
        if (due !== last && due !== null) at.push(b);
        last = due;
      }
      expect(outside, "blocks whose lastDue is after them or before the wait").to.deep.equal([]);
      return at;
    };

    it("asks every block at first, then at powers of two and once past a block hash's 256 blocks", function () {
      expect(askedAt(100, 100 + 600)).to.deep.equal(
        [0, 1, 2, 3, 4, 8, 16, 32, 64, 128, 256, 258, 512].map((d) => 100 + d),
      );
    });

    it("says nothing before the wait began", function () {
      expect(lastDue(99, 100)).to.equal(null);
    });

    it("costs a few calls in all for a wait nobody ends: under one per block on average past the first blocks", function () {
      expect(askedAt(0, 10_000).length).to.be.lessThan(20);
    });
  });
});
