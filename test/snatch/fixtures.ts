import { expect } from "chai";
import hre, { artifacts, ethers, network } from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { SnatchRooms, SnatchRoomsLens } from "../../typechain-types";
import { deployCommon } from "../../scripts/lib/common";
import { deploySnatch } from "../../scripts/snatch/lib";
import { eventArg } from "../../client/snatch/room";
import { Preset } from "../../client/snatch/names";

export type Signer = HardhatEthersSigner;

/** Shared contracts, SnatchRooms with its lens, and a test factory allowed to create rooms. */
export async function baseFixture() {
  const [owner, ...players] = await ethers.getSigners();
  const { randomness } = await deployCommon(hre);
  const { rooms, lens } = await deploySnatch(hre, await randomness.getAddress());
  const factory = await ethers.deployContract("SnatchFactoryHarness", [await rooms.getAddress()]);
  await rooms.setFactory(await factory.getAddress(), true);
  return { owner, players, randomness, rooms, lens, factory };
}

export type Base = Awaited<ReturnType<typeof baseFixture>>;

/** Creates one room through the test factory (players in seat order) and returns its id. */
export async function factoryRoom(base: Base, format: number, seated: Signer[]): Promise<bigint> {
  const tx = await base.factory.create(
    format,
    seated.map((s) => s.address),
  );
  return eventArg(base.rooms, tx, "RoomCreated", "roomId");
}

/** A started Snatch or Share room with known roles: turkey (seat 0, first judge), coffee (seat 1), corn (seat 2). */
export async function threeFixture() {
  const base = await baseFixture();
  const [turkey, coffee, corn, outsider] = base.players;
  const roomId = await factoryRoom(base, Preset.SnatchOrShare, [turkey, coffee, corn]);
  return { ...base, roomId, turkey, coffee, corn, outsider };
}

/** A started 2-player room per preset G1..G5 with P1 = players[0], P2 = players[1]. */
export async function twoFixture() {
  const base = await baseFixture();
  const [p1, p2, outsider] = base.players;
  const ids: bigint[] = [];
  for (const format of [Preset.G1, Preset.G2, Preset.G3, Preset.G4, Preset.G5]) {
    ids.push(await factoryRoom(base, format, [p1, p2]));
  }
  const [g1, g2, g3, g4, g5] = ids;
  return { ...base, p1, p2, outsider, g1, g2, g3, g4, g5 };
}

/** Free and escrowed holdings per seat and good, as numbers. */
export async function holdings(lens: SnatchRoomsLens, roomId: bigint) {
  const v = await lens.roomView(roomId);
  return {
    free: v.free.map((row) => row.map(Number)),
    escrow: v.escrow.map((row) => row.map(Number)),
    points: v.points.map(Number),
  };
}

/** The room's current round and phase, as numbers. */
export async function progress(rooms: SnatchRooms, roomId: bigint) {
  const r = await rooms.roomData(roomId);
  return { round: Number(r.round), phase: Number(r.phase), deadline: Number(r.deadline), rules: Number(r.rules) };
}

/** The id of the offer made by a transaction. */
export async function offerIdOf(rooms: SnatchRooms, tx: Parameters<typeof eventArg>[1]): Promise<bigint> {
  return eventArg(rooms, tx, "OfferMade", "offerId");
}

/**
 * Sends transactions into one block (automine off; fixed gas limits, so nothing is estimated against the pending
 * block), mines it, and returns each transaction's receipt status and, for a reverted one, its decoded custom error.
 */
export async function inOneBlock(
  rooms: SnatchRooms,
  sends: ((overrides: { gasLimit: number }) => Promise<{ hash: string }>)[],
): Promise<{ ok: boolean; error?: string; args?: unknown[] }[]> {
  await network.provider.send("evm_setAutomine", [false]);
  const hashes: string[] = [];
  try {
    for (const send of sends) hashes.push((await send({ gasLimit: 1_000_000 })).hash);
    await network.provider.send("evm_mine", []);
  } finally {
    await network.provider.send("evm_setAutomine", [true]);
  }
  const blocks = new Set<number>();
  const results: { ok: boolean; error?: string; args?: unknown[] }[] = [];
  for (const hash of hashes) {
    const receipt = (await ethers.provider.getTransactionReceipt(hash))!;
    blocks.add(receipt.blockNumber);
    if (receipt.status === 1) {
      results.push({ ok: true });
      continue;
    }
    // The revert data of a mined transaction, from the node's trace.
    const trace = (await network.provider.send("debug_traceTransaction", [
      hash,
      { disableStorage: true, disableMemory: true, disableStack: true },
    ])) as { returnValue: string };
    const data = trace.returnValue.startsWith("0x") ? trace.returnValue : "0x" + trace.returnValue;
    const parsed = rooms.interface.parseError(data);
    results.push({ ok: false, error: parsed?.name, args: parsed ? [...parsed.args] : undefined });
  }
  if (blocks.size !== 1) throw new Error(`expected one block, got ${blocks.size}`);
  return results;
}

/** Writes SnatchRooms' format counter (a uint32 at the low end of its storage slot) to simulate many formats. */
export async function setFormatCount(rooms: SnatchRooms, count: bigint): Promise<void> {
  await setStateField(rooms, "formatCount", 32, count);
  expect(await rooms.formatCount()).to.equal(count);
}

/** Writes `value` into the `bits`-wide field `field` of SnatchRooms' state struct, in place in its slot. */
export async function setStateField(rooms: SnatchRooms, field: string, bits: number, value: bigint): Promise<void> {
  const { slot, offset } = await stateMember(field);
  const address = await rooms.getAddress();
  const word = BigInt(await ethers.provider.getStorage(address, slot));
  const mask = (2n ** BigInt(bits) - 1n) << BigInt(8 * offset);
  await ethers.provider.send("hardhat_setStorageAt", [
    address,
    ethers.toQuantity(slot),
    ethers.toBeHex((word & ~mask) | (value << BigInt(8 * offset)), 32),
  ]);
}

/** A room's first storage word, raw (`_s.rooms[roomId]`'s slot 0). */
export async function roomWord0(rooms: SnatchRooms, roomId: bigint): Promise<bigint> {
  const { slot } = await stateMember("rooms");
  const key = ethers.keccak256(ethers.AbiCoder.defaultAbiCoder().encode(["uint256", "uint256"], [roomId, slot]));
  return BigInt(await ethers.provider.getStorage(await rooms.getAddress(), key));
}

/** The slot and byte offset of a field of SnatchRooms' state struct (from the compiler's storage layout). */
async function stateMember(field: string): Promise<{ slot: bigint; offset: number }> {
  const fqn = "contracts/snatch/SnatchRooms.sol:SnatchRooms";
  const info = await artifacts.getBuildInfo(fqn);
  const layout = (
    info!.output.contracts["contracts/snatch/SnatchRooms.sol"].SnatchRooms as unknown as {
      storageLayout: {
        storage: { label: string; slot: string; type: string }[];
        types: Record<string, { members?: { label: string; slot: string; offset: number }[] }>;
      };
    }
  ).storageLayout;
  const state = layout.storage.find((s) => s.label === "_s")!;
  const member = layout.types[state.type].members!.find((m) => m.label === field)!;
  return { slot: BigInt(state.slot) + BigInt(member.slot), offset: member.offset };
}
