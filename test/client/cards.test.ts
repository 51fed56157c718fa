// Whole cards and fractions (client/catamm/cards.ts), and the words the pages use for counts and randomness requests
// (client/format.ts): what a swap's result is good for, the input that reaches the next whole card, plurals.
import { expect } from "chai";
import {
  affordable,
  amountUpText,
  fractionOrCards,
  fractionText,
  shortFor,
  splitCards,
  swapOutcome,
  swapOutcomeText,
} from "../../client/catamm/cards";
import { ONE_CARD, getAmountIn, getAmountOut } from "../../client/catamm/market";
import { plural, requestLabel } from "../../client/format";

const cards = (...xs: number[]) => xs.map((x) => BigInt(Math.round(x * 1e6)) * 10n ** 12n);

describe("client/catamm: whole cards and fractions", function () {
  it("splits a balance into whole cards and a fraction shown rounded down (never a card that is not there)", function () {
    expect(splitCards(ONE_CARD + ONE_CARD / 4n)).to.deep.equal({ whole: 1n, fraction: ONE_CARD / 4n });
    expect(fractionText(996n * 10n ** 15n)).to.equal("0.99");
    expect(fractionText(0n)).to.equal("0");
    expect(fractionText(5n * 10n ** 15n)).to.equal("0");
    expect(fractionOrCards(2n * ONE_CARD + ONE_CARD / 2n)).to.equal("2.5");
    expect(fractionOrCards(ONE_CARD - 1n)).to.equal("0.99");
    expect(amountUpText(1121n * 10n ** 15n)).to.equal("1.13");
    expect(amountUpText(ONE_CARD)).to.equal("1");
  });

  it("counts only whole cards towards builds", function () {
    expect(affordable(cards(1, 0.999, 0, 0, 0))).to.deep.equal([]);
    expect(affordable(cards(1, 1, 0, 0, 0))).to.deep.equal(["road"]);
    expect(affordable(cards(1, 1, 1, 3, 2))).to.deep.equal(["road", "settlement", "city", "devCard"]);
    expect(affordable(cards(0, 1, 1, 3, 1))).to.deep.equal(["devCard"]);
    expect(shortFor(cards(0.5, 1.9, 0, 2.99, 0), "city")).to.deep.equal([0, 0, 0, 1, 2]);
  });

  it("the issue's swap: 1 Wood at a 1:1 price and a 10% fee buys 0.88 Brick, not enough for a road; the input for one whole Brick is named", function () {
    const side = { reserveIn: 50n * ONE_CARD, reserveOut: 50n * ONE_CARD, feeBps: 1000n };
    const balances = cards(1, 0, 1, 0, 1);
    const out = getAmountOut(ONE_CARD, side.reserveIn, side.reserveOut, side.feeBps).amountOut;
    const o = swapOutcome(balances, 0, 1, ONE_CARD, out, side);
    expect(o.wholeAfter).to.equal(0n);
    expect(o.gained).to.deep.equal([]);
    expect(o.stillShort).to.deep.equal(["road", "settlement"]);
    const need = getAmountIn(ONE_CARD, side.reserveIn, side.reserveOut, side.feeBps);
    expect(o.nextWhole).to.deep.equal({
      amountIn: need,
      amountOut: getAmountOut(need, side.reserveIn, side.reserveOut, side.feeBps).amountOut,
      cards: 1n,
    });
    expect(o.nextWhole!.amountOut >= ONE_CARD).to.equal(true);
    expect(swapOutcomeText(o, 0, 1, out)).to.equal(
      "0.88 Brick: no new whole card of Brick (you will hold 0 whole + 0.88); not enough for a road or a settlement; " +
        "1.14 Wood would get you 1 Brick",
    );
  });

  it("a swap that completes a whole card says what it now buys, and tops up a held fraction to the next card", function () {
    const side = { reserveIn: 1000n * ONE_CARD, reserveOut: 1000n * ONE_CARD, feeBps: 30n };
    // Holding 0.3 Brick: 0.75 Wood brings it to 1.04 Brick (a road), then the next whole card is 2.
    const balances = cards(2, 0.3, 0, 0, 0);
    const amountIn = cards(0.75)[0];
    const out = getAmountOut(amountIn, side.reserveIn, side.reserveOut, side.feeBps).amountOut;
    const o = swapOutcome(balances, 0, 1, amountIn, out, side);
    expect(o.wholeAfter).to.equal(1n);
    expect(o.gained).to.deep.equal(["road"]);
    expect(o.nextWhole!.cards).to.equal(2n);
    expect(o.nextWhole!.amountOut + balances[1] >= 2n * ONE_CARD).to.equal(true);
    expect(swapOutcomeText(o, 0, 1, out)).to.match(
      /^0\.74 Brick: 1 more whole card of Brick \(you will hold 1\); enough for a road; 1\.\d\d Wood would bring you to 2 Brick$/,
    );
  });
});

describe("client: words", function () {
  it("plural: singular for exactly one", function () {
    expect(plural(1, "point")).to.equal("1 point");
    expect(plural(0, "point")).to.equal("0 points");
    expect(plural(2n, "card")).to.equal("2 cards");
    expect(plural(1200, "block")).to.equal("1,200 blocks");
    expect(plural(1, "goose", "geese")).to.equal("1 goose");
  });

  it("randomness request ids as short labels: block-hash ids as sequence and block, small ids as they are, others as hex", function () {
    expect(requestLabel((2n << 64n) | 104n)).to.equal("#2 (block 104)");
    expect(requestLabel(36893488147419103336n)).to.equal("#2 (block 104)");
    expect(requestLabel(7n)).to.equal("#7");
    expect(requestLabel(0xabcdef0123456789abcdef0123456789abcdefn)).to.equal("0xabcd…cdef");
  });
});
