import { expect } from "chai";
import { memberOffsets, storageLayout } from "../helpers/layout";

// The gas figures rest on these layouts: a tournament is 2 slots, a phase's totals and a leaderboard entry 1 each.
describe("SnatchTournament storage layout [no-coverage]", function () {
  it("packs a tournament in 2 slots, a phase's totals, an entry and a batch in 1", async function () {
    const layout = await storageLayout("snatch/SnatchTournament.sol", "SnatchTournament");
    const type = (label: string) =>
      Object.values(layout.types).find((t) => t.label === `struct ISnatchTournament.${label}`)!;
    expect(Number(type("Tournament").numberOfBytes)).to.equal(64);
    expect(Number(type("Totals").numberOfBytes)).to.equal(32);
    expect(Number(type("Entry").numberOfBytes)).to.equal(32);
    expect(Number(type("Batch").numberOfBytes)).to.equal(32);
    // request, seed, progress, totals.
    expect(Number(type("PhaseState").numberOfBytes)).to.equal(128);
    const member = (label: string, name: string) => type(label).members!.find((m) => m.label === name)!.slot;
    expect(member("Tournament", "createdAt")).to.equal("0");
    expect(member("Tournament", "firstFormat")).to.equal("1");
    expect(member("PhaseState", "endedAt")).to.equal("2");
  });

  it("lays out an entry's and a phase's totals fields where the packed updates add to them (bytes from the low end)", async function () {
    const layout = await storageLayout("snatch/SnatchTournament.sol", "SnatchTournament");
    const offsets = (label: string) => memberOffsets(layout, `struct ISnatchTournament.${label}`);
    // SnatchTournament._record and _addTotals (bit offsets there are these times 8).
    expect(offsets("Entry")).to.deep.equal({
      index: 0,
      scoreAsP1: 2,
      scoreAsP2: 6,
      roomsAsP1: 10,
      roomsAsP2: 11,
      satOut: 12,
      recorded: 13,
      points: 14,
      g3Shame: 19,
    });
    expect(offsets("Totals")).to.deep.equal({
      finished: 0,
      offers: 2,
      accepts: 5,
      rejects: 8,
      snatches: 11,
      shames: 14,
      reports: 17,
      refusals: 20,
      pointsAsP1: 23,
      pointsAsP2: 27,
    });
  });

  it("lays out a tournament's first slot and a batch where register and the rooms' callback read them whole", async function () {
    const layout = await storageLayout("snatch/SnatchTournament.sol", "SnatchTournament");
    const offsets = (label: string) => memberOffsets(layout, `struct ISnatchTournament.${label}`);
    // SnatchTournament.register: cap at bit 160, playerCount at 176 (its increment: shl(176, 1)), stage at 200.
    expect(offsets("Tournament")).to.include({ organiser: 0, cap: 20, playerCount: 22, phase: 24, stage: 25 });
    // _setBatch and onRoomFinished: tournament at bit 0, phase at 64, firstPair at 72; the phase's room count rides
    // above the struct, from bit 88.
    expect(offsets("Batch")).to.deep.equal({ tournament: 0, phase: 8, firstPair: 9 });
  });
});
