import { expect } from "chai";
import hre, { deployments, ethers } from "hardhat";
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { MOCK_KEY_HASH } from "../../scripts/lib/common";
import { DEFAULT_TIMELOCK_DELAY, acceptHandovers, timelockDelay, timelockWanted } from "../../scripts/lib/timelock";
import deployCommon from "../../deploy/00_common";

const DELAY = 3600;

/** Runs every deploy script from scratch with `env` added to the environment. */
async function deployWith(env: Record<string, string>): Promise<void> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const log = console.log;
  console.log = () => undefined;
  try {
    await deployments.run(undefined, {
      resetMemory: true,
      deletePreviousDeployments: true,
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

  it("gives FeeConfig to the timelock at once, and the VRF source and SnatchRooms after its delay; owner calls wait", async function () {
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
    expect(await feeConfig.owner()).to.equal(timelockAddress);
    // The games were authorised while the deployer still owned the source; the handover is pending, in public.
    expect(await source.isConsumer(await rooms.getAddress())).to.equal(true);
    expect(await source.owner()).to.equal(deployer.address);
    expect(await rooms.pendingOwner()).to.equal(timelockAddress);
    expect(await acceptHandovers(hre)).to.deep.equal([]); // not before the delay
    await time.increase(DELAY);
    expect(await acceptHandovers(hre)).to.deep.equal(["Randomness", "SnatchRooms"]);
    expect(await source.owner()).to.equal(timelockAddress);
    expect(await rooms.owner()).to.equal(timelockAddress);
    // Nobody changes the fee directly; through the timelock only after the delay, announced by CallScheduled.
    await expect(feeConfig.connect(deployer).setFeeBps(500)).to.be.revertedWithCustomError(
      feeConfig,
      "OwnableUnauthorizedAccount",
    );
    const data = feeConfig.interface.encodeFunctionData("setFeeBps", [500]);
    const salt = ethers.id("raise");
    const target = await feeConfig.getAddress();
    await expect(
      timelock.connect(player).schedule(target, 0, data, ethers.ZeroHash, salt, DELAY),
    ).to.be.revertedWithCustomError(timelock, "AccessControlUnauthorizedAccount");
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

  it("completes the handover when TIMELOCK_PROPOSER is not the deployer, and leaves the deployer no timelock role", async function () {
    const coordinator = await ethers.deployContract("VRFCoordinatorV2_5Mock", [10n ** 17n, 10n ** 9n, 4n * 10n ** 15n]);
    const created = await (await coordinator.createSubscription()).wait();
    const subId = coordinator.interface.parseLog(created!.logs[0])!.args.subId as bigint;
    const [deployer, multisig] = await ethers.getSigners();
    // A multisig proposes: the deployer must still be able to schedule the acceptances, and must not keep the power
    // to schedule or cancel anything once the deployment is done.
    await deployWith({
      TIMELOCK: "true",
      TIMELOCK_DELAY: String(DELAY),
      TIMELOCK_PROPOSER: multisig.address,
      VRF_COORDINATOR: await coordinator.getAddress(),
      VRF_SUBSCRIPTION_ID: subId.toString(),
      VRF_KEY_HASH: MOCK_KEY_HASH,
    });
    const timelockAddress = (await deployments.get("Timelock")).address;
    const timelock = await ethers.getContractAt("GamesTimelock", timelockAddress);
    const source = await ethers.getContractAt("VRFRandomness", (await deployments.get("Randomness")).address);
    const rooms = await ethers.getContractAt("SnatchRooms", (await deployments.get("SnatchRooms")).address);
    const [proposer, canceller] = [await timelock.PROPOSER_ROLE(), await timelock.CANCELLER_ROLE()];
    expect(await timelock.hasRole(proposer, multisig.address)).to.equal(true);
    expect(await timelock.hasRole(canceller, multisig.address)).to.equal(true);
    expect(await timelock.hasRole(proposer, deployer.address)).to.equal(false);
    expect(await timelock.hasRole(canceller, deployer.address)).to.equal(false);
    expect(await source.owner()).to.equal(deployer.address);
    expect(await rooms.pendingOwner()).to.equal(timelockAddress);
    await time.increase(DELAY);
    expect(await acceptHandovers(hre)).to.deep.equal(["Randomness", "SnatchRooms"]);
    expect(await source.owner()).to.equal(timelockAddress);
    expect(await rooms.owner()).to.equal(timelockAddress);
  });
});
