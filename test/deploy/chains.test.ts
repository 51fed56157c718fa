import { expect } from "chai";
import { blockhashSourceVerdict, isLocalChain, TEST_CHAINS } from "../../scripts/lib/chains";

describe("deploy: where the block-hash randomness source may run", function () {
  it("allows it on local chains and on named test chains", function () {
    expect(blockhashSourceVerdict(31337, {}).allowed).to.equal(true);
    for (const id of Object.keys(TEST_CHAINS).map(Number)) {
      const v = blockhashSourceVerdict(id, {});
      expect(v.allowed, `chain ${id}`).to.equal(true);
      expect(v.reason).to.contain(TEST_CHAINS[id]);
    }
    expect(isLocalChain(31337)).to.equal(true);
    expect(isLocalChain(11155111)).to.equal(false);
  });

  it("refuses it on every other chain, saying why, unless ALLOW_BLOCKHASH_RANDOMNESS=true", function () {
    for (const id of [1, 10, 56, 137, 8453, 42161, 123456]) {
      const v = blockhashSourceVerdict(id, {});
      expect(v.allowed, `chain ${id}`).to.equal(false);
      expect(v.reason).to.match(/neither local nor a known test chain.*withhold the block.*VRF_COORDINATOR/);
      expect(blockhashSourceVerdict(id, { ALLOW_BLOCKHASH_RANDOMNESS: "1" }).allowed).to.equal(false);
      const forced = blockhashSourceVerdict(id, { ALLOW_BLOCKHASH_RANDOMNESS: "true" });
      expect(forced.allowed).to.equal(true);
      expect(forced.reason).to.contain("anyway");
    }
  });
});
