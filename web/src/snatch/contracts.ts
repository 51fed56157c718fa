// The Snatch contracts of the connected network (hardhat-deploy's SnatchRooms, SnatchRoomsLens, SnatchTournament,
// SnatchSession), typed by TypeChain and connected to the account's signer (or read-only), plus the randomness
// source the rooms use.
import { useMemo } from "react";
import type { SnatchRooms, SnatchRoomsLens, SnatchSession, SnatchTournament } from "../../../typechain-types";
import { SnatchRooms__factory } from "../../../typechain-types/factories/contracts/snatch/SnatchRooms__factory";
import { SnatchRoomsLens__factory } from "../../../typechain-types/factories/contracts/snatch/SnatchRoomsLens__factory";
import { SnatchTournament__factory } from "../../../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import { SnatchSession__factory } from "../../../typechain-types/factories/contracts/snatch/SnatchSession__factory";
import { IRandomness__factory } from "../../../typechain-types/factories/contracts/common/randomness/IRandomness__factory";
import type { IRandomness } from "../../../typechain-types";
import { contractOf } from "../shared/deployments";
import { useWallet } from "../shared/wallet";
import { useChainRead } from "../data/chain";
import { chainKeys } from "../data/keys";

export interface SnatchContracts {
  chainId: number;
  rooms: SnatchRooms;
  lens: SnatchRoomsLens;
  roomsAddress: string;
  /** The rooms' deployment block: event reading starts here. */
  fromBlock: number;
  tournament: SnatchTournament | null;
  tournamentAddress: string | null;
  tournamentFromBlock: number;
  /** Three-player class sessions (null: not deployed on this network). */
  session: SnatchSession | null;
}

/** The deployed Snatch contracts, or null (connecting, or no SnatchRooms on this network). */
export function useSnatchContracts(): SnatchContracts | null {
  const { provider, signer, deployment, chainId } = useWallet();
  return useMemo(() => {
    const rooms = contractOf(deployment ?? undefined, "SnatchRooms");
    const lens = contractOf(deployment ?? undefined, "SnatchRoomsLens");
    const tournament = contractOf(deployment ?? undefined, "SnatchTournament");
    const session = contractOf(deployment ?? undefined, "SnatchSession");
    const runner = signer ?? provider;
    if (!rooms || !lens || !runner || chainId === null) return null;
    return {
      chainId,
      rooms: SnatchRooms__factory.connect(rooms.address, runner),
      lens: SnatchRoomsLens__factory.connect(lens.address, runner),
      roomsAddress: rooms.address,
      fromBlock: rooms.blockNumber,
      tournament: tournament ? SnatchTournament__factory.connect(tournament.address, runner) : null,
      tournamentAddress: tournament?.address ?? null,
      tournamentFromBlock: tournament?.blockNumber ?? rooms.blockNumber,
      session: session ? SnatchSession__factory.connect(session.address, runner) : null,
    };
  }, [provider, signer, deployment, chainId]);
}

/** The randomness source `consumer` (the rooms, a tournament) requests from; null until read. */
export function useRandomness(
  chainId: number | null,
  consumer: ({ randomness(): Promise<string> } & { target: unknown }) | null,
): IRandomness | null {
  const { provider } = useWallet();
  const address = useChainRead(
    consumer && chainId !== null ? chainKeys.randomness(chainId, String(consumer.target)) : null,
    () => consumer!.randomness(),
    { fixed: true },
  ).data;
  return useMemo(
    () => (address && provider ? IRandomness__factory.connect(address, provider) : null),
    [address, provider],
  );
}
