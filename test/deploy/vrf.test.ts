import { expect } from "chai";
import { requestFeeVerdict, vrfConfigFromEnv } from "../../scripts/lib/vrf";

const COST = { wei: 400n, how: "the test's figure" };

describe("deploy: the VRF request fee must pay for a request off local chains", function () {
  it("local chains take any fee, 0 included", function () {
    for (const chain of [31337, 1337]) expect(requestFeeVerdict(chain, 0n, COST, {}).allowed).to.equal(true);
  });

  it("elsewhere (test chains included) a fee below a request's cost is refused, saying why and what to set", function () {
    for (const chain of [1, 137, 11155111, 4242]) {
      for (const fee of [0n, COST.wei - 1n]) {
        const v = requestFeeVerdict(chain, fee, COST, {});
        expect(v.allowed, `chain ${chain}, fee ${fee}`).to.equal(false);
        expect(v.reason).to.contain(`VRF_REQUEST_FEE=${fee} wei does not cover a request on chain ${chain}`);
        expect(v.reason).to.contain("one request costs up to 400 wei");
        expect(v.reason).to.contain("fresh accounts");
        expect(v.reason).to.contain("Set VRF_REQUEST_FEE to at least 400, or VRF_SUBSCRIPTION_PAYS=true");
      }
      expect(requestFeeVerdict(chain, COST.wei, COST, {}).allowed).to.equal(true);
      const paying = requestFeeVerdict(chain, 0n, COST, { VRF_SUBSCRIPTION_PAYS: "true" });
      expect(paying.allowed).to.equal(true);
      expect(paying.reason).to.contain("Deploying anyway because VRF_SUBSCRIPTION_PAYS=true");
      expect(requestFeeVerdict(chain, 0n, COST, { VRF_SUBSCRIPTION_PAYS: "1" }).allowed).to.equal(false);
    }
  });

  it("a fee means native payment unless said otherwise; defaults otherwise", function () {
    expect(vrfConfigFromEnv({ VRF_REQUEST_FEE: "5" }).nativePayment).to.equal(true);
    expect(vrfConfigFromEnv({}).nativePayment).to.equal(false);
    expect(vrfConfigFromEnv({ VRF_REQUEST_FEE: "5", VRF_NATIVE_PAYMENT: "false" }).nativePayment).to.equal(false);
    const c = vrfConfigFromEnv({});
    expect([c.callbackGasLimit, c.requestConfirmations, c.staleAfter, c.requestFee]).to.deep.equal([
      100_000,
      3,
      1_000,
      0n,
    ]);
  });
});
