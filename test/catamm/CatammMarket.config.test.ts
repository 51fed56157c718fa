import { expect } from "chai";
import { ONE_CARD, POOL_PAIRS, type MarketMirror } from "../../client/catamm/market";
import { GAME, deployMarket, expectMatchesMirror, loadMarket, poolAtPort } from "./helpers";

/** Game ids are kept in 39 bits of the config word; the host game's low field takes the next 25. */
const ID_LIMIT = 1n << 39n;
const LOW_LIMIT = 1n << 25n;

describe("CatammMarket: the config word's game id and host low field", function () {
  const classic = () => deployMarket();

  /** An active pool's resources. */
  function activePair(mirror: MarketMirror): readonly [number, number] {
    return POOL_PAIRS[poolAtPort(mirror, 0)];
  }

  it("keeps the host low field apart from the game id, the markets' fields and the host data", async function () {
    const { harness, mirror, players } = await loadMarket(classic);
    const low = LOW_LIMIT - 1n;
    const high = (1n << 88n) - 1n;
    await harness.setHostLow(GAME, low);
    await harness.setHostData(GAME, high);
    expect(await harness.hostLow(GAME)).to.equal(low);
    const [a, b] = activePair(mirror);
    // The swap's event still names the game: its id was not overwritten by the low field.
    await expect(harness.connect(players[0]).swap(GAME, a, b, ONE_CARD, 0)).to.emit(harness, "Swapped");
    const logs = await harness.queryFilter(harness.filters.Swapped(GAME));
    expect(logs).to.have.length(1);
    mirror.swap(players[0].address, a, b, ONE_CARD, 0n);
    await expectMatchesMirror(harness, mirror, [players[0].address]);
    await harness.setHostData(GAME, 7n);
    expect(await harness.hostLow(GAME)).to.equal(low);
    await harness.setHostLow(GAME, 5n);
    expect([await harness.hostLow(GAME), await harness.hostData(GAME)]).to.deep.equal([5n, 7n]);
    expect(await harness.marketSettings(GAME)).to.deep.equal([1000n * ONE_CARD, 1000n, 0n]);
  });

  it("refuses a host low value past 25 bits and a game id past 39 bits, changing nothing", async function () {
    const { harness } = await loadMarket(classic);
    await harness.setHostLow(GAME, 9n);
    await expect(harness.setHostLow(GAME, LOW_LIMIT))
      .to.be.revertedWithCustomError(harness, "HostDataTooWide")
      .withArgs(LOW_LIMIT);
    expect(await harness.hostLow(GAME)).to.equal(9n);
    await expect(harness.reopenMarkets(ID_LIMIT, 10, 0, 1n))
      .to.be.revertedWithCustomError(harness, "GameIdTooLarge")
      .withArgs(ID_LIMIT);
    await expect(harness.marketSettings(ID_LIMIT)).to.be.revertedWithCustomError(harness, "UnknownGame");
    // The largest id fits.
    await harness.reopenMarkets(ID_LIMIT - 1n, 10, 0, 1n);
    expect((await harness.marketSettings(ID_LIMIT - 1n))[0]).to.equal(10n * ONE_CARD);
  });
});
