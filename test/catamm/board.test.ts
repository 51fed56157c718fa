import { expect } from "chai";
import {
  EDGE_COUNT,
  HEX_KIND_LABELS,
  TOPOLOGY,
  VERTEX_COUNT,
  countOnHex,
  generateBoard,
  hexesWithNumber,
  maskOf,
  ownsPort,
  pipTable,
  renderBoard,
  vertexPips,
} from "../../client/catamm/board";

/** The TypeScript side of client/catamm/board.ts not covered by the library tests. */
describe("CATAMM board script (client/catamm/board.ts)", function () {
  const count = (text: string, pattern: RegExp): number => (text.match(pattern) ?? []).length;

  it("renders a board with kinds, numbers, the ghost ship, buildings, roads and ports", function () {
    const board = generateBoard(3n);
    const text = renderBoard({
      board,
      ghostHex: board.desert,
      settlements: [maskOf([0, 20]), maskOf([53])],
      cities: [0n, maskOf([40])],
      roads: [maskOf([0, 1]), maskOf([70, 71])],
      portLabels: ["W-B", "W-S", "W-O", "W-W", "B-S", "B-O", "B-W", "S-O", "S-W"],
    });
    for (const hex of board.hexes) expect(text).to.include(`${HEX_KIND_LABELS[hex.kind]}${hex.number || ""}`);
    expect(count(text, /\*/g)).to.equal(1);
    expect(count(text, /a/g)).to.equal(2);
    expect(count(text, /b/g)).to.equal(1);
    expect(count(text, /(?<![\w-])B(?![\w-])/g)).to.equal(1); // the city (not "Br" or a port label)
    expect(count(text, /1/g) - count(board.hexes.map((h) => String(h.number || "")).join(" "), /1/g)).to.equal(2);
    for (const label of ["W-B", "S-W", "B-O"]) expect(text).to.include(label);
    expect(count(text, /\./g)).to.equal(VERTEX_COUNT - 4);
  });

  it("renders the numbering maps used in the docs", function () {
    const vertices = renderBoard({ ids: "vertices" });
    const edges = renderBoard({ ids: "edges" });
    const numbers = (text: string): number[] => (text.match(/(?<![HP\d])\d+/g) ?? []).map(Number).sort((a, b) => a - b);
    expect(numbers(vertices)).to.deep.equal([...Array(VERTEX_COUNT).keys()]);
    expect(numbers(edges)).to.deep.equal([...Array(EDGE_COUNT).keys()]);
    for (let h = 0; h < 19; h++) expect(vertices).to.include(`H${h}`);
    for (let p = 0; p < 9; p++) expect(edges).to.include(`P${p}`);
  });

  it("helpers agree with the topology", function () {
    const board = generateBoard(11n);
    const table = pipTable(board);
    for (let v = 0; v < VERTEX_COUNT; v++)
      expect(Number((table >> BigInt(4 * v)) & 15n)).to.equal(vertexPips(board, v));
    for (let n = 2; n <= 12; n++) {
      const expected = n === 7 ? 0 : n === 2 || n === 12 ? 1 : 2;
      expect(hexesWithNumber(board, n).length).to.equal(expected);
    }
    expect(ownsPort(maskOf([TOPOLOGY.portVertices[5][1]]), 5)).to.equal(true);
    expect(ownsPort(maskOf([TOPOLOGY.portVertices[5][1]]), 4)).to.equal(false);
    expect(countOnHex(maskOf(TOPOLOGY.hexVertices[9]), 9)).to.equal(6);
  });
});
