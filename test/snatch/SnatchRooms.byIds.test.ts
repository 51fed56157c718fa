import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { Preset } from "../../client/snatch/names";
import { baseFixture } from "./fixtures";

// SnatchProgress writes a factory's 2-player rooms by ids (a tournament's) whole, with their events logged in place;
// rooms by addresses take the general path (_createRoom, setUp, startRound). Both must leave the same room.
describe("SnatchRooms: 2-player factory rooms by ids equal those by addresses", function () {
  it("stores the same rooms and logs the same events, in every 2-player format (G1..G5), three rooms a batch", async function () {
    const { rooms, players, factory } = await loadFixture(baseFixture);
    const six = players.slice(0, 6);
    for (const p of six) await rooms.registerPlayer(p.address); // ids 1..6
    const ids = [1, 2, 3, 4, 5, 6];
    for (const format of [Preset.G1, Preset.G2, Preset.G3, Preset.G4, Preset.G5]) {
      // Both in one block: the same deadlines.
      await network.provider.send("evm_setAutomine", [false]);
      let hashes: string[];
      try {
        const byAddress = await factory.create(
          format,
          six.map((p) => p.address),
          { gasLimit: 4_000_000 },
        );
        const byIds = await factory.createOfIds(format, ids, { gasLimit: 4_000_000 });
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
      // Rooms last-5..last-3 by addresses, last-2..last by ids: each at the same place in its batch (batchIndex).
      for (let i = 0n; i < 3n; i++) {
        const [idA, idB] = [last - 5n + i, last - 2n + i];
        expect((await rooms.roomData(idB)).toString()).to.equal((await rooms.roomData(idA)).toString());
      }
      // The same events (RoomCreated, RolesAssigned, RoundStarted a room) but for the room id topic.
      expect(whole.length).to.equal(9);
      const topicOf = (id: bigint) => ethers.toBeHex(id, 32);
      const shown = (logs: typeof whole, first: bigint) =>
        logs.map((l, k) => {
          expect(l.topics[1]).to.equal(topicOf(first + BigInt(Math.floor(k / 3))));
          return [[l.topics[0], ...l.topics.slice(2)], l.data];
        });
      expect(shown(whole, last - 2n)).to.deep.equal(shown(general, last - 5n));
    }
  });
});
