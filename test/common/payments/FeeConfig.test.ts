import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";

describe("FeeConfig", function () {
  async function deployFixture() {
    const [owner, fund, stranger, newOwner] = await ethers.getSigners();
    const feeConfig = await ethers.deployContract("FeeConfig", [owner.address, fund.address, 250]);
    return { feeConfig, owner, fund, stranger, newOwner };
  }

  it("starts with the constructor's owner, recipient and fee", async function () {
    const { feeConfig, owner, fund } = await loadFixture(deployFixture);
    expect(await feeConfig.owner()).to.equal(owner.address);
    expect(await feeConfig.fundRecipient()).to.equal(fund.address);
    expect(await feeConfig.feeBps()).to.equal(250n);
    expect(await feeConfig.MAX_FEE_BPS()).to.equal(1000n);
  });

  it("lets the owner set the fee up to 10% and the recipient", async function () {
    const { feeConfig, stranger, fund } = await loadFixture(deployFixture);
    await expect(feeConfig.setFeeBps(1000)).to.emit(feeConfig, "FeeBpsSet").withArgs(250, 1000);
    await expect(feeConfig.setFeeBps(0)).to.emit(feeConfig, "FeeBpsSet").withArgs(1000, 0);
    await expect(feeConfig.setFundRecipient(stranger.address))
      .to.emit(feeConfig, "FundRecipientSet")
      .withArgs(fund.address, stranger.address);
    expect(await feeConfig.fundRecipient()).to.equal(stranger.address);
  });

  it("rejects a fee above 10% and a zero recipient, changing nothing", async function () {
    const { feeConfig, fund, owner } = await loadFixture(deployFixture);
    await expect(feeConfig.setFeeBps(1001)).to.be.revertedWithCustomError(feeConfig, "FeeTooHigh").withArgs(1001, 1000);
    await expect(feeConfig.setFundRecipient(ethers.ZeroAddress)).to.be.revertedWithCustomError(
      feeConfig,
      "ZeroAddress",
    );
    expect(await feeConfig.feeBps()).to.equal(250n);
    expect(await feeConfig.fundRecipient()).to.equal(fund.address);
    const factory = await ethers.getContractFactory("FeeConfig");
    await expect(factory.deploy(owner.address, fund.address, 5000)).to.be.revertedWithCustomError(
      factory,
      "FeeTooHigh",
    );
    await expect(factory.deploy(owner.address, ethers.ZeroAddress, 0)).to.be.revertedWithCustomError(
      factory,
      "ZeroAddress",
    );
  });

  it("rejects non-owners", async function () {
    const { feeConfig, stranger } = await loadFixture(deployFixture);
    await expect(feeConfig.connect(stranger).setFeeBps(1))
      .to.be.revertedWithCustomError(feeConfig, "OwnableUnauthorizedAccount")
      .withArgs(stranger.address);
    await expect(feeConfig.connect(stranger).setFundRecipient(stranger.address))
      .to.be.revertedWithCustomError(feeConfig, "OwnableUnauthorizedAccount")
      .withArgs(stranger.address);
  });

  it("transfers ownership in two steps", async function () {
    const { feeConfig, owner, newOwner, stranger } = await loadFixture(deployFixture);
    await feeConfig.transferOwnership(newOwner.address);
    expect(await feeConfig.owner()).to.equal(owner.address);
    await expect(feeConfig.connect(stranger).acceptOwnership())
      .to.be.revertedWithCustomError(feeConfig, "OwnableUnauthorizedAccount")
      .withArgs(stranger.address);
    await feeConfig.connect(newOwner).acceptOwnership();
    expect(await feeConfig.owner()).to.equal(newOwner.address);
    await expect(feeConfig.setFeeBps(1)).to.be.revertedWithCustomError(feeConfig, "OwnableUnauthorizedAccount");
  });
});
