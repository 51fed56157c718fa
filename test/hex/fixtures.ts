import { ethers } from "hardhat";
import type { ContractTransactionResponse } from "ethers";
import type { ForkingHex, HexPlayersHarness, MockERC20 } from "../../typechain-types";

export const ETH = ethers.ZeroAddress;
export const STAKE = 10n ** 16n;
export const FEE_BPS = 250;
/** Players driven by the batching harness in property tests. */
export const HARNESS_PLAYERS = 5;

/** The game, a fee config, a stake token, and EOAs with tokens approved. */
export async function deployHex() {
  const signers = await ethers.getSigners();
  const [owner, fund, alice, bob, carol, dave, erin] = signers;
  const feeConfig = await ethers.deployContract("FeeConfig", [owner.address, fund.address, FEE_BPS]);
  const hex = await ethers.deployContract("ForkingHex", [await feeConfig.getAddress()]);
  const token = await ethers.deployContract("MockERC20", ["Stake", "STK"]);
  const taxed = await ethers.deployContract("FeeOnTransferERC20", [0]);
  const hexAddress = await hex.getAddress();
  for (const s of [owner, alice, bob, carol, dave, erin]) {
    await token.mint(s.address, 10n ** 24n);
    await token.connect(s).approve(hexAddress, ethers.MaxUint256);
    await taxed.mint(s.address, 10n ** 24n);
    await taxed.connect(s).approve(hexAddress, ethers.MaxUint256);
  }
  return { hex, feeConfig, token, taxed, owner, fund, alice, bob, carol, dave, erin, signers };
}

/** Game parameters with defaults (ETH, 14×14, red 5 / blue 10 blocks, no last block, first cell 0). */
export interface GameParams {
  size?: number;
  red?: number;
  blue?: number;
  stake?: bigint;
  token?: string;
  lastBlock?: number;
  cell?: number;
}

/** Sends `createGame` with the right value; returns the transaction. */
export function createGame(
  hex: ForkingHex,
  p: GameParams = {},
  from?: Parameters<ForkingHex["connect"]>[0],
): Promise<ContractTransactionResponse> {
  const stake = p.stake ?? STAKE;
  const token = p.token ?? ETH;
  const h = from ? hex.connect(from) : hex;
  return h.createGame(p.size ?? 14, p.red ?? 5, p.blue ?? 10, stake, token, p.lastBlock ?? 0, p.cell ?? 0, {
    value: token === ETH ? stake : 0n,
  });
}

/** Deploys the batching harness with funded players (ETH, and `token` approved for the game). */
export async function deployPlayers(hex: ForkingHex, token: MockERC20): Promise<HexPlayersHarness> {
  const players = await ethers.deployContract("HexPlayersHarness", [HARNESS_PLAYERS]);
  await players.fund({ value: 500n * 10n ** 18n });
  const addresses = await players.playerAddresses();
  const approve = token.interface.encodeFunctionData("approve", [await hex.getAddress(), ethers.MaxUint256]);
  const steps = [];
  for (let i = 0; i < addresses.length; i++) {
    await token.mint(addresses[i], 10n ** 26n);
    steps.push({ player: i, target: await token.getAddress(), value: 0n, data: approve });
  }
  await players.run(steps);
  return players;
}
