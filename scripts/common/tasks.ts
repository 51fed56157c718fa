import { task } from "hardhat/config";

task("accounts", "Prints the accounts of the selected network and their ETH balances").setAction(async (_, hre) => {
  for (const signer of await hre.ethers.getSigners()) {
    const balance = await hre.ethers.provider.getBalance(signer.address);
    console.log(`${signer.address}  ${hre.ethers.formatEther(balance)} ETH`);
  }
});
