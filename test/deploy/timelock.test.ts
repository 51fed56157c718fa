import { expect } from "chai";
import hre, { deployments, ethers } from "hardhat";
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { MOCK_KEY_HASH } from "../../scripts/lib/common";
import { DEFAULT_TIMELOCK_DELAY, timelockDelay, timelockWanted } from "../../scripts/lib/timelock";
import deployCommon from "../../deploy/00_common";

const DELAY = 3600;

/** Runs every deploy script (from scratch unless `again`) with `env` added to the environment. */
async function deployWith(env: Record<string, string>, again = false): Promise<void> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const log = console.log;
  console.log = () => undefined;
  try {
    await deployments.run(undefined, {
      resetMemory: !again,
      deletePreviousDeployments: !again,
      writeDeploymentsToFiles: false,
    });
  } finally {
    process.env = saved;
    console.log = log;
  }
}

describe("deploy: owners behind a TimelockController", function () {
  it("is used on every non-local chain (or with TIMELOCK=true), with the delay from TIMELOCK_DELAY, default 2 days", function () {
    expect(timelockWanted(31337, {})).to.equal(false);
    expect(timelockWanted(31337, { TIMELOCK: "true" })).to.equal(true);
    expect(timelockWanted(11155111, {})).to.equal(true);
    expect(timelockWanted(1, {})).to.equal(true);
    expect(timelockDelay({})).to.equal(DEFAULT_TIMELOCK_DELAY);
    expect(DEFAULT_TIMELOCK_DELAY).to.equal(172_800);
    expect(timelockDelay({ TIMELOCK_DELAY: "60" })).to.equal(60);
    expect(() => timelockDelay({ TIMELOCK_DELAY: "soon" })).to.throw(/TIMELOCK_DELAY/);
  });

  it("refuses the block-hash source on a chain that is neither local nor a named test chain, and says why", async function () {
    // The deploy script as it would run on Polygon (chain 137).
    const provider = new Proxy(hre.ethers.provider, {
      get: (target, key) =>
        key === "getNetwork" ? async () => ({ chainId: 137n, name: "matic" }) : Reflect.get(target, key, target),
    });
    const fake = { ...hre, ethers: { ...hre.ethers, provider } } as typeof hre;
    const error = await deployCommon(fake).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.match(/refusing to deploy the block-hash randomness source: chain 137 is neither local/);
  });

  it("TIMELOCK=true: from the end of the deploy the Timelock owns everything, its delay in force; the deployer, a proposer by default, waits like anyone", async function () {
    const coordinator = await ethers.deployContract("VRFCoordinatorV2_5Mock", [10n ** 17n, 10n ** 9n, 4n * 10n ** 15n]);
    const created = await (await coordinator.createSubscription()).wait();
    const subId = coordinator.interface.parseLog(created!.logs[0])!.args.subId as bigint;
    await deployWith({
      TIMELOCK: "true",
      TIMELOCK_DELAY: String(DELAY),
      VRF_COORDINATOR: await coordinator.getAddress(),
      VRF_SUBSCRIPTION_ID: subId.toString(),
      VRF_KEY_HASH: MOCK_KEY_HASH,
    });
    const [deployer, player] = await ethers.getSigners();
    const timelockAddress = (await deployments.get("Timelock")).address;
    const timelock = await ethers.getContractAt("GamesTimelock", timelockAddress);
    expect(await timelock.getMinDelay()).to.equal(BigInt(DELAY));
    const feeConfig = await ethers.getContractAt("FeeConfig", (await deployments.get("FeeConfig")).address);
    const source = await ethers.getContractAt("VRFRandomness", (await deployments.get("Randomness")).address);
    const rooms = await ethers.getContractAt("SnatchRooms", (await deployments.get("SnatchRooms")).address);
    // The games were authorised while the deployer still owned the source; the handover left no pending state.
    expect(await source.isConsumer(await rooms.getAddress())).to.equal(true);
    expect(await coordinator.consumerIsAdded(subId, await source.getAddress())).to.equal(true);
    for (const c of [feeConfig, source, rooms]) expect(await c.owner()).to.equal(timelockAddress);
    expect(await rooms.pendingOwner()).to.equal(ethers.ZeroAddress);
    // Nobody changes the fee directly; through the timelock only after the delay, announced by CallScheduled.
    await expect(feeConfig.connect(deployer).setFeeBps(500)).to.be.revertedWithCustomError(
      feeConfig,
      "OwnableUnauthorizedAccount",
    );
    await expect(source.connect(deployer).setConsumer(player.address, true)).to.be.revertedWith(
      "Only callable by owner",
    );
    const data = feeConfig.interface.encodeFunctionData("setFeeBps", [500]);
    const salt = ethers.id("raise");
    const target = await feeConfig.getAddress();
    await expect(
      timelock.connect(player).schedule(target, 0, data, ethers.ZeroHash, salt, DELAY),
    ).to.be.revertedWithCustomError(timelock, "AccessControlUnauthorizedAccount");
    await expect(
      timelock.connect(deployer).schedule(target, 0, data, ethers.ZeroHash, salt, DELAY - 1),
    ).to.be.revertedWithCustomError(timelock, "TimelockInsufficientDelay");
    // A second run of the deploy finds everything handed over and changes nothing.
    const env = {
      TIMELOCK: "true",
      TIMELOCK_DELAY: String(DELAY),
      VRF_COORDINATOR: await coordinator.getAddress(),
      VRF_SUBSCRIPTION_ID: subId.toString(),
      VRF_KEY_HASH: MOCK_KEY_HASH,
    };
    const block = await ethers.provider.getBlockNumber();
    await deployWith(env, true);
    expect(await ethers.provider.getBlockNumber()).to.equal(block);
    await expect(timelock.connect(deployer).schedule(target, 0, data, ethers.ZeroHash, salt, DELAY)).to.emit(
      timelock,
      "CallScheduled",
    );
    await expect(
      timelock.connect(player).execute(target, 0, data, ethers.ZeroHash, salt),
    ).to.be.revertedWithCustomError(timelock, "TimelockUnexpectedOperationState");
    await time.increase(DELAY);
    await expect(timelock.connect(player).execute(target, 0, data, ethers.ZeroHash, salt))
      .to.emit(feeConfig, "FeeBpsSet")
      .withArgs(250, 500);
    // The deployer is the default proposer (TIMELOCK_PROPOSER unset): it keeps that role, as documented.
    expect(await timelock.hasRole(await timelock.PROPOSER_ROLE(), deployer.address)).to.equal(true);
    // Local deployments keep the deployer as owner (no timelock).
    await deployWith({});
    expect(await deployments.getOrNull("Timelock")).to.equal(undefined);
    expect(
      await (await ethers.getContractAt("FeeConfig", (await deployments.get("FeeConfig")).address)).owner(),
    ).to.equal(deployer.address);
  });
});
