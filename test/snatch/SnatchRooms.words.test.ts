import { expect } from "chai";
import { memberOffsets, storageLayout } from "../helpers/layout";

// SnatchRooms reads and writes a room's first word and a format's word whole (`_synced`, `_nextRound2p`,
// `_openPhase2p`, `_findSeat`, `_checkOffer3`), at these byte offsets (bits = 8 x offset).
describe("SnatchRooms whole-word layouts [no-coverage]", function () {
  it("pins a room's first word and a format's word", async function () {
    const layout = await storageLayout("snatch/SnatchRooms.sol", "SnatchRooms");
    const offsets = (label: string, slot: string) => memberOffsets(layout, `struct ISnatchRooms.${label}`, slot);
    expect(offsets("Room", "0")).to.deep.equal({
      player0: 0,
      player1: 4,
      player2: 8,
      format: 12,
      round: 16,
      phase: 17,
      rules: 18,
      deadline: 19,
      closing: 24,
      roles: 26,
      observer: 27,
      roundBits: 28,
    });
    expect(offsets("Format", "0")).to.deep.equal({
      playerCount: 0,
      roundCount: 1,
      ruleSets: 2,
      trading: 10,
      closing: 13,
      judging: 16,
      talk: 19,
      offer: 22,
      response: 25,
      decision: 28,
    });
  });
});
