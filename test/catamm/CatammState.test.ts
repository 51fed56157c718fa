// The game's storage helpers (contracts/catamm/CatammState.sol) where no game reaches them: the bank's card counters
// (five 51-bit lanes to a word) refuse to reach 2^50 cards in a lane rather than carry into the next resource's.
import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { ONE_CARD } from "../../client/catamm/market";
import { playingGame } from "./helpers/game";

const GAME = 1n;
const LANE = 51n;
const LIMIT = 2n ** 50n; // a lane's top bit: its guard
const ISSUED = 0n;
const RECEIVED = 1n;

describe("CatammState: the bank's counters", function () {
  it("counts up to 2^50 - 1 cards in a lane, and refuses the next with the word named, changing nothing", async function () {
    const { game } = await loadFixture(playingGame);
    const [issued] = await game.bank(GAME);
    // Resource 2's lane filled to one below its guard; the lanes beside it are untouched.
    const cards = issued[2] / ONE_CARD;
    await game.harnessAddToBank(GAME, ISSUED, (LIMIT - 1n - cards) << (2n * LANE));
    const [full] = await game.bank(GAME);
    expect(full[2]).to.equal((LIMIT - 1n) * ONE_CARD);
    expect([full[1], full[3]]).to.deep.equal([issued[1], issued[3]]);
    await expect(game.harnessAddToBank(GAME, ISSUED, 1n << (2n * LANE)))
      .to.be.revertedWithCustomError(game, "BankCounterOverflow")
      .withArgs(ISSUED);
    // Any lane: the received word's last resource too.
    await expect(game.harnessAddToBank(GAME, RECEIVED, LIMIT << (4n * LANE)))
      .to.be.revertedWithCustomError(game, "BankCounterOverflow")
      .withArgs(RECEIVED);
    const after = await game.bank(GAME);
    expect(after[0]).to.deep.equal(full);
  });
});
