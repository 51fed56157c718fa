import { ethers } from "ethers";

/**
 * An independent model of RandomDraw.permutation (Durstenfeld's Fisher–Yates): for i = n-1 down to 1, place i swaps
 * with j = keccak256(abi.encode(seed, salt + i)) mod (i + 1), `salt + i` wrapping at 2^256.
 */
export function permutationModel(seed: bigint, salt: bigint, n: number): number[] {
  const word = (x: bigint) => x.toString(16).padStart(64, "0");
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i >= 1; i--) {
    const s = (salt + BigInt(i)) % (1n << 256n);
    // abi.encode(seed, s): two 32-byte words.
    const j = Number(BigInt(ethers.keccak256("0x" + word(seed) + word(s))) % BigInt(i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
