import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import { MAX_BALANCE, ONE_CARD, RESOURCE_COUNT } from "../../../client/catamm/market";
import { GAME, deployMarket } from "../helpers";

// The packed balances are exercised through the market harness's bank (issue/collect) and port setter, which call
// ResourceBalances.credit / debit / setPortsOwned directly.
describe("ResourceBalances", function () {
  const fixture = () => deployMarket({ cards: 0n, players: 2 });

  it("keeps the five fields and the port mask independent, up to the field's maximum (random sequences)", async function () {
    const { harness, players } = await loadFixture(fixture);
    const [alice] = players;
    const op = fc.record({
      kind: fc.constantFrom("issue", "collect", "ports"),
      resource: fc.integer({ min: 0, max: RESOURCE_COUNT - 1 }),
      amount: fc.oneof(
        fc.bigInt({ min: 1n, max: 100n * ONE_CARD }),
        fc.bigInt({ min: MAX_BALANCE - 3n, max: MAX_BALANCE }),
      ),
      mask: fc.integer({ min: 0, max: 511 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        await loadFixture(fixture);
        const model = [0n, 0n, 0n, 0n, 0n];
        let ports = 0n;
        for (const o of ops) {
          const balance = model[o.resource];
          if (o.kind === "ports") {
            await harness.setPorts(GAME, alice.address, o.mask);
            ports = BigInt(o.mask);
          } else if (o.kind === "issue") {
            const send = harness.issue(GAME, alice.address, o.resource, o.amount);
            if (o.amount > MAX_BALANCE - balance) {
              await expect(send)
                .to.be.revertedWithCustomError(harness, "BalanceOverflow")
                .withArgs(o.resource, balance, o.amount);
            } else {
              await send;
              model[o.resource] += o.amount;
            }
          } else {
            const send = harness.collect(GAME, alice.address, o.resource, o.amount);
            if (o.amount > balance) {
              await expect(send)
                .to.be.revertedWithCustomError(harness, "InsufficientBalance")
                .withArgs(o.resource, balance, o.amount);
            } else {
              await send;
              model[o.resource] -= o.amount;
            }
          }
        }
        expect(await harness.resourceBalances(GAME, alice.address)).to.deep.equal(model);
        expect(await harness.portsOwned(GAME, alice.address)).to.equal(ports);
      }),
      { numRuns: 25 },
    );
  });

  it("fills every field to its maximum without touching its neighbours", async function () {
    const { harness, players } = await loadFixture(fixture);
    const [alice, bob] = players;
    for (let r = 0; r < RESOURCE_COUNT; r++) await harness.issue(GAME, alice.address, r, MAX_BALANCE);
    await harness.setPorts(GAME, alice.address, 511);
    expect(await harness.resourceBalances(GAME, alice.address)).to.deep.equal(Array(RESOURCE_COUNT).fill(MAX_BALANCE));
    expect(await harness.portsOwned(GAME, alice.address)).to.equal(511n);
    await harness.collect(GAME, alice.address, 2, MAX_BALANCE);
    await harness.setPorts(GAME, alice.address, 0);
    expect(await harness.resourceBalances(GAME, alice.address)).to.deep.equal([
      MAX_BALANCE,
      MAX_BALANCE,
      0n,
      MAX_BALANCE,
      MAX_BALANCE,
    ]);
    expect(await harness.resourceBalances(GAME, bob.address)).to.deep.equal(Array(RESOURCE_COUNT).fill(0n));
  });

  it("keeps the host's tag (bits 179-255 of word 1) apart from the balances and the port mask", async function () {
    const { harness, players } = await loadFixture(fixture);
    const [alice] = players;
    const widest = (1n << 77n) - 1n;
    await harness.issue(GAME, alice.address, 3, MAX_BALANCE);
    await harness.issue(GAME, alice.address, 4, MAX_BALANCE);
    await harness.setPorts(GAME, alice.address, 511);
    await harness.setHostTag(GAME, alice.address, widest);
    expect(await harness.hostTag(GAME, alice.address)).to.equal(widest);
    expect(await harness.portsOwned(GAME, alice.address)).to.equal(511n);
    await harness.collect(GAME, alice.address, 4, MAX_BALANCE);
    await harness.setPorts(GAME, alice.address, 0);
    await harness.issue(GAME, alice.address, 4, 7n);
    expect(await harness.hostTag(GAME, alice.address)).to.equal(widest);
    await harness.setHostTag(GAME, alice.address, 3);
    expect(await harness.resourceBalances(GAME, alice.address)).to.deep.equal([0n, 0n, 0n, MAX_BALANCE, 7n]);
    expect([await harness.hostTag(GAME, alice.address), await harness.portsOwned(GAME, alice.address)]).to.deep.equal([
      3n,
      0n,
    ]);
    await expect(harness.setHostTag(GAME, alice.address, widest + 1n))
      .to.be.revertedWithCustomError(harness, "HostTagTooWide")
      .withArgs(widest + 1n);
  });

  it("rejects an overflow, an overdraft, a port mask beyond nine ports and an unknown resource", async function () {
    const { harness, players } = await loadFixture(fixture);
    const [alice] = players;
    await harness.issue(GAME, alice.address, 4, MAX_BALANCE);
    await expect(harness.issue(GAME, alice.address, 4, 1))
      .to.be.revertedWithCustomError(harness, "BalanceOverflow")
      .withArgs(4, MAX_BALANCE, 1);
    await expect(harness.collect(GAME, alice.address, 3, 1))
      .to.be.revertedWithCustomError(harness, "InsufficientBalance")
      .withArgs(3, 0, 1);
    await expect(harness.setPorts(GAME, alice.address, 512))
      .to.be.revertedWithCustomError(harness, "PortMaskTooWide")
      .withArgs(512);
    await expect(harness.issue(GAME, alice.address, 5, 1))
      .to.be.revertedWithCustomError(harness, "UnknownResource")
      .withArgs(5);
    await expect(harness.collect(GAME, alice.address, 9, 1))
      .to.be.revertedWithCustomError(harness, "UnknownResource")
      .withArgs(9);
  });
});
