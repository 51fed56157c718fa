import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { blueRowWin, createGame, deployHex, ETH, playLine, redColumnWin, STAKE } from "./fixtures";
import { settleModel, type ModelPosition } from "./model";

const SIZES = [2, 11, 14, 19];

describe("ForkingHex: winning-path proofs", function () {
  for (const n of SIZES) {
    describe(`${n}×${n}`, function () {
      /** Red wins down column 0 (alice Red, bob Blue); returns the winning position and Red's path. */
      async function redWinFixture() {
        const f = await deployHex();
        await createGame(f.hex, { size: n, red: 20, blue: 40, cell: 0 }, f.alice);
        const { cells, path } = redColumnWin(n);
        const ids = await playLine(f.hex, 1n, 1, cells, [f.bob, f.alice]);
        return { ...f, win: ids.at(-1)!, path, ids };
      }

      it("accepts Red's path edge to edge, marks the position proven and closes it", async function () {
        const { hex, carol, win, path } = await loadFixture(redWinFixture);
        await expect(hex.connect(carol).claimWin(1, win, path))
          .to.emit(hex, "WinProven")
          .withArgs(1, win, carol.address);
        const p = await hex.position(1, win);
        expect(p.proven).to.equal(true);
        expect(p.open).to.equal(false);
        expect((await hex.game(1)).lowestProven).to.equal(BigInt(win));
        await expect(hex.claimWin(1, win, path))
          .to.be.revertedWithCustomError(hex, "AlreadyProven")
          .withArgs(1, win);
      });

      it("rejects malformed paths, each with its own error", async function () {
        const { hex, win, path } = await loadFixture(redWinFixture);
        const cells = n * n;
        await expect(hex.claimWin(1, win, path.slice(1)))
          .to.be.revertedWithCustomError(hex, "PathTooShort")
          .withArgs(n - 1, n);
        await expect(hex.claimWin(1, win, [...path, 1]))
          .to.be.revertedWithCustomError(hex, "PathTooLong")
          .withArgs(n + 1, n);
        await expect(hex.claimWin(1, win, [...path.slice(0, -1), cells]))
          .to.be.revertedWithCustomError(hex, "CellOffBoard")
          .withArgs(cells, cells);
        if (n > 2) {
          await expect(hex.claimWin(1, win, [0, n, 0, ...path.slice(3)]))
            .to.be.revertedWithCustomError(hex, "CellRepeated")
            .withArgs(0);
        }
        await expect(hex.claimWin(1, win, [0, n + 1, ...path.slice(2)]))
          .to.be.revertedWithCustomError(hex, "CellsNotAdjacent")
          .withArgs(0, n + 1);
        await expect(hex.claimWin(1, win, [...path].reverse()))
          .to.be.revertedWithCustomError(hex, "PathNotEdgeToEdge")
          .withArgs(path.at(-1)!, path[0]);
        // Cell 1 (row 0, column 1) is Blue's: a well-formed path through it is not Red's.
        await expect(hex.claimWin(1, win, [1, ...path.slice(1)]))
          .to.be.revertedWithCustomError(hex, "PathCellWrongColour")
          .withArgs(1);
        await expect(hex.claimWin(1, 0, path))
          .to.be.revertedWithCustomError(hex, "UnknownPosition")
          .withArgs(1, 0);
        await expect(hex.claimWin(1, win + 1, path))
          .to.be.revertedWithCustomError(hex, "UnknownPosition")
          .withArgs(1, win + 1);
        await expect(hex.claimWin(2, win, path))
          .to.be.revertedWithCustomError(hex, "UnknownGame")
          .withArgs(2);
        if (n > 2) {
          // Both too short and too long (Blue has one stone on position 2): the more basic problem comes first.
          await expect(hex.claimWin(1, 2, [1, n + 1]))
            .to.be.revertedWithCustomError(hex, "PathTooShort")
            .withArgs(2, n);
        }
        // Red's connection does not make the previous (Blue-made) position provable: Blue has only n - 1 stones.
        await expect(hex.claimWin(1, win - 1, path))
          .to.be.revertedWithCustomError(hex, "PathTooLong")
          .withArgs(n, n - 1);
      });

      it("accepts a proof on a closed position with children, until the game ends; then settles everything", async function () {
        const { hex, alice, bob, carol, dave, win, path, ids } = await loadFixture(redWinFixture);
        expect(ids.length).to.equal(2 * n - 2);
        // Blue answers the won position (twice on bigger boards, and Red answers one of those).
        const empty = n === 2 ? [3] : [n * n - 1, n * n - 2];
        const [a] = await playLine(hex, 1n, win, [empty[0]], [carol]);
        let c = 0;
        if (n > 2) {
          const [b] = await playLine(hex, 1n, win, [empty[1]], [dave]);
          [c] = await playLine(hex, 1n, b, [empty[0]], [alice]); // Blue to move on c: open 40 blocks
        }
        // Bigger boards: `win` (made 3 blocks before c) is now closed, c still open. On 2×2 nothing can outlive
        // `win` (its only child is full), so the proof there comes while it is still open.
        await mine(n > 2 ? 38 : 15);
        expect((await hex.position(1, win)).open).to.equal(n === 2);
        await hex.claimWin(1, win, path);
        // A move on a descendant after the proof is accepted, and void.
        if (n > 2) await playLine(hex, 1n, c, [2], [dave]);
        const end = Number((await hex.game(1)).endBlock);
        await mine(end - (await ethers.provider.getBlockNumber()) + 1);
        await expect(hex.claimWin(1, a, path))
          .to.be.revertedWithCustomError(hex, "GameEnded")
          .withArgs(1, end);

        // Settle in small batches and compare with the reference model.
        const count = Number((await hex.game(1)).positionCount);
        const positions: ModelPosition[] = [];
        for (let id = 1; id <= count; id++) {
          const p = await hex.position(1, id);
          positions[id] = { id, parent: Number(p.parent), player: p.player, proven: p.proven };
        }
        const model = settleModel(positions, STAKE, 250);
        expect(model.status[win]).to.equal("winning");
        for (let id = win + 1; id <= count; id++) expect(model.status[id]).to.equal("void");
        while (!(await hex.settle.staticCall(1, 3))) await hex.settle(1, 3);
        await hex.settle(1, 3);
        for (const s of [alice, bob, carol, dave]) {
          expect(await hex.credits(ETH, s.address)).to.equal(model.payouts.get(s.address) ?? 0n);
          expect((await hex.payoutOf(1, s.address)).total).to.equal(model.payouts.get(s.address) ?? 0n);
        }
        expect(await hex.fundCredits(ETH)).to.equal(model.fund);
        // Void moves lose nothing: carol's and dave's stakes come back in full.
        expect(model.payouts.get(carol.address)).to.equal(STAKE);
        if (n > 2) expect(model.payouts.get(dave.address)).to.equal(2n * STAKE);
      });

      it("accepts Blue's path along a row", async function () {
        const { hex, alice, bob, carol } = await loadFixture(deployHex);
        await createGame(hex, { size: n, red: 3, blue: 6, cell: 0 }, alice);
        const { cells, path } = blueRowWin(n);
        const ids = await playLine(hex, 1n, 1, cells, [bob, alice]);
        await expect(hex.connect(carol).claimWin(1, ids.at(-1)!, path))
          .to.emit(hex, "WinProven")
          .withArgs(1, ids.at(-1)!, carol.address);
      });

      it("moves and proves in one call", async function () {
        const { hex, alice, bob } = await loadFixture(deployHex);
        await createGame(hex, { size: n, red: 3, blue: 6, cell: 0 }, alice);
        const { cells, path } = redColumnWin(n);
        const ids = await playLine(hex, 1n, 1, cells.slice(0, -1), [bob, alice]);
        const id = ids.at(-1)! + 1;
        await expect(hex.connect(alice).moveAndClaim(1, ids.at(-1)!, cells.at(-1)!, path, { value: STAKE }))
          .to.emit(hex, "Moved")
          .and.to.emit(hex, "WinProven")
          .withArgs(1, id, alice.address);
        expect((await hex.position(1, id)).proven).to.equal(true);
        // A wrong path reverts the move with it.
        await expect(
          hex.connect(alice).moveAndClaim(1, ids.at(-1)!, cells.at(-1)!, path.slice(1), { value: STAKE }),
        ).to.be.revertedWithCustomError(hex, "PathTooShort");
        expect((await hex.game(1)).positionCount).to.equal(BigInt(id));
      });
    });
  }

  it("reads stone colours from the position's own line: a stone of a sibling fork or an empty cell does not count", async function () {
    const { hex, alice, bob } = await loadFixture(deployHex);
    // 3×3, Red (alice) 0 at position 1. Line A: 2 Blue 1, 3 Red 3, 4 Blue 4. Line B from 2: 5 Red 6, 6 Blue 5, 7 Red 8.
    await createGame(hex, { size: 3, red: 20, blue: 40, cell: 0 }, alice);
    await playLine(hex, 1n, 1, [1, 3, 4], [bob, alice]);
    const [, , b] = await playLine(hex, 1n, 2, [6, 5, 8], [alice, bob]);
    // Column 0 (0, 3, 6): on 7, cell 3 is Red only in line A.
    await expect(hex.claimWin(1, b, [0, 3, 6]))
      .to.be.revertedWithCustomError(hex, "PathCellWrongColour")
      .withArgs(3);
    // 8 = line A + Red 7: cell 6 is empty there (Red's 6 is in line B); 3 and 7 are not neighbours.
    const [a] = await playLine(hex, 1n, 4, [7], [alice]);
    await expect(hex.claimWin(1, a, [0, 3, 6]))
      .to.be.revertedWithCustomError(hex, "PathCellWrongColour")
      .withArgs(6);
    await expect(hex.claimWin(1, a, [0, 3, 7]))
      .to.be.revertedWithCustomError(hex, "CellsNotAdjacent")
      .withArgs(3, 7);
    expect((await hex.game(1)).lowestProven).to.equal(0n);
  });

  it("with a last block, ends proofs at maxDeadline, which never passes the last block", async function () {
    const { hex, alice, bob, carol } = await loadFixture(deployHex);
    const last = (await ethers.provider.getBlockNumber()) + 100;
    await createGame(hex, { size: 2, red: 5, blue: 10, cell: 0, lastBlock: last }, alice);
    // Red wins down column 0 (cells 0 and 2) twice: equal forks 3 and 4 of Blue's reply.
    await playLine(hex, 1n, 1, [1, 2], [bob, alice]);
    await playLine(hex, 1n, 2, [2], [carol]);
    const g = await hex.game(1);
    expect(g.endBlock).to.equal(g.maxDeadline);
    expect(g.maxDeadline).to.be.lessThan(BigInt(last));
    const end = Number(g.endBlock);
    await mine(end - (await ethers.provider.getBlockNumber()) - 1);
    await expect(hex.claimWin(1, 3, [0, 2])).to.emit(hex, "WinProven"); // block `end`
    await expect(hex.claimWin(1, 4, [0, 2])) // end + 1, long before the last block
      .to.be.revertedWithCustomError(hex, "GameEnded")
      .withArgs(1, end);
    expect((await hex.game(1)).ended).to.equal(true);
    expect((await hex.position(1, 4)).proven).to.equal(false);
  });

  it("accepts a proof below a proven position (it changes nothing) and keeps the lowest proven id", async function () {
    const { hex, alice, bob, carol } = await loadFixture(deployHex);
    await createGame(hex, { size: 3, red: 5, blue: 10, cell: 0 }, alice);
    // Red: 0, 3, 6 (column 0); Blue: 1, 4. Position 5 is won; Blue and Red keep playing below it.
    const ids = await playLine(hex, 1n, 1, [1, 3, 4, 6, 2, 7], [bob, alice]);
    expect(ids).to.deep.equal([2, 3, 4, 5, 6, 7]);
    await hex.connect(carol).claimWin(1, 7, [0, 3, 6]);
    expect((await hex.game(1)).lowestProven).to.equal(7n);
    await hex.connect(carol).claimWin(1, 5, [0, 3, 6]);
    expect((await hex.game(1)).lowestProven).to.equal(5n);
  });
});
