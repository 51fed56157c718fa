// client/catamm pieces the web app draws and reads with: the board's drawing geometry, a game's history rebuilt from
// its events (against the game's own views at the end of a bot game), the swap form's figures, whom a game waits on.
import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { EDGE_COUNT, HEX_COUNT, TOPOLOGY, VERTEX_COUNT } from "../../client/catamm/board";
import { GEOMETRY, edgeMidpoint, hexAxial, hexCorner } from "../../client/catamm/geometry";
import { decodeCatammLogs, GameHistory } from "../../client/catamm/history";
import { Pending, Phase, readGame, waitingOn, type GameSnapshot } from "../../client/catamm/game";
import { POOL_COUNT, WAD, quoteFigures, renderQuote } from "../../client/catamm/market";
import { getLogsPaged } from "../../client/logs";
import { playBotGame } from "../../scripts/catamm/bots";
import { deployCatamm } from "../../scripts/catamm/deploy";

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

describe("client/catamm: board geometry", function () {
  it("lays the 19 hexes out as the island (rows of 3-4-5-4-3, left to right, |q|,|r|,|q+r| ≤ 2)", function () {
    const seen = new Set<string>();
    for (let h = 0; h < HEX_COUNT; h++) {
      const { q, r } = hexAxial(h);
      expect(Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r))).to.be.at.most(2);
      seen.add(`${q},${r}`);
      if (h > 0) {
        const prev = hexAxial(h - 1);
        expect(prev.r < r || (prev.r === r && prev.q === q - 1), `hex ${h} follows ${h - 1}`).to.equal(true);
      }
    }
    expect(seen.size).to.equal(HEX_COUNT);
  });

  it("puts each vertex where every hex around it has that corner, and every edge one side long", function () {
    TOPOLOGY.hexVertices.forEach((vs, h) =>
      vs.forEach((v, i) => {
        const p = hexCorner(GEOMETRY.hexes[h], i);
        expect(close(p.x, GEOMETRY.vertices[v].x) && close(p.y, GEOMETRY.vertices[v].y), `hex ${h} corner ${i}`).to.be
          .true;
      }),
    );
    expect(GEOMETRY.vertices).to.have.length(VERTEX_COUNT);
    expect(GEOMETRY.edges).to.have.length(EDGE_COUNT);
    for (const [a, b] of GEOMETRY.edges) expect(close(Math.hypot(a.x - b.x, a.y - b.y), 1)).to.be.true;
  });

  it("places each harbour out at sea, facing its coast edge between the port's two vertices", function () {
    GEOMETRY.ports.forEach((port, p) => {
      const [a, b] = TOPOLOGY.portVertices[p];
      expect(port.vertices).to.deep.equal([GEOMETRY.vertices[a], GEOMETRY.vertices[b]]);
      const mid = {
        x: (port.vertices[0].x + port.vertices[1].x) / 2,
        y: (port.vertices[0].y + port.vertices[1].y) / 2,
      };
      // Farther from the island's centre than its coast edge, and closer to that edge than to any other vertex.
      expect(Math.hypot(port.at.x, port.at.y)).to.be.greaterThan(Math.hypot(mid.x, mid.y));
      const toEdge = Math.hypot(port.at.x - mid.x, port.at.y - mid.y);
      GEOMETRY.vertices.forEach((v, i) => {
        if (i !== a && i !== b) expect(Math.hypot(port.at.x - v.x, port.at.y - v.y)).to.be.greaterThan(toEdge);
      });
    });
    const [minX, minY, w, h] = GEOMETRY.box;
    for (const p of [...GEOMETRY.vertices, ...GEOMETRY.ports.map((x) => x.at)]) {
      expect(p.x > minX && p.x < minX + w && p.y > minY && p.y < minY + h).to.be.true;
    }
    const m = edgeMidpoint(0);
    expect(close(m.x, (GEOMETRY.edges[0][0].x + GEOMETRY.edges[0][1].x) / 2)).to.be.true;
  });
});

describe("client/catamm: quotes and waiting", function () {
  it("quoteFigures: the average price with the fee and minAmountOut less the slippage, as catamm:quote prints", function () {
    const f = quoteFigures(3n * WAD, 4n * WAD, 50n);
    expect(f.averagePrice).to.equal((3n * WAD) / 4n);
    expect(f.minAmountOut).to.equal((3n * WAD * 9950n) / 10000n);
    expect(quoteFigures(5n, 0n, 0n)).to.deep.equal({ averagePrice: 0n, minAmountOut: 5n });
    expect(() => quoteFigures(1n, 1n, 10001n)).to.throw(RangeError);
    const lines = renderQuote(
      {
        pool: 0,
        portOwned: false,
        feeBps: 1000n,
        fee: 4n * 10n ** 17n,
        amountOut: 3n * WAD,
        spotPrice: WAD,
        priceImpact: 0n,
      },
      0,
      1,
      4n * WAD,
      2,
      50n,
    );
    expect(lines.join("\n")).to.contain("average price 1 Wood = 0.75 Brick").and.contain("minAmountOut  2.985 Brick");
  });

  it("waitingOn names whom the game waits on in each phase", function () {
    const players = ["0xA", "0xB"].map((address, seat) => ({ address, seat, discardOwed: seat }) as never);
    const base = { creator: "0xA", seat: 1, pending: Pending.None, players } as unknown as GameSnapshot;
    expect(waitingOn({ ...base, phase: Phase.Open }).players).to.deep.equal(["0xA"]);
    expect(waitingOn({ ...base, phase: Phase.BeforeRoll }).players).to.deep.equal(["0xB"]);
    expect(waitingOn({ ...base, phase: Phase.Discard }).players).to.deep.equal(["0xB"]);
    const pending = waitingOn({ ...base, phase: Phase.RollPending, pending: Pending.Roll });
    expect(pending.players).to.deep.equal([]);
    expect(pending.action).to.contain("roll");
    expect(waitingOn({ ...base, phase: Phase.Finished }).players).to.deep.equal([]);
  });
});

describe("client/catamm: a game's history from its events", function () {
  async function botGame() {
    const source = await ethers.deployContract("SeededRandomness", [5n]);
    const { game } = await deployCatamm(hre, await source.getAddress());
    const signers = await ethers.getSigners();
    const result = await playBotGame(hre, game, signers.slice(0, 3), { players: 3, seed: 5n, chaos: 0.3 });
    return { game, result };
  }

  it("rebuilds the points, the pool prices, the rolls and the winner exactly as the views end [no-coverage]", async function () {
    const { game, result } = await loadFixture(botGame);
    const logs = await getLogsPaged(ethers.provider, { address: await game.getAddress() }, { pageSize: 200 });
    const history = new GameHistory();
    expect(history.add(decodeCatammLogs(logs))).to.equal(true);
    expect(history.add(decodeCatammLogs(logs)), "events already seen are ignored").to.equal(false);
    const g = await readGame(game, result.gameId);

    expect(history.players).to.deep.equal(g.players.map((p) => p.address));
    expect(history.pointsNow()).to.deep.equal(g.players.map((p) => p.publicPoints));
    expect(history.winner).to.equal(g.winner);
    expect(history.winnerPoints).to.be.at.least(10);
    // One sample per turn started, and the end.
    expect(history.points.map((s) => s.turn)).to.deep.equal([
      ...Array.from({ length: g.turn }, (_, i) => i + 1),
      g.turn,
    ]);

    const pools = await game.marketPools(result.gameId);
    for (let pool = 0; pool < POOL_COUNT; pool++) {
      const series = history.prices[pool];
      const last = series[series.length - 1];
      expect([last.reserve0, last.reserve1], `pool ${pool}`).to.deep.equal([
        pools[pool].reserve0,
        pools[pool].reserve1,
      ]);
      expect(series[0].mark).to.equal("open");
      expect(history.portOf(pool), `pool ${pool}'s port`).to.equal(pools[pool].active ? Number(pools[pool].port) : -1);
    }
    const swaps = history.prices.flat().filter((p) => p.mark === "swap").length;
    expect(swaps).to.equal(result.trades);

    // Every roll's production adds up to what the bank issued by production (draft included): check the rolls.
    const rolled = decodeCatammLogs(logs).filter((e) => e.name === "DiceRolled").length;
    expect(history.production.filter((p) => p.roll > 0)).to.have.length(rolled);
    expect(history.feed.length).to.be.greaterThan(g.turn);
  });
});
