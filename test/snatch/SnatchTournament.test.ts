import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { requestIdFrom } from "../../scripts/lib/common";
import { eventArg } from "../../client/snatch/room";
import { DEFAULT_FILL_BLOCKS, Phase, Preset, RuleSet } from "../../client/snatch/names";
import { setFormatCount } from "./fixtures";
import { permutationModel } from "../helpers/random";
import { rank, Role, Stage } from "../../client/snatch/tournament";
import {
  CONFIG,
  checkTournament,
  closeByDeadline,
  playingFixture,
  registeredFixture,
  startAndPair,
  tournamentFixture,
} from "./tournament-helpers";

const Pending = 1;
const Stale = 3;

describe("SnatchTournament", function () {
  describe("creating", function () {
    it("stores the config and creates the five formats G1..G5 (3 rounds each, the given windows)", async function () {
      const { tournament, rooms, lens, organiser, id } = await loadFixture(tournamentFixture);
      const t = await tournament.tournament(id);
      expect(t.organiser).to.equal(organiser.address);
      expect(t.cap).to.equal(CONFIG.cap);
      expect(t.stage).to.equal(Stage.Registration);
      expect(t.phase).to.equal(0);
      expect([t.talk, t.offer, t.response, t.decision].map(Number)).to.deep.equal([4, 5, 6, 7]);
      for (let phase = 1; phase <= 5; phase++) {
        const [players, rounds, windows] = await lens.formatOf(await tournament.formatOf(id, phase));
        expect(players).to.equal(2);
        expect(rounds.map(Number)).to.deep.equal(Array(3).fill(RuleSet.G1Plain + phase - 1));
        expect([windows.talk, windows.offer, windows.response, windows.decision].map(Number)).to.deep.equal([
          4, 5, 6, 7,
        ]);
      }
      // Another tournament with the same windows shares the formats; other windows get their own.
      const formats = await Promise.all([1, 2, 3, 4, 5].map((phase) => tournament.formatOf(id, phase)));
      const again = tournament.connect(organiser).createTournament({ ...CONFIG, cap: 5 });
      await expect(again)
        .to.emit(tournament, "TournamentCreated")
        .withArgs(2, organiser.address, Object.values({ ...CONFIG, cap: 5 }), formats);
      await expect(again).not.to.emit(rooms, "FormatCreated");
      await tournament.connect(organiser).createTournament({ ...CONFIG, talk: 9 });
      const other = await tournament.formatOf(3, 5);
      expect(other).to.equal(formats[4] + 5n);
      expect((await lens.formatOf(other))[2].talk).to.equal(9);
    });

    it("creates tournaments with new windows after 65,535 formats exist (format ids are 32-bit)", async function () {
      const { tournament, rooms, organiser, players } = await loadFixture(tournamentFixture);
      // Anyone may create formats: 16-bit ids ran out after ~3 * 10^9 gas, and then no new windows were possible.
      await setFormatCount(rooms, 65_535n);
      await expect(tournament.connect(organiser).createTournament({ ...CONFIG, offer: 77 }))
        .to.emit(tournament, "TournamentCreated")
        .withArgs(
          2,
          organiser.address,
          Object.values({ ...CONFIG, offer: 77 }),
          [65_536, 65_537, 65_538, 65_539, 65_540],
        );
      expect(await tournament.formatOf(2, 5)).to.equal(65_540);
      for (const p of players.slice(0, 2)) await tournament.connect(p).register(2, "");
      await startAndPair(tournament, 2n, 1, organiser);
      const [roomId] = await tournament.roomAt(2, 1, 0);
      expect((await rooms.roomData(roomId)).format).to.equal(65_536);
      expect((await tournament.phaseView(2, 1)).format).to.equal(65_536);
    });

    it("rejects a cap or a batch size out of range, and windows the rooms refuse", async function () {
      const { tournament, rooms } = await loadFixture(tournamentFixture);
      await expect(tournament.createTournament({ ...CONFIG, cap: 1 }))
        .to.be.revertedWithCustomError(tournament, "CapOutOfRange")
        .withArgs(1, 2000);
      await expect(tournament.createTournament({ ...CONFIG, cap: 2001 }))
        .to.be.revertedWithCustomError(tournament, "CapOutOfRange")
        .withArgs(2001, 2000);
      await expect(tournament.createTournament({ ...CONFIG, roomsPerBatch: 0 }))
        .to.be.revertedWithCustomError(tournament, "BatchSizeOutOfRange")
        .withArgs(0, 150);
      await expect(tournament.createTournament({ ...CONFIG, roomsPerBatch: 151 }))
        .to.be.revertedWithCustomError(tournament, "BatchSizeOutOfRange")
        .withArgs(151, 150);
      await expect(tournament.createTournament({ ...CONFIG, offer: 0 })).to.be.revertedWithCustomError(
        rooms,
        "InvalidWindows",
      );
      // A registration period of 0 would let anyone close the tournament the moment it is created (issue 22, item 7),
      // or its second registrant start phase 1 before anyone else could register: at least 20 blocks.
      for (const blocks of [0, 19]) {
        await expect(tournament.createTournament({ ...CONFIG, registrationBlocks: blocks }))
          .to.be.revertedWithCustomError(tournament, "RegistrationTooShort")
          .withArgs(blocks, 20);
      }
      // Periods and windows are bounded (100,000 blocks), so a tournament never waits for ever on its organiser.
      await expect(tournament.createTournament({ ...CONFIG, registrationBlocks: 100_001 }))
        .to.be.revertedWithCustomError(tournament, "RegistrationTooLong")
        .withArgs(100_001, 100_000);
      await expect(tournament.createTournament({ ...CONFIG, grace: 2 ** 32 - 1 }))
        .to.be.revertedWithCustomError(tournament, "GraceTooLong")
        .withArgs(2 ** 32 - 1, 100_000);
      for (const w of ["talk", "offer", "response", "decision"] as const) {
        await expect(tournament.createTournament({ ...CONFIG, [w]: 100_001 }))
          .to.be.revertedWithCustomError(tournament, "WindowTooLong")
          .withArgs(100_001, 100_000);
      }
      expect(await tournament.tournamentCount()).to.equal(1);
      // The shortest window holds: nobody closes a tournament at its creation, only once 20 blocks passed.
      await tournament.createTournament({ ...CONFIG, registrationBlocks: 20 });
      const created = (await tournament.tournament(2)).createdAt;
      await expect(tournament.closeTournament(2))
        .to.be.revertedWithCustomError(tournament, "RegistrationStillOpen")
        .withArgs(2, created + 20n);
      await mine(Number(created) + 19 - (await ethers.provider.getBlockNumber()));
      await expect(tournament.closeTournament(2)).to.emit(tournament, "TournamentClosed");
    });

    it("with the longest periods, a vanished organiser delays the tournament by at most 100,000 blocks a step", async function () {
      const { tournament, organiser, players } = await loadFixture(tournamentFixture);
      const longest = { ...CONFIG, registrationBlocks: 100_000, grace: 100_000 };
      await tournament.connect(organiser).createTournament(longest);
      const [a, b] = players;
      for (const p of [a, b]) await tournament.connect(p).register(2, "");
      const openFrom = Number((await tournament.tournament(2)).createdAt) + 100_000;
      await mine(openFrom - (await ethers.provider.getBlockNumber()) - 2);
      await expect(tournament.connect(a).startPhase(2, 1))
        .to.be.revertedWithCustomError(tournament, "StartReservedToOrganiser")
        .withArgs(2, 1, openFrom);
      await startAndPair(tournament, 2n, 1, a); // the organiser never comes back
      await closeByDeadline(tournament, 2n);
      const endedAt = Number((await tournament.phaseView(2, 1)).endedAt);
      await mine(endedAt + 100_000 - (await ethers.provider.getBlockNumber()) - 1);
      await expect(tournament.connect(b).startPhase(2, 2)).to.emit(tournament, "PhaseStarted");
    });

    it("hands the tournament over: only its organiser, never to the zero address", async function () {
      const { tournament, organiser, players, id } = await loadFixture(tournamentFixture);
      const [a, b] = players;
      await expect(tournament.connect(a).setOrganiser(id, a.address))
        .to.be.revertedWithCustomError(tournament, "NotOrganiser")
        .withArgs(id, a.address);
      await expect(tournament.connect(organiser).setOrganiser(id, ethers.ZeroAddress)).to.be.revertedWithCustomError(
        tournament,
        "ZeroOrganiser",
      );
      await expect(tournament.connect(organiser).setOrganiser(id, a.address))
        .to.emit(tournament, "OrganiserChanged")
        .withArgs(id, organiser.address, a.address);
      await tournament.connect(a).register(id, "");
      await tournament.connect(b).register(id, "");
      // The former organiser lost the early start; the new one has it.
      await expect(tournament.connect(organiser).startPhase(id, 1)).to.be.revertedWithCustomError(
        tournament,
        "StartReservedToOrganiser",
      );
      await expect(tournament.connect(a).startPhase(id, 1)).to.emit(tournament, "PhaseStarted");
    });

    it("knows no tournament 0 or past the count", async function () {
      const { tournament } = await loadFixture(tournamentFixture);
      // Thunks, sent one at a time: an array of sent calls would leave later rejections unhandled meanwhile.
      for (const call of [
        () => tournament.register(9, ""),
        () => tournament.startPhase(9, 1),
        () => tournament.createPhaseRooms(0),
      ]) {
        await expect(call()).to.be.revertedWithCustomError(tournament, "UnknownTournament");
      }
      await expect(tournament.tournament(9)).to.be.revertedWithCustomError(tournament, "UnknownTournament").withArgs(9);
      await expect(tournament.leaderboard(9, 0, 10)).to.be.revertedWithCustomError(tournament, "UnknownTournament");
    });
  });

  describe("registration", function () {
    it("registers players in order and creates their rooms profiles", async function () {
      const { tournament, rooms, players, id } = await loadFixture(tournamentFixture);
      const [a, b] = players;
      await expect(tournament.connect(a).register(id, "Ada"))
        .to.emit(tournament, "PlayerRegistered")
        .withArgs(id, a.address, 1, "Ada");
      await expect(tournament.connect(b).register(id, ""))
        .to.emit(tournament, "PlayerRegistered")
        .withArgs(id, b.address, 2, "");
      expect((await tournament.entryOf(id, b.address)).index).to.equal(2);
      expect((await tournament.entryOf(id, players[2].address)).index).to.equal(0);
      expect(await tournament.playerAt(id, 0)).to.equal(a.address);
      expect((await tournament.tournament(id)).playerCount).to.equal(2);
      expect((await rooms.profileOf(a.address)).id).to.not.equal(0);
    });

    it("stores each player's display name with its registration: nameOf and the leaderboard's rows", async function () {
      const { tournament, players, id } = await loadFixture(tournamentFixture);
      const [a, b, c] = players;
      const longest = "é".repeat(15) + "ok"; // 32 bytes
      await tournament.connect(a).register(id, "Zoë 😀");
      await tournament.connect(b).register(id, "");
      await tournament.connect(c).register(id, longest);
      expect(await tournament.nameOf(id, a.address)).to.equal("Zoë 😀");
      expect(await tournament.nameOf(id, b.address)).to.equal("");
      expect(await tournament.nameOf(id, c.address)).to.equal(longest);
      expect(await tournament.nameOf(id, players[3].address)).to.equal(""); // not registered
      const rows = await tournament.leaderboard(id, 0, 10);
      expect(rows.map((r) => [r.player, r.name])).to.deep.equal([
        [a.address, "Zoë 😀"],
        [b.address, ""],
        [c.address, longest],
      ]);
      expect(rank(rows).map((r) => r.name)).to.deep.equal(["Zoë 😀", "", longest]);
      await expect(tournament.nameOf(9, a.address)).to.be.revertedWithCustomError(tournament, "UnknownTournament");
    });

    it("refuses a name that is too long, has a control or format character or is not text, and registers nobody", async function () {
      const { tournament, players, id } = await loadFixture(tournamentFixture);
      const [a] = players;
      const refused: [string, string, unknown[]][] = [
        ["a".repeat(33), "NameTooLong", [33, 32]],
        ["Ada\nLovelace", "NameHasControlCharacter", [3]],
        ["\u0085", "NameHasControlCharacter", [0]],
        ["Ada\u200b", "NameHasFormatCharacter", [3]],
        ["\u202eAda", "NameHasFormatCharacter", [0]],
      ];
      for (const [name, error, args] of refused) {
        await expect(tournament.connect(a).register(id, name))
          .to.be.revertedWithCustomError(tournament, error)
          .withArgs(...args);
      }
      // Raw bytes that are not UTF-8 (a JavaScript string cannot carry them): the same call, hand-encoded.
      const data = tournament.interface.encodeFunctionData("register", [id, "xx"]).replace(/7878(0+)$/, "c0af$1");
      await expect(a.sendTransaction({ to: await tournament.getAddress(), data }))
        .to.be.revertedWithCustomError(tournament, "NameNotUtf8")
        .withArgs(0);
      expect((await tournament.entryOf(id, a.address)).index).to.equal(0);
      expect((await tournament.tournament(id)).playerCount).to.equal(0);
      await tournament.connect(a).register(id, "Ada Lovelace");
      expect(await tournament.nameOf(id, a.address)).to.equal("Ada Lovelace");
    });

    it("refuses a player twice, past the cap, and once phase 1 started", async function () {
      const { tournament, organiser, players, id } = await loadFixture(tournamentFixture);
      const [a, b, c, d] = players;
      await tournament.connect(a).register(id, "");
      await expect(tournament.connect(a).register(id, ""))
        .to.be.revertedWithCustomError(tournament, "AlreadyRegistered")
        .withArgs(id, a.address);
      await tournament.connect(organiser).createTournament({ ...CONFIG, cap: 2 });
      await tournament.connect(a).register(2, "");
      await tournament.connect(b).register(2, "");
      await expect(tournament.connect(c).register(2, ""))
        .to.be.revertedWithCustomError(tournament, "TournamentFull")
        .withArgs(2, 2);
      await tournament.connect(b).register(id, "");
      await tournament.connect(organiser).startPhase(id, 1);
      await expect(tournament.connect(d).register(id, ""))
        .to.be.revertedWithCustomError(tournament, "RegistrationClosed")
        .withArgs(id, Stage.Pairing);
    });
  });

  describe("starting phases", function () {
    it("needs 2 players and a phase 1..5 in order", async function () {
      const { tournament, organiser, players, id } = await loadFixture(tournamentFixture);
      await tournament.connect(players[0]).register(id, "");
      await expect(tournament.connect(organiser).startPhase(id, 1))
        .to.be.revertedWithCustomError(tournament, "NotEnoughPlayers")
        .withArgs(id, 1);
      await tournament.connect(players[1]).register(id, "");
      for (const phase of [0, 6]) {
        await expect(tournament.connect(organiser).startPhase(id, phase))
          .to.be.revertedWithCustomError(tournament, "UnknownPhase")
          .withArgs(phase);
      }
      await expect(tournament.connect(organiser).startPhase(id, 2))
        .to.be.revertedWithCustomError(tournament, "PhaseOutOfOrder")
        .withArgs(id, 2, 1);
    });

    it("a tournament that never reaches two players is closed by anyone after its registration window", async function () {
      const { tournament, organiser, players, id } = await loadFixture(tournamentFixture);
      await tournament.connect(players[0]).register(id, "");
      const closableFrom = (await tournament.tournament(id)).createdAt + BigInt(CONFIG.registrationBlocks);
      await expect(tournament.connect(players[5]).closeTournament(id))
        .to.be.revertedWithCustomError(tournament, "RegistrationStillOpen")
        .withArgs(id, closableFrom);
      await mine(Number(closableFrom) - (await ethers.provider.getBlockNumber()) - 1);
      await expect(tournament.connect(players[5]).closeTournament(id))
        .to.emit(tournament, "TournamentClosed")
        .withArgs(id, players[5].address, 1);
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Closed);
      await expect(tournament.connect(players[1]).register(id, ""))
        .to.be.revertedWithCustomError(tournament, "RegistrationClosed")
        .withArgs(id, Stage.Closed);
      await expect(tournament.connect(organiser).startPhase(id, 1))
        .to.be.revertedWithCustomError(tournament, "WrongStage")
        .withArgs(id, Stage.Closed);
      await expect(tournament.closeTournament(id))
        .to.be.revertedWithCustomError(tournament, "WrongStage")
        .withArgs(id, Stage.Closed);
    });

    it("a tournament with two players cannot be closed: it can start", async function () {
      const { tournament, players, id } = await loadFixture(tournamentFixture);
      await tournament.connect(players[0]).register(id, "");
      await tournament.connect(players[1]).register(id, "");
      await mine(CONFIG.registrationBlocks + 1);
      await expect(tournament.closeTournament(id))
        .to.be.revertedWithCustomError(tournament, "TournamentCanStart")
        .withArgs(id, 2);
    });

    it("phase 1: the organiser at any time, anyone once the registration period passed", async function () {
      const { tournament, source, seven, id } = await loadFixture(registeredFixture);
      const openFrom = (await tournament.tournament(id)).createdAt + BigInt(CONFIG.registrationBlocks);
      await expect(tournament.connect(seven[0]).startPhase(id, 1))
        .to.be.revertedWithCustomError(tournament, "StartReservedToOrganiser")
        .withArgs(id, 1, openFrom);
      await mine(Number(openFrom) - (await ethers.provider.getBlockNumber()) - 1);
      const tx = await tournament.connect(seven[0]).startPhase(id, 1);
      const request = await requestIdFrom(source, tx);
      await expect(tx).to.emit(tournament, "PhaseStarted").withArgs(id, 1, seven[0].address, 7, request);
      const v = await tournament.phaseView(id, 1);
      expect(v.started).to.equal(true);
      expect(v.request).to.equal(request);
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Pairing);
    });

    it("refuses starting a phase twice or before the previous one ended", async function () {
      const { tournament, organiser, id } = await loadFixture(playingFixture);
      await expect(tournament.connect(organiser).startPhase(id, 1))
        .to.be.revertedWithCustomError(tournament, "PhaseAlreadyStarted")
        .withArgs(id, 1);
      await expect(tournament.connect(organiser).startPhase(id, 2))
        .to.be.revertedWithCustomError(tournament, "PhaseNotEnded")
        .withArgs(id, 1, 0, 3);
    });

    it("next phase: the organiser as soon as it ended, anyone after the grace period", async function () {
      const { tournament, organiser, seven, id } = await loadFixture(playingFixture);
      await closeByDeadline(tournament, id);
      const endedAt = (await tournament.phaseView(id, 1)).endedAt;
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Ended);
      await expect(tournament.connect(seven[3]).startPhase(id, 2))
        .to.be.revertedWithCustomError(tournament, "StartReservedToOrganiser")
        .withArgs(id, 2, endedAt + BigInt(CONFIG.grace));
      const snapshot = await hre.network.provider.send("evm_snapshot", []);
      await expect(tournament.connect(organiser).startPhase(id, 2)).to.emit(tournament, "PhaseStarted");
      await hre.network.provider.send("evm_revert", [snapshot]);
      await mine(CONFIG.grace);
      await expect(tournament.connect(seven[3]).startPhase(id, 2)).to.emit(tournament, "PhaseStarted");
    });
  });

  describe("pairing and rooms", function () {
    it("waits for the randomness, then pairs a uniform shuffle: P1 at even places, the last one sits out", async function () {
      const { tournament, rooms, source, organiser, seven, id } = await loadFixture(registeredFixture);
      await expect(tournament.createPhaseRooms(id))
        .to.be.revertedWithCustomError(tournament, "WrongStage")
        .withArgs(id, Stage.Registration);
      const request = await requestIdFrom(source, await tournament.connect(organiser).startPhase(id, 1));
      await expect(tournament.createPhaseRooms(id))
        .to.be.revertedWithCustomError(tournament, "PairingNotReady")
        .withArgs(id, request, Pending);

      await mine(1); // calls read the latest block: the value is readable from the second block after the request
      const seed = await source.value(request);
      const order = permutationModel(seed, 0n, 7); // SnatchPairing.shuffle: salt 0
      const satOut = seven[order[6]].address;
      const first = tournament.createPhaseRooms(id); // batch 1: pairs 0 and 1
      await expect(first).to.emit(tournament, "PlayersPaired").withArgs(id, 1, seed, 3, satOut);
      await expect(first).to.emit(tournament, "RoomsCreated").withArgs(id, 1, 1, 0, 2);
      await expect(first).not.to.emit(tournament, "PhasePlaying");
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Pairing);
      await expect(tournament.rerequestPairing(id))
        .to.be.revertedWithCustomError(tournament, "PairingAlreadyDrawn")
        .withArgs(id, 1);
      const last = await tournament.createPhaseRooms(id); // batch 2: pair 2
      const duration = 3 * (CONFIG.offer + CONFIG.response);
      await expect(last).to.emit(tournament, "RoomsCreated").withArgs(id, 1, 3, 2, 1);
      await expect(last)
        .to.emit(tournament, "PhasePlaying")
        .withArgs(id, 1, (await last.wait())!.blockNumber + duration);
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Playing);

      for (let pair = 0; pair < 3; pair++) {
        const [roomId, p1, p2] = await tournament.roomAt(id, 1, pair);
        expect([p1, p2]).to.deep.equal([seven[order[2 * pair]].address, seven[order[2 * pair + 1]].address]);
        const r = await rooms.roomData(roomId);
        expect(r.phase).to.equal(Phase.Offering);
        expect(r.rules).to.equal(RuleSet.G1Plain);
      }
      expect((await tournament.entryOf(id, satOut)).satOut).to.equal(1);
      expect((await tournament.phaseView(id, 1)).satOut).to.equal(satOut);
      expect(await tournament.phaseRooms(id, 1, 1, 10)).to.deep.equal([2n, 3n]);
      expect((await tournament.batchOf(3)).firstPair).to.equal(2);
      const history = await tournament.history(id, satOut);
      expect(history[0].role).to.equal(Role.SatOut);
    });

    it("replaces a stale pairing request; anyone may", async function () {
      const { tournament, source, organiser, seven, id } = await loadFixture(registeredFixture);
      await expect(tournament.rerequestPairing(id))
        .to.be.revertedWithCustomError(tournament, "WrongStage")
        .withArgs(id, Stage.Registration);
      const request = await requestIdFrom(source, await tournament.connect(organiser).startPhase(id, 1));
      await expect(tournament.rerequestPairing(id))
        .to.be.revertedWithCustomError(tournament, "RandomnessNotStale")
        .withArgs(request, Pending);
      await mine(260);
      await expect(tournament.createPhaseRooms(id))
        .to.be.revertedWithCustomError(tournament, "PairingNotReady")
        .withArgs(id, request, Stale);
      const tx = await tournament.connect(seven[0]).rerequestPairing(id);
      const fresh = await requestIdFrom(source, tx);
      await expect(tx).to.emit(tournament, "PairingRerequested").withArgs(id, 1, request, fresh);
      await mine(2);
      await expect(tournament.createPhaseRooms(id))
        .to.emit(tournament, "PlayersPaired")
        .withArgs(id, 1, await source.value(fresh), 3, (a: string) => a !== ethers.ZeroAddress);
    });
  });

  describe("playing and the leaderboard", function () {
    it("writes both players' entries and the phase totals in the transaction that finishes a room", async function () {
      const { tournament, rooms, id } = await loadFixture(playingFixture);
      const [roomId, p1addr, p2addr] = await tournament.roomAt(id, 1, 0);
      const p1 = await ethers.getSigner(p1addr);
      const p2 = await ethers.getSigner(p2addr);
      const offerId = await eventArg(
        rooms,
        await rooms.connect(p1).offer(roomId, p2addr, [5, 0, 0], [0, 0, 5]),
        "OfferMade",
        "offerId",
      );
      await rooms.connect(p2).accept(roomId, offerId);
      await rooms.connect(p1).pass(roomId);
      await expect(rooms.connect(p1).pass(roomId))
        .to.emit(tournament, "RoomRecorded")
        .withArgs(id, 1, roomId, p1addr, p2addr, 15, 15);
      const e1 = await tournament.entryOf(id, p1addr);
      expect([e1.scoreAsP1, e1.scoreAsP2, e1.roomsAsP1, e1.recorded, e1.points].map(Number)).to.deep.equal([
        15, 0, 1, 1, 15,
      ]);
      const e2 = await tournament.entryOf(id, p2addr);
      expect([e2.scoreAsP1, e2.scoreAsP2, e2.roomsAsP2].map(Number)).to.deep.equal([0, 15, 1]);
      const rows = await tournament.leaderboard(id, 0, 12);
      const aggregateOf = (player: string) => Number(rows.find((r) => r.player === player)!.aggregate);
      expect([aggregateOf(p1addr), aggregateOf(p2addr)]).to.deep.equal([15, 15]); // derived: as P1 + as P2
      const totals = (await tournament.phaseView(id, 1)).totals;
      expect(
        [totals.finished, totals.offers, totals.accepts, totals.pointsAsP1, totals.pointsAsP2].map(Number),
      ).to.deep.equal([1, 1, 1, 15, 15]);
      const history = await tournament.history(id, p2addr);
      expect(history[0].role).to.equal(Role.P2);
      expect(history[0].roomId).to.equal(roomId);
      expect(history[0].opponent).to.equal(p1addr);
      expect([history[0].points, history[0].opponentPoints]).to.deep.equal([15n, 15n]);
      expect(history[0].finished).to.equal(true);
      await checkTournament(rooms, tournament, id);
    });

    it("closes timed-out rooms in batches after the phase deadline, with the rooms' defaults", async function () {
      const { tournament, id } = await loadFixture(playingFixture);
      await expect(tournament.closeTimedOutRooms(id, 0)).to.be.revertedWithCustomError(tournament, "ZeroBatch");
      const deadline = (await tournament.phaseView(id, 1)).deadline;
      await expect(tournament.closeTimedOutRooms(id, 2))
        .to.be.revertedWithCustomError(tournament, "PhaseNotTimedOut")
        .withArgs(id, 1, deadline);
      await mine(Number(deadline) - (await ethers.provider.getBlockNumber()));
      const first = tournament.closeTimedOutRooms(id, 2);
      await expect(first).to.emit(tournament, "TimedOutRoomsClosed").withArgs(id, 1, 0, 2, 2);
      await expect(first).to.emit(tournament, "RoomRecorded").withArgs(id, 1, 1, anyAddress, anyAddress, 10, 10);
      await expect(first).not.to.emit(tournament, "PhaseEnded");
      const last = tournament.closeTimedOutRooms(id, 2);
      await expect(last).to.emit(tournament, "TimedOutRoomsClosed").withArgs(id, 1, 2, 3, 1);
      await expect(last).to.emit(tournament, "PhaseEnded").withArgs(id, 1);
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Ended);
      await expect(tournament.closeTimedOutRooms(id, 2))
        .to.be.revertedWithCustomError(tournament, "WrongStage")
        .withArgs(id, Stage.Ended);
      const v = await tournament.phaseView(id, 1);
      expect([v.closed, v.totals.finished, v.totals.offers, v.totals.pointsAsP1].map(Number)).to.deep.equal([
        3, 3, 0, 30,
      ]);
    });

    it("skips rooms that finished already when closing, and counts them once", async function () {
      const { tournament, rooms, id } = await loadFixture(playingFixture);
      const [roomId, p1addr] = await tournament.roomAt(id, 1, 1);
      const p1 = await ethers.getSigner(p1addr);
      for (let round = 0; round < 3; round++) await rooms.connect(p1).pass(roomId);
      expect((await tournament.phaseView(id, 1)).totals.finished).to.equal(1);
      await closeByDeadline(tournament, id);
      const v = await tournament.phaseView(id, 1);
      expect(v.totals.finished).to.equal(3);
      await checkTournament(rooms, tournament, id);
    });

    it("takes results only from the rooms contract, for batches it created", async function () {
      const { tournament, rooms, seven } = await loadFixture(playingFixture);
      const players: [string, string, string] = [seven[0].address, seven[1].address, ethers.ZeroAddress];
      const stats = { offers: 0, accepts: 0, rejects: 0, snatches: 0, shames: 0, reports: 0, refusals: 0 };
      await expect(tournament.connect(seven[0]).onRoomFinished(1, 1, players, [10, 10, 0], stats))
        .to.be.revertedWithCustomError(tournament, "NotRooms")
        .withArgs(seven[0].address);
      // Even the rooms contract cannot report a batch no tournament created.
      const roomsAddress = await rooms.getAddress();
      await hre.network.provider.send("hardhat_impersonateAccount", [roomsAddress]);
      await hre.network.provider.send("hardhat_setBalance", [roomsAddress, "0xde0b6b3a7640000"]);
      const asRooms = await ethers.getSigner(roomsAddress);
      await expect(tournament.connect(asRooms).onRoomFinished(2, 2, players, [10, 10, 0], stats))
        .to.be.revertedWithCustomError(tournament, "UnknownBatch")
        .withArgs(2);
      await hre.network.provider.send("hardhat_stopImpersonatingAccount", [roomsAddress]);
    });

    it("pages the leaderboard and reads rooms, histories and phases, refusing what does not exist", async function () {
      const { tournament, seven, players, id } = await loadFixture(playingFixture);
      const page = await tournament.leaderboard(id, 2, 3);
      expect(page.map((r) => r.player)).to.deep.equal(seven.slice(2, 5).map((p) => p.address));
      expect((await tournament.leaderboard(id, 5, 10)).length).to.equal(2);
      expect((await tournament.leaderboard(id, 7, 10)).length).to.equal(0);
      await expect(tournament.roomAt(id, 1, 3))
        .to.be.revertedWithCustomError(tournament, "NoSuchRoom")
        .withArgs(id, 1, 3);
      await expect(tournament.roomAt(id, 2, 0))
        .to.be.revertedWithCustomError(tournament, "NoSuchRoom")
        .withArgs(id, 2, 0);
      await expect(tournament.roomAt(id, 6, 0))
        .to.be.revertedWithCustomError(tournament, "UnknownPhase")
        .withArgs(6);
      await expect(tournament.phaseView(id, 0)).to.be.revertedWithCustomError(tournament, "UnknownPhase").withArgs(0);
      await expect(tournament.history(id, players[10].address))
        .to.be.revertedWithCustomError(tournament, "NotRegistered")
        .withArgs(id, players[10].address);
      expect((await tournament.phaseView(id, 2)).started).to.equal(false);
      expect(await tournament.phaseRooms(id, 2, 0, 10)).to.deep.equal([]);
    });
  });

  describe("rooms that finish without the callback (the rooms' owner disallowed the tournament)", function () {
    it("recordRooms pulls their results, so the phase still ends and the next one starts", async function () {
      const { tournament, rooms, owner, organiser, id } = await loadFixture(playingFixture);
      const address = await tournament.getAddress();
      await rooms.connect(owner).setFactory(address, false);
      // One room is played to its end, the others time out and are closed: none calls back.
      const [played, p1addr] = await tournament.roomAt(id, 1, 1);
      const p1 = await ethers.getSigner(p1addr);
      await rooms.connect(p1).pass(played);
      await rooms.connect(p1).pass(played);
      await expect(rooms.connect(p1).pass(played))
        .to.emit(rooms, "RoomFinished")
        .and.not.emit(tournament, "RoomRecorded");
      const deadline = Number((await tournament.phaseView(id, 1)).deadline);
      await mine(deadline - (await ethers.provider.getBlockNumber()));
      await expect(tournament.closeTimedOutRooms(id, 50)).not.to.emit(tournament, "RoomRecorded");
      let v = await tournament.phaseView(id, 1);
      expect([v.closed, v.totals.finished].map(Number)).to.deep.equal([3, 0]);
      await mine(CONFIG.grace + 10);
      await expect(tournament.connect(organiser).startPhase(id, 2))
        .to.be.revertedWithCustomError(tournament, "PhaseNotEnded")
        .withArgs(id, 1, 0, 3);
      // Anyone pulls the results from the rooms contract; the last one ends the phase.
      const pulled = tournament.connect(p1).recordRooms(id, 0, 50);
      await expect(pulled).to.emit(tournament, "RoomRecorded").withArgs(id, 1, played, p1addr, anyAddress, 10, 10);
      await expect(pulled).to.emit(tournament, "PhaseEnded").withArgs(id, 1);
      v = await tournament.phaseView(id, 1);
      expect(Number(v.totals.finished)).to.equal(3);
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Ended);
      await checkTournament(rooms, tournament, id);
      // The tournament needs the factory right to create the next phase's rooms: the owner can pause it, not alter it.
      await tournament.connect(organiser).startPhase(id, 2);
      await mine(1);
      await expect(tournament.createPhaseRooms(id))
        .to.be.revertedWithCustomError(rooms, "NotFactory")
        .withArgs(address);
      await rooms.connect(owner).setFactory(address, true);
      await expect(tournament.createPhaseRooms(id)).to.emit(tournament, "RoomsCreated");
    });

    it("records each room once (callback or pull), while pairing too; refuses empty batches and other stages", async function () {
      const { tournament, rooms, owner, organiser, id } = await loadFixture(registeredFixture);
      const address = await tournament.getAddress();
      await expect(tournament.recordRooms(id, 0, 0)).to.be.revertedWithCustomError(tournament, "ZeroBatch");
      await expect(tournament.recordRooms(id, 0, 5))
        .to.be.revertedWithCustomError(tournament, "WrongStage")
        .withArgs(id, Stage.Registration);
      await tournament.connect(organiser).startPhase(id, 1);
      await mine(1);
      await tournament.createPhaseRooms(id); // the first batch: pairs 0 and 1
      const finish = async (pair: number) => {
        const [roomId, p1addr] = await tournament.roomAt(id, 1, pair);
        const p1 = await ethers.getSigner(p1addr);
        for (let round = 0; round < 3; round++) await rooms.connect(p1).pass(roomId);
        return roomId;
      };
      // Pair 0 finishes with the callback; then the owner disallows the tournament and pair 1 finishes without it.
      await finish(0);
      await rooms.connect(owner).setFactory(address, false);
      const second = await finish(1);
      await expect(tournament.recordRooms(id, 0, 1))
        .to.be.revertedWithCustomError(tournament, "NothingToRecord")
        .withArgs(id, 1, 0, 1);
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Pairing);
      const pulled = tournament.recordRooms(id, 0, 200);
      await expect(pulled).to.emit(tournament, "RoomRecorded").withArgs(id, 1, second, anyAddress, anyAddress, 10, 10);
      await expect(tournament.recordRooms(id, 0, 200))
        .to.be.revertedWithCustomError(tournament, "NothingToRecord")
        .withArgs(id, 1, 0, 2);
      await expect(tournament.recordRooms(id, 7, 5))
        .to.be.revertedWithCustomError(tournament, "NothingToRecord")
        .withArgs(id, 1, 7, 7);
      await expect(tournament.recordRooms(id, ethers.MaxUint256, 5))
        .to.be.revertedWithCustomError(tournament, "NothingToRecord")
        .withArgs(id, 1, ethers.MaxUint256, ethers.MaxUint256);
      expect(Number((await tournament.phaseView(id, 1)).totals.finished)).to.equal(2);
      // The owner allows the tournament again: the last batch is created and its room calls back as usual.
      await rooms.connect(owner).setFactory(address, true);
      await tournament.createPhaseRooms(id);
      await finish(2);
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Ended);
      await expect(tournament.recordRooms(id, 0, 5))
        .to.be.revertedWithCustomError(tournament, "WrongStage")
        .withArgs(id, Stage.Ended);
      await checkTournament(rooms, tournament, id);
      const rows = await tournament.leaderboard(id, 0, 7);
      expect(rows.reduce((sum, r) => sum + Number(r.roomsAsP1) + Number(r.roomsAsP2), 0)).to.equal(6);
    });
  });

  describe("the end", function () {
    /** The 7-player tournament played to its end, every room timed out. */
    async function finalFixture() {
      const base = await playingFixture();
      await closeByDeadline(base.tournament, base.id);
      for (let phase = 2; phase <= 5; phase++) {
        await startAndPair(base.tournament, base.id, phase, base.organiser);
        await closeByDeadline(base.tournament, base.id);
      }
      return base;
    }

    it("after G5 the tournament is final and read-only", async function () {
      const { tournament, rooms, organiser, players, seven, id } = await loadFixture(finalFixture);
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Final);
      await expect(tournament.connect(players[10]).register(id, ""))
        .to.be.revertedWithCustomError(tournament, "RegistrationClosed")
        .withArgs(id, Stage.Final);
      for (const phase of [5, 6]) {
        await expect(tournament.connect(organiser).startPhase(id, phase)).to.be.revertedWithCustomError(
          tournament,
          phase === 6 ? "UnknownPhase" : "TournamentIsFinal",
        );
      }
      await expect(tournament.connect(organiser).setOrganiser(id, seven[0].address))
        .to.be.revertedWithCustomError(tournament, "TournamentIsFinal")
        .withArgs(id);
      await expect(tournament.createPhaseRooms(id))
        .to.be.revertedWithCustomError(tournament, "WrongStage")
        .withArgs(id, Stage.Final);
      await expect(tournament.closeTimedOutRooms(id, 5))
        .to.be.revertedWithCustomError(tournament, "WrongStage")
        .withArgs(id, Stage.Final);
      await checkTournament(rooms, tournament, id);
      // Every phase pays the timed-out default: 10 points each; each player sat out at most once per phase.
      for (const row of await tournament.leaderboard(id, 0, 7)) {
        const outs = [0, 1, 2, 3, 4].filter((p) => (Number(row.satOut) >> p) & 1).length;
        expect(Number(row.aggregate)).to.equal(10 * (5 - outs));
      }
    });

    it("keeps names of up to 12 bytes in the entry's slot and longer ones apart, through every result written", async function () {
      const { tournament, rooms, organiser, players, id } = await loadFixture(tournamentFixture);
      // 12 bytes (the entry's slot), 13 (a word of its own), 4 with a multi-byte letter, none, 32 (the longest).
      const names = ["Ada Lovelace", "Grace Hopper!", "Zoë", "", "é".repeat(15) + "ok", "Bo", "Ida B. Wells"];
      const seven = players.slice(0, 7);
      for (const [i, p] of seven.entries()) await tournament.connect(p).register(id, names[i]);
      expect(await tournament.SHORT_NAME()).to.equal(12);
      for (let phase = 1; phase <= 5; phase++) {
        await startAndPair(tournament, id, phase, organiser);
        await closeByDeadline(tournament, id);
      }
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Final);
      // Every entry took a result or a sit-out each phase (same-slot writes beside the name), and still reads right.
      await checkTournament(rooms, tournament, id);
      for (const [i, p] of seven.entries()) {
        expect(await tournament.nameOf(id, p.address)).to.equal(names[i]);
        const e = await tournament.entryOf(id, p.address);
        expect(e.index).to.equal(i + 1);
        expect(Number(e.recorded | e.satOut)).to.equal(0b11111);
      }
      const rows = await tournament.leaderboard(id, 0, 7);
      expect(rows.map((r) => r.name)).to.deep.equal(names);
      for (const row of rows) {
        const outs = [0, 1, 2, 3, 4].filter((p) => (Number(row.satOut) >> p) & 1).length;
        expect(Number(row.aggregate)).to.equal(10 * (5 - outs));
      }
    });

    it("packs names of 13 to 15 letters, digits and spaces in the entry's slot, through every result written", async function () {
      const { tournament, rooms, organiser, players, id } = await loadFixture(tournamentFixture);
      // Packed (6 bits a character): 15 and 13 characters, leading and trailing spaces, only spaces. Kept apart: 16
      // packable characters, 15 characters one of which (é) is not a letter, digit or space.
      const names = [
        "opportunist 123",
        "ABCDEFGHIJKLM",
        " leading space",
        "trailing space ",
        " ".repeat(15),
        "opportunist 1234",
        "Zoe 123456789é",
      ];
      const seven = players.slice(0, 7);
      const gas: bigint[] = [];
      for (const [i, p] of seven.entries()) {
        const tx = await tournament.connect(p).register(id, names[i]);
        await expect(tx)
          .to.emit(tournament, "PlayerRegistered")
          .withArgs(id, p.address, i + 1, names[i]);
        gas.push((await tx.wait())!.gasUsed);
      }
      // A packed name writes no word of its own: registration 2 (13 characters) against 6 (16, a word of its own),
      // both new accounts adding to the same list word.
      expect(gas[5] - gas[1]).to.be.greaterThan(20_000n);
      for (let phase = 1; phase <= 5; phase++) {
        await startAndPair(tournament, id, phase, organiser);
        await closeByDeadline(tournament, id);
      }
      expect((await tournament.tournament(id)).stage).to.equal(Stage.Final);
      // Every entry took a result or a sit-out each phase beside its packed name, and still reads right.
      await checkTournament(rooms, tournament, id);
      for (const [i, p] of seven.entries()) expect(await tournament.nameOf(id, p.address)).to.equal(names[i]);
      const rows = await tournament.leaderboard(id, 0, 7);
      expect(rows.map((r) => r.name)).to.deep.equal(names);
    });

    it("a final leaderboard never changes; only the live profile-shame column follows later rooms", async function () {
      const { tournament, rooms, lens, seven, id } = await loadFixture(finalFixture);
      const record = async () => {
        const rows = await tournament.leaderboard(id, 0, 7);
        const entries = await Promise.all(seven.map((p) => tournament.entryOf(id, p.address)));
        return {
          rows: rows.map((r) => [
            r.player,
            r.scoreAsP1,
            r.scoreAsP2,
            r.aggregate,
            r.roomsAsP1,
            r.roomsAsP2,
            r.satOut,
            r.g3Shame,
          ]),
          entries: entries.map((e) => [...e]),
          profile: rows.map((r) => Number(r.profileG3Shame)),
        };
      };
      const before = await record();
      // An ordinary G3 room outside the tournament: a registered player snatches as P2 and is shamed.
      const [a, b] = seven;
      await rooms.connect(a).createRoom(Preset.G3, DEFAULT_FILL_BLOCKS, "");
      const roomId = await rooms.roomCount();
      await rooms.connect(b).join(roomId, "");
      await mine(1);
      await rooms.advance(roomId);
      const v = await lens.roomView(roomId);
      const [p1, p2] = Number(v.roles[0]) === 0 ? [a, b] : [b, a];
      const offer = await rooms.connect(p1).offer(roomId, p2.address, [1, 0, 0], [0, 0, 0]);
      await rooms.connect(p2).snatch(roomId, await eventArg(rooms, offer, "OfferMade", "offerId"));
      await rooms.connect(p1).shame(roomId, p2.address);
      // Nothing writes a final tournament.
      for (const call of [() => tournament.recordRooms(id, 0, 10), () => tournament.closeTimedOutRooms(id, 10)]) {
        await expect(call()).to.be.revertedWithCustomError(tournament, "WrongStage").withArgs(id, Stage.Final);
      }
      await mine(10_000);
      const after = await record();
      expect(after.rows).to.deep.equal(before.rows);
      expect(after.entries).to.deep.equal(before.entries);
      // The profile column is documented as live: it shows the new shame.
      const shamed = seven.findIndex((p) => p.address === p2.address);
      expect(after.profile[shamed]).to.equal(before.profile[shamed] + 1);
      expect(after.profile.filter((_, i) => i !== shamed)).to.deep.equal(before.profile.filter((_, i) => i !== shamed));
    });

    it("shows a player's history before its phase's pairing is drawn", async function () {
      const { tournament, organiser, seven, id } = await loadFixture(playingFixture);
      await closeByDeadline(tournament, id);
      await tournament.connect(organiser).startPhase(id, 2);
      const history = await tournament.history(id, seven[0].address);
      expect(history.length).to.equal(2);
      expect(history[1].role).to.equal(Role.None);
      expect(history[1].roomId).to.equal(0);
    });
  });
});

/** Matches any address argument of an event. */
function anyAddress(value: unknown): boolean {
  return typeof value === "string" && ethers.isAddress(value);
}
