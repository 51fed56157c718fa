import { expect } from "chai";
import fs from "node:fs";
import path from "node:path";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { computeGeometry, type Geometry } from "../helpers/geometry";
import { EDGE_COUNT, HEX_COUNT, PORT_COUNT, TOPOLOGY, VERTEX_COUNT, maskOf } from "../../../client/catamm/board";
import { solidityBlock } from "../../../scripts/catamm/gen-topology";

const NONE = ethers.MaxUint256;

/** Turns NONE-padded on-chain id lists into plain number lists. */
const ids = (row: readonly bigint[]): number[] => row.filter((x) => x !== NONE).map(Number);

describe("BoardTopology", function () {
  let geometry: Geometry;
  before(function () {
    geometry = computeGeometry();
  });

  async function fixture() {
    return { topology: await ethers.deployContract("CatammBoardTopologyHarness") };
  }

  describe("the independent geometry", function () {
    it("has the standard layout's sizes and shape", function () {
      expect(geometry.hexes.length).to.equal(HEX_COUNT);
      expect(geometry.vertexHexes.length).to.equal(VERTEX_COUNT);
      expect(geometry.edgeVertices.length).to.equal(EDGE_COUNT);
      expect(geometry.portVertices.length).to.equal(PORT_COUNT);
      const rows = new Map<number, number>();
      for (const h of geometry.hexes) rows.set(h.r, (rows.get(h.r) ?? 0) + 1);
      expect([...rows.values()]).to.deep.equal([3, 4, 5, 4, 3]);
      // 30 coast edges (one hex) and 42 inner ones (two hexes).
      const hexesOfEdge = geometry.edgeVertices.map(
        ([a, b]) => geometry.vertexHexes[a].filter((h) => geometry.vertexHexes[b].includes(h)).length,
      );
      expect(hexesOfEdge.filter((n) => n === 1).length).to.equal(30);
      expect(hexesOfEdge.filter((n) => n === 2).length).to.equal(42);
      // Ports sit on coast edges, on 18 distinct vertices.
      for (const [a, b] of geometry.portVertices) {
        expect(geometry.vertexVertices[a]).to.include(b);
        expect(geometry.vertexHexes[a].filter((h) => geometry.vertexHexes[b].includes(h)).length).to.equal(1);
      }
      expect(new Set(geometry.portVertices.flat()).size).to.equal(18);
    });
  });

  describe("on-chain tables against the geometry", function () {
    it("hex corners, clockwise from the top", async function () {
      const { topology } = await loadFixture(fixture);
      const chain = (await topology.allHexCorners()).map((row) => row.map(Number));
      expect(chain).to.deep.equal(geometry.hexVertices);
    });

    it("vertex neighbours, edges, hexes and ports", async function () {
      const { topology } = await loadFixture(fixture);
      const [neighbours, edges, hexes, ports] = await topology.allVertices();
      expect(neighbours.map(ids)).to.deep.equal(geometry.vertexVertices);
      expect(edges.map(ids)).to.deep.equal(geometry.vertexEdges);
      expect(hexes.map(ids)).to.deep.equal(geometry.vertexHexes);
      expect(ports.map((p) => (p === NONE ? -1 : Number(p)))).to.deep.equal(geometry.vertexPort);
    });

    it("edge vertices and port vertices", async function () {
      const { topology } = await loadFixture(fixture);
      expect((await topology.allEdges()).map((e) => e.map(Number))).to.deep.equal(geometry.edgeVertices);
      expect((await topology.allPorts()).map((p) => p.map(Number))).to.deep.equal(geometry.portVertices);
    });

    it("masks hold exactly the listed ids", async function () {
      const { topology } = await loadFixture(fixture);
      for (let h = 0; h < HEX_COUNT; h++) {
        expect(await topology.hexVertexMask(h)).to.equal(maskOf(geometry.hexVertices[h]));
      }
      for (let v = 0; v < VERTEX_COUNT; v++) {
        expect(await topology.vertexNeighbourMask(v)).to.equal(maskOf(geometry.vertexVertices[v]));
        expect(await topology.vertexEdgeMask(v)).to.equal(maskOf(geometry.vertexEdges[v]));
      }
      for (let e = 0; e < EDGE_COUNT; e++) {
        expect(await topology.edgeVertexMask(e)).to.equal(maskOf(geometry.edgeVertices[e]));
      }
      for (let p = 0; p < PORT_COUNT; p++) {
        expect(await topology.portVertexMask(p)).to.equal(maskOf(geometry.portVertices[p]));
      }
    });

    it("single lookups agree with the bulk views", async function () {
      const { topology } = await loadFixture(fixture);
      expect(await topology.hexCorner(9, 3)).to.equal(geometry.hexVertices[9][3]);
      expect(ids(await topology.vertexNeighbours(0))).to.deep.equal(geometry.vertexVertices[0]);
      expect(ids(await topology.vertexEdges(20))).to.deep.equal(geometry.vertexEdges[20]);
      expect(ids(await topology.vertexHexes(53))).to.deep.equal(geometry.vertexHexes[53]);
      expect((await topology.edgeVertices(71)).map(Number)).to.deep.equal(geometry.edgeVertices[71]);
      expect((await topology.portVertices(8)).map(Number)).to.deep.equal(geometry.portVertices[8]);
      expect(await topology.vertexPort(geometry.portVertices[4][1])).to.equal(4);
      expect(await topology.vertexPort(geometry.hexVertices[9][0])).to.equal(NONE); // the centre hex's top: inland
    });
  });

  describe("the TypeScript mirror", function () {
    it("equals the geometry", function () {
      expect(TOPOLOGY.hexVertices).to.deep.equal(geometry.hexVertices);
      expect(TOPOLOGY.vertexVertices).to.deep.equal(geometry.vertexVertices);
      expect(TOPOLOGY.vertexEdges).to.deep.equal(geometry.vertexEdges);
      expect(TOPOLOGY.vertexHexes).to.deep.equal(geometry.vertexHexes);
      expect(TOPOLOGY.edgeVertices).to.deep.equal(geometry.edgeVertices);
      expect(TOPOLOGY.portVertices).to.deep.equal(geometry.portVertices);
      expect(TOPOLOGY.vertexPort).to.deep.equal(geometry.vertexPort);
    });

    it("generated the tables in BoardTopology.sol (scripts/catamm/gen-topology.ts is up to date)", function () {
      const sol = fs.readFileSync(
        path.join(__dirname, "../../../contracts/catamm/libraries/BoardTopology.sol"),
        "utf8",
      );
      expect(sol).to.include(solidityBlock());
    });
  });

  describe("bad ids", function () {
    it("reverts with the id that is out of range", async function () {
      const { topology: t } = await loadFixture(fixture);
      await expect(t.hexCorner(19, 0)).to.be.revertedWithCustomError(t, "InvalidHex").withArgs(19);
      await expect(t.hexCorner(0, 6)).to.be.revertedWithCustomError(t, "InvalidCorner").withArgs(6);
      await expect(t.hexVertexMask(255)).to.be.revertedWithCustomError(t, "InvalidHex").withArgs(255);
      for (const f of [
        t.vertexNeighbours,
        t.vertexNeighbourMask,
        t.vertexEdges,
        t.vertexEdgeMask,
        t.vertexHexes,
        t.vertexPort,
      ]) {
        await expect(f(54)).to.be.revertedWithCustomError(t, "InvalidVertex").withArgs(54);
      }
      await expect(t.edgeVertices(72)).to.be.revertedWithCustomError(t, "InvalidEdge").withArgs(72);
      await expect(t.edgeVertexMask(NONE)).to.be.revertedWithCustomError(t, "InvalidEdge").withArgs(NONE);
      await expect(t.portVertices(9)).to.be.revertedWithCustomError(t, "InvalidPort").withArgs(9);
      await expect(t.portVertexMask(9)).to.be.revertedWithCustomError(t, "InvalidPort").withArgs(9);
    });
  });
});
