import { expect } from "chai";
import { Contract } from "ethers";
import { callOf, type Action } from "../../web/src/shared/action";

describe("web: an action described once (shared/action.ts)", function () {
  const contract = new Contract("0x000000000000000000000000000000000000dEaD", ["function stake(uint8 amount) payable"]);
  const stake = (amount: bigint): Action => ({
    contract,
    method: "stake",
    args: [amount],
    label: "Stake",
    describe: {},
  });

  it("gives the call its control carries, encoded from the description", function () {
    const call = callOf({ ...stake(7n), value: 5n });
    expect(call.to).to.equal("0x000000000000000000000000000000000000dEaD");
    expect(call.data).to.equal(contract.interface.encodeFunctionData("stake", [7n]));
    expect(call.value).to.equal(5n);
    expect(call.unencodable).to.equal(undefined);
  });

  it("says why an argument out of its type's range cannot be sent, without throwing at render", function () {
    const call = callOf(stake(300n));
    expect(call.data).to.equal("0x");
    expect(call.unencodable).to.match(/value out-of-bounds/);
    // Two different bad inputs are two different calls (their checks are keyed apart).
    expect(callOf(stake(-1n)).unencodable).to.not.equal(call.unencodable);
  });
});
