import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { Preset } from "../../client/snatch/names";
import { baseFixture } from "./fixtures";

// SnatchProgress writes a factory's 2-player rooms by ids (a tournament's) whole, with their events logged in place;
// rooms by addresses take the general path (_createRoom, setUp, startRound). Both must leave the same room.
describe("SnatchRooms: 2-player factory rooms by ids equal those by addresses", function () {
  it("stores the same room and logs the same events, in every 2-player format (G1..G5)", async function () {
    const { rooms, players, factory } = await loadFixture(baseFixture);
    const [a, b] = players;
    await rooms.registerPlayer(a.address); // id 1
    await rooms.registerPlayer(b.address); // id 2
    for (const format of [Preset.G1, Preset.G2, Preset.G3, Preset.G4, Preset.G5]) {
      // Both in one block: the same deadlines.
      await network.provider.send("evm_setAutomine", [false]);
      let hashes: string[];
      try {
        const byAddress = await factory.create(format, [a.address, b.address], { gasLimit: 2_000_000 });
        const byIds = await factory.createOfIds(format, [1, 2], { gasLimit: 2_000_000 });
        hashes = [byAddress.hash, byIds.hash];
        await network.provider.send("evm_mine", []);
      } finally {
        await network.provider.send("evm_setAutomine", [true]);
      }
      const receipts = await Promise.all(hashes.map((h) => ethers.provider.getTransactionReceipt(h)));
      const roomsAddress = (await rooms.getAddress()).toLowerCase();
      const [general, whole] = receipts.map((r) => {
        expect(r!.status).to.equal(1);
        return r!.logs.filter((l) => l.address.toLowerCase() === roomsAddress);
      });
      const last = await rooms.roomCount();
      const [idA, idB] = [last - 1n, last];
      expect((await rooms.roomData(idB)).toString()).to.equal((await rooms.roomData(idA)).toString());
      // The same events (RoomCreated, RolesAssigned, RoundStarted) but for the room id topic.
      expect(whole.length).to.equal(3);
      const topicOf = (id: bigint) => ethers.toBeHex(id, 32);
      const shown = (logs: typeof whole, id: bigint) =>
        logs.map((l) => {
          expect(l.topics[1]).to.equal(topicOf(id));
          return [[l.topics[0], ...l.topics.slice(2)], l.data];
        });
      expect(shown(whole, idB)).to.deep.equal(shown(general, idA));
    }
  });
});
