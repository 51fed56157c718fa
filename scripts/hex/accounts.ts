// Funded accounts at chosen addresses on the in-process Hardhat network, for the tests and the bench (settlement
// with many distinct players, and with addresses ground to share their low bits as an attacker would make them).
// Only for networks that support `hardhat_impersonateAccount`.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { Rng } from "../../client/rng";

/** Balance given to each account: 100 ETH. */
const BALANCE = 100n * 10n ** 18n;

/**
 * `count` distinct funded, impersonated accounts at addresses drawn from `seed`. With `lowBits` (0..0xffff), every
 * address ends in those 16 bits: what an attacker gets by generating ~65,000 keys per address offline.
 */
export async function impersonatedAccounts(
  hre: HardhatRuntimeEnvironment,
  count: number,
  seed: number,
  lowBits?: number,
): Promise<HardhatEthersSigner[]> {
  const { ethers } = hre;
  const rng = new Rng(seed);
  const seen = new Set<string>();
  const out: HardhatEthersSigner[] = [];
  while (out.length < count) {
    let value = 0n;
    for (let i = 0; i < 5; i++) value = (value << 32n) | BigInt(rng.range(0, 2 ** 32 - 1));
    if (lowBits !== undefined) value = (value & ~0xffffn) | BigInt(lowBits);
    const address = ethers.getAddress(ethers.toBeHex(value, 20));
    if (seen.has(address) || value < 2n ** 16n) continue; // distinct, and never a precompile
    seen.add(address);
    await hre.network.provider.send("hardhat_impersonateAccount", [address]);
    await hre.network.provider.send("hardhat_setBalance", [address, ethers.toQuantity(BALANCE)]);
    out.push(await ethers.getSigner(address));
  }
  return out;
}
