import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { FeePreset, POOL_COUNT, POOL_PAIRS, PRESET_FEES, RESOURCE_NAMES, poolOf } from "../../client/catamm/market";

describe("CatammTypes", function () {
  async function deployFixture() {
    return { ids: await ethers.deployContract("CatammAmmMathHarness") };
  }

  it("lists the ten pools in the spec's order, side 0 the lower resource id", async function () {
    const { ids } = await loadFixture(deployFixture);
    // The spec's list (section 2), written out by name, independent of the mirror's table.
    const spec = [
      "Wood-Brick",
      "Wood-Sheep",
      "Wood-Ore",
      "Wood-Wheat",
      "Brick-Sheep",
      "Brick-Ore",
      "Brick-Wheat",
      "Sheep-Ore",
      "Sheep-Wheat",
      "Ore-Wheat",
    ];
    for (let pool = 0; pool < POOL_COUNT; pool++) {
      const [a, b] = await ids.poolResources(pool);
      expect(`${RESOURCE_NAMES[Number(a)]}-${RESOURCE_NAMES[Number(b)]}`).to.equal(spec[pool]);
      expect([Number(a), Number(b)]).to.deep.equal([...POOL_PAIRS[pool]]);
      expect(a < b).to.equal(true);
    }
  });

  it("finds the pool of every ordered pair of distinct resources", async function () {
    const { ids } = await loadFixture(deployFixture);
    for (let a = 0; a < 5; a++) {
      for (let b = 0; b < 5; b++) {
        if (a === b) continue;
        const [pool, aIsSide0] = await ids.poolOf(a, b);
        expect(Number(pool)).to.equal(poolOf(a, b).pool);
        expect(aIsSide0).to.equal(a < b);
        const [r0, r1] = await ids.poolResources(pool);
        expect([Number(r0), Number(r1)]).to.deep.equal([Math.min(a, b), Math.max(a, b)]);
      }
    }
  });

  it("defines the classic (10% / 0%) and defi (0.3% / 0.15%) fee presets", async function () {
    const { ids } = await loadFixture(deployFixture);
    expect(await ids.presetFees(FeePreset.Classic)).to.deep.equal([1000n, 0n]);
    expect(await ids.presetFees(FeePreset.Defi)).to.deep.equal([30n, 15n]);
    expect(PRESET_FEES.map((p) => [p.feeBps, p.portFeeBps])).to.deep.equal([
      [1000n, 0n],
      [30n, 15n],
    ]);
  });
});
