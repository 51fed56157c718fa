import { ethers, network } from "hardhat";
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
  /** The highest fee the creator accepts (default: FeeConfig's cap, 1,000). */
  maxFeeBps?: number;
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
  return h.createGame(
    p.size ?? 14,
    p.red ?? 5,
    p.blue ?? 10,
    stake,
    token,
    p.lastBlock ?? 0,
    p.cell ?? 0,
    p.maxFeeBps ?? 1000,
    {
      value: token === ETH ? stake : 0n,
    },
  );
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

/** Reads the value of the one `event` emitted by `hex` in the transaction. */
export async function eventArgs(hex: ForkingHex, tx: ContractTransactionResponse, event: string) {
  const receipt = await tx.wait();
  for (const log of receipt!.logs) {
    const parsed = hex.interface.parseLog(log);
    if (parsed?.name === event) return parsed.args;
  }
  throw new Error(`no ${event} event`);
}

type Signerish = Parameters<ForkingHex["connect"]>[0];

/**
 * Plays `cells` as a single line of play from position `from` (each move on the previous one), alternating
 * `players`; returns the new position ids in order.
 */
export async function playLine(
  hex: ForkingHex,
  gameId: bigint,
  from: number,
  cells: number[],
  players: Signerish[],
  value: bigint = STAKE,
): Promise<number[]> {
  const ids: number[] = [];
  let parent = from;
  for (let i = 0; i < cells.length; i++) {
    const tx = await hex.connect(players[i % players.length]).move(gameId, parent, cells[i], { value });
    parent = Number((await eventArgs(hex, tx, "Moved")).positionId);
    ids.push(parent);
  }
  return ids;
}

/**
 * A Red win down column 0: Red (0,0) is position 1, then Blue (r,1) and Red (r+1,0) alternate. Returns the cells
 * after position 1 and Red's path.
 */
export function redColumnWin(n: number): { cells: number[]; path: number[] } {
  const cells: number[] = [];
  for (let r = 0; r < n - 1; r++) cells.push(r * n + 1, (r + 1) * n);
  return { cells, path: Array.from({ length: n }, (_, r) => r * n) };
}

/**
 * A Blue win along row 1: Red (0,0) is position 1, then Blue (1,c) and Red (0,c+1) alternate, Blue's last stone
 * completing the row. Returns the cells after position 1 and Blue's path.
 */
export function blueRowWin(n: number): { cells: number[]; path: number[] } {
  const cells: number[] = [];
  for (let c = 0; c < n; c++) {
    cells.push(n + c);
    if (c < n - 1) cells.push(c + 1);
  }
  return { cells, path: Array.from({ length: n }, (_, c) => n + c) };
}

/**
 * The storage slot of game `gameId`'s core word: the slot its id hashes to with the games mapping's slot (tried from
 * 0), holding the game's size (bits 0..4) and position count (bits 76..99; HexWords). Its meta word is the next slot.
 */
export async function coreSlot(hex: ForkingHex, gameId: bigint): Promise<bigint> {
  const g = await hex.game(gameId);
  const address = await hex.getAddress();
  const coder = ethers.AbiCoder.defaultAbiCoder();
  for (let slot = 0; slot < 16; slot++) {
    const key = BigInt(ethers.keccak256(coder.encode(["uint256", "uint256"], [gameId, slot])));
    const word = BigInt(await ethers.provider.getStorage(address, key));
    if (((word >> 76n) & 0xffffffn) === g.positionCount && (word & 0x1fn) === g.size) return key;
  }
  throw new Error(`game ${gameId}'s core word not found`);
}

/**
 * Sets the length of game `gameId`'s player list (its meta word's bits 242..253) to `length`, as if that many
 * accounts had moved in it; returns the length it had. 4,095 fills it: later newcomers move as overflow.
 */
export async function setPlayerCount(hex: ForkingHex, gameId: bigint, length: bigint): Promise<bigint> {
  const address = await hex.getAddress();
  const key = (await coreSlot(hex, gameId)) + 1n;
  const meta = BigInt(await ethers.provider.getStorage(address, key));
  const word = (meta & ~(0xfffn << 242n)) | (length << 242n);
  await network.provider.send("hardhat_setStorageAt", [address, ethers.toBeHex(key), ethers.toBeHex(word, 32)]);
  return (meta >> 242n) & 0xfffn;
}
