import { expect } from "chai";
import { Contract } from "ethers";
import { callOf, type Action } from "../../web/src/shared/action";
import { checkKey, hashKey } from "../../web/src/data/keys";

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

describe("web: an action's check key (data/keys.ts)", function () {
  const contract = new Contract("0x000000000000000000000000000000000000dEaD", [
    "function block(uint8 hex, address victim)",
  ]);
  const block = (accepts?: string[]): Action => ({
    contract,
    method: "block",
    args: [3, "0x0000000000000000000000000000000000000000"],
    label: "Block",
    accepts,
    describe: {},
  });
  const account = "0x00000000000000000000000000000000000000Aa";

  it("keys one call apart by the errors it accepts (a hex asked before its victim is chosen)", function () {
    const scope = ["chain", 31337, "catamm"];
    const plain = hashKey(checkKey(scope, account, block()));
    const victimLater = hashKey(checkKey(scope, account, block(["VictimRequired"])));
    expect(victimLater).to.not.equal(plain);
    // The same description twice, and the same accepted errors in another order, share one check.
    expect(hashKey(checkKey(scope, account, block()))).to.equal(plain);
    expect(hashKey(checkKey(scope, account, block(["B", "A"])))).to.equal(
      hashKey(checkKey(scope, account, block(["A", "B"]))),
    );
  });
});
