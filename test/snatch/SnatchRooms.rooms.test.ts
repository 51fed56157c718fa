import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { anyValue } from "@nomicfoundation/hardhat-chai-matchers/withArgs";
import { RandomnessStatus } from "../../client/chain";
import { DEFAULT_FILL_BLOCKS, DEFAULT_WINDOWS, Good, NO_SEAT, Phase, Preset, RuleSet } from "../../client/snatch/names";
import { eventArg } from "../../client/snatch/room";
import { baseFixture, factoryRoom, holdings, progress, setFormatCount, setStateField, threeFixture } from "./fixtures";

describe("SnatchRooms: formats, rooms, roles, factories", function () {
  describe("formats", function () {
    it("stores the presets: Snatch or Share (3 players, 5 rounds) and G1..G5 (2 players, 3 rounds)", async function () {
      const { lens, rooms } = await loadFixture(baseFixture);
      expect(await rooms.formatCount()).to.equal(6);
      const [players, rounds, windows] = await lens.formatOf(Preset.SnatchOrShare);
      expect(players).to.equal(3);
      expect(rounds.map(Number)).to.deep.equal([
        RuleSet.Anarchy,
        RuleSet.Anarchy,
        RuleSet.NoReject,
        RuleSet.ShameTokens,
        RuleSet.Judge,
      ]);
      expect(windows.trading).to.equal(DEFAULT_WINDOWS.trading);
      expect(windows.closing).to.equal(DEFAULT_WINDOWS.closing);
      const variants = [RuleSet.G1Plain, RuleSet.G2Forced, RuleSet.G3Shame, RuleSet.G4Report, RuleSet.G5CheapTalk];
      for (let i = 0; i < 5; i++) {
        const [n, r] = await lens.formatOf(Preset.G1 + i);
        expect(n).to.equal(2);
        expect(r.map(Number)).to.deep.equal([variants[i], variants[i], variants[i]]);
      }
    });

    it("stores a custom format and rejects bad ones", async function () {
      const { rooms, lens } = await loadFixture(baseFixture);
      const w = { ...DEFAULT_WINDOWS };
      await expect(rooms.createFormat([RuleSet.Judge, RuleSet.Anarchy], w))
        .to.emit(rooms, "FormatCreated")
        .withArgs(7, 3, [RuleSet.Judge, RuleSet.Anarchy], Object.values(w));
      expect((await lens.formatOf(7))[1].map(Number)).to.deep.equal([RuleSet.Judge, RuleSet.Anarchy]);

      await expect(rooms.createFormat([], w)).to.be.revertedWithCustomError(rooms, "BadRoundCount").withArgs(0);
      await expect(rooms.createFormat(Array(17).fill(RuleSet.G1Plain), w))
        .to.be.revertedWithCustomError(rooms, "BadRoundCount")
        .withArgs(17);
      await expect(rooms.createFormat([RuleSet.Anarchy, RuleSet.G1Plain], w))
        .to.be.revertedWithCustomError(rooms, "RuleSetMismatch")
        .withArgs(2, RuleSet.G1Plain);
      await expect(rooms.createFormat([RuleSet.None], w))
        .to.be.revertedWithCustomError(rooms, "RuleSetMismatch")
        .withArgs(1, RuleSet.None);
      const bad = [
        { rounds: [RuleSet.Anarchy], w: { ...w, trading: 0, closing: 0 } },
        // Every 3-player round needs a closing window of at least 1 block (see SnatchRooms.three.test.ts).
        { rounds: [RuleSet.NoReject], w: { ...w, trading: 10, closing: 0 } },
        { rounds: [RuleSet.Anarchy], w: { ...w, trading: 1, closing: 0 } },
        { rounds: [RuleSet.Anarchy], w: { ...w, trading: 10, closing: 10 } },
        { rounds: [RuleSet.Anarchy], w: { ...w, trading: 70_000, closing: 65_536 } },
        { rounds: [RuleSet.Judge], w: { ...w, judging: 0 } },
        { rounds: [RuleSet.G1Plain], w: { ...w, offer: 0 } },
        { rounds: [RuleSet.G1Plain], w: { ...w, response: 0 } },
        { rounds: [RuleSet.G3Shame], w: { ...w, decision: 0 } },
        { rounds: [RuleSet.G4Report], w: { ...w, decision: 0 } },
        { rounds: [RuleSet.G5CheapTalk], w: { ...w, talk: 0 } },
      ];
      for (const b of bad) {
        await expect(rooms.createFormat(b.rounds, b.w))
          .to.be.revertedWithCustomError(rooms, "InvalidWindows")
          .withArgs(Object.values(b.w));
      }
      // Unused windows do not matter: a 3-player format without a judge round needs no judging window.
      await expect(rooms.createFormat([RuleSet.Anarchy], { ...w, judging: 0, offer: 0 })).to.emit(
        rooms,
        "FormatCreated",
      );
      await expect(rooms.createRoom(99, DEFAULT_FILL_BLOCKS, ""))
        .to.be.revertedWithCustomError(rooms, "UnknownFormat")
        .withArgs(99);
      await expect(rooms.formatData(0)).to.be.revertedWithCustomError(rooms, "UnknownFormat").withArgs(0);
    });

    it("format ids are 32-bit: past 65,535 formats and rooms work; only id 2^32 - 1 is the last", async function () {
      const base = await loadFixture(threeFixture);
      const { rooms, lens, turkey, coffee, corn } = base;
      // 65,535 formats exist (16-bit ids would be exhausted): the next one is 65,536 and rooms use it.
      await setFormatCount(rooms, 65_535n);
      await expect(rooms.createFormat([RuleSet.Judge, RuleSet.Judge], DEFAULT_WINDOWS))
        .to.emit(rooms, "FormatCreated")
        .withArgs(65_536, 3, [RuleSet.Judge, RuleSet.Judge], Object.values(DEFAULT_WINDOWS));
      const roomId = await factoryRoom(base, 65_536, [turkey, coffee, corn]);
      const v = await lens.roomView(roomId);
      expect([v.format, v.roundCount, v.judge].map(Number)).to.deep.equal([65_536, 2, 0]);
      expect((await rooms.roomData(roomId)).format).to.equal(65_536);
      // The judge seat rotates (stored beside the roles now): seat 1 judges round 2.
      for (const p of [turkey, coffee, corn]) await rooms.connect(p).done(roomId);
      expect((await lens.roomView(roomId)).judge).to.equal(1);
      await setFormatCount(rooms, 2n ** 32n - 1n);
      await expect(rooms.createFormat([RuleSet.G1Plain], DEFAULT_WINDOWS))
        .to.be.revertedWithCustomError(rooms, "TooManyFormats")
        .withArgs(2n ** 32n - 1n);
    });
  });

  describe("open rooms and random roles", function () {
    it("creates, fills, requests randomness, and the next call assigns roles and starts round 1", async function () {
      const { rooms, lens, randomness, players } = await loadFixture(baseFixture);
      const [a, b, c] = players;
      const created = rooms.connect(a).createRoom(Preset.SnatchOrShare, DEFAULT_FILL_BLOCKS, "Ada");
      await expect(created).to.emit(rooms, "RoomCreated").withArgs(1, Preset.SnatchOrShare, a.address, false);
      await expect(created).to.emit(rooms, "PlayerJoined").withArgs(1, a.address, 0, "Ada");
      await expect(rooms.connect(b).join(1, "")).to.emit(rooms, "PlayerJoined").withArgs(1, b.address, 1, "");
      const filled = await rooms.connect(c).join(1, "");
      const request = await eventArg(rooms, filled, "RolesRequested", "requestId");
      expect(await rooms.rolesRequest(1)).to.equal(request);
      expect((await progress(rooms, 1n)).phase).to.equal(Phase.AwaitingRoles);
      // Not ready yet: nothing to advance.
      await expect(rooms.advance(1))
        .to.be.revertedWithCustomError(rooms, "NothingToAdvance")
        .withArgs(1, Phase.AwaitingRoles, 0);
      await mine(1);
      expect(await randomness.status(request)).to.equal(RandomnessStatus.Ready);
      const started = rooms.connect(players[5]).advance(1);
      await expect(started).to.emit(rooms, "RolesAssigned");
      await expect(started)
        .to.emit(rooms, "RoundStarted")
        .withArgs(1, 1, RuleSet.Anarchy, NO_SEAT, Phase.Trading, anyValue);
      const v = await lens.roomView(1);
      expect(v.phase).to.equal(Phase.Trading);
      expect(await rooms.rolesRequest(1)).to.equal(0);
      // Each role once, 5 of the own good each.
      expect(v.roles.map(Number).sort()).to.deep.equal([Good.Turkey, Good.Coffee, Good.Corn]);
      const h = await holdings(lens, 1n);
      for (let s = 0; s < 3; s++) {
        const own = Number(v.roles[s]);
        expect(h.free[s]).to.deep.equal([0, 1, 2].map((g) => (g === own ? 5 : 0)));
        expect(h.points[s]).to.equal(5);
      }
    });

    it("a 2-player room gives P1 10 turkeys and P2 10 corn, roles at random", async function () {
      const { rooms, lens, players } = await loadFixture(baseFixture);
      const seenP1 = new Set<number>();
      // Rooms until both outcomes of the coin appeared: block hashes follow the wall clock's timestamps, so no fixed
      // number of rooms is certain to show both; 40 fair tosses all alike has probability 2^-39.
      for (let i = 0; i < 40 && seenP1.size < 2; i++) {
        const roomId = await eventArg(
          rooms,
          await rooms.connect(players[0]).createRoom(Preset.G1, DEFAULT_FILL_BLOCKS, ""),
          "RoomCreated",
          "roomId",
        );
        await rooms.connect(players[1]).join(roomId, "");
        await mine(1);
        await rooms.advance(roomId);
        const v = await lens.roomView(roomId);
        const p1 = Number(v.roles[0]) === Good.Turkey ? 0 : 1;
        seenP1.add(p1);
        expect(v.roles.slice(0, 2).map(Number).sort()).to.deep.equal([Good.Turkey, Good.Corn]);
        expect(v.free[p1].map(Number)).to.deep.equal([10, 0, 0]);
        expect(v.free[1 - p1].map(Number)).to.deep.equal([0, 0, 10]);
        expect(v.phase).to.equal(Phase.Offering);
      }
      expect(seenP1.size).to.equal(2);
    });

    it("any action consumes ready randomness first (the player it favours need not be online)", async function () {
      const { rooms, players } = await loadFixture(baseFixture);
      const [a, b, c] = players;
      await rooms.connect(a).createRoom(Preset.SnatchOrShare, DEFAULT_FILL_BLOCKS, "");
      await rooms.connect(b).join(1, "");
      await rooms.connect(c).join(1, "");
      await mine(1);
      // a's offer lands in round 1 in the same transaction that assigns the roles.
      const tx = rooms.connect(a).offer(1, b.address, [1, 1, 1], [0, 0, 0]);
      await expect(tx).to.emit(rooms, "RolesAssigned");
      await expect(tx).to.emit(rooms, "OfferMade");
    });

    it("rejects joining a full or started room, twice, or an unknown room", async function () {
      const { rooms, players } = await loadFixture(baseFixture);
      const [a, b, c, d] = players;
      await rooms.connect(a).createRoom(Preset.G1, DEFAULT_FILL_BLOCKS, "");
      await expect(rooms.connect(a).join(1, ""))
        .to.be.revertedWithCustomError(rooms, "AlreadyMember")
        .withArgs(1, a.address);
      await rooms.connect(b).join(1, "");
      await expect(rooms.connect(c).join(1, ""))
        .to.be.revertedWithCustomError(rooms, "RoomNotOpen")
        .withArgs(1, Phase.AwaitingRoles);
      await mine(1);
      await rooms.advance(1);
      await expect(rooms.connect(c).join(1, ""))
        .to.be.revertedWithCustomError(rooms, "RoomNotOpen")
        .withArgs(1, Phase.Offering);
      await expect(rooms.connect(d).join(9, "")).to.be.revertedWithCustomError(rooms, "UnknownRoom").withArgs(9);
      await expect(rooms.advance(9)).to.be.revertedWithCustomError(rooms, "UnknownRoom").withArgs(9);
    });

    it("holds no seat forever: players leave, the creator cancels, anyone closes a room that did not fill", async function () {
      const { rooms, lens, players } = await loadFixture(baseFixture);
      const [a, b, c, d, e] = players;
      await expect(rooms.connect(a).createRoom(Preset.SnatchOrShare, 0, ""))
        .to.be.revertedWithCustomError(rooms, "FillWindowOutOfRange")
        .withArgs(0, 100_000);
      await expect(rooms.connect(a).createRoom(Preset.SnatchOrShare, 100_001, ""))
        .to.be.revertedWithCustomError(rooms, "FillWindowOutOfRange")
        .withArgs(100_001, 100_000);
      await rooms.connect(a).createRoom(Preset.SnatchOrShare, 20, "");
      const fillDeadline = (await lens.roomView(1)).deadline;
      await rooms.connect(b).join(1, "");
      await expect(rooms.connect(c).leave(1)).to.be.revertedWithCustomError(rooms, "NotAMember").withArgs(1, c.address);
      await expect(rooms.connect(a).leave(1)).to.be.revertedWithCustomError(rooms, "CreatorCannotLeave").withArgs(1);
      // b leaves: seat 1 is free again and the next player takes it; the room fills only with three players.
      await expect(rooms.connect(b).leave(1)).to.emit(rooms, "PlayerLeft").withArgs(1, b.address, 1);
      await expect(rooms.connect(c).join(1, "")).to.emit(rooms, "PlayerJoined").withArgs(1, c.address, 1, "");
      await expect(rooms.connect(b).join(1, "Ben 2")).to.emit(rooms, "PlayerJoined").withArgs(1, b.address, 2, "Ben 2");
      expect((await progress(rooms, 1n)).phase).to.equal(Phase.AwaitingRoles);
      await expect(rooms.connect(b).leave(1))
        .to.be.revertedWithCustomError(rooms, "RoomNotOpen")
        .withArgs(1, Phase.AwaitingRoles);
      // Room 2: only the creator may cancel within the fill window; anyone may after it.
      await rooms.connect(d).createRoom(Preset.G1, 20, "");
      await expect(rooms.connect(e).cancelRoom(2))
        .to.be.revertedWithCustomError(rooms, "CannotCancelYet")
        .withArgs(2, e.address, (await lens.roomView(2)).deadline);
      await expect(rooms.connect(d).cancelRoom(2)).to.emit(rooms, "RoomCancelled").withArgs(2, d.address, false);
      await expect(rooms.connect(e).join(2, ""))
        .to.be.revertedWithCustomError(rooms, "RoomNotOpen")
        .withArgs(2, Phase.Cancelled);
      await expect(rooms.connect(d).cancelRoom(2))
        .to.be.revertedWithCustomError(rooms, "RoomNotOpen")
        .withArgs(2, Phase.Cancelled);
      // Room 3 does not fill within its 20 blocks: anyone closes it.
      await rooms.connect(d).createRoom(Preset.SnatchOrShare, 20, "");
      await rooms.connect(e).join(3, "");
      const deadline3 = (await lens.roomView(3)).deadline;
      // The next transaction lands in the window's last block: still only the creator.
      await mine(Number(deadline3) - (await ethers.provider.getBlockNumber()) - 1);
      await expect(rooms.connect(a).cancelRoom(3)).to.be.revertedWithCustomError(rooms, "CannotCancelYet");
      await mine(1);
      await expect(rooms.connect(a).cancelRoom(3)).to.emit(rooms, "RoomCancelled").withArgs(3, a.address, true);
      const v = await lens.roomView(3);
      expect(v.phase).to.equal(Phase.Cancelled);
      expect((await rooms.roomResult(3)).finished).to.equal(false);
      await expect(rooms.advance(3)).to.be.revertedWithCustomError(rooms, "NothingToAdvance");
      expect(fillDeadline).to.be.greaterThan(0n);
    });

    it("a seat's name is checked (DisplayName) and emitted: a bad one takes no seat and creates no room", async function () {
      const { rooms, players } = await loadFixture(baseFixture);
      const [a, b] = players;
      await expect(rooms.connect(a).createRoom(Preset.G1, DEFAULT_FILL_BLOCKS, "x".repeat(33)))
        .to.be.revertedWithCustomError(rooms, "NameTooLong")
        .withArgs(33, 32);
      await expect(rooms.connect(a).createRoom(Preset.G1, DEFAULT_FILL_BLOCKS, "tab\there"))
        .to.be.revertedWithCustomError(rooms, "NameHasControlCharacter")
        .withArgs(3);
      expect(await rooms.roomCount()).to.equal(0);
      await expect(rooms.connect(a).createRoom(Preset.G1, DEFAULT_FILL_BLOCKS, "李小龍"))
        .to.emit(rooms, "PlayerJoined")
        .withArgs(1, a.address, 0, "李小龍");
      await expect(rooms.connect(b).join(1, "b".repeat(33)))
        .to.be.revertedWithCustomError(rooms, "NameTooLong")
        .withArgs(33, 32);
      await expect(rooms.connect(b).join(1, "\x7f"))
        .to.be.revertedWithCustomError(rooms, "NameHasControlCharacter")
        .withArgs(0);
      // Bytes that are not UTF-8 (a surrogate, ED A0 80), which a JavaScript string cannot carry: hand-encoded.
      const data = rooms.interface.encodeFunctionData("join", [1, "xxx"]).replace(/787878(0+)$/, "eda080$1");
      await expect(b.sendTransaction({ to: await rooms.getAddress(), data }))
        .to.be.revertedWithCustomError(rooms, "NameNotUtf8")
        .withArgs(0);
      expect((await rooms.roomData(1)).player1).to.equal(0);
      await expect(rooms.connect(b).join(1, "Bo")).to.emit(rooms, "PlayerJoined").withArgs(1, b.address, 1, "Bo");
    });

    it("replaces a stale roles request, only when stale, only while waiting for roles", async function () {
      const { rooms, randomness, players } = await loadFixture(baseFixture);
      const [a, b] = players;
      await rooms.connect(a).createRoom(Preset.G1, DEFAULT_FILL_BLOCKS, "");
      await expect(rooms.rerequestRoles(1)).to.be.revertedWithCustomError(rooms, "WrongPhase").withArgs(1, Phase.Open);
      const request = await eventArg(rooms, await rooms.connect(b).join(1, ""), "RolesRequested", "requestId");
      await mine(1);
      await expect(rooms.rerequestRoles(1))
        .to.be.revertedWithCustomError(rooms, "RandomnessNotStale")
        .withArgs(request, RandomnessStatus.Ready);
      await mine(300);
      expect(await randomness.status(request)).to.equal(RandomnessStatus.Stale);
      await expect(rooms.advance(1)).to.be.revertedWithCustomError(rooms, "NothingToAdvance");
      const tx = await rooms.connect(players[7]).rerequestRoles(1);
      const fresh = await eventArg(rooms, tx, "RolesRerequested", "newRequest");
      await expect(tx).to.emit(rooms, "RolesRerequested").withArgs(1, request, fresh);
      await mine(1);
      await expect(rooms.advance(1)).to.emit(rooms, "RolesAssigned");
    });

    it("profiles: registered once, by anyone, never for the zero address", async function () {
      const { rooms, players } = await loadFixture(baseFixture);
      await expect(rooms.registerPlayer(players[3].address))
        .to.emit(rooms, "ProfileCreated")
        .withArgs(players[3].address, 1);
      await expect(rooms.registerPlayer(players[3].address)).to.not.emit(rooms, "ProfileCreated");
      expect((await rooms.profileOf(players[3].address)).id).to.equal(1);
      expect(await rooms.playerById(1)).to.equal(players[3].address);
      expect(await rooms.profileCount()).to.equal(1);
      await expect(rooms.registerPlayer(ethers.ZeroAddress))
        .to.be.revertedWithCustomError(rooms, "InvalidPlayer")
        .withArgs(ethers.ZeroAddress);
    });
  });

  describe("factories", function () {
    it("only the owner allows factories; only allowed factories create rooms", async function () {
      const { rooms, players, factory } = await loadFixture(baseFixture);
      await expect(rooms.connect(players[0]).setFactory(players[0].address, true))
        .to.be.revertedWithCustomError(rooms, "OwnableUnauthorizedAccount")
        .withArgs(players[0].address);
      await expect(rooms.connect(players[0]).createRooms(Preset.G1, [players[1].address, players[2].address]))
        .to.be.revertedWithCustomError(rooms, "NotFactory")
        .withArgs(players[0].address);
      expect(await rooms.isFactory(await factory.getAddress())).to.equal(true);
      expect(await rooms.factories(0)).to.equal(await factory.getAddress());
      expect(await rooms.factories(1)).to.equal(ethers.ZeroAddress); // past the list
      expect(await rooms.isFactory(players[0].address)).to.equal(false);
    });

    it("keeps a factory's index when it is disallowed and allowed again; never allowed, it gets none", async function () {
      const { rooms, owner, players, factory } = await loadFixture(baseFixture);
      const address = await factory.getAddress();
      await expect(rooms.connect(owner).setFactory(address, false))
        .to.emit(rooms, "FactorySet")
        .withArgs(address, 1, false);
      expect(await rooms.isFactory(address)).to.equal(false);
      await expect(rooms.connect(players[0]).createRooms(Preset.G1, [players[1].address, players[2].address]))
        .to.be.revertedWithCustomError(rooms, "NotFactory")
        .withArgs(players[0].address);
      await expect(rooms.connect(owner).setFactory(address, true))
        .to.emit(rooms, "FactorySet")
        .withArgs(address, 1, true);
      await expect(rooms.connect(owner).setFactory(players[3].address, false))
        .to.emit(rooms, "FactorySet")
        .withArgs(players[3].address, 0, false);
      expect(await rooms.factories(1)).to.equal(ethers.ZeroAddress);
      await expect(rooms.connect(owner).setFactory(players[3].address, true))
        .to.emit(rooms, "FactorySet")
        .withArgs(players[3].address, 2, true);
      expect(await rooms.factories(1)).to.equal(players[3].address);
      expect(await rooms.isFactory(players[3].address)).to.equal(true);
    });

    it("creates started rooms in batches with players and roles given", async function () {
      const base = await loadFixture(baseFixture);
      const { rooms, lens, players, factory } = base;
      const list = players.slice(0, 6).map((p) => p.address);
      const tx = factory.create(Preset.G2, list);
      await expect(tx)
        .to.emit(rooms, "RoomCreated")
        .withArgs(1, Preset.G2, await factory.getAddress(), true);
      await expect(tx)
        .to.emit(rooms, "RoomCreated")
        .withArgs(3, Preset.G2, await factory.getAddress(), true);
      expect(await rooms.roomCount()).to.equal(3);
      for (let i = 0; i < 3; i++) {
        const v = await lens.roomView(i + 1);
        expect(v.players.slice(0, 2)).to.deep.equal([list[2 * i], list[2 * i + 1]]);
        expect(v.roles.slice(0, 2).map(Number)).to.deep.equal([Good.Turkey, Good.Corn]);
        expect(v.phase).to.equal(Phase.Offering);
        expect(v.forced).to.equal(true);
        expect(v.observer).to.equal(await factory.getAddress());
        // Its position in the batch: the callback names the batch by its first room (roomId - batchIndex).
        expect((await rooms.roomData(i + 1)).batchIndex).to.equal(i);
      }
      const three = await factoryRoom(base, Preset.SnatchOrShare, players.slice(0, 3));
      const v3 = await lens.roomView(three);
      expect(v3.roles.map(Number)).to.deep.equal([Good.Turkey, Good.Coffee, Good.Corn]);
      expect(v3.phase).to.equal(Phase.Trading);
    });

    it("rejects bad player lists", async function () {
      const { rooms, players, factory } = await loadFixture(baseFixture);
      const [a, b, c] = players.map((p) => p.address);
      await expect(factory.create(Preset.G1, [])).to.be.revertedWithCustomError(rooms, "BadPlayerList").withArgs(0, 2);
      await expect(factory.create(Preset.G1, [a, b, c]))
        .to.be.revertedWithCustomError(rooms, "BadPlayerList")
        .withArgs(3, 2);
      await expect(factory.create(Preset.G1, [a, a]))
        .to.be.revertedWithCustomError(rooms, "InvalidPlayer")
        .withArgs(a);
      await expect(factory.create(Preset.SnatchOrShare, [a, b, a]))
        .to.be.revertedWithCustomError(rooms, "InvalidPlayer")
        .withArgs(a);
      await expect(factory.create(Preset.G1, [a, ethers.ZeroAddress]))
        .to.be.revertedWithCustomError(rooms, "InvalidPlayer")
        .withArgs(ethers.ZeroAddress);
      await expect(factory.create(42, [a, b]))
        .to.be.revertedWithCustomError(rooms, "UnknownFormat")
        .withArgs(42);
    });

    it("creates rooms from player ids: the rooms an address list makes, no profile created; refuses unknown ids", async function () {
      const { rooms, lens, players, factory } = await loadFixture(baseFixture);
      const [a, b, c, d] = players.map((p) => p.address);
      for (const p of [a, b, c, d]) await rooms.registerPlayer(p); // ids 1..4
      await expect(rooms.connect(players[0]).createRoomsOfIds(Preset.G1, [1, 2]))
        .to.be.revertedWithCustomError(rooms, "NotFactory")
        .withArgs(a);
      const tx = factory.createOfIds(Preset.G2, [1, 2, 4, 3]);
      await expect(tx)
        .to.emit(rooms, "RoomCreated")
        .withArgs(2, Preset.G2, await factory.getAddress(), true);
      await expect(tx).to.not.emit(rooms, "ProfileCreated");
      expect(await rooms.roomCount()).to.equal(2);
      for (const [i, seated] of [
        [a, b],
        [d, c],
      ].entries()) {
        const v = await lens.roomView(i + 1);
        expect(v.players.slice(0, 2)).to.deep.equal(seated);
        expect(v.roles.slice(0, 2).map(Number)).to.deep.equal([Good.Turkey, Good.Corn]);
        expect(v.phase).to.equal(Phase.Offering);
        expect(v.observer).to.equal(await factory.getAddress());
        expect((await rooms.roomData(i + 1)).batchIndex).to.equal(i);
      }
      await factory.createOfIds(Preset.SnatchOrShare, [3, 1, 2]);
      const v3 = await lens.roomView(3);
      expect(v3.players).to.deep.equal([c, a, b]);
      expect(v3.roles.map(Number)).to.deep.equal([Good.Turkey, Good.Coffee, Good.Corn]);
      expect(v3.phase).to.equal(Phase.Trading);
      expect(await rooms.profileCount()).to.equal(4);

      await expect(factory.createOfIds(Preset.G1, []))
        .to.be.revertedWithCustomError(rooms, "BadPlayerList")
        .withArgs(0, 2);
      await expect(factory.createOfIds(Preset.G1, [1, 2, 3]))
        .to.be.revertedWithCustomError(rooms, "BadPlayerList")
        .withArgs(3, 2);
      await expect(factory.createOfIds(Preset.G1, [1, 1]))
        .to.be.revertedWithCustomError(rooms, "InvalidPlayer")
        .withArgs(a);
      await expect(factory.createOfIds(Preset.SnatchOrShare, [1, 2, 1]))
        .to.be.revertedWithCustomError(rooms, "InvalidPlayer")
        .withArgs(a);
      await expect(factory.createOfIds(Preset.G1, [0, 1]))
        .to.be.revertedWithCustomError(rooms, "UnknownPlayerId")
        .withArgs(0);
      await expect(factory.createOfIds(Preset.G1, [1, 5]))
        .to.be.revertedWithCustomError(rooms, "UnknownPlayerId")
        .withArgs(5);
      await expect(factory.createOfIds(42, [1, 2]))
        .to.be.revertedWithCustomError(rooms, "UnknownFormat")
        .withArgs(42);
      expect(await rooms.roomCount()).to.equal(3);
    });

    it("calls the factory when its room finishes; a failing factory blocks it until disallowed", async function () {
      const base = await loadFixture(baseFixture);
      const { rooms, players, factory, owner } = base;
      const [p1, p2] = players;
      const roomId = await factoryRoom(base, Preset.G1, [p1, p2]);
      // Rounds 1 and 2: P1 passes. Round 3: an accepted trade ends the room.
      await rooms.connect(p1).pass(roomId);
      await rooms.connect(p1).pass(roomId);
      const offerId = await eventArg(
        rooms,
        await rooms.connect(p1).offer(roomId, p2.address, [4, 0, 0], [0, 0, 3]),
        "OfferMade",
        "offerId",
      );
      await factory.setFailing(true);
      await expect(rooms.connect(p2).accept(roomId, offerId)).to.be.revertedWithCustomError(factory, "ObserverFailing");
      await rooms.connect(owner).setFactory(await factory.getAddress(), false);
      await expect(rooms.connect(p2).accept(roomId, offerId))
        .to.emit(rooms, "RoomFinished")
        .withArgs(roomId, [6 + 6, 7 + 8, 0])
        .and.not.to.emit(factory, "Finished");

      // Allowed again: the next room's finish is reported to it.
      await rooms.connect(owner).setFactory(await factory.getAddress(), true);
      await factory.setFailing(false);
      const next = await factoryRoom(base, Preset.G1, [p1, p2]);
      await rooms.connect(p1).pass(next);
      await rooms.connect(p1).pass(next);
      // The callback names the room's batch (its own first room here) and carries the room's counters.
      await expect(rooms.connect(p1).pass(next))
        .to.emit(factory, "Finished")
        .withArgs(next, next, [p1.address, p2.address, ethers.ZeroAddress], [10, 10, 0], [0, 0, 0, 0, 0, 0, 0]);
      expect(await factory.finishedCount()).to.equal(1);
      const [finished, seated, points] = await rooms.roomResult(next);
      expect(finished).to.equal(true);
      expect(seated.slice(0, 2)).to.deep.equal([p1.address, p2.address]);
      expect(points.map(Number)).to.deep.equal([10, 10, 0]);
    });

    it("does not call an allowed factory that has no code (an operator's account)", async function () {
      const { rooms, players, owner } = await loadFixture(baseFixture);
      const [p1, p2] = players;
      await rooms.setFactory(owner.address, true);
      const roomId = await eventArg(
        rooms,
        await rooms.createRooms(Preset.G1, [p1.address, p2.address]),
        "RoomCreated",
        "roomId",
      );
      await rooms.connect(p1).pass(roomId);
      await rooms.connect(p1).pass(roomId);
      await expect(rooms.connect(p1).pass(roomId)).to.emit(rooms, "RoomFinished");
    });

    it("refuses a 256th factory", async function () {
      const { rooms } = await loadFixture(baseFixture);
      // Pretend 255 factories were allowed by writing their count (place from the compiler's storage layout).
      await setStateField(rooms, "factoryCount", 8, 255n);
      await expect(rooms.setFactory(ethers.Wallet.createRandom().address, true)).to.be.revertedWithCustomError(
        rooms,
        "TooManyFactories",
      );
    });
  });

  describe("advancing", function () {
    it("advance closes everything that expired; advanceMany skips rooms with nothing due", async function () {
      const base = await loadFixture(threeFixture);
      const { rooms, roomId, turkey, coffee } = base;
      const other = await factoryRoom(base, Preset.G1, [turkey, coffee]);
      await expect(rooms.advance(roomId))
        .to.be.revertedWithCustomError(rooms, "NothingToAdvance")
        .withArgs(roomId, Phase.Trading, (await progress(rooms, roomId)).deadline);
      expect(await rooms.advanceMany.staticCall([roomId, other])).to.equal(0);
      // Past every deadline of the 2-player room (3 offer windows of 20 blocks): one call finishes it.
      await mine(61);
      expect(await rooms.advanceMany.staticCall([roomId, other])).to.equal(1);
      await expect(rooms.advanceMany([roomId, other]))
        .to.emit(rooms, "RoomFinished")
        .withArgs(other, [10, 10, 0]);
      // The 3-player room: 5 rounds of 120 blocks; round 1 started 2 blocks before the 2-player room.
      await mine(600);
      await expect(rooms.advance(roomId)).to.emit(rooms, "RoomFinished").withArgs(roomId, [5, 5, 5]);
      await expect(rooms.advance(roomId))
        .to.be.revertedWithCustomError(rooms, "NothingToAdvance")
        .withArgs(roomId, Phase.Finished, (await progress(rooms, roomId)).deadline);
    });
  });
});

/** The storage slot of a field of SnatchRooms' state struct, from the compiler's storage layout. */
