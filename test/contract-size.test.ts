import { expect } from "chai";
import { artifacts } from "hardhat";

/** EIP-170: the largest runtime bytecode a contract may deploy. */
const EIP170_LIMIT = 24_576;

// Tagged [no-coverage]: coverage instruments and de-optimises bytecode, so sizes there mean nothing
// (.solcover.js skips tests with this tag).
describe("Contract sizes [no-coverage]", function () {
  it("every deployable contract of this project is under the EIP-170 limit", async function () {
    const names = await artifacts.getAllFullyQualifiedNames();
    const ours = names.filter((n) => n.startsWith("contracts/"));
    const sizes: { name: string; bytes: number }[] = [];
    for (const name of ours) {
      const artifact = await artifacts.readArtifact(name);
      const bytes = (artifact.deployedBytecode.length - 2) / 2;
      if (bytes > 0) sizes.push({ name, bytes });
    }
    expect(sizes.length).to.be.greaterThan(0);
    const tooLarge = sizes.filter((s) => s.bytes > EIP170_LIMIT);
    expect(tooLarge, `over ${EIP170_LIMIT} bytes: ${JSON.stringify(tooLarge)}`).to.deep.equal([]);
  });
});
