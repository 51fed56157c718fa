import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import type { ContractTransactionResponse } from "ethers";
import { DEFAULT_WINDOWS, goods, Phase, Preset, RuleSet, type WindowLengths } from "../../client/snatch/names";
import { eventArg } from "../../client/snatch/room";
import { baseFixture, factoryRoom, offerIdOf, progress, roomWord0, type Base } from "./fixtures";

// A 2-player room keeps its format's schedule in its first word's `closing` field (SnatchFormats.roomClosing: bit 15,
// roundCount - 1 in bits 11-14, the one window W in bits 0-10) when every round has one rule set and every window
// they use is W <= 2,047; SnatchRooms then opens windows and starts rounds without the format's word. Otherwise the
// field is 0 and the format is read as before. Both must play the same game; roomData answers `closing` as before.
const closingField = (w: bigint) => Number((w >> 192n) & 0xffffn);
const compact = (rounds: number, window: number) => 0x8000 | ((rounds - 1) << 11) | window;

const W2 = (w: Partial<WindowLengths>): WindowLengths => ({ ...DEFAULT_WINDOWS, closing: 7, ...w });

async function blockOf(tx: ContractTransactionResponse): Promise<number> {
  return (await tx.wait())!.blockNumber;
}

/** Plays every round of a 2-player room (P1 = seat 0) and checks each window's phase and deadline. */
async function play(base: Base, roomId: bigint, rounds: number[], w: WindowLengths, createdAt: number) {
  const { rooms, players } = base;
  const [p1, p2] = players;
  const expectAt = async (round: number, phase: number, deadline: number, rules: number) => {
    expect(await progress(rooms, roomId)).to.deep.equal({ round, phase, deadline, rules });
  };
  const firstWindow = (rules: number) =>
    rules === RuleSet.G5CheapTalk ? ([Phase.Talk, w.talk] as const) : ([Phase.Offering, w.offer] as const);
  let [phase, window] = firstWindow(rounds[0]);
  await expectAt(1, phase, createdAt + window, rounds[0]);
  for (let k = 1; k <= rounds.length; k++) {
    const rules = rounds[k - 1];
    if (rules === RuleSet.G5CheapTalk) {
      await rooms.connect(p1).done(roomId);
      const b = await blockOf(await rooms.connect(p2).done(roomId));
      await expectAt(k, Phase.Offering, b + w.offer, rules);
    }
    const tx = await rooms.connect(p1).offer(roomId, p2.address, goods({ turkey: 1 }), goods({ corn: 1 }));
    await expectAt(k, Phase.Responding, (await blockOf(tx)) + w.response, rules);
    const id = await offerIdOf(rooms, tx);
    let end: ContractTransactionResponse;
    if (rules === RuleSet.G3Shame || rules === RuleSet.G4Report) {
      const b = await blockOf(await rooms.connect(p2).snatch(roomId, id));
      await expectAt(k, Phase.Deciding, b + w.decision, rules);
      end = await rooms.connect(p1).pass(roomId);
    } else {
      // Accepts and rejects in turn (16 accepts would take more turkeys than P1 has).
      end = k % 2 === 1 ? await rooms.connect(p2).accept(roomId, id) : await rooms.connect(p2).reject(roomId, id);
    }
    const b = await blockOf(end);
    if (k === rounds.length) {
      await expect(end).to.emit(rooms, "RoomFinished");
      expect((await progress(rooms, roomId)).phase).to.equal(Phase.Finished);
    } else {
      [phase, window] = firstWindow(rounds[k]);
      await expect(end)
        .to.emit(rooms, "RoundStarted")
        .withArgs(roomId, k + 1, rounds[k], 3, phase, b + window);
      await expectAt(k + 1, phase, b + window, rounds[k]);
    }
  }
}

describe("SnatchRooms: a 2-player room's schedule in its first word", function () {
  it("the presets' rooms keep it (every path that creates a room); roomData's closing reads as before", async function () {
    const base = await loadFixture(baseFixture);
    const { rooms, players, factory } = base;
    const [a, b] = players;
    await rooms.registerPlayer(a.address);
    await rooms.registerPlayer(b.address);
    for (const format of [Preset.G1, Preset.G2, Preset.G3, Preset.G4, Preset.G5]) {
      const byAddress = await factoryRoom(base, format, [a, b]);
      await factory.createOfIds(format, [1, 2]);
      const byIds = await rooms.roomCount();
      await rooms.connect(a).createRoom(format, 10, "");
      const open = await rooms.roomCount();
      for (const id of [byAddress, byIds, open]) {
        expect(closingField(await roomWord0(rooms, id))).to.equal(compact(3, 20));
        expect((await rooms.roomData(id)).closing).to.equal(DEFAULT_WINDOWS.closing);
      }
    }
    // 3 players: the closing window, as before.
    const three = await factoryRoom(base, Preset.SnatchOrShare, players.slice(0, 3));
    expect(closingField(await roomWord0(rooms, three))).to.equal(DEFAULT_WINDOWS.closing);
    expect((await rooms.roomData(three)).closing).to.equal(DEFAULT_WINDOWS.closing);
  });

  it("a 3-player room's closing window of 32,768 blocks or more (bit 15 set) is still its closing window", async function () {
    const base = await loadFixture(baseFixture);
    const { rooms, players } = base;
    const [turkey, coffee, corn] = players;
    const closing = 40_000;
    const tx = await rooms.createFormat([RuleSet.Anarchy], { ...DEFAULT_WINDOWS, trading: closing + 10, closing });
    const format = await eventArg(rooms, tx, "FormatCreated", "format");
    const roomId = await factoryRoom(base, Number(format), [turkey, coffee, corn]);
    expect(closingField(await roomWord0(rooms, roomId))).to.equal(closing);
    expect((await rooms.roomData(roomId)).closing).to.equal(closing);
    // Offers until `closing` blocks before the deadline, then none: the whole 16 bits are the window.
    const { deadline } = await progress(rooms, roomId);
    const lastOfferBlock = deadline - closing;
    await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({ coffee: 1 }));
    await mine(lastOfferBlock - (await ethers.provider.getBlockNumber())); // the next transaction: lastOfferBlock + 1
    await expect(rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({})))
      .to.be.revertedWithCustomError(rooms, "OffersClosed")
      .withArgs(roomId, lastOfferBlock);
  });

  const cases: { name: string; rounds: number[]; w: WindowLengths; field: number }[] = [
    {
      name: "one round, W = 2,047",
      rounds: [RuleSet.G1Plain],
      w: W2({ offer: 2047, response: 2047 }),
      field: compact(1, 2047),
    },
    {
      name: "16 rounds, W = 2,047 (the field all ones)",
      rounds: Array(16).fill(RuleSet.G1Plain),
      w: W2({ offer: 2047, response: 2047 }),
      field: 0xffff,
    },
    {
      name: "16 rounds of G2",
      rounds: Array(16).fill(RuleSet.G2Forced),
      w: W2({ offer: 3, response: 3 }),
      field: compact(16, 3),
    },
    {
      name: "G5, talk = offer = response (decision unused)",
      rounds: [RuleSet.G5CheapTalk, RuleSet.G5CheapTalk],
      w: W2({ talk: 4, offer: 4, response: 4, decision: 9 }),
      field: compact(2, 4),
    },
    {
      name: "G4, decision = offer = response (talk unused)",
      rounds: Array(3).fill(RuleSet.G4Report),
      w: W2({ talk: 9, offer: 5, response: 5, decision: 5 }),
      field: compact(3, 5),
    },
    {
      name: "a window of 2,048 (falls back)",
      rounds: [RuleSet.G1Plain, RuleSet.G1Plain],
      w: W2({ offer: 2048, response: 2048 }),
      field: 0,
    },
    {
      name: "response != offer (falls back)",
      rounds: Array(3).fill(RuleSet.G1Plain),
      w: W2({ offer: 4, response: 6 }),
      field: 0,
    },
    {
      name: "G5 with talk != offer (falls back)",
      rounds: Array(3).fill(RuleSet.G5CheapTalk),
      w: W2({ talk: 3, offer: 4, response: 4 }),
      field: 0,
    },
    {
      name: "G3 with decision != offer (falls back)",
      rounds: Array(3).fill(RuleSet.G3Shame),
      w: W2({ offer: 4, response: 4, decision: 6 }),
      field: 0,
    },
    {
      name: "mixed rule sets (falls back)",
      rounds: [RuleSet.G1Plain, RuleSet.G5CheapTalk, RuleSet.G3Shame, RuleSet.G2Forced],
      w: W2({ talk: 3, offer: 4, response: 5, decision: 6 }),
      field: 0,
    },
  ];
  for (const c of cases) {
    it(`plays every window and round: ${c.name}`, async function () {
      const base = await loadFixture(baseFixture);
      const { rooms, players, factory } = base;
      const [a, b] = players;
      await rooms.registerPlayer(a.address);
      await rooms.registerPlayer(b.address);
      await rooms.createFormat(c.rounds, c.w);
      const format = Number(await rooms.formatCount());
      // By addresses (the general path) and by ids (rooms written whole), each played as soon as it is created.
      for (const create of [
        () => factory.create(format, [a.address, b.address]),
        () => factory.createOfIds(format, [1, 2]),
      ]) {
        const tx = await create();
        const id = await rooms.roomCount();
        expect(closingField(await roomWord0(rooms, id))).to.equal(c.field);
        expect((await rooms.roomData(id)).closing).to.equal(7);
        await play(base, id, c.rounds, c.w, (await tx.wait())!.blockNumber);
        expect((await rooms.roomData(id)).closing).to.equal(7);
      }
    });
  }
});
