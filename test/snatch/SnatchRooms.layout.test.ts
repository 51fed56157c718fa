import { expect } from "chai";
import { artifacts } from "hardhat";

interface Layout {
  storage: { label: string; slot: string; type: string }[];
  types: Record<string, { label: string; numberOfBytes: string; members?: { label: string; slot: string }[] }>;
}

// The gas figures rest on these layouts: a room is two storage slots, an offer and a format one each.
describe("SnatchRooms storage layout [no-coverage]", function () {
  it("packs a room in 2 slots, an offer and a format in 1", async function () {
    const fqn = "contracts/snatch/SnatchRooms.sol:SnatchRooms";
    const info = await artifacts.getBuildInfo(fqn);
    const layout = (
      info!.output.contracts["contracts/snatch/SnatchRooms.sol"].SnatchRooms as unknown as {
        storageLayout: Layout;
      }
    ).storageLayout;
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
  });
});
