// One registry of the ABIs of every contract the deploy scripts put on chain (and of the ERC-20 errors a stake token
// can revert with), taken from TypeChain's generated factories: revert decoding and event printing look here.
// The games' linked libraries (Catamm's modules, SnatchRooms' libraries) are not listed: their errors and events are
// part of the game's own ABI (test/client/errors.test.ts checks this for every artifact under contracts/).
//
// Runtime imports of typechain-types: Hardhat tasks import this file lazily (it does not exist before a compile).
import { Interface, type InterfaceAbi } from "ethers";
import { ForkingHex__factory } from "../typechain-types/factories/contracts/hex/ForkingHex__factory";
import { SnatchRooms__factory } from "../typechain-types/factories/contracts/snatch/SnatchRooms__factory";
import { SnatchRoomsLens__factory } from "../typechain-types/factories/contracts/snatch/SnatchRoomsLens__factory";
import { SnatchTournament__factory } from "../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import { SnatchSession__factory } from "../typechain-types/factories/contracts/snatch/SnatchSession__factory";
import { Catamm__factory } from "../typechain-types/factories/contracts/catamm/Catamm__factory";
import { CatammLens__factory } from "../typechain-types/factories/contracts/catamm/CatammLens__factory";
import { FeeConfig__factory } from "../typechain-types/factories/contracts/common/payments/FeeConfig__factory";
import { BlockhashRandomness__factory } from "../typechain-types/factories/contracts/common/randomness/BlockhashRandomness__factory";
import { VRFRandomness__factory } from "../typechain-types/factories/contracts/common/randomness/VRFRandomness__factory";
import { SeatFunder__factory } from "../typechain-types/factories/contracts/common/funding/SeatFunder__factory";
import { GamesTimelock__factory } from "../typechain-types/factories/contracts/common/governance/GamesTimelock__factory";
import { IERC20Metadata__factory } from "../typechain-types/factories/@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata__factory";
import { IERC20Errors__factory } from "../typechain-types/factories/@openzeppelin/contracts/interfaces/draft-IERC6093.sol/IERC20Errors__factory";

/** One ABI entry as the compiler writes it (TypeChain keeps `internalType`, which names enums and structs). */
export interface AbiParam {
  name: string;
  type: string;
  internalType?: string;
  indexed?: boolean;
  components?: readonly AbiParam[];
}
export interface AbiEntry {
  type: string;
  name?: string;
  inputs?: readonly AbiParam[];
  outputs?: readonly AbiParam[];
}

/** Every deployed contract's ABI, by deployment name ("ERC20": the token interface and OpenZeppelin's errors). */
export const ABIS = {
  ForkingHex: ForkingHex__factory.abi,
  SnatchRooms: SnatchRooms__factory.abi,
  SnatchRoomsLens: SnatchRoomsLens__factory.abi,
  SnatchTournament: SnatchTournament__factory.abi,
  SnatchSession: SnatchSession__factory.abi,
  Catamm: Catamm__factory.abi,
  CatammLens: CatammLens__factory.abi,
  FeeConfig: FeeConfig__factory.abi,
  BlockhashRandomness: BlockhashRandomness__factory.abi,
  VRFRandomness: VRFRandomness__factory.abi,
  Timelock: GamesTimelock__factory.abi,
  SeatFunder: SeatFunder__factory.abi,
  ERC20: [...IERC20Metadata__factory.abi, ...IERC20Errors__factory.abi],
} as const satisfies Record<string, readonly AbiEntry[]>;

export type ContractName = keyof typeof ABIS;
export const CONTRACT_NAMES = Object.keys(ABIS) as ContractName[];

/** Which game's texts and units apply to a contract's errors and events. */
export type Game = "hex" | "snatch" | "catamm" | "common";
export const GAME_OF: Record<ContractName, Game> = {
  ForkingHex: "hex",
  SnatchRooms: "snatch",
  SnatchRoomsLens: "snatch",
  SnatchTournament: "snatch",
  SnatchSession: "snatch",
  Catamm: "catamm",
  CatammLens: "catamm",
  FeeConfig: "common",
  BlockhashRandomness: "common",
  VRFRandomness: "common",
  Timelock: "common",
  SeatFunder: "common",
  ERC20: "common",
};

const interfaces = new Map<ContractName, Interface>();

/** The ethers Interface of a registered contract (built once). */
export function interfaceOf(name: ContractName): Interface {
  let iface = interfaces.get(name);
  if (!iface) {
    iface = new Interface(ABIS[name] as InterfaceAbi);
    interfaces.set(name, iface);
  }
  return iface;
}

/** The raw ABI entry of an error or event of a registered contract, matched by name and input types. */
export function abiEntry(
  contract: ContractName,
  kind: "error" | "event",
  name: string,
  types: readonly string[],
): AbiEntry | undefined {
  return (ABIS[contract] as readonly AbiEntry[]).find(
    (e) =>
      e.type === kind &&
      e.name === name &&
      (e.inputs ?? []).length === types.length &&
      (e.inputs ?? []).every((input, i) => input.type === types[i]),
  );
}
