import { expect } from "chai";
import { artifacts } from "hardhat";
import { CATAMM_MODULES } from "../../scripts/catamm/deploy";

/** `Name(type,...)` of every error and event in an ABI. */
function signatures(
  abi: readonly { type: string; name?: string; inputs?: { type: string }[] }[],
  type: string,
): string[] {
  return abi.filter((x) => x.type === type).map((x) => `${x.name}(${(x.inputs ?? []).map((i) => i.type).join(",")})`);
}

// The game's ABI must let an integrator decode everything its modules can revert with or emit (they run inside it).
describe("Catamm: ABI", function () {
  it("declares every error and event of its linked modules", async function () {
    const game = await artifacts.readArtifact("Catamm");
    const errors = new Set(signatures(game.abi, "error"));
    const events = new Set(signatures(game.abi, "event"));
    for (const name of CATAMM_MODULES) {
      const module = await artifacts.readArtifact(name);
      expect(
        signatures(module.abi, "error").filter((e) => !errors.has(e)),
        `${name} errors`,
      ).to.deep.equal([]);
      expect(
        signatures(module.abi, "event").filter((e) => !events.has(e)),
        `${name} events`,
      ).to.deep.equal([]);
    }
  });
});
