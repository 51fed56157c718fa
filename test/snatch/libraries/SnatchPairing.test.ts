import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { permutationModel } from "../../helpers/random";

async function harnessFixture() {
  return { harness: await ethers.deployContract("SnatchPairingHarness") };
}

describe("SnatchPairing", function () {
  it("shuffles with RandomDraw.permutation at salt 0 (its uniformity is tested with RandomDraw)", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const cases: [bigint, number][] = [
      [1n, 0],
      [1n, 1],
      [77n, 9],
      [(1n << 256n) - 1n, 64],
      [BigInt(ethers.id("tournament")), 200],
    ];
    for (const [seed, n] of cases) {
      expect((await harness.shuffle(seed, n)).map(Number)).to.deep.equal(permutationModel(seed, 0n, n));
    }
  });

  it("finds a player's place; a position outside the list is not found", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const order = [...(await harness.shuffle(77n, 9))];
    for (let p = 0; p < 9; p++) {
      const place = Number(await harness.placeOf(order, p));
      expect(Number(order[place])).to.equal(p);
    }
    expect(await harness.placeOf(order, 9)).to.equal(ethers.MaxUint256);
  });
});
