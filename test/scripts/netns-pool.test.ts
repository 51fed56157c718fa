// The attack tests' namespaces under `npm test` (scripts/test/netns-pool.ts): made before any browser starts, lent
// to a group's files one at a time, given back by remove() and reused, never made or deleted while browsers run.
// [no-coverage]: no contract is measured here.
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { decodePool, deleteNamespace, encodePool, makePool, NETNS_POOL_ENV } from "../../scripts/test/netns-pool";
import { createNetns } from "../helpers/netns";

const namespaces = () => execFileSync("ip", ["netns", "list"], { encoding: "utf8" });

describe("npm test's network namespaces (scripts/test/netns-pool.ts) [no-coverage]", function () {
  this.timeout(60_000);
  const saved = process.env[NETNS_POOL_ENV];
  let own: ReturnType<typeof makePool>["pool"] = [];

  before(function () {
    // Under `npm test` this group has its pool; a file run alone makes one here.
    if (!saved) {
      own = makePool(2).pool;
      expect(own, "made as root with iproute2").to.have.length(2);
      process.env[NETNS_POOL_ENV] = encodePool(own);
    }
  });

  after(function () {
    if (saved) process.env[NETNS_POOL_ENV] = saved;
    else delete process.env[NETNS_POOL_ENV];
    for (const ns of own) deleteNamespace(ns);
  });

  it("writes and reads a pool through the environment", function () {
    const pool = decodePool(process.env[NETNS_POOL_ENV]);
    expect(pool.length).to.be.at.least(2);
    expect(decodePool(encodePool(pool))).to.deep.equal(pool);
    expect(decodePool(undefined)).to.deep.equal([]);
  });

  it("lends the pool's namespaces, takes them back on remove() and lends them again", async function () {
    const pool = decodePool(process.env[NETNS_POOL_ENV]);
    const first = await createNetns();
    const second = await createNetns();
    expect([first.name, second.name]).to.deep.equal([pool[0].name, pool[1].name]);
    expect(first.hostIp).to.equal(pool[0].hostIp);
    // The namespace works: its client reaches this machine's side of the pair (nothing listens: refused, not lost).
    expect((await first.hold(1, 1)).refused).to.equal(1);
    await first.remove();
    expect(namespaces(), "given back, not deleted").to.contain(pool[0].name);
    const again = await createNetns();
    expect(again.name).to.equal(pool[0].name);
    expect((await again.hold(1, 1)).refused).to.equal(1);
    await again.remove();
    await second.remove();
    expect(namespaces()).to.contain(pool[1].name);
  });
});
