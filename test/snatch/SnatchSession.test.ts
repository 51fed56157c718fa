import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { anyValue } from "@nomicfoundation/hardhat-chai-matchers/withArgs";
import { requestIdFrom } from "../../scripts/lib/common";
import { eventArg } from "../../client/snatch/room";
import { Phase, Preset, RuleSet } from "../../client/snatch/names";
import { SessionStage } from "../../client/snatch/session";
import { permutationModel } from "../helpers/random";
import {
  SESSION_CONFIG,
  createAllRooms,
  joinedEight,
  joinedFixture,
  listedFixture,
  sessionFixture,
  sessionRooms,
} from "./session-helpers";

const Pending = 1;
const Stale = 3;
/** 5 rounds of 8 blocks and a 5-block judging phase. */
const DURATION = 5 * SESSION_CONFIG.trading + SESSION_CONFIG.judging;

describe("SnatchSession", function () {
  describe("creating", function () {
    it("lists the class's seats with their names in one transaction and requests the draw", async function () {
      const { sessions, rooms, source, teacher, players } = await loadFixture(sessionFixture);
      const listed = players.slice(0, 7);
      const tx = await sessions.connect(teacher).createSession(
        SESSION_CONFIG,
        listed.map((p) => p.address),
        listed.map((_, i) => (i === 3 ? "" : `Élève ${i + 1}`)),
      );
      const request = await requestIdFrom(source, tx);
      const format = await rooms.formatCount(); // a new format for these windows
      await expect(tx)
        .to.emit(sessions, "SessionCreated")
        .withArgs(1, teacher.address, Object.values(SESSION_CONFIG), format, false, 0);
      for (const [i, p] of listed.entries()) {
        await expect(tx)
          .to.emit(sessions, "PlayerSeated")
          .withArgs(1, p.address, i + 1, i === 3 ? "" : `Élève ${i + 1}`, true);
      }
      await expect(tx).to.emit(sessions, "DrawRequested").withArgs(1, teacher.address, 7, request);
      const s = await sessions.session(1);
      expect(s.organiser).to.equal(teacher.address);
      expect(s.stage).to.equal(SessionStage.Drawing);
      expect(s.firstCome).to.equal(false);
      expect([s.capacity, s.playerCount, s.format].map(Number)).to.deep.equal([12, 7, Number(format)]);
      expect(s.request).to.equal(request);
      expect(await sessions.playerAt(1, 6)).to.equal(listed[6].address);
      expect((await sessions.entryOf(1, listed[2].address)).index).to.equal(3);
      // The format is Snatch or Share's five rounds with the session's windows.
      const f = await rooms.formatData(format);
      expect([f.playerCount, f.roundCount, f.trading, f.closing, f.judging].map(Number)).to.deep.equal([3, 5, 8, 2, 5]);
      expect(f.ruleSets).to.equal((await rooms.formatData(Preset.SnatchOrShare)).ruleSets);
      // Seating is closed: nobody joins a listed session.
      await expect(sessions.connect(players[9]).join(1, ""))
        .to.be.revertedWithCustomError(sessions, "SeatingClosed")
        .withArgs(1, SessionStage.Drawing);
    });

    it("plays the preset format for the default windows and shares a created format between sessions", async function () {
      const { sessions, rooms, teacher } = await loadFixture(sessionFixture);
      const defaults = { ...SESSION_CONFIG, trading: 120, closing: 10, judging: 60 };
      await expect(sessions.connect(teacher).createSession(defaults, [], []))
        .to.emit(sessions, "SessionCreated")
        .withArgs(1, teacher.address, Object.values(defaults), Preset.SnatchOrShare, true, (v: bigint) => v > 0n);
      const before = await rooms.formatCount();
      await sessions.createSession(SESSION_CONFIG, [], []);
      expect(await rooms.formatCount()).to.equal(before + 1n);
      const again = sessions.createSession(SESSION_CONFIG, [], []);
      await expect(again).not.to.emit(rooms, "FormatCreated");
      expect((await sessions.session(3)).format).to.equal(before + 1n);
    });

    it("rejects settings out of range, seat lists that do not fit and bad names, changing nothing", async function () {
      const { sessions, rooms, teacher, players } = await loadFixture(sessionFixture);
      const t = sessions.connect(teacher);
      const addrs = players.map((p) => p.address);
      await expect(t.createSession({ ...SESSION_CONFIG, rooms: 0 }, [], []))
        .to.be.revertedWithCustomError(sessions, "RoomCountOutOfRange")
        .withArgs(0, 100);
      await expect(t.createSession({ ...SESSION_CONFIG, rooms: 101 }, [], []))
        .to.be.revertedWithCustomError(sessions, "RoomCountOutOfRange")
        .withArgs(101, 100);
      for (const size of [0, 51]) {
        await expect(t.createSession({ ...SESSION_CONFIG, roomsPerBatch: size }, [], []))
          .to.be.revertedWithCustomError(sessions, "BatchSizeOutOfRange")
          .withArgs(size, 50);
      }
      for (const w of ["trading", "judging"] as const) {
        await expect(t.createSession({ ...SESSION_CONFIG, [w]: 100_001 }, [], []))
          .to.be.revertedWithCustomError(sessions, "WindowTooLong")
          .withArgs(100_001, 100_000);
      }
      await expect(t.createSession({ ...SESSION_CONFIG, closing: 0 }, [], [])).to.be.revertedWithCustomError(
        rooms,
        "InvalidWindows",
      );
      for (const blocks of [0, 19]) {
        await expect(t.createSession({ ...SESSION_CONFIG, joinBlocks: blocks }, [], []))
          .to.be.revertedWithCustomError(sessions, "JoinWindowTooShort")
          .withArgs(blocks, 20);
      }
      await expect(t.createSession({ ...SESSION_CONFIG, joinBlocks: 100_001 }, [], []))
        .to.be.revertedWithCustomError(sessions, "JoinWindowTooLong")
        .withArgs(100_001, 100_000);
      // Listed seats: 3 to 3 x rooms, one name each, no zero address, nobody twice, names by DisplayName's rule.
      for (const n of [1, 2, 13]) {
        await expect(t.createSession(SESSION_CONFIG, addrs.slice(0, n), Array(n).fill("")))
          .to.be.revertedWithCustomError(sessions, "SeatCountOutOfRange")
          .withArgs(n, 3, 12);
      }
      // A list is stored in one transaction: 240 seats at most, whatever the rooms (first come takes more).
      const many = Array.from({ length: 241 }, () => ethers.Wallet.createRandom().address);
      await expect(t.createSession({ ...SESSION_CONFIG, rooms: 100 }, many, Array(241).fill("")))
        .to.be.revertedWithCustomError(sessions, "SeatCountOutOfRange")
        .withArgs(241, 3, 240);
      await expect(t.createSession(SESSION_CONFIG, addrs.slice(0, 3), ["a", "b"]))
        .to.be.revertedWithCustomError(sessions, "NamesMismatch")
        .withArgs(3, 2);
      await expect(t.createSession(SESSION_CONFIG, [], ["a"]))
        .to.be.revertedWithCustomError(sessions, "NamesMismatch")
        .withArgs(0, 1);
      await expect(
        t.createSession(SESSION_CONFIG, [addrs[0], ethers.ZeroAddress, addrs[1]], ["", "", ""]),
      ).to.be.revertedWithCustomError(sessions, "ZeroSeat");
      await expect(t.createSession(SESSION_CONFIG, [addrs[0], addrs[1], addrs[0]], ["", "", ""]))
        .to.be.revertedWithCustomError(sessions, "AlreadySeated")
        .withArgs(1, addrs[0]);
      await expect(t.createSession(SESSION_CONFIG, addrs.slice(0, 3), ["", "x".repeat(33), ""]))
        .to.be.revertedWithCustomError(sessions, "NameTooLong")
        .withArgs(33, 32);
      await expect(t.createSession(SESSION_CONFIG, addrs.slice(0, 3), ["", "", "a\nb"]))
        .to.be.revertedWithCustomError(sessions, "NameHasControlCharacter")
        .withArgs(1);
      expect(await sessions.sessionCount()).to.equal(0);
      await expect(sessions.session(1)).to.be.revertedWithCustomError(sessions, "UnknownSession").withArgs(1);
      await expect(sessions.join(1, "")).to.be.revertedWithCustomError(sessions, "UnknownSession").withArgs(1);
    });
  });

  describe("first come, first seated", function () {
    it("seats players as they join, with their names and a rooms profile", async function () {
      const { sessions, rooms, teacher, players } = await loadFixture(sessionFixture);
      const created = await (await sessions.connect(teacher).createSession(SESSION_CONFIG, [], [])).wait();
      await expect(sessions.connect(players[0]).join(1, "Ada"))
        .to.emit(sessions, "PlayerSeated")
        .withArgs(1, players[0].address, 1, "Ada", false);
      expect((await rooms.profileOf(players[0].address)).id).to.not.equal(0);
      await expect(sessions.connect(players[0]).join(1, "again"))
        .to.be.revertedWithCustomError(sessions, "AlreadySeated")
        .withArgs(1, players[0].address);
      await expect(sessions.connect(players[1]).join(1, "\u0007"))
        .to.be.revertedWithCustomError(sessions, "NameHasControlCharacter")
        .withArgs(0);
      const s = await sessions.session(1);
      expect([s.playerCount, s.stage, s.createdAt].map(Number)).to.deep.equal([
        1,
        SessionStage.Registration,
        created!.blockNumber,
      ]);
    });

    it("takes at most 3 x rooms players; anyone may start a full session at once", async function () {
      const { sessions, teacher, players } = await loadFixture(sessionFixture);
      await sessions.connect(teacher).createSession({ ...SESSION_CONFIG, rooms: 1 }, [], []);
      for (const p of players.slice(0, 3)) await sessions.connect(p).join(1, "");
      await expect(sessions.connect(players[3]).join(1, ""))
        .to.be.revertedWithCustomError(sessions, "SessionFull")
        .withArgs(1, 3);
      await expect(sessions.connect(players[3]).start(1)).to.emit(sessions, "DrawRequested");
    });

    it("lets the teacher start early, anyone after the join window, and needs three players", async function () {
      const { sessions, teacher, players, joined, id } = await loadFixture(joinedEight);
      const createdAt = Number((await sessions.session(id)).createdAt);
      const openFrom = createdAt + SESSION_CONFIG.joinBlocks;
      await expect(sessions.connect(players[10]).start(id))
        .to.be.revertedWithCustomError(sessions, "JoinWindowOpen")
        .withArgs(id, openFrom);
      await expect(sessions.connect(teacher).start(id))
        .to.emit(sessions, "DrawRequested")
        .withArgs(id, teacher.address, 8, (r: bigint) => r > 0n);
      await expect(sessions.connect(teacher).start(id))
        .to.be.revertedWithCustomError(sessions, "SessionWrongStage")
        .withArgs(id, SessionStage.Drawing);
      await expect(sessions.connect(players[10]).join(id, ""))
        .to.be.revertedWithCustomError(sessions, "SeatingClosed")
        .withArgs(id, SessionStage.Drawing);
      expect(joined.length).to.equal(8);

      // Another session with two players: nobody may start it, not even the teacher.
      await sessions.connect(teacher).createSession(SESSION_CONFIG, [], []);
      for (const p of players.slice(0, 2)) await sessions.connect(p).join(2, "");
      await expect(sessions.connect(teacher).start(2))
        .to.be.revertedWithCustomError(sessions, "TooFewPlayers")
        .withArgs(2, 2);
    });

    it("lets anyone start once the join window has passed (joining stays possible until then)", async function () {
      const { sessions, players, id } = await loadFixture(joinedEight);
      const openFrom = Number((await sessions.session(id)).createdAt) + SESSION_CONFIG.joinBlocks;
      await mine(openFrom - (await ethers.provider.getBlockNumber()) - 2);
      // Block openFrom - 1: a late joiner still gets in; the start one block later is open to all.
      await sessions.connect(players[9]).join(id, "late");
      await expect(sessions.connect(players[9]).start(id))
        .to.emit(sessions, "DrawRequested")
        .withArgs(id, players[9].address, 9, (r: bigint) => r > 0n);
    });

    it("closes a session of fewer than three players after its join window; anyone may", async function () {
      const { sessions, players, id } = await loadFixture(joinedTwo);
      const closableFrom = Number((await sessions.session(id)).createdAt) + SESSION_CONFIG.joinBlocks;
      await expect(sessions.connect(players[5]).closeSession(id))
        .to.be.revertedWithCustomError(sessions, "JoinWindowOpen")
        .withArgs(id, closableFrom);
      await mine(closableFrom - (await ethers.provider.getBlockNumber()) - 1);
      await expect(sessions.connect(players[5]).closeSession(id))
        .to.emit(sessions, "SessionClosed")
        .withArgs(id, players[5].address, 2);
      expect((await sessions.session(id)).stage).to.equal(SessionStage.Closed);
      await expect(sessions.connect(players[6]).join(id, ""))
        .to.be.revertedWithCustomError(sessions, "SeatingClosed")
        .withArgs(id, SessionStage.Closed);
      await expect(sessions.start(id))
        .to.be.revertedWithCustomError(sessions, "SessionWrongStage")
        .withArgs(id, SessionStage.Closed);
      await expect(sessions.closeSession(id))
        .to.be.revertedWithCustomError(sessions, "SessionWrongStage")
        .withArgs(id, SessionStage.Closed);
    });

    it("refuses to close a session that can start", async function () {
      const { sessions, id } = await loadFixture(joinedThree);
      await mine(SESSION_CONFIG.joinBlocks);
      await expect(sessions.closeSession(id))
        .to.be.revertedWithCustomError(sessions, "SessionCanStart")
        .withArgs(id, 3);
    });
  });

  describe("listed in batches (a large class: no transaction passes a block's share)", function () {
    it("lists seats over several transactions, then the teacher's start closes seating and requests the draw", async function () {
      const { sessions, teacher, players } = await loadFixture(sessionFixture);
      const [first, second] = [players.slice(0, 4), players.slice(4, 7)];
      const tx = sessions.connect(teacher).createListedSession(
        SESSION_CONFIG,
        first.map((p) => p.address),
        first.map((_, i) => `Seat ${i + 1}`),
      );
      const block = BigInt((await ethers.provider.getBlockNumber()) + 1);
      await expect(tx)
        .to.emit(sessions, "SessionCreated")
        .withArgs(1, teacher.address, anyValue, anyValue, false, block + BigInt(SESSION_CONFIG.joinBlocks));
      await expect(tx).to.emit(sessions, "PlayerSeated").withArgs(1, first[3].address, 4, "Seat 4", true);
      await expect(tx).not.to.emit(sessions, "DrawRequested");
      expect(Number((await sessions.session(1)).stage)).to.equal(SessionStage.Registration);
      // Players do not join a listed session; only its teacher lists, and only new seats.
      await expect(sessions.connect(players[8]).join(1, ""))
        .to.be.revertedWithCustomError(sessions, "SeatingIsListed")
        .withArgs(1);
      await expect(sessions.connect(players[0]).addSeats(1, [players[8].address], [""]))
        .to.be.revertedWithCustomError(sessions, "NotTeacher")
        .withArgs(1, players[0].address);
      await expect(sessions.connect(teacher).addSeats(1, [first[1].address], [""]))
        .to.be.revertedWithCustomError(sessions, "AlreadySeated")
        .withArgs(1, first[1].address);
      await expect(sessions.connect(teacher).addSeats(1, [], []))
        .to.be.revertedWithCustomError(sessions, "SeatCountOutOfRange")
        .withArgs(4, 5, 12);
      await expect(
        sessions.connect(teacher).addSeats(
          1,
          players.slice(4, 13).map((p) => p.address),
          players.slice(4, 13).map(() => ""),
        ),
      )
        .to.be.revertedWithCustomError(sessions, "SeatCountOutOfRange")
        .withArgs(13, 5, 12);
      await expect(sessions.connect(teacher).addSeats(1, [second[0].address], ["Ada\u202e"]))
        .to.be.revertedWithCustomError(sessions, "NameHasFormatCharacter")
        .withArgs(3);
      const added = sessions.connect(teacher).addSeats(
        1,
        second.map((p) => p.address),
        second.map((_, i) => `Seat ${i + 5}`),
      );
      await expect(added).to.emit(sessions, "PlayerSeated").withArgs(1, second[2].address, 7, "Seat 7", true);
      expect((await sessions.session(1)).playerCount).to.equal(7);
      expect((await sessions.entryOf(1, second[2].address)).index).to.equal(7);
      // The teacher closes seating: the draw, then the rooms as for any session.
      await expect(sessions.connect(players[0]).start(1))
        .to.be.revertedWithCustomError(sessions, "JoinWindowOpen")
        .withArgs(1, block + BigInt(SESSION_CONFIG.joinBlocks));
      await expect(sessions.connect(teacher).start(1)).to.emit(sessions, "DrawRequested");
      await expect(sessions.connect(teacher).addSeats(1, [players[9].address], [""]))
        .to.be.revertedWithCustomError(sessions, "SeatingClosed")
        .withArgs(1, SessionStage.Drawing);
      await createAllRooms(sessions, 1n);
      expect(Number((await sessions.session(1)).stage)).to.equal(SessionStage.Playing);
      expect((await sessions.session(1)).rooms).to.equal(2);
    });

    it("refuses seats added to a first-come session, and bad settings as createSession does", async function () {
      const { sessions, teacher, players } = await loadFixture(joinedEight);
      await expect(sessions.connect(teacher).addSeats(1, [players[10].address], [""]))
        .to.be.revertedWithCustomError(sessions, "SeatingIsFirstCome")
        .withArgs(1);
      await expect(sessions.connect(teacher).createListedSession({ ...SESSION_CONFIG, rooms: 0 }, [], []))
        .to.be.revertedWithCustomError(sessions, "RoomCountOutOfRange")
        .withArgs(0, 100);
      await expect(sessions.connect(teacher).createListedSession({ ...SESSION_CONFIG, joinBlocks: 3 }, [], []))
        .to.be.revertedWithCustomError(sessions, "JoinWindowTooShort")
        .withArgs(3, 20);
      await expect(sessions.connect(teacher).createListedSession(SESSION_CONFIG, [], []))
        .to.be.revertedWithCustomError(sessions, "SeatCountOutOfRange")
        .withArgs(0, 1, 12);
      await expect(sessions.connect(teacher).createListedSession(SESSION_CONFIG, [players[10].address], []))
        .to.be.revertedWithCustomError(sessions, "NamesMismatch")
        .withArgs(1, 0);
      await expect(
        sessions.connect(teacher).createListedSession(SESSION_CONFIG, [ethers.ZeroAddress], [""]),
      ).to.be.revertedWithCustomError(sessions, "ZeroSeat");
      expect(await sessions.sessionCount()).to.equal(1);
    });
  });

  describe("the draw and the rooms", function () {
    it("shuffles the seats into rooms of three (roles by seat), names the leftovers, creates rooms in batches", async function () {
      const { sessions, rooms, source, listed, id } = await loadFixture(listedFixture);
      const request = (await sessions.session(id)).request;
      await expect(sessions.createRooms(id))
        .to.be.revertedWithCustomError(sessions, "DrawNotReady")
        .withArgs(id, request, Pending);
      await mine(1);
      const seed = await source.value(request);
      const order = permutationModel(seed, 0n, 7);
      const satOut = [listed[order[6]].address];
      const grouped = order.slice(0, 6).map((i) => listed[i].address);

      // Two rooms, batches of two: both in the first call, which also draws.
      const tx = await sessions.createRooms(id);
      await expect(tx).to.emit(sessions, "SeatsDrawn").withArgs(id, seed, 2, satOut);
      const firstRoomId = (await rooms.roomCount()) - 1n;
      await expect(tx).to.emit(sessions, "RoomsCreated").withArgs(id, firstRoomId, 0, 2, grouped);
      const block = (await tx.wait())!.blockNumber;
      await expect(tx)
        .to.emit(sessions, "SessionPlaying")
        .withArgs(id, block + DURATION);
      const s = await sessions.session(id);
      expect([s.stage, s.rooms, s.created, s.request].map(Number)).to.deep.equal([SessionStage.Playing, 2, 2, 0]);
      expect(s.seed).to.equal(seed);
      expect(await sessions.roomIds(id, 0, 10)).to.deep.equal([firstRoomId, firstRoomId + 1n]);
      expect((await sessions.batchOf(firstRoomId)).session).to.equal(id);

      for (let k = 0; k < 2; k++) {
        const roomId = firstRoomId + BigInt(k);
        const seated = grouped.slice(3 * k, 3 * k + 3);
        const r = await rooms.roomData(roomId);
        expect(r.phase).to.equal(Phase.Trading);
        expect(r.rules).to.equal(RuleSet.Anarchy);
        expect(r.format).to.equal(s.format);
        expect((await rooms.roomResult(roomId))[1]).to.deep.equal(seated);
        await expect(tx).to.emit(rooms, "RolesAssigned").withArgs(roomId, seated, [0, 1, 2], 0);
        for (let seat = 0; seat < 3; seat++) {
          const v = await sessions.seatOf(id, seated[seat]);
          expect([v.drawn, v.satOut, Number(v.room), v.roomId, Number(v.seat)]).to.deep.equal([
            true,
            false,
            k,
            roomId,
            seat,
          ]);
        }
      }
      const out = await sessions.seatOf(id, satOut[0]);
      expect([out.drawn, out.satOut, out.roomId]).to.deep.equal([true, true, 0n]);
      await expect(sessions.seatOf(id, ethers.ZeroAddress))
        .to.be.revertedWithCustomError(sessions, "NotSeated")
        .withArgs(id, ethers.ZeroAddress);
      await expect(sessions.createRooms(id))
        .to.be.revertedWithCustomError(sessions, "SessionWrongStage")
        .withArgs(id, SessionStage.Playing);
    });

    it("creates rooms batch by batch (anyone may), the last one setting the deadline", async function () {
      const { sessions, rooms, players, teacher, id } = await loadFixture(joinedEight);
      // Four more players: 12 in all (full), 4 rooms, nobody left over, in batches of 2 and 2.
      for (const p of players.slice(8, 12)) await sessions.connect(p).join(id, "");
      await sessions.connect(teacher).start(id);
      const before = await sessions.seatOf(id, players[0].address);
      expect(before.drawn).to.equal(false);
      await mine(1);
      const first = await sessions.connect(players[17]).createRooms(id);
      await expect(first).to.emit(sessions, "SeatsDrawn").withArgs(id, anyValue, 4, anyLength(0));
      await expect(first).to.emit(sessions, "RoomsCreated").withArgs(id, 1, 0, 2, anyLength(6));
      await expect(first).not.to.emit(sessions, "SessionPlaying");
      expect((await sessions.session(id)).stage).to.equal(SessionStage.Creating);
      const second = await sessions.createRooms(id);
      await expect(second).not.to.emit(sessions, "SeatsDrawn");
      await expect(second).to.emit(sessions, "RoomsCreated").withArgs(id, 3, 2, 2, anyLength(6));
      await expect(second).to.emit(sessions, "SessionPlaying");
      expect(await rooms.roomCount()).to.equal(4);
      expect(await sessions.roomIds(id, 1, 2)).to.deep.equal([2n, 3n]);
      expect(await sessions.roomIds(id, 9, 2)).to.deep.equal([]);
      await expect(sessions.rerequestDraw(id))
        .to.be.revertedWithCustomError(sessions, "SessionWrongStage")
        .withArgs(id, SessionStage.Playing);
    });

    it("replaces a stale draw request; anyone may", async function () {
      const { sessions, source, players, teacher, id } = await loadFixture(joinedEight);
      await expect(sessions.rerequestDraw(id))
        .to.be.revertedWithCustomError(sessions, "SessionWrongStage")
        .withArgs(id, SessionStage.Registration);
      const request = await requestIdFrom(source, await sessions.connect(teacher).start(id));
      await expect(sessions.rerequestDraw(id))
        .to.be.revertedWithCustomError(sessions, "RandomnessNotStale")
        .withArgs(request, Pending);
      await mine(260);
      await expect(sessions.createRooms(id))
        .to.be.revertedWithCustomError(sessions, "DrawNotReady")
        .withArgs(id, request, Stale);
      const tx = await sessions.connect(players[12]).rerequestDraw(id);
      const fresh = await requestIdFrom(source, tx);
      await expect(tx).to.emit(sessions, "DrawRerequested").withArgs(id, request, fresh);
      expect((await sessions.session(id)).request).to.equal(fresh);
      await mine(2);
      await expect(sessions.createRooms(id))
        .to.emit(sessions, "SeatsDrawn")
        .withArgs(id, await source.value(fresh), 2, anyLength(2));
    });
  });

  describe("playing and finishing", function () {
    it("records each room's result through the rooms' callback and finishes with the last room", async function () {
      const { sessions, rooms, id } = await loadFixture(listedFixture);
      await createAllRooms(sessions, id);
      const [roomA] = await sessions.roomIds(id, 0, 1);
      const seated = (await rooms.roomResult(roomA))[1];
      const [turkey, coffee] = await Promise.all(seated.slice(0, 2).map((a) => ethers.getSigner(a)));
      // Round 1: turkey offers coffee 2 turkeys for 1 coffee; coffee snatches them.
      const offerTx = await rooms.connect(turkey).offer(roomA, coffee.address, [2, 0, 0], [0, 1, 0]);
      const offerId = await eventArg(rooms, offerTx, "OfferMade", "offerId");
      await rooms.connect(coffee).snatch(roomA, offerId);

      await expect(sessions.closeTimedOutRooms(id, 0)).to.be.revertedWithCustomError(sessions, "ZeroBatch");
      const deadline = (await sessions.session(id)).deadline;
      await expect(sessions.closeTimedOutRooms(id, 5))
        .to.be.revertedWithCustomError(sessions, "SessionNotTimedOut")
        .withArgs(id, deadline);
      await mine(Number(deadline) - (await ethers.provider.getBlockNumber()));
      const tx = await sessions.closeTimedOutRooms(id, 1);
      await expect(tx).to.emit(sessions, "TimedOutRoomsClosed").withArgs(id, 0, 1, 1);
      const [, playersA, pointsA] = await rooms.roomResult(roomA);
      await expect(tx).to.emit(sessions, "RoomRecorded").withArgs(id, roomA, playersA, pointsA, [1, 0, 0, 1, 0, 0, 0]);
      await expect(tx).not.to.emit(sessions, "SessionFinished");
      for (let seat = 0; seat < 3; seat++) {
        const e = await sessions.entryOf(id, playersA[seat]);
        expect([e.recorded, e.points]).to.deep.equal([true, pointsA[seat]]);
      }
      const last = await sessions.closeTimedOutRooms(id, 50);
      await expect(last).to.emit(sessions, "TimedOutRoomsClosed").withArgs(id, 1, 2, 1);
      const all = await sessionRooms(rooms, sessions, id);
      const points = all.flatMap((r) => r.points).reduce((a, b) => a + b, 0);
      expect(all.every((r) => r.finished)).to.equal(true);
      await expect(last).to.emit(sessions, "SessionFinished").withArgs(id, [2, 1, 0, 0, 1, 0, 0, points]);
      const s = await sessions.session(id);
      expect(s.stage).to.equal(SessionStage.Finished);
      expect(Number(s.totals.points)).to.equal(points);
      await expect(sessions.closeTimedOutRooms(id, 5))
        .to.be.revertedWithCustomError(sessions, "SessionWrongStage")
        .withArgs(id, SessionStage.Finished);
    });

    it("records rooms that finished without the callback (factory disallowed) through recordRooms", async function () {
      const { sessions, rooms, owner, id } = await loadFixture(listedFixture);
      await createAllRooms(sessions, id);
      await expect(sessions.recordRooms(id, 0, 0)).to.be.revertedWithCustomError(sessions, "ZeroBatch");
      await expect(sessions.recordRooms(id, 0, 5))
        .to.be.revertedWithCustomError(sessions, "NoRoomToRecord")
        .withArgs(id, 0, 2);
      await rooms.connect(owner).setFactory(await sessions.getAddress(), false);
      await closeAllWithoutCallback(id);
      expect((await sessions.session(id)).stage).to.equal(SessionStage.Playing);
      const ids = await sessions.roomIds(id, 0, 2);
      const tx = await sessions.recordRooms(id, 1, 10);
      await expect(tx).to.emit(sessions, "RoomRecorded").withArgs(id, ids[1], anyValue, anyValue, anyValue);
      await expect(sessions.recordRooms(id, 1, 10))
        .to.be.revertedWithCustomError(sessions, "NoRoomToRecord")
        .withArgs(id, 1, 2);
      await expect(sessions.recordRooms(id, 2n ** 255n, 10))
        .to.be.revertedWithCustomError(sessions, "NoRoomToRecord")
        .withArgs(id, 2n ** 255n, 2n ** 255n);
      await expect(sessions.recordRooms(id, 0, 10)).to.emit(sessions, "SessionFinished");
      await expect(sessions.recordRooms(id, 0, 10))
        .to.be.revertedWithCustomError(sessions, "SessionWrongStage")
        .withArgs(id, SessionStage.Finished);

      async function closeAllWithoutCallback(session: bigint) {
        const deadline = Number((await sessions.session(session)).deadline);
        await mine(deadline - (await ethers.provider.getBlockNumber()) + 1);
        await expect(sessions.closeTimedOutRooms(session, 10)).not.to.emit(sessions, "RoomRecorded");
      }
    });

    it("takes callbacks only from the rooms, for its own batches", async function () {
      const { sessions, rooms, players } = await loadFixture(listedFixture);
      const stats = { offers: 0, accepts: 0, rejects: 0, snatches: 0, shames: 0, reports: 0, refusals: 0 };
      const three = players.slice(0, 3).map((p) => p.address) as [string, string, string];
      await expect(sessions.onRoomFinished(1, 1, three, [1, 2, 3], stats))
        .to.be.revertedWithCustomError(sessions, "NotRooms")
        .withArgs((await ethers.getSigners())[0].address);
      const roomsAddress = await rooms.getAddress();
      await network.provider.send("hardhat_impersonateAccount", [roomsAddress]);
      await network.provider.send("hardhat_setBalance", [roomsAddress, "0x56BC75E2D63100000"]);
      const asRooms = await ethers.getSigner(roomsAddress);
      await expect(sessions.connect(asRooms).onRoomFinished(7, 7, three, [1, 2, 3], stats))
        .to.be.revertedWithCustomError(sessions, "NotSessionBatch")
        .withArgs(7);
      await network.provider.send("hardhat_stopImpersonatingAccount", [roomsAddress]);
    });
  });
});

async function joinedTwo() {
  return joinedFixture(2);
}

async function joinedThree() {
  return joinedFixture(3);
}

/** A matcher for an array of `n` items. */
function anyLength(n: number): (v: unknown[]) => boolean {
  return (v) => v.length === n;
}
