// Unit tests of the CATAMM pages' pure helpers (no browser): chart ticks and the x positions of price events.
import { expect } from "chai";
import { niceTicks, tickDecimals } from "../../web/src/shared/ticks";
import { xPositions } from "../../web/src/catamm/chartData";
import type { PricePoint } from "../../client/catamm/history";

describe("web: CATAMM chart helpers", function () {
  it("niceTicks: round steps covering the range, one value for an empty range, none for NaN", function () {
    expect(niceTicks(0, 10, 5)).to.deep.equal([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0, 10, 4)).to.deep.equal([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0.973, 1.02, 6)).to.deep.equal([0.98, 0.99, 1, 1.01, 1.02]);
    expect(niceTicks(3, 3)).to.deep.equal([3]);
    expect(niceTicks(Number.NaN, 1)).to.deep.equal([]);
    for (const [a, b] of [
      [0, 1],
      [-5, 17],
      [0.9912, 1.0041],
      [100, 12345],
    ]) {
      const t = niceTicks(a, b, 5);
      expect(t[0]).to.be.at.least(a);
      expect(t[t.length - 1]).to.be.at.most(b);
      expect(t.length).to.be.within(2, 11);
    }
  });

  it("tickDecimals: enough decimals that neighbouring ticks read differently", function () {
    expect(tickDecimals([0, 2, 4])).to.equal(0);
    expect(tickDecimals([0, 2.5, 5])).to.equal(1);
    expect(tickDecimals([0.98, 0.99, 1])).to.equal(2);
    expect(tickDecimals([0.995, 1, 1.005])).to.equal(3);
    const labels = niceTicks(0.9912, 1.0041, 4).map((t, _, all) => t.toFixed(tickDecimals(all)));
    expect(new Set(labels).size).to.equal(labels.length);
  });

  it("xPositions: each turn's events spread over [turn, turn + 1) in their order, across pools", function () {
    const p = (turn: number, seq: number): PricePoint =>
      ({ turn, seq, block: 0, price: 1, reserve0: 1n, reserve1: 1n, mark: "swap", text: "" }) as PricePoint;
    const x = xPositions([
      [p(0, 0), p(2, 3)],
      [p(0, 1), p(2, 2), p(2, 4)],
    ]);
    expect(x.get(0)).to.be.closeTo(1 / 3, 1e-12);
    expect(x.get(1)).to.be.closeTo(2 / 3, 1e-12);
    expect([x.get(2), x.get(3), x.get(4)]).to.deep.equal([2.25, 2.5, 2.75]);
  });
});
