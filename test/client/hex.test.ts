import { expect } from "chai";
import {
  BLUE,
  RED,
  boardAt,
  cellName,
  describeState,
  findWinningPath,
  gameState,
  lossBreakdown,
  neighbours,
  outcomes,
  parseCell,
  renderBoard,
  type HexGameData,
  type HexPosition,
} from "../../client/hex";

/** A game from (parent, cell, player) triples, position ids from 1. */
function tree(size: number, moves: [number, number, string][], proven: number[] = []): HexGameData {
  const positions: HexPosition[] = [];
  moves.forEach(([parent, cell, player], i) => {
    const id = i + 1;
    positions[id] = {
      id,
      parent,
      player,
      cell,
      depth: parent === 0 ? 1 : positions[parent].depth + 1,
      deadline: 100,
      proven: proven.includes(id),
      block: id,
      children: [],
    };
    if (parent !== 0) positions[parent].children.push(id);
  });
  return {
    gameId: 1n,
    size,
    redBlocks: 2,
    blueBlocks: 4,
    stake: 1000n,
    token: "0x0000000000000000000000000000000000000000",
    lastBlock: 0,
    feeBps: 250,
    creator: "A",
    cancelled: false,
    ended: true,
    endBlock: 100,
    settlePhase: 0,
    positions,
  };
}

describe("client/hex: geometry, path search, evaluation", function () {
  it("names and parses cells three ways, and rejects cells off the board", function () {
    for (let cell = 0; cell < 121; cell++) expect(parseCell(cellName(cell, 11), 11)).to.equal(cell);
    expect(parseCell("4,2", 11)).to.equal(46);
    expect(parseCell("58", 11)).to.equal(58);
    expect(() => parseCell("l1", 11)).to.throw(/off a 11×11 board/);
    expect(() => parseCell("zz", 11)).to.throw(/cannot read cell/);
  });

  it("has six neighbours inside the board and fewer on its edges", function () {
    expect(neighbours(12, 5).sort((a, b) => a - b)).to.deep.equal([7, 8, 11, 13, 16, 17]);
    expect(neighbours(0, 5).sort((a, b) => a - b)).to.deep.equal([1, 5]);
    expect(neighbours(4, 5).sort((a, b) => a - b)).to.deep.equal([3, 8, 9]);
  });

  it("finds a shortest winning path from the colour's first edge, or none", function () {
    const n = 3;
    const board = new Uint8Array(n * n);
    [1, 4, 6].forEach((c) => (board[c] = RED)); // b1 b2 a3: top to bottom through a diagonal step
    expect(findWinningPath(board, n, RED)).to.deep.equal([1, 4, 6]);
    expect(findWinningPath(board, n, BLUE)).to.equal(null);
    board[4] = BLUE;
    expect(findWinningPath(board, n, RED)).to.equal(null);
  });

  it("rebuilds a board from the ancestor chain and evaluates the tree by minimax", function () {
    // 1 Red a1 (A) → 2 Blue b1 (B) → 3 Red a2 (A), 4 Red b2 (C); 3 → 5 Blue c1 (B)
    const game = tree(3, [
      [0, 0, "A"],
      [1, 1, "B"],
      [2, 3, "A"],
      [2, 4, "C"],
      [3, 2, "B"],
    ]);
    expect([...boardAt(game, 5)]).to.deep.equal([RED, BLUE, BLUE, RED, 0, 0, 0, 0, 0]);
    expect(renderBoard(boardAt(game, 5), 3, { last: 2 })).to.contain("| R B b |");
    // Unanswered positions 4 and 5 win; so 3 (its reply 5 wins) and 2 lose; 1 wins.
    expect(outcomes(game).slice(1)).to.deep.equal(["winning", "losing", "losing", "winning", "winning"]);
    const losses = lossBreakdown(game);
    expect(losses.map((l) => l.id)).to.deep.equal([2, 3]);
    // Position 3 (A, depth 3) pays Blue's move on its path (position 2 by B): 1000 - 2.5% fee = 975.
    expect(losses[1].rewards.get("B")).to.equal(975n);
    expect(losses[1].toFund).to.equal(25n);
  });

  it("names a game's state from the game view", function () {
    const view = { cancelled: false, ended: false, settlePhase: 0n, endBlock: 0n };
    expect(gameState(view)).to.equal("open");
    expect(describeState(view, 40)).to.equal("open (block 40)");
    expect(describeState({ ...view, endBlock: 63n }, 40)).to.equal(
      "open (block 40, ends after block 63 unless extended)",
    );
    expect(describeState({ ...view, ended: true, endBlock: 63n }, 70)).to.equal(
      "ended after block 63, not settled yet",
    );
    expect(gameState({ ...view, ended: true, settlePhase: 3n })).to.equal("settled");
    expect(gameState({ ...view, cancelled: true })).to.equal("cancelled");
  });
});
