import { expect } from "chai";
import { memberOffsets, storageLayout } from "../helpers/layout";

// The gas figures rest on these layouts: a room is two storage slots, an offer and a format one each.
describe("SnatchRooms storage layout [no-coverage]", function () {
  it("packs a room in 2 slots, an offer and a format in 1", async function () {
    const layout = await storageLayout("snatch/SnatchRooms.sol", "SnatchRooms");
    const size = (label: string) =>
      Number(Object.values(layout.types).find((t) => t.label === `struct ISnatchRooms.${label}`)!.numberOfBytes);
    expect(size("Room")).to.equal(64);
    expect(size("Offer")).to.equal(32);
    expect(size("Format")).to.equal(32);
    const room = Object.values(layout.types).find((t) => t.label === "struct ISnatchRooms.Room")!;
    // Identity and progress in slot 0; goods and counters in slot 1.
    expect(room.members!.find((m) => m.label === "format")!.slot).to.equal("0");
    expect(room.members!.find((m) => m.label === "roundBits")!.slot).to.equal("0");
    expect(room.members!.find((m) => m.label === "free")!.slot).to.equal("1");
    expect(room.members!.find((m) => m.label === "refusals")!.slot).to.equal("1");
    expect(room.members!.find((m) => m.label === "batchIndex")!.slot).to.equal("1");
    // SnatchLayout's whole-word access (goods word, offer word) relies on these byte offsets (bits = 8 x offset).
    const offsets = (label: string, slot: string) => memberOffsets(layout, `struct ISnatchRooms.${label}`, slot);
    expect(offsets("Room", "1")).to.deep.equal({
      free: 0,
      escrow: 9,
      shame: 18,
      offerCount: 21,
      firstOffer: 22,
      accepts: 23,
      rejects: 24,
      snatches: 25,
      shames: 26,
      reports: 27,
      refusals: 28,
      batchIndex: 29,
    });
    expect(offsets("Offer", "0")).to.deep.equal({
      from: 0,
      to: 1,
      status: 2,
      escrowed: 3,
      requested: 6,
      offeredSum: 18,
      madeAt: 23,
      id: 28,
    });
  });
});
