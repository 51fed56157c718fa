import { expect } from "chai";
import { artifacts } from "hardhat";

interface Layout {
  storage: { label: string; slot: string; type: string }[];
  types: Record<string, { label: string; numberOfBytes: string; members?: { label: string; slot: string }[] }>;
}

// The gas figures rest on these layouts: a tournament is 2 slots, a phase's totals and a leaderboard entry 1 each.
describe("SnatchTournament storage layout [no-coverage]", function () {
  it("packs a tournament in 2 slots, a phase's totals, an entry and a batch in 1", async function () {
    const fqn = "contracts/snatch/SnatchTournament.sol:SnatchTournament";
    const info = await artifacts.getBuildInfo(fqn);
    const layout = (
      info!.output.contracts["contracts/snatch/SnatchTournament.sol"].SnatchTournament as unknown as {
        storageLayout: Layout;
      }
    ).storageLayout;
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
});
