import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, mine, setBalance } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import { anyValue } from "@nomicfoundation/hardhat-chai-matchers/withArgs";
import type { ContractTransactionResponse } from "ethers";
import { coreSlot, createGame, deployHex, ETH, eventArgs, FEE_BPS, playLine, setPlayerCount, STAKE } from "./fixtures";
import { HexSim, Rng } from "./sim";

/** Sizes the issue asks unit tests to cover. */
const SIZES = [2, 11, 14, 19];

describe("ForkingHex: creating, cancelling and moving", function () {
  describe("createGame", function () {
    for (const n of SIZES) {
      it(`creates a ${n}×${n} game with the creator's first move as position 1 (first and last cell)`, async function () {
        const { hex, alice } = await loadFixture(deployHex);
        for (const cell of [0, n * n - 1]) {
          // The count read before the game is sent: read after, it raced the transaction (it counted the new game
          // when the transaction was mined first, and the expected id was one too many).
          const gameId = (await hex.gameCount()) + 1n;
          const tx = createGame(hex, { size: n, red: 3, blue: 7, cell }, alice);
          await expect(tx)
            .to.emit(hex, "GameCreated")
            .withArgs(gameId, alice.address, n, 3, 7, STAKE, ETH, 0, FEE_BPS)
            .and.to.emit(hex, "Moved")
            .withArgs(gameId, 1, 0, alice.address, cell, 0);
          await expect(tx).to.changeEtherBalances([alice, hex], [-STAKE, STAKE]);
          const g = await hex.game(gameId);
          expect(g.size).to.equal(BigInt(n));
          expect(g.creator).to.equal(alice.address);
          expect(g.positionCount).to.equal(1n);
          expect(g.endBlock).to.equal(0n);
          expect(g.ended).to.equal(false);
          const p = await hex.position(gameId, 1);
          expect([p.parent, p.player, p.cell, p.depth, p.deadline, p.proven, p.open]).to.deep.equal([
            0n,
            alice.address,
            BigInt(cell),
            1n,
            0n,
            false,
            true,
          ]);
          const [low, high] = await hex.occupancy(gameId, 1);
          if (cell < 214) expect([low, high]).to.deep.equal([1n << BigInt(cell), 0n]);
          else expect([low, high]).to.deep.equal([0n, 1n << BigInt(cell - 214)]);
        }
      });
    }

    it("rejects a board size outside 2..19", async function () {
      const { hex } = await loadFixture(deployHex);
      for (const size of [0, 1, 20]) {
        await expect(createGame(hex, { size })).to.be.revertedWithCustomError(hex, "BadBoardSize").withArgs(size);
      }
    });

    it("rejects times unless blue > red ≥ 1", async function () {
      const { hex } = await loadFixture(deployHex);
      for (const [red, blue] of [
        [0, 5],
        [5, 5],
        [6, 5],
      ]) {
        await expect(createGame(hex, { red, blue }))
          .to.be.revertedWithCustomError(hex, "BadMoveTimes")
          .withArgs(red, blue);
      }
    });

    it("rejects a move time of 2^23 blocks or more (a game spans at most 2^23 - 1 blocks from its creation)", async function () {
      const { hex } = await loadFixture(deployHex);
      const max = 2 ** 23 - 1;
      for (const blue of [max + 1, 2 ** 32]) {
        await expect(createGame(hex, { red: 1, blue }))
          .to.be.revertedWithCustomError(hex, "MoveTimeTooLong")
          .withArgs(blue, max);
      }
      await createGame(hex, { red: max - 1, blue: max });
      const g = await hex.game(1);
      expect([g.redBlocks, g.blueBlocks]).to.deep.equal([BigInt(max - 1), BigInt(max)]);
    });

    it("rejects a zero stake, a stake above 2^96 - 1, and a wrong ETH amount", async function () {
      const { hex } = await loadFixture(deployHex);
      await expect(createGame(hex, { stake: 0n })).to.be.revertedWithCustomError(hex, "ZeroStake");
      await expect(hex.createGame(14, 5, 10, 1n << 96n, ETH, 0, 0, 1000, { value: 0 }))
        .to.be.revertedWithCustomError(hex, "StakeTooLarge")
        .withArgs(1n << 96n);
      await expect(hex.createGame(14, 5, 10, STAKE, ETH, 0, 0, 1000, { value: STAKE - 1n }))
        .to.be.revertedWithCustomError(hex, "WrongEthAmount")
        .withArgs(STAKE - 1n, STAKE);
    });

    it("rejects a last block that leaves no room for Blue's reply, or comes 2^23 blocks or more after creation", async function () {
      const { hex } = await loadFixture(deployHex);
      const span = 2 ** 23 - 1;
      const next = (await ethers.provider.getBlockNumber()) + 1; // each attempt mines a block
      for (const [lastBlock, block] of [
        [next - 1, next],
        [next + 1, next + 1],
        [next + 2 + 4, next + 2], // one block short of the reply window (red 5)
        [next + 3 + span + 1, next + 3], // one block past the span
      ]) {
        await expect(createGame(hex, { red: 5, blue: 10, lastBlock }))
          .to.be.revertedWithCustomError(hex, "BadLastBlock")
          .withArgs(lastBlock, block + 5, block + span);
      }
      // The least accepted: Blue's reply in the creation block itself gets its whole window. And the greatest.
      await createGame(hex, { red: 5, blue: 10, lastBlock: next + 4 + 5 });
      await createGame(hex, { red: 5, blue: 10, lastBlock: next + 5 + span });
      expect((await hex.game(2)).lastBlock).to.equal(BigInt(next + 5 + span));
    });

    it("rejects games created past block 2^32 - 1; later blocks are offsets from creation", async function () {
      const { hex, alice, bob, carol } = await loadFixture(deployHex);
      const max = 2 ** 32 - 1;
      await mine(max - 19 - (await ethers.provider.getBlockNumber()) - 1);
      await createGame(hex, { red: 5, blue: 10 }, alice); // block max - 19
      await mine(13);
      await hex.connect(bob).move(1, 1, 1, { value: STAKE }); // max - 5: Red may answer until max
      expect((await hex.position(1, 2)).deadline).to.equal(BigInt(max));
      await hex.connect(carol).move(1, 2, 2, { value: STAKE }); // max - 4: Blue's window ends at max + 6, past 2^32
      expect((await hex.position(1, 3)).deadline).to.equal(BigInt(max + 6));
      expect((await hex.game(1)).maxDeadline).to.equal(BigInt(max + 6));
      await mine(max + 1 - (await ethers.provider.getBlockNumber()) - 1);
      await expect(createGame(hex, { red: 5, blue: 10 }))
        .to.be.revertedWithCustomError(hex, "BlockNumberTooLarge")
        .withArgs(max + 1);
      // The game ends at max + 6 and settles.
      await mine(7);
      expect((await hex.game(1)).ended).to.equal(true);
      await hex.settle(1, 10);
      expect(await hex.credits(ETH, carol.address)).to.equal(STAKE);
    });

    it("refuses a move whose reply window would pass the implicit last block, 2^23 - 1 blocks after creation", async function () {
      const { hex, alice, bob, carol } = await loadFixture(deployHex);
      const span = 2 ** 23 - 1;
      await createGame(hex, { red: 5, blue: 10 }, alice);
      const created = await ethers.provider.getBlockNumber();
      const last = created + span;
      expect((await hex.game(1)).lastBlock).to.equal(0n); // no last block set: the view reports none
      await mine(span - 6); // Blue's reply in block last - 5 gives Red until the last block: the last one accepted
      await hex.connect(bob).move(1, 1, 1, { value: STAKE });
      expect((await hex.position(1, 2)).deadline).to.equal(BigInt(last));
      // Blue's move on position 2 in block last - 4 would be answered until last + 6: refused as a set last block
      // refuses it, and the view agrees.
      expect((await hex.position(1, 2)).open).to.equal(false);
      await expect(hex.connect(carol).move(1, 2, 2, { value: STAKE }))
        .to.be.revertedWithCustomError(hex, "ReplyWindowPastLastBlock")
        .withArgs(1, last + 6, last);
      expect((await hex.game(1)).endBlock).to.equal(BigInt(last));
    });

    it("rejects a first cell off the board", async function () {
      const { hex } = await loadFixture(deployHex);
      await expect(createGame(hex, { size: 5, cell: 25 }))
        .to.be.revertedWithCustomError(hex, "CellOffBoard")
        .withArgs(25, 25);
    });

    it("takes an ERC-20 stake, rejects ETH sent with it and fee-on-transfer tokens", async function () {
      const { hex, token, taxed, alice } = await loadFixture(deployHex);
      const t = await token.getAddress();
      await expect(hex.connect(alice).createGame(5, 2, 4, 1000, t, 0, 0, 1000, { value: 1 }))
        .to.be.revertedWithCustomError(hex, "UnexpectedEth")
        .withArgs(1);
      await expect(createGame(hex, { token: t, stake: 1000n }, alice)).to.changeTokenBalances(
        token,
        [alice, hex],
        [-1000, 1000],
      );
      expect((await hex.game(1)).token).to.equal(t);
      await taxed.setFeeBps(100);
      await expect(createGame(hex, { token: await taxed.getAddress(), stake: 1000n }, alice))
        .to.be.revertedWithCustomError(hex, "TransferAmountMismatch")
        .withArgs(await taxed.getAddress(), 1000, 990);
    });

    it("refuses a fee above the creator's maxFeeBps, even one raised earlier in the same block", async function () {
      const { hex, feeConfig, owner, alice } = await loadFixture(deployHex);
      // The owner's raise and the creator's call land in one block, the raise first (front-running).
      await network.provider.send("evm_setAutomine", [false]);
      try {
        const raise = await feeConfig.connect(owner).setFeeBps(1000, { gasLimit: 100_000 });
        const create = await hex
          .connect(alice)
          .createGame(14, 5, 10, STAKE, ETH, 0, 0, FEE_BPS, { value: STAKE, gasLimit: 500_000 });
        await mine(1);
        const [r1, r2] = await Promise.all(
          [raise.hash, create.hash].map((h) => ethers.provider.getTransactionReceipt(h)),
        );
        expect(r1!.blockNumber).to.equal(r2!.blockNumber);
        expect(r1!.status).to.equal(1);
        expect(r2!.status).to.equal(0); // reverted: no game, no stake taken
      } finally {
        await network.provider.send("evm_setAutomine", [true]);
      }
      expect(await hex.gameCount()).to.equal(0n);
      expect(await ethers.provider.getBalance(await hex.getAddress())).to.equal(0n);
      await expect(createGame(hex, { maxFeeBps: FEE_BPS }, alice))
        .to.be.revertedWithCustomError(hex, "FeeAboveMax")
        .withArgs(1000, FEE_BPS);
      // At or below the limit the game is created with the fee read now.
      await createGame(hex, { maxFeeBps: 1000 }, alice);
      expect((await hex.game(1)).feeBps).to.equal(1000n);
    });

    it("reads the fee once, at creation", async function () {
      const { hex, feeConfig, owner } = await loadFixture(deployHex);
      await createGame(hex);
      await feeConfig.connect(owner).setFeeBps(1000);
      expect((await hex.game(1)).feeBps).to.equal(BigInt(FEE_BPS));
      await createGame(hex);
      expect((await hex.game(2)).feeBps).to.equal(1000n);
    });

    it("views reject unknown games and positions", async function () {
      const { hex } = await loadFixture(deployHex);
      await expect(hex.game(1)).to.be.revertedWithCustomError(hex, "UnknownGame").withArgs(1);
      await expect(hex.payoutOf(1, ETH)).to.be.revertedWithCustomError(hex, "UnknownGame").withArgs(1);
      await expect(hex.position(1, 1)).to.be.revertedWithCustomError(hex, "UnknownGame").withArgs(1);
      await expect(hex.occupancy(1, 1)).to.be.revertedWithCustomError(hex, "UnknownGame").withArgs(1);
      await createGame(hex);
      await expect(hex.position(1, 2)).to.be.revertedWithCustomError(hex, "UnknownPosition").withArgs(1, 2);
      await expect(hex.occupancy(1, 0)).to.be.revertedWithCustomError(hex, "UnknownPosition").withArgs(1, 0);
    });
  });

  describe("cancelGame", function () {
    it("lets the creator cancel before Blue's reply and take the stake back", async function () {
      const { hex, alice, bob } = await loadFixture(deployHex);
      await createGame(hex, {}, alice);
      expect(await hex.owed(ETH)).to.equal(32n * STAKE); // a block of 32 stakes counted ahead (OWED_BLOCK)
      await expect(hex.connect(bob).cancelGame(1))
        .to.be.revertedWithCustomError(hex, "NotCreator")
        .withArgs(bob.address, alice.address);
      await expect(hex.connect(alice).cancelGame(1))
        .to.emit(hex, "GameCancelled")
        .withArgs(1, alice.address, STAKE)
        .and.to.emit(hex, "Credited")
        .withArgs(ETH, alice.address, STAKE);
      const g = await hex.game(1);
      expect([g.cancelled, g.ended, g.endBlock]).to.deep.equal([true, true, 0n]);
      expect((await hex.payoutOf(1, alice.address)).total).to.equal(STAKE);
      expect((await hex.payoutOf(1, bob.address)).total).to.equal(0n);
      expect((await hex.position(1, 1)).open).to.equal(false);
      expect(await hex.owed(ETH)).to.equal(STAKE); // the block counted ahead is released: only the refund is owed
      await expect(hex.connect(alice).withdraw(ETH)).to.changeEtherBalances([alice, hex], [STAKE, -STAKE]);
      expect(await hex.owed(ETH)).to.equal(0n);
      // Nothing else works on a cancelled game.
      await expect(hex.connect(alice).cancelGame(1)).to.be.revertedWithCustomError(hex, "GameIsCancelled").withArgs(1);
      await expect(hex.connect(bob).move(1, 1, 1, { value: STAKE }))
        .to.be.revertedWithCustomError(hex, "GameIsCancelled")
        .withArgs(1);
      await expect(hex.claimWin(1, 1, [0, 14]))
        .to.be.revertedWithCustomError(hex, "GameIsCancelled")
        .withArgs(1);
      await expect(hex.settle(1, 10)).to.be.revertedWithCustomError(hex, "GameIsCancelled").withArgs(1);
    });

    it("owed runs ahead of the balance while a game runs (issue 22, item 9), and a sweep waits for the close", async function () {
      const { hex, alice, bob } = await loadFixture(deployHex);
      await createGame(hex, {}, alice);
      const address = await hex.getAddress();
      // One stake held, 32 counted: owed is above the balance by 31 stakes (the NatSpec's bound).
      expect(await ethers.provider.getBalance(address)).to.equal(STAKE);
      expect(await hex.owed(ETH)).to.equal(32n * STAKE);
      // ETH forced in (selfdestruct, a block reward) below that margin is not sweepable while the game runs...
      await setBalance(address, STAKE + 5n);
      await expect(hex.connect(bob).sweep(ETH))
        .to.be.revertedWithCustomError(hex, "NothingToSweep")
        .withArgs(ETH, STAKE + 5n, 32n * STAKE);
      // ...and once the game closes the margin is released: exactly the forced wei go to the fund, never the stake.
      await hex.connect(alice).cancelGame(1);
      await expect(hex.connect(bob).sweep(ETH)).to.emit(hex, "Swept").withArgs(ETH, bob.address, 5n);
      expect(await hex.owed(ETH)).to.equal(STAKE + 5n);
      await expect(hex.connect(alice).withdraw(ETH)).to.changeEtherBalances([alice, hex], [STAKE, -STAKE]);
      expect([await hex.owed(ETH), await ethers.provider.getBalance(address)]).to.deep.equal([5n, 5n]);
    });

    it("reports a cancelled game as ended at once, with or without a last block", async function () {
      const { hex, alice } = await loadFixture(deployHex);
      const last = (await ethers.provider.getBlockNumber()) + 50;
      await createGame(hex, { lastBlock: last }, alice);
      expect((await hex.game(1)).endBlock).to.equal(BigInt(last));
      await hex.connect(alice).cancelGame(1);
      let g = await hex.game(1);
      expect([g.ended, g.endBlock, g.lastBlock]).to.deep.equal([true, 0n, BigInt(last)]);
      await mine(60);
      g = await hex.game(1);
      expect([g.ended, g.endBlock]).to.deep.equal([true, 0n]);
    });

    it("refuses after the reply, and for unknown games", async function () {
      const { hex, alice, bob } = await loadFixture(deployHex);
      await createGame(hex, {}, alice);
      await hex.connect(bob).move(1, 1, 1, { value: STAKE });
      await expect(hex.connect(alice).cancelGame(1)).to.be.revertedWithCustomError(hex, "CannotCancel").withArgs(1);
      await expect(hex.connect(alice).cancelGame(2)).to.be.revertedWithCustomError(hex, "UnknownGame").withArgs(2);
    });

    it("refuses once a game without reply has been settled after its last block", async function () {
      const { hex, alice } = await loadFixture(deployHex);
      const last = (await ethers.provider.getBlockNumber()) + 6; // creation block + red (5)
      await createGame(hex, { lastBlock: last }, alice);
      await mine(6);
      await hex.settle(1, 1);
      expect((await hex.credits(ETH, alice.address)).toString()).to.equal(STAKE.toString());
      await expect(hex.connect(alice).cancelGame(1)).to.be.revertedWithCustomError(hex, "CannotCancel").withArgs(1);
    });
  });

  describe("stake intake (checks-effects-interactions)", function () {
    /** A 2×2 game staked in a token that calls back from inside `transferFrom`; Bob has replied (position 2). */
    async function probeFixture() {
      const f = await deployHex();
      const probe = await ethers.deployContract("HexProbeERC20");
      for (const s of [f.alice, f.bob]) {
        await probe.mint(s.address, 10n ** 24n);
        await probe.connect(s).approve(await f.hex.getAddress(), ethers.MaxUint256);
      }
      const token = await probe.getAddress();
      await createGame(f.hex, { size: 2, red: 20, blue: 40, token, stake: 1000n, cell: 0 }, f.alice);
      await f.hex.connect(f.bob).move(1, 1, 1);
      return { ...f, probe };
    }

    it("pulls the stake of moveAndClaim after the move and the proof are both written", async function () {
      const { hex, probe, alice } = await loadFixture(probeFixture);
      await probe.setProbe(await hex.getAddress(), hex.interface.encodeFunctionData("position", [1, 3]));
      await hex.connect(alice).moveAndClaim(1, 2, 2, [0, 2]);
      expect(await probe.probeOk()).to.equal(true);
      const [seen] = hex.interface.decodeFunctionResult("position", await probe.probeResult());
      expect([seen.player, seen.cell, seen.proven, seen.open]).to.deep.equal([alice.address, 2n, true, false]);
    });

    it("cannot be re-entered through a stake token: settle, cancelGame, claimWin", async function () {
      const { hex, probe, alice, bob } = await loadFixture(probeFixture);
      // Game 2 (ETH) has ended and could be settled; game 3 (ETH) could be cancelled by its creator.
      await createGame(hex, { size: 2, red: 1, blue: 2 }, alice);
      await hex.connect(bob).move(2, 1, 1, { value: STAKE });
      await createGame(hex, { size: 2 }, alice);
      await mine(3);
      const reentered = hex.interface.encodeErrorResult("ReentrancyGuardReentrantCall", []);
      const hexAddress = await hex.getAddress();
      for (const [fn, data] of [
        ["settle", hex.interface.encodeFunctionData("settle", [2, 10])],
        ["cancelGame", hex.interface.encodeFunctionData("cancelGame", [3])],
        ["claimWin", hex.interface.encodeFunctionData("claimWin", [1, 1, [0, 2]])],
      ]) {
        await probe.setProbe(hexAddress, data);
        await hex.connect(alice).move(1, 2, 2); // equal forks of position 2
        expect(await probe.probeOk(), fn).to.equal(false);
        expect(await probe.probeResult(), fn).to.equal(reentered);
      }
    });
  });

  describe("move", function () {
    for (const n of SIZES) {
      it(`${n}×${n}: takes one reply to position 1, then forks (equal forks included), and rejects bad cells`, async function () {
        const { hex, alice, bob, carol, dave } = await loadFixture(deployHex);
        const last = n * n - 1;
        await createGame(hex, { size: n, cell: last }, alice);
        await expect(hex.connect(bob).move(1, 1, last, { value: STAKE }))
          .to.be.revertedWithCustomError(hex, "CellOccupied")
          .withArgs(last);
        await expect(hex.connect(bob).move(1, 1, n * n, { value: STAKE }))
          .to.be.revertedWithCustomError(hex, "CellOffBoard")
          .withArgs(n * n, n * n);
        const replyBlock = (await ethers.provider.getBlockNumber()) + 1; // read before sending: the send may mine first
        const reply = hex.connect(bob).move(1, 1, 0, { value: STAKE });
        await expect(reply)
          .to.emit(hex, "Moved")
          .withArgs(1, 2, 1, bob.address, 0, replyBlock + 5);
        await expect(hex.connect(carol).move(1, 1, 1, { value: STAKE }))
          .to.be.revertedWithCustomError(hex, "FirstPositionAnswered")
          .withArgs(1);
        if (n === 2) {
          // Position 2 holds 2 of 4 cells: two equal forks on the same cell, one on the other.
          await playLine(hex, 1n, 2, [1], [carol]);
          await playLine(hex, 1n, 2, [1], [dave]);
          await playLine(hex, 1n, 2, [2], [carol]);
          await expect(hex.connect(dave).move(1, 3, 2, { value: STAKE })).to.emit(hex, "Moved");
          await expect(hex.connect(dave).move(1, 6, 2, { value: STAKE }))
            .to.be.revertedWithCustomError(hex, "CellOccupied")
            .withArgs(2);
        } else {
          const ids = await playLine(hex, 1n, 2, [n + 1, n + 2, 2 * n], [carol, dave, carol]);
          expect(ids).to.deep.equal([3, 4, 5]);
          // Blue's fork on 3; on 19×19 on cell 213, the last one kept in the first board word.
          const fork = n === 19 ? 213 : n * n - 2;
          await playLine(hex, 1n, 3, [fork], [dave]);
          const [low] = await hex.occupancy(1, 6);
          const lastBit = last < 214 ? 1n << BigInt(last) : 0n;
          expect(low).to.equal((1n << BigInt(n + 1)) | (1n << BigInt(fork)) | 1n | lastBit);
          await expect(hex.connect(dave).move(1, 6, fork, { value: STAKE }))
            .to.be.revertedWithCustomError(hex, "CellOccupied")
            .withArgs(fork);
          if (n === 19) {
            // Cells 214.. live in a second word; both words are inherited and checked.
            await playLine(hex, 1n, 6, [214], [alice]);
            const [lo7, hi7] = await hex.occupancy(1, 7);
            expect(lo7).to.equal(low);
            expect(hi7).to.equal((1n << BigInt(last - 214)) | 1n);
            await expect(hex.connect(bob).move(1, 7, 214, { value: STAKE }))
              .to.be.revertedWithCustomError(hex, "CellOccupied")
              .withArgs(214);
            await expect(hex.connect(bob).move(1, 7, last, { value: STAKE }))
              .to.be.revertedWithCustomError(hex, "CellOccupied")
              .withArgs(last);
          }
        }
        expect((await hex.payoutOf(1, bob.address)).deposited).to.equal(STAKE);
      });
    }

    it("rejects unknown games and positions and wrong payments", async function () {
      const { hex, token, alice, bob } = await loadFixture(deployHex);
      await expect(hex.move(1, 1, 0, { value: STAKE }))
        .to.be.revertedWithCustomError(hex, "UnknownGame")
        .withArgs(1);
      await createGame(hex, {}, alice);
      for (const id of [0, 2]) {
        await expect(hex.connect(bob).move(1, id, 3, { value: STAKE }))
          .to.be.revertedWithCustomError(hex, "UnknownPosition")
          .withArgs(1, id);
      }
      await expect(hex.connect(bob).move(1, 1, 3, { value: STAKE + 1n }))
        .to.be.revertedWithCustomError(hex, "WrongEthAmount")
        .withArgs(STAKE + 1n, STAKE);
      await createGame(hex, { token: await token.getAddress(), stake: 500n }, alice);
      await expect(hex.connect(bob).move(2, 1, 3, { value: 1 }))
        .to.be.revertedWithCustomError(hex, "UnexpectedEth")
        .withArgs(1);
      await expect(hex.connect(bob).move(2, 1, 3)).to.changeTokenBalances(token, [bob, hex], [-500, 500]);
    });

    it("rejects a move once the stake token starts charging a fee on transfers", async function () {
      const { hex, taxed, alice, bob } = await loadFixture(deployHex);
      const t = await taxed.getAddress();
      await createGame(hex, { token: t, stake: 1000n }, alice); // no fee yet: accepted
      await taxed.setFeeBps(100);
      await expect(hex.connect(bob).move(1, 1, 1))
        .to.be.revertedWithCustomError(hex, "TransferAmountMismatch")
        .withArgs(t, 1000, 990);
      expect((await hex.game(1)).positionCount).to.equal(1n);
      expect(await taxed.balanceOf(await hex.getAddress())).to.equal(1000n);
      await taxed.setFeeBps(0);
      await expect(hex.connect(bob).move(1, 1, 1)).to.changeTokenBalances(taxed, [bob, hex], [-1000, 1000]);
    });

    it("keeps a position open through createdAt + blocks(colour to move), and closes it after", async function () {
      const { hex, alice, bob, carol } = await loadFixture(deployHex);
      await createGame(hex, { red: 3, blue: 6 }, alice);
      await mine(20); // position 1 has no deadline
      await hex.connect(bob).move(1, 1, 1, { value: STAKE });
      const created = await ethers.provider.getBlockNumber();
      // Position 2: Red to move, open through created + 3.
      expect((await hex.position(1, 2)).deadline).to.equal(BigInt(created + 3));
      await mine(2); // the next transaction is mined in block created + 3
      await hex.connect(carol).move(1, 2, 2, { value: STAKE }); // position 3, Blue to move: created + 3 + 6
      expect((await hex.position(1, 2)).open).to.equal(true); // views run in the latest block: created + 3
      await expect(hex.connect(carol).move(1, 2, 3, { value: STAKE }))
        .to.be.revertedWithCustomError(hex, "PositionClosed")
        .withArgs(1, 2, created + 3);
      expect((await hex.position(1, 2)).open).to.equal(false); // the reverted transaction mined created + 4
      const g = await hex.game(1);
      expect(g.maxDeadline).to.equal(BigInt(created + 9));
      // Position 4 (Red to move, deadline lower than maxDeadline) does not lower it.
      await hex.connect(alice).move(1, 3, 4, { value: STAKE });
      expect((await hex.game(1)).maxDeadline).to.equal(BigInt(created + 9));
      expect((await hex.position(1, 4)).deadline).to.equal(BigInt(created + 5 + 3));
      await mine(created + 9 - (await ethers.provider.getBlockNumber()) - 1);
      await hex.connect(bob).move(1, 3, 5, { value: STAKE }); // block created + 9: still open
      const end = (await hex.game(1)).endBlock;
      expect(end).to.equal(BigInt(created + 9 + 3));
      await mine(Number(end) - (await ethers.provider.getBlockNumber()));
      expect((await hex.game(1)).ended).to.equal(false); // block `end`
      await expect(hex.connect(carol).move(1, 5, 6, { value: STAKE }))
        .to.be.revertedWithCustomError(hex, "PositionClosed")
        .withArgs(1, 5, end);
      expect((await hex.game(1)).ended).to.equal(true);
    });

    it("accepts a reply in the same block as the move it answers", async function () {
      const { hex, alice, bob, carol } = await loadFixture(deployHex);
      await network.provider.send("evm_setAutomine", [false]);
      try {
        await createGame(hex, { red: 1, blue: 2 }, alice);
        await hex.connect(bob).move(1, 1, 1, { value: STAKE, gasLimit: 500_000 });
        await hex.connect(carol).move(1, 2, 2, { value: STAKE, gasLimit: 500_000 });
        await mine(1);
      } finally {
        await network.provider.send("evm_setAutomine", [true]);
      }
      expect((await hex.game(1)).positionCount).to.equal(3n);
      expect((await hex.position(1, 3)).player).to.equal(carol.address);
    });

    it("accepts a move only if the reply window it opens ends by the last block (both colours, exact blocks)", async function () {
      const { hex, alice, bob, carol } = await loadFixture(deployHex);
      const c = (await ethers.provider.getBlockNumber()) + 1; // the creation block
      const last = c + 12;
      await createGame(hex, { red: 3, blue: 6, lastBlock: last }, alice);
      await mine(3);
      await hex.connect(bob).move(1, 1, 1, { value: STAKE }); // c + 4: position 2, Red to move until c + 7
      // Red's move opens a 6-block window for Blue: accepted through last - 6 = c + 6.
      await mine(1);
      await hex.connect(carol).move(1, 2, 2, { value: STAKE }); // c + 6: position 3, Blue to move until last
      expect((await hex.position(1, 3)).deadline).to.equal(BigInt(last));
      expect((await hex.position(1, 2)).open).to.equal(true); // views run in block c + 6
      await expect(hex.connect(carol).move(1, 2, 3, { value: STAKE })) // c + 7, within position 2's deadline
        .to.be.revertedWithCustomError(hex, "ReplyWindowPastLastBlock")
        .withArgs(1, c + 7 + 6, last);
      expect((await hex.position(1, 2)).open).to.equal(false);
      expect((await hex.position(1, 2)).deadline).to.equal(BigInt(c + 7));
      // Blue's move opens a 3-block window for Red: accepted through last - 3 = c + 9.
      await mine(1);
      await hex.connect(bob).move(1, 3, 4, { value: STAKE }); // c + 9: position 4, Red to move until last
      expect((await hex.position(1, 3)).open).to.equal(true);
      await expect(hex.connect(bob).move(1, 3, 5, { value: STAKE })) // c + 10
        .to.be.revertedWithCustomError(hex, "ReplyWindowPastLastBlock")
        .withArgs(1, c + 10 + 3, last);
      expect((await hex.position(1, 3)).open).to.equal(false);
      // Position 4 is open for Red until last, but a Red move there could not get Blue's full window any more.
      expect((await hex.position(1, 4)).open).to.equal(false);
      await expect(hex.connect(alice).move(1, 4, 5, { value: STAKE })) // c + 11
        .to.be.revertedWithCustomError(hex, "ReplyWindowPastLastBlock")
        .withArgs(1, c + 11 + 6, last);
      // Every reply window fits: the game ends at maxDeadline, which is the last block here.
      let g = await hex.game(1);
      expect([g.maxDeadline, g.endBlock, g.ended]).to.deep.equal([BigInt(last), BigInt(last), false]);
      await mine(1); // block `last`
      // After it every deadline has passed (they never pass the last block).
      await expect(hex.connect(alice).move(1, 4, 5, { value: STAKE })) // last + 1
        .to.be.revertedWithCustomError(hex, "PositionClosed")
        .withArgs(1, 4, last);
      g = await hex.game(1);
      expect(g.ended).to.equal(true);
    });

    it("applies the same rule to Blue's reply to position 1", async function () {
      const { hex, alice, bob } = await loadFixture(deployHex);
      const c = (await ethers.provider.getBlockNumber()) + 1;
      const last = c + 10;
      await createGame(hex, { red: 3, blue: 6, lastBlock: last }, alice); // game 1, block c
      await createGame(hex, { red: 3, blue: 6, lastBlock: last }, alice); // game 2, block c + 1
      await mine(last - 3 - (c + 1) - 1);
      expect((await hex.position(1, 1)).open).to.equal(true); // block last - 4
      await hex.connect(bob).move(2, 1, 1, { value: STAKE }); // last - 3: Red's window ends at the last block
      expect((await hex.position(2, 2)).deadline).to.equal(BigInt(last));
      expect((await hex.position(1, 1)).open).to.equal(true);
      await expect(hex.connect(bob).move(1, 1, 1, { value: STAKE })) // last - 2
        .to.be.revertedWithCustomError(hex, "ReplyWindowPastLastBlock")
        .withArgs(1, last + 1, last);
      expect((await hex.position(1, 1)).open).to.equal(false);
      // Unanswered, game 1 ends at its last block (position 1 has no deadline).
      expect((await hex.game(1)).endBlock).to.equal(BigInt(last));
      await mine(2); // block last
      expect((await hex.game(1)).ended).to.equal(false);
      await expect(hex.connect(bob).move(1, 1, 1, { value: STAKE })) // last + 1
        .to.be.revertedWithCustomError(hex, "ReplyWindowPastLastBlock")
        .withArgs(1, last + 1 + 3, last);
      expect((await hex.game(1)).ended).to.equal(true);
    });

    it("rejects moves on a proven position", async function () {
      const { hex, alice, bob } = await loadFixture(deployHex);
      await createGame(hex, { size: 2, cell: 0 }, alice);
      await playLine(hex, 1n, 1, [1, 2], [bob, alice]);
      await hex.claimWin(1, 3, [0, 2]);
      await expect(hex.connect(bob).move(1, 3, 3, { value: STAKE }))
        .to.be.revertedWithCustomError(hex, "PositionProven")
        .withArgs(1, 3);
    });

    it("stops at 2^24 - 1 positions per game", async function () {
      const { hex, alice, bob } = await loadFixture(deployHex);
      await createGame(hex, {}, alice);
      await hex.connect(bob).move(1, 1, 1, { value: STAKE });
      // Set the game's position count to the maximum.
      const address = await hex.getAddress();
      const key = await coreSlot(hex, 1n);
      const word = BigInt(await ethers.provider.getStorage(address, key));
      const full = word | (0xffffffn << 76n);
      await network.provider.send("hardhat_setStorageAt", [address, ethers.toBeHex(key), ethers.toBeHex(full, 32)]);
      expect((await hex.game(1)).positionCount).to.equal(2n ** 24n - 1n);
      expect((await hex.position(1, 2)).open).to.equal(false); // the view applies the same limit
      await expect(hex.connect(alice).move(1, 2, 2, { value: STAKE }))
        .to.be.revertedWithCustomError(hex, "TooManyPositions")
        .withArgs(1);
    });

    it("lets newcomers move once 4,095 accounts have: number 4,095, the address kept by position, one new word", async function () {
      const { hex, alice, bob, carol, dave, erin } = await loadFixture(deployHex);
      await createGame(hex, {}, alice);
      await hex.connect(bob).move(1, 1, 1, { value: STAKE });
      // As if 4,094 accounts had moved: alice and bob are in the list, the next newcomer takes its last index.
      expect(await setPlayerCount(hex, 1n, 4094n)).to.equal(2n);
      const gas = async (tx: Promise<ContractTransactionResponse>) => (await (await tx).wait())!.gasUsed;
      const first = await gas(hex.connect(carol).move(1, 2, 2, { value: STAKE })); // 3: index 4,094, the list full
      // Newcomers past the list: dave (4, 6), erin (5); alice, in the list, forks 4 (7).
      const overflow = await gas(hex.connect(dave).move(1, 3, 3, { value: STAKE }));
      await expect(hex.connect(erin).move(1, 4, 4, { value: STAKE }))
        .to.emit(hex, "Moved")
        .withArgs(1, 5, 4, erin.address, 4, anyValue);
      const again = await gas(hex.connect(dave).move(1, 5, 5, { value: STAKE }));
      const known = await gas(hex.connect(alice).move(1, 4, 6, { value: STAKE }));
      expect(await setPlayerCount(hex, 1n, 4095n)).to.equal(4095n); // the list stayed full
      const players = [alice, bob, carol, dave, erin, dave, alice].map((s) => s.address);
      for (let id = 1; id <= 7; id++) expect((await hex.position(1, id)).player).to.equal(players[id - 1]);
      // An overflow move writes one more word than a known mover's (22,100 gas and a read of the meta word) and
      // each such move pays it again; a newcomer joining the list writes two and the list's length.
      for (const g of [overflow, again]) expect(g - known).to.be.within(22_100n, 25_000n);
      expect(first - overflow).to.be.greaterThan(20_000n);

      // 6 and 7 win, so 5 (erin) and 4 (dave) lose, 3 (carol) wins, 2 (bob) loses, 1 wins. Shares of a loss's 97.5%:
      // 5's to bob and dave (k = 2), 4's to alice and carol (k = 2), 2's to alice. Settled one position a call
      // (recycled words keep the mover's number), each mover gets what payoutOf said.
      const expected = [34_625n, 4_875n, 14_875n, 14_875n, 0n].map((x) => (x * STAKE) / 10_000n);
      for (let i = 0; i < 5; i++) expect((await hex.payoutOf(1, players[i])).total).to.equal(expected[i]);
      const dv = await hex.payoutOf(1, dave.address);
      expect([dv.moves, dv.deposited]).to.deep.equal([2n, 2n * STAKE]);
      await mine(Number((await hex.game(1)).endBlock) - (await ethers.provider.getBlockNumber()) + 1);
      for (let i = 0; i < 7; i++) await hex.settle(1, 1);
      expect((await hex.game(1)).settlePhase).to.equal(3n);
      for (let i = 0; i < 5; i++) expect(await hex.credits(ETH, players[i])).to.equal(expected[i]);
      const total = expected.reduce((a, b) => a + b, 0n) + (await hex.fundCredits(ETH));
      expect(total).to.equal(7n * STAKE);
      for (let id = 1; id <= 7; id++) expect((await hex.position(1, id)).player).to.equal(players[id - 1]);
      for (let i = 0; i < 5; i++) expect((await hex.payoutOf(1, players[i])).total).to.equal(expected[i]);
    });

    it("emits everything an indexer needs to rebuild the tree and the deadlines", async function () {
      const { hex, alice, bob } = await loadFixture(deployHex);
      await createGame(hex, { red: 2, blue: 4 }, alice);
      const tx = await hex.connect(bob).move(1, 1, 7, { value: STAKE });
      const args = await eventArgs(hex, tx, "Moved");
      const block = (await tx.wait())!.blockNumber;
      expect([args.gameId, args.positionId, args.parentId, args.player, args.cell, args.deadline]).to.deep.equal([
        1n,
        2n,
        1n,
        bob.address,
        7n,
        BigInt(block + 2),
      ]);
    });
  });
  describe("position().open and move agree", function () {
    it("in random games: open exactly when a move on an empty cell of the position would be accepted", async function () {
      let checks = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
          const { hex, alice, bob, carol } = await loadFixture(deployHex);
          const rng = new Rng(seed);
          const n = rng.range(2, 4);
          const red = rng.range(1, 3);
          const blue = rng.range(red + 1, red + 4);
          const next = (await ethers.provider.getBlockNumber()) + 1;
          const lastBlock = rng.chance(0.4) ? next + rng.range(red, red + 12) : 0;
          const firstCell = rng.range(0, n * n - 1);
          await createGame(hex, { size: n, red, blue, lastBlock, cell: firstCell }, alice);
          const sim = new HexSim({ n, red, blue, lastBlock }, 0, firstCell);
          const players = [alice, bob, carol];
          let cancelled = false;
          for (let step = 0; step < 10; step++) {
            // Every position: the view against a static call of a move on one of its empty cells.
            for (let id = 1; id <= sim.count; id++) {
              const empty = sim.emptyCells(id);
              if (empty.length === 0) continue;
              const open = (await hex.position(1, id)).open;
              const accepted = await hex
                .connect(bob)
                .move.staticCall(1, id, rng.pick(empty), { value: STAKE })
                .then(
                  () => true,
                  () => false,
                );
              expect(open, `position ${id} at step ${step}`).to.equal(accepted);
              checks++;
              if (!open) refused++;
            }
            const roll = rng.next();
            if (roll < 0.05 && sim.count === 1 && !cancelled) {
              await hex.connect(alice).cancelGame(1);
              cancelled = true;
            } else if (roll < 0.55) {
              const id = rng.range(1, sim.count);
              const empty = sim.emptyCells(id);
              if (empty.length === 0) continue;
              const cell = rng.pick(empty);
              const player = rng.range(0, 2);
              const receipt = await hex
                .connect(players[player])
                .move(1, id, cell, { value: STAKE })
                .then((tx) => tx.wait())
                .catch(() => null);
              if (receipt) sim.move(id, cell, player, receipt.blockNumber);
            } else if (roll < 0.75) {
              const provable = [];
              for (let id = 2; id <= sim.count; id++) {
                if (!sim.positions[id].proven && sim.winningPath(id)) provable.push(id);
              }
              if (provable.length === 0) continue;
              const id = rng.pick(provable);
              const ok = await hex
                .claimWin(1, id, sim.winningPath(id)!)
                .then((tx) => tx.wait())
                .catch(() => null);
              if (ok) sim.positions[id].proven = true;
            } else {
              await mine(rng.range(1, blue + 2));
            }
          }
        }),
        { numRuns: 30 },
      );
      // Both answers really occur.
      expect(refused).to.be.greaterThan(0);
      expect(checks - refused).to.be.greaterThan(0);
    });
  });
});
