// The randomness keeper: REQUIRED with the block-hash source. A block hash can be read for 256 blocks (8,191 on
// chains with the EIP-2935 history); a ready value nobody served by then would go stale and be drawn again, so a
// player who dislikes a public, ready value could get another one by waiting. The keeper pins (`fulfil`) every
// ready request that a game still waits on, well before that horizon, so that no value ever changes.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Interface, Log, Signer } from "ethers";
import type { BlockhashRandomness } from "../../typechain-types";
import { RandomnessStatus } from "../../client/chain";
import { pagedQuery } from "../../client/logs";

/** How far back `blockhash` reaches: the keeper must pin before a request's target is this old. */
export const BLOCKHASH_HORIZON = 256;

/** How far back the EIP-2935 block-hash history reaches, on chains that keep it (Prague and later). */
export const HISTORY_HORIZON = 8191;

/** The EIP-2935 history contract (BlockhashRandomness.HISTORY_CONTRACT). */
export const HISTORY_CONTRACT = "0x0000F90827F1C53a10cb7A02335B175320002935";

/**
 * How long a ready value stays readable on this chain, in blocks: {@link HISTORY_HORIZON} where the history contract
 * answers with the hash of the latest block (as BlockhashRandomness reads it), {@link BLOCKHASH_HORIZON} otherwise
 * (no contract, an empty or reverting answer).
 */
export async function readableHorizon(hre: HardhatRuntimeEnvironment): Promise<number> {
  const { ethers } = hre;
  const head = await ethers.provider.getBlock("latest");
  if (!head || head.number === 0) return BLOCKHASH_HORIZON;
  const data = ethers.AbiCoder.defaultAbiCoder().encode(["uint256"], [head.number - 1]);
  const answer = await ethers.provider.call({ to: HISTORY_CONTRACT, data }).catch(() => "0x");
  return answer === head.parentHash ? HISTORY_HORIZON : BLOCKHASH_HORIZON;
}

/** Seconds per block over the last `span` blocks (at least 1 block; 1 s if the chain is younger than that). */
export async function secondsPerBlock(hre: HardhatRuntimeEnvironment, span = 64): Promise<number> {
  const provider = hre.ethers.provider;
  const head = (await provider.getBlock("latest"))!;
  const from = Math.max(0, head.number - span);
  if (from === head.number) return 1;
  const past = (await provider.getBlock(from))!;
  return Math.max((head.timestamp - past.timestamp) / (head.number - from), 0.001);
}

/**
 * The keeper's wait before its next pass, in seconds: the `watch` asked for, unless blocks come too fast for it. A
 * request becomes due once `minAge` blocks old and must be pinned before it is `horizon` old, so passes must come
 * less than `horizon - minAge` blocks apart; the keeper keeps them within half of that (a margin for irregular
 * blocks and slow passes). At least one second.
 */
export function nextPassIn(watch: number, minAge: number, horizon: number, secondsPerBlock: number): number {
  const blocks = Math.max(1, Math.floor((horizon - minAge) / 2));
  return Math.max(1, Math.min(watch, Math.floor(blocks * secondsPerBlock)));
}

export interface KeeperOptions {
  /** Pin only requests whose target block is at least this old (default 128: games usually serve sooner). */
  minAge?: number;
  /** First block to look for requests in (default: 8,191 blocks back, the longest a value can be read). */
  fromBlock?: number;
  /** Who sends the `fulfil` transactions (default: the first signer). */
  signer?: Signer;
}

export interface KeeperRun {
  /** Requests seen in the scanned blocks. */
  seen: number;
  /** Requests pinned by this run. */
  pinned: bigint[];
  /** Ready, unpinned requests left alone: their game no longer waits on them (served) or they are too young. */
  skipped: number;
}

/** A game-level event naming the request a game waits on, and how to ask the game whether it still does. */
interface Waiter {
  iface: Interface;
  /** Whether the game's event `log` (in the request's transaction) names request `id` that it still waits on. */
  stillWaits(hre: HardhatRuntimeEnvironment, gameAddress: string, log: Log, id: bigint): Promise<boolean | undefined>;
}

async function waiters(hre: HardhatRuntimeEnvironment): Promise<Waiter[]> {
  const { ethers } = hre;
  const abi = async (name: string) => new ethers.Interface((await hre.artifacts.readArtifact(name)).abi);
  const [catamm, rooms, tournament, session] = await Promise.all(
    ["Catamm", "SnatchRooms", "SnatchTournament", "SnatchSession"].map(abi),
  );
  return [
    {
      iface: catamm,
      async stillWaits(_hre, game, log, id) {
        const e = catamm.parseLog(log);
        if (e?.name !== "RandomnessRequested" || e.args.requestId !== id) return undefined;
        const info = await (await ethers.getContractAt("Catamm", game)).gameInfo(e.args.gameId);
        return info.pending !== 0n && info.requestId === id;
      },
    },
    {
      iface: rooms,
      async stillWaits(_hre, game, log, id) {
        const e = rooms.parseLog(log);
        const named =
          (e?.name === "RolesRequested" && e.args.requestId === id) ||
          (e?.name === "RolesRerequested" && e.args.newRequest === id);
        if (!named) return undefined;
        return (await (await ethers.getContractAt("SnatchRooms", game)).rolesRequest(e!.args.roomId)) === id;
      },
    },
    {
      iface: tournament,
      async stillWaits(_hre, game, log, id) {
        const e = tournament.parseLog(log);
        const named =
          (e?.name === "PhaseStarted" && e.args.requestId === id) ||
          (e?.name === "PairingRerequested" && e.args.newRequest === id);
        if (!named) return undefined;
        const v = await (
          await ethers.getContractAt("SnatchTournament", game)
        ).phaseView(e!.args.tournamentId, e!.args.phase);
        return v.request === id;
      },
    },
    {
      iface: session,
      async stillWaits(_hre, game, log, id) {
        const e = session.parseLog(log);
        const named =
          (e?.name === "DrawRequested" && e.args.requestId === id) ||
          (e?.name === "DrawRerequested" && e.args.newRequest === id);
        if (!named) return undefined;
        return (await (await ethers.getContractAt("SnatchSession", game)).session(e!.args.sessionId)).request === id;
      },
    },
  ];
}

/**
 * One keeper pass over a block-hash source: pins every ready, unpinned request that is at least `minAge` blocks old
 * and that its game still waits on (a request from an unknown consumer is pinned whenever it is ready).
 */
export async function pinAwaitedRequests(
  hre: HardhatRuntimeEnvironment,
  source: BlockhashRandomness,
  opts: KeeperOptions = {},
): Promise<KeeperRun> {
  const head = await hre.ethers.provider.getBlockNumber();
  const minAge = opts.minAge ?? 128;
  const fromBlock = opts.fromBlock ?? Math.max(0, head - 8191);
  const signer = opts.signer ?? (await hre.ethers.getSigners())[0];
  const known = await waiters(hre);
  // In pages of blocks: public RPCs refuse wide eth_getLogs ranges.
  const events = await pagedQuery(
    (a, b) => source.queryFilter(source.filters.RandomnessRequested(), a, b),
    async () => head,
    { fromBlock, toBlock: head },
  );
  const run: KeeperRun = { seen: events.length, pinned: [], skipped: 0 };
  for (const event of events) {
    const id = event.args.id;
    const target = Number(await source.targetBlock(id));
    if (head - target < minAge || (await source.isPinned(id))) {
      run.skipped++;
      continue;
    }
    const [status] = await source.valueIfReady(id);
    if (status !== RandomnessStatus.Ready) {
      run.skipped++;
      continue;
    }
    let waits: boolean | undefined;
    const receipt = await event.getTransactionReceipt();
    for (const log of receipt.logs) {
      if (log.address.toLowerCase() !== event.args.requester.toLowerCase()) continue;
      for (const w of known) {
        waits ??= await w.stillWaits(hre, event.args.requester, log, id).catch(() => undefined);
      }
    }
    if (waits === false) {
      run.skipped++;
      continue;
    }
    await (await source.connect(signer).fulfil(id)).wait();
    run.pinned.push(id);
  }
  return run;
}
