import hre from "hardhat";
import { deployVrfStack } from "../lib/common";
import { gasOf, type BenchModule } from "../lib/gas";

const { ethers } = hre;

export const bench: BenchModule = {
  title: "Shared contracts",
  goals: {
    "common.randomness.request": { text: "report (block-hash source: one counter update, no slot per request)" },
    "common.randomness.fulfil": { text: "report (block-hash source: optional pin past 256 blocks)" },
    "common.randomness.vrf.request": { text: "report (includes the coordinator's own work)" },
    "common.randomness.vrf.callback": { text: "report (what `callbackGasLimit` must cover)" },
  },
  async run() {
    const out: Record<string, number> = {};
    const [owner, player] = await ethers.getSigners();

    const source = await ethers.deployContract("BlockhashRandomness");
    await source.request(ethers.ZeroAddress); // the first request ever pays for the counter's first write; measure a typical one
    const requestTx = await source.request(ethers.ZeroAddress);
    out["common.randomness.request"] = await gasOf(requestTx);
    const receipt = await requestTx.wait();
    const id = source.interface.parseLog(receipt!.logs[0])!.args.id as bigint;
    await hre.network.provider.send("hardhat_mine", ["0x2"]);
    out["common.randomness.fulfil"] = await gasOf(source.fulfil(id));

    const vrf = await deployVrfStack(hre);
    await vrf.source.setConsumer(owner.address, true);
    await vrf.source.request(ethers.ZeroAddress);
    const vrfTx = await vrf.source.request(ethers.ZeroAddress);
    out["common.randomness.vrf.request"] = await gasOf(vrfTx);
    const vrfReceipt = await vrfTx.wait();
    const vrfId = vrf.source.interface.parseLog(vrfReceipt!.logs.at(-1)!)!.args.id as bigint;
    // The callback alone, sent from the coordinator's address as the real coordinator would call it.
    const coordinatorAddress = await vrf.coordinator.getAddress();
    await hre.network.provider.send("hardhat_impersonateAccount", [coordinatorAddress]);
    await hre.network.provider.send("hardhat_setBalance", [coordinatorAddress, "0xDE0B6B3A7640000"]);
    const asCoordinator = vrf.source.connect(await ethers.getSigner(coordinatorAddress));
    out["common.randomness.vrf.callback"] = await gasOf(asCoordinator.rawFulfillRandomWords(vrfId, [12345n]));

    const feeConfig = await ethers.deployContract("FeeConfig", [owner.address, owner.address, 250]);
    const ledger = await ethers.deployContract("PayoutLedgerHarness", [await feeConfig.getAddress()]);
    await ledger.connect(player).deposit(ethers.ZeroAddress, 10n ** 16n, player.address, { value: 10n ** 16n });
    out["common.withdraw.eth"] = await gasOf(ledger.connect(player).withdraw(ethers.ZeroAddress));

    const token = await ethers.deployContract("MockERC20", ["Stake", "STK"]);
    await token.mint(player.address, 10n ** 20n);
    await token.connect(player).approve(await ledger.getAddress(), ethers.MaxUint256);
    await ledger.connect(player).deposit(await token.getAddress(), 10n ** 18n, player.address);
    out["common.withdraw.erc20"] = await gasOf(ledger.connect(player).withdraw(await token.getAddress()));
    return out;
  },
};
