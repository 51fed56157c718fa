import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { generateBoard } from "../../client/catamm/board";
import { OPEN_BLOCKS, Pending, Phase, readGame, turnOrder } from "../../client/catamm/game";
import { ONE_CARD, NO_PORT, portAssignment } from "../../client/catamm/market";
import { DEPTH, GAME, TURN_BLOCKS, draftGame, openGame, serve } from "./helpers/game";

// Creating, joining and starting games; the start's random layout; randomness re-requests.
describe("Catamm: lobby, start and randomness", function () {
  const open4 = () => openGame(4);
  const open1 = () => openGame(1);
  const started = () => draftGame(4);

  describe("createGame", function () {
    it("records the settings and the creator as the first player", async function () {
      const { game, players } = await loadFixture(open1);
      const info = await game.gameInfo(GAME);
      expect([info.creator, info.depthCards, info.feePreset, info.turnBlocks, info.playerCount]).to.deep.equal([
        players[0].address,
        BigInt(DEPTH),
        0n,
        BigInt(TURN_BLOCKS),
        1n,
      ]);
      expect(info.phase).to.equal(BigInt(Phase.Open));
      await expect(game.connect(players[0]).createGame(1000, 1, 100, OPEN_BLOCKS))
        .to.emit(game, "GameCreated")
        .withArgs(2, players[0].address, 1000, 1, 100)
        .and.to.emit(game, "PlayerJoined")
        .withArgs(2, players[0].address, 1);
      expect(await game.gameCount()).to.equal(2n);
    });

    it("rejects a depth, fee preset or turn length out of range", async function () {
      const { game } = await loadFixture(open1);
      await expect(game.createGame(0, 0, 20, OPEN_BLOCKS))
        .to.be.revertedWithCustomError(game, "DepthOutOfRange")
        .withArgs(0, 1, 1e6);
      await expect(game.createGame(1_000_001, 0, 20, OPEN_BLOCKS))
        .to.be.revertedWithCustomError(game, "DepthOutOfRange")
        .withArgs(1_000_001, 1, 1e6);
      await expect(game.createGame(100, 2, 20, OPEN_BLOCKS))
        .to.be.revertedWithCustomError(game, "UnknownFeePreset")
        .withArgs(2);
      await expect(game.createGame(100, 0, 4, OPEN_BLOCKS))
        .to.be.revertedWithCustomError(game, "TurnBlocksOutOfRange")
        .withArgs(4, 5, 1 << 24);
      await expect(game.createGame(100, 0, (1 << 24) + 1, OPEN_BLOCKS))
        .to.be.revertedWithCustomError(game, "TurnBlocksOutOfRange")
        .withArgs((1 << 24) + 1, 5, 1 << 24);
    });
  });

  describe("joinGame and startGame", function () {
    it("admits up to four players, once each", async function () {
      const { game, players, outsider } = await loadFixture(open4);
      await expect(game.connect(players[2]).joinGame(GAME))
        .to.be.revertedWithCustomError(game, "AlreadyJoined")
        .withArgs(GAME, players[2].address);
      await expect(game.connect(outsider).joinGame(GAME))
        .to.be.revertedWithCustomError(game, "GameFull")
        .withArgs(GAME, 4);
      await expect(game.joinGame(7)).to.be.revertedWithCustomError(game, "UnknownGame").withArgs(7);
      const info = await game.gameInfo(GAME);
      expect(info.players).to.deep.equal(players.map((p) => p.address));
    });

    it("holds no seat forever: players leave, the creator cancels, anyone cancels a game left open too long", async function () {
      const { game, players, outsider } = await loadFixture(open4);
      await expect(game.createGame(100, 0, 20, 0))
        .to.be.revertedWithCustomError(game, "OpenBlocksOutOfRange")
        .withArgs(0, 1, 100_000);
      await expect(game.createGame(100, 0, 20, 100_001))
        .to.be.revertedWithCustomError(game, "OpenBlocksOutOfRange")
        .withArgs(100_001, 1, 100_000);
      await expect(game.connect(players[0]).leaveGame(GAME))
        .to.be.revertedWithCustomError(game, "CreatorCannotLeave")
        .withArgs(GAME);
      await expect(game.connect(outsider).leaveGame(GAME))
        .to.be.revertedWithCustomError(game, "NotAPlayer")
        .withArgs(GAME, outsider.address);
      // Seat 1 leaves: the last joined player moves into it, and a newcomer takes the fourth seat.
      await expect(game.connect(players[1]).leaveGame(GAME))
        .to.emit(game, "PlayerLeft")
        .withArgs(GAME, players[1].address, 3);
      expect((await game.gameInfo(GAME)).players).to.deep.equal([
        players[0].address,
        players[3].address,
        players[2].address,
        ethers.ZeroAddress,
      ]);
      await game.connect(outsider).joinGame(GAME);
      expect((await game.gameInfo(GAME)).playerCount).to.equal(4n);
      // Only the creator cancels within the open window.
      const deadline = (await game.gameInfo(GAME)).deadline;
      await expect(game.connect(outsider).cancelGame(GAME))
        .to.be.revertedWithCustomError(game, "CannotCancelYet")
        .withArgs(GAME, outsider.address, deadline);
      await expect(game.connect(players[0]).cancelGame(GAME))
        .to.emit(game, "GameCancelled")
        .withArgs(GAME, players[0].address, false);
      expect((await game.gameInfo(GAME)).phase).to.equal(BigInt(Phase.Cancelled));
      // One call at a time (a call is sent when it is made).
      for (const call of [
        () => game.connect(outsider).joinGame(GAME),
        () => game.connect(players[0]).startGame(GAME),
        () => game.connect(players[2]).leaveGame(GAME),
        () => game.connect(players[0]).cancelGame(GAME),
        () => game.advance(GAME),
      ]) {
        await expect(call()).to.be.revertedWithCustomError(game, "GameIsCancelled").withArgs(GAME);
      }
      // A second game that nobody starts within its window: anyone cancels it after.
      await game.connect(players[1]).createGame(100, 0, 20, 10);
      const second = await game.gameCount();
      await mine(10);
      await expect(game.connect(outsider).cancelGame(second))
        .to.emit(game, "GameCancelled")
        .withArgs(second, outsider.address, true);
    });

    it("lets only the creator start, with at least two players, once", async function () {
      const { game, players } = await loadFixture(open1);
      await expect(game.connect(players[0]).startGame(GAME))
        .to.be.revertedWithCustomError(game, "NotEnoughPlayers")
        .withArgs(1, 2);
      const [, , , , , , , , , second] = await ethers.getSigners();
      await game.connect(second).joinGame(GAME);
      await expect(game.connect(second).startGame(GAME))
        .to.be.revertedWithCustomError(game, "NotCreator")
        .withArgs(second.address, players[0].address);
      await expect(game.startGame(9)).to.be.revertedWithCustomError(game, "UnknownGame").withArgs(9);
      await expect(game.connect(players[0]).startGame(GAME)).to.emit(game, "RandomnessRequested");
      await expect(game.connect(players[0]).startGame(GAME))
        .to.be.revertedWithCustomError(game, "GameAlreadyStarted")
        .withArgs(GAME);
    });

    it("refuses to let anyone join a started game", async function () {
      const { game, outsider } = await loadFixture(started);
      await expect(game.connect(outsider).joinGame(GAME))
        .to.be.revertedWithCustomError(game, "GameAlreadyStarted")
        .withArgs(GAME);
    });
  });

  describe("the start's random value", function () {
    it("is served by anyone once ready, not before", async function () {
      const { game, players, outsider } = await loadFixture(open4);
      await game.connect(players[0]).startGame(GAME);
      const { requestId } = await game.gameInfo(GAME);
      expect((await game.gameInfo(GAME)).phase).to.equal(BigInt(Phase.Starting));
      // (A reverted transaction still mines a block: the value is ready for the call after this one.)
      await expect(game.connect(outsider).advance(GAME))
        .to.be.revertedWithCustomError(game, "RandomnessPending")
        .withArgs(requestId);
      await expect(game.connect(outsider).advance(GAME)).to.emit(game, "GameStarted");
    });

    it("blocks the draft until it is served", async function () {
      const { game, players } = await loadFixture(open4);
      await game.connect(players[0]).startGame(GAME);
      const { requestId } = await game.gameInfo(GAME);
      await expect(game.connect(players[1]).placeInitial(GAME, 0, 0))
        .to.be.revertedWithCustomError(game, "RandomnessPending")
        .withArgs(requestId);
    });

    it("lays out the board, the markets and the turn order exactly as the mirrors derive them", async function () {
      const f = await loadFixture(open4);
      const { game, players } = f;
      await game.connect(players[0]).startGame(GAME);
      const tx = await serve(f);
      const receipt = await tx.wait();
      const used = receipt!.logs.map((l) => game.interface.parseLog(l)).find((e) => e?.name === "RandomnessUsed")!;
      expect(used.args.kind).to.equal(BigInt(Pending.Start));
      const value = used.args.value as bigint;

      const g = await readGame(game, GAME);
      const board = generateBoard(value);
      expect(g.board.packed).to.equal(board.packed);
      expect(g.ghostShip).to.equal(board.desert);
      const order = turnOrder(
        value,
        players.map((p) => p.address),
      );
      expect(g.players.map((p) => p.address)).to.deep.equal(order);
      await expect(tx).to.emit(game, "GameStarted").withArgs(GAME, board.packed, board.desert, order);
      expect(g.players.map((p) => p.seat)).to.deep.equal([0, 1, 2, 3]);

      const { poolOfPort, missingPool } = portAssignment(value);
      const pools = await game.marketPools(GAME);
      poolOfPort.forEach((pool, port) => expect(pools[pool].port).to.equal(BigInt(port)));
      expect(pools[missingPool].port).to.equal(BigInt(NO_PORT));
      expect(await game.marketSettings(GAME)).to.deep.equal([BigInt(DEPTH) * ONE_CARD, 1000n, 0n]);

      const [issued, received, burned] = await game.bank(GAME);
      expect(issued).to.deep.equal(Array(5).fill(4n * BigInt(DEPTH) * ONE_CARD));
      expect(received).to.deep.equal(Array(5).fill(0n));
      expect(burned).to.deep.equal(Array(5).fill(0n));
      expect([g.phase, g.setupPick, g.seat, g.turn]).to.deep.equal([Phase.Setup, 0, 0, 0]);
      expect(g.deadline).to.equal(receipt!.blockNumber + TURN_BLOCKS);
      expect(g.deck).to.deep.equal([14, 2, 2, 2, 5]);
    });

    it("shuffles the turn order uniformly (the mirror over many values)", function () {
      // The contract's order equals the mirror (above); here the mirror's distribution: each of 4 players first
      // about a quarter of the time over 4,000 values.
      const counts = [0, 0, 0, 0];
      const joined = ["a", "b", "c", "d"];
      for (let v = 1n; v <= 4000n; v++) counts[joined.indexOf(turnOrder(v * 7919n, joined)[0])]++;
      for (const c of counts) expect(c).to.be.within(880, 1120);
    });
  });

  describe("rerequestRandomness", function () {
    it("replaces only a stale request, and only when one is outstanding", async function () {
      const f = await loadFixture(open4);
      const { game, players, outsider, source } = f;
      await expect(game.rerequestRandomness(GAME)).to.be.revertedWithCustomError(game, "NothingPending").withArgs(GAME);
      await expect(game.rerequestRandomness(5)).to.be.revertedWithCustomError(game, "UnknownGame").withArgs(5);
      await game.connect(players[0]).startGame(GAME);
      const { requestId } = await game.gameInfo(GAME);
      await expect(game.connect(outsider).rerequestRandomness(GAME))
        .to.be.revertedWithCustomError(game, "RandomnessNotStale")
        .withArgs(requestId, 1);
      await mine(300);
      expect(await source.status(requestId)).to.equal(3n); // Stale
      await expect(game.connect(outsider).advance(GAME))
        .to.be.revertedWithCustomError(game, "RandomnessPending")
        .withArgs(requestId);
      await expect(game.connect(outsider).rerequestRandomness(GAME)).to.emit(game, "RandomnessRequested");
      const renewed = (await game.gameInfo(GAME)).requestId;
      expect(renewed).to.not.equal(requestId);
      await serve(f);
      expect((await game.gameInfo(GAME)).phase).to.equal(BigInt(Phase.Setup));
    });
  });

  describe("views", function () {
    it("reject unknown games and non-players", async function () {
      const { game, outsider } = await loadFixture(started);
      await expect(game.marketPools(3)).to.be.revertedWithCustomError(game, "UnknownGame").withArgs(3);
      await expect(game.marketSettings(3)).to.be.revertedWithCustomError(game, "UnknownGame").withArgs(3);
      await expect(game.quoteSwap(3, outsider.address, 0, 1, 1)).to.be.revertedWithCustomError(game, "UnknownGame");
      await expect(game.quoteSwapIn(3, outsider.address, 0, 1, 1)).to.be.revertedWithCustomError(game, "UnknownGame");
      await expect(game.playerInfo(GAME, outsider.address))
        .to.be.revertedWithCustomError(game, "NotAPlayer")
        .withArgs(GAME, outsider.address);
      await expect(game.devCards(GAME, outsider.address))
        .to.be.revertedWithCustomError(game, "NotAPlayer")
        .withArgs(GAME, outsider.address);
      expect((await game.gameInfo(3)).phase).to.equal(BigInt(Phase.None));
    });

    it("keep games apart: two games in one contract", async function () {
      const f = await loadFixture(started);
      const { game, players } = f;
      await game.connect(players[3]).createGame(10, 1, 50, OPEN_BLOCKS);
      await game.connect(players[0]).joinGame(2);
      const two = await game.gameInfo(2);
      expect([two.creator, two.playerCount, two.phase]).to.deep.equal([players[3].address, 2n, BigInt(Phase.Open)]);
      expect((await game.gameInfo(GAME)).phase).to.equal(BigInt(Phase.Setup));
      // Being in game 1 does not make one a player of game 2's draft.
      await expect(game.playerInfo(2, players[1].address)).to.be.revertedWithCustomError(game, "NotAPlayer");
    });
  });
});
