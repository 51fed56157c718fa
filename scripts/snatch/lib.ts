// Deploying and finding the Snatch or Share / SnatchGame contracts and the tournament from Hardhat (tests, demo, bench, tasks).
// Only `import type` from typechain-types: tasks load this file before the first compile.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Signer } from "ethers";
import type { SnatchRooms, SnatchRoomsLens, SnatchSession, SnatchTournament } from "../../typechain-types";

export interface SnatchContracts {
  rooms: SnatchRooms;
  lens: SnatchRoomsLens;
  libraries: { SnatchProgress: string; SnatchSanctions: string; SnatchFormats: string; DisplayName: string };
}

/** Deploys the linked libraries, SnatchRooms and SnatchRoomsLens with plain ethers factories (tests, demo, bench). */
export async function deploySnatch(
  hre: HardhatRuntimeEnvironment,
  randomness: string,
  opts: { owner?: Signer } = {},
): Promise<SnatchContracts> {
  const { ethers } = hre;
  const [first] = await ethers.getSigners();
  const owner = opts.owner ?? first;
  const libraries = {
    SnatchProgress: await (await ethers.deployContract("SnatchProgress", [], owner)).getAddress(),
    SnatchSanctions: await (await ethers.deployContract("SnatchSanctions", [], owner)).getAddress(),
    SnatchFormats: await (await ethers.deployContract("SnatchFormats", [], owner)).getAddress(),
    DisplayName: await (await ethers.deployContract("DisplayName", [], owner)).getAddress(),
  };
  const factory = await ethers.getContractFactory("SnatchRooms", { libraries, signer: owner });
  const rooms = (await factory.deploy(randomness, await owner.getAddress())) as unknown as SnatchRooms;
  await rooms.waitForDeployment();
  const lens = (await ethers.deployContract("SnatchRoomsLens", [await rooms.getAddress()], owner)) as SnatchRoomsLens;
  return { rooms, lens, libraries };
}

/** The deployed SnatchRooms and SnatchRoomsLens of the selected network (hardhat-deploy), or at given addresses. */
export async function snatchAt(
  hre: HardhatRuntimeEnvironment,
  addresses: { rooms?: string; lens?: string } = {},
): Promise<{ rooms: SnatchRooms; lens: SnatchRoomsLens }> {
  const roomsAddress = addresses.rooms || (await hre.deployments.get("SnatchRooms")).address;
  const lensAddress = addresses.lens || (await hre.deployments.get("SnatchRoomsLens")).address;
  const rooms = (await hre.ethers.getContractAt("SnatchRooms", roomsAddress)) as unknown as SnatchRooms;
  const lens = (await hre.ethers.getContractAt("SnatchRoomsLens", lensAddress)) as unknown as SnatchRoomsLens;
  return { rooms, lens };
}

/**
 * Deploys SnatchTournament on `rooms` and allows it as a rooms factory (`owner` must own the rooms). It links the
 * DisplayName library at `opts.displayName` (deploySnatch's `libraries.DisplayName`), or deploys one.
 */
export async function deployTournament(
  hre: HardhatRuntimeEnvironment,
  rooms: SnatchRooms,
  randomness: string,
  opts: { owner?: Signer; displayName?: string } = {},
): Promise<SnatchTournament> {
  const [first] = await hre.ethers.getSigners();
  const owner = opts.owner ?? first;
  const displayName =
    opts.displayName ?? (await (await hre.ethers.deployContract("DisplayName", [], owner)).getAddress());
  const factory = await hre.ethers.getContractFactory("SnatchTournament", {
    libraries: { DisplayName: displayName },
    signer: owner,
  });
  const tournament = (await factory.deploy(await rooms.getAddress(), randomness)) as unknown as SnatchTournament;
  await tournament.waitForDeployment();
  await (await rooms.connect(owner).setFactory(await tournament.getAddress(), true)).wait();
  return tournament;
}

/** The deployed SnatchTournament of the selected network (hardhat-deploy), or at a given address. */
export async function tournamentAt(hre: HardhatRuntimeEnvironment, address = ""): Promise<SnatchTournament> {
  const at = address || (await hre.deployments.get("SnatchTournament")).address;
  return (await hre.ethers.getContractAt("SnatchTournament", at)) as unknown as SnatchTournament;
}

/**
 * Deploys SnatchSession (three-player class sessions) on `rooms` and allows it as a rooms factory (`owner` must own
 * the rooms). It links the DisplayName library at `opts.displayName`, or deploys one.
 */
export async function deploySession(
  hre: HardhatRuntimeEnvironment,
  rooms: SnatchRooms,
  randomness: string,
  opts: { owner?: Signer; displayName?: string } = {},
): Promise<SnatchSession> {
  const [first] = await hre.ethers.getSigners();
  const owner = opts.owner ?? first;
  const displayName =
    opts.displayName ?? (await (await hre.ethers.deployContract("DisplayName", [], owner)).getAddress());
  const factory = await hre.ethers.getContractFactory("SnatchSession", {
    libraries: { DisplayName: displayName },
    signer: owner,
  });
  const session = (await factory.deploy(await rooms.getAddress(), randomness)) as unknown as SnatchSession;
  await session.waitForDeployment();
  await (await rooms.connect(owner).setFactory(await session.getAddress(), true)).wait();
  return session;
}

/** The deployed SnatchSession of the selected network (hardhat-deploy), or at a given address. */
export async function sessionAt(hre: HardhatRuntimeEnvironment, address = ""): Promise<SnatchSession> {
  const at = address || (await hre.deployments.get("SnatchSession")).address;
  return (await hre.ethers.getContractAt("SnatchSession", at)) as unknown as SnatchSession;
}
