// Seeds a node (the `remote` network: anvil, freshly deployed) for the web benchmark: SEED_HEX_GAMES Forking Hex
// games (default 10,000; one in ten answered twice, one in fifty cancelled before its reply), SEED_ROOMS Snatch rooms outside
// tournaments (default 2,000 of every preset format; one in four filled and started, one in twenty cancelled), a
// SEED_PLAYERS-player tournament through all five phases among bots (default 200; scripts/snatch/simulation.ts) and
// SEED_CATAMM_GAMES CATAMM games among bots to the end (default 20; scripts/catamm/bots.ts). Hex games and rooms are
// sent from impersonated accounts with automine off and mined as many to a block as the block gas limit takes.
// Writes what it made to SEED_OUT (JSON). Run by scripts/bench/web/seed.ts:
//   RPC_URL=... MNEMONIC=... npx hardhat run --network remote scripts/bench/web/seed-chain.ts
import fs from "node:fs";
import hre from "hardhat";
import type { Interface, Signer } from "ethers";
import { OPEN_BLOCKS } from "../../../client/catamm/game";
import { Phase as RoomPhase, Preset } from "../../../client/snatch/names";
import { playBotSeats } from "../../catamm/bots";
import { simulateTournament } from "../../snatch/simulation";
import { snatchAt, tournamentAt } from "../../snatch/lib";
import { selectDeployments } from "../../lib/networks";
import type { Catamm, ForkingHex, SnatchRooms } from "../../../typechain-types";

const { ethers } = hre;
const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const HEX_GAMES = size("SEED_HEX_GAMES", 10_000);
const ROOMS = size("SEED_ROOMS", 2_000);
const PLAYERS = size("SEED_PLAYERS", 200);
const CATAMM_GAMES = size("SEED_CATAMM_GAMES", 20);
/** Accounts the hex games and rooms come from (creators, players). */
const ACCOUNTS = 100;
/** 100 gwei: far above these blocks' base fee, so that no fee is estimated per transaction. */
const MAX_FEE = "0x174876e800";
const STAKE = 10n ** 15n;

const url = (hre.network.config as { url: string }).url;
let requestId = 0;

/** One JSON-RPC batch (many calls in one HTTP request). */
async function batch<T>(calls: { method: string; params: unknown[] }[]): Promise<T[]> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(calls.map((c) => ({ jsonrpc: "2.0", id: ++requestId, ...c }))),
  });
  const out = (await res.json()) as { id: number; result?: T; error?: { message: string } }[];
  out.sort((a, b) => a.id - b.id);
  const failed = out.find((r) => r.error);
  if (failed) throw new Error(`${calls[0].method}: ${failed.error!.message}`);
  return out.map((r) => r.result as T);
}

const send = (method: string, params: unknown[] = []) => hre.network.provider.send(method, params);

/** Transactions from impersonated accounts, mined many to a block (automine off while it runs). */
class Sender {
  private nonces = new Map<string, number>();
  private queue: { from: string; to: string; data: string; gas: number; value: bigint }[] = [];
  sent = 0;
  blocks = 0;

  async account(address: string): Promise<void> {
    await send("hardhat_impersonateAccount", [address]);
    await send("hardhat_setBalance", [address, "0x3635c9adc5dea00000"]);
    this.nonces.set(address, Number(await send("eth_getTransactionCount", [address, "latest"])));
  }

  add(from: string, to: string, data: string, gas: number, value = 0n): void {
    this.queue.push({ from, to, data, gas, value });
  }

  /**
   * Sends everything queued, mines until it is all in blocks, checks that nothing reverted; returns the logs. Anvil
   * now and then drops a pending transaction while it fills blocks with automine off (seen with a few hundred
   * senders): whatever is missing after the pool empties is sent again with the senders' nonces read back from the
   * chain, up to three times.
   */
  async flush(what: string): Promise<{ topics: string[]; data: string }[]> {
    let txs = this.queue.splice(0);
    const total = txs.length;
    const logs: { topics: string[]; data: string }[] = [];
    let resent = 0;
    for (let attempt = 0; txs.length > 0; attempt++) {
      if (attempt > 3) throw new Error(`${what}: ${txs.length} transactions were never mined`);
      const hashes = await this.sendAll(txs);
      await this.mineAll();
      const missing: typeof txs = [];
      for (let i = 0; i < hashes.length; i += 500) {
        const receipts = await batch<{ status: string; logs: { topics: string[]; data: string }[] } | null>(
          hashes.slice(i, i + 500).map((h) => ({ method: "eth_getTransactionReceipt", params: [h] })),
        );
        receipts.forEach((r, k) => {
          if (r === null) missing.push(txs[i + k]);
          else if (r.status !== "0x1") throw new Error(`${what}: transaction ${hashes[i + k]} reverted`);
          else logs.push(...r.logs);
        });
      }
      if (missing.length > 0) {
        await send("anvil_dropAllTransactions");
        for (const from of new Set(missing.map((t) => t.from))) {
          this.nonces.set(from, Number(await send("eth_getTransactionCount", [from, "latest"])));
        }
        resent += missing.length;
      }
      txs = missing;
    }
    console.log(`  ${what}: ${total} transactions${resent > 0 ? ` (${resent} sent again)` : ""}`);
    return logs;
  }

  private async sendAll(txs: { from: string; to: string; data: string; gas: number; value: bigint }[]) {
    const hashes: string[] = [];
    for (let i = 0; i < txs.length; i += 500) {
      const calls = txs.slice(i, i + 500).map((t) => {
        const nonce = this.nonces.get(t.from)!;
        this.nonces.set(t.from, nonce + 1);
        const tx = {
          from: t.from,
          to: t.to,
          data: t.data,
          value: "0x" + t.value.toString(16),
          gas: "0x" + t.gas.toString(16),
          nonce: "0x" + nonce.toString(16),
          maxFeePerGas: MAX_FEE,
          maxPriorityFeePerGas: "0x0",
        };
        return { method: "eth_sendTransaction", params: [tx] };
      });
      hashes.push(...(await batch<string>(calls)));
    }
    this.sent += txs.length;
    return hashes;
  }

  /** Mines blocks until the pool is empty, or until a block takes nothing more (a sender's nonce gap). */
  private async mineAll() {
    let before = Infinity;
    for (;;) {
      const status = (await send("txpool_status")) as { pending: string; queued: string };
      const left = Number(status.pending) + Number(status.queued);
      if (left === 0 || left >= before) return;
      before = left;
      await send("evm_mine");
      this.blocks++;
    }
  }
}

/** What an event says, for every log of it among `logs`. */
function eventsOf(iface: Interface, name: string, logs: readonly { topics: readonly string[]; data: string }[]) {
  return logs.flatMap((l) => {
    const parsed = iface.parseLog(l);
    return parsed?.name === name ? [parsed.args] : [];
  });
}

async function seedHex(hex: ForkingHex, s: Sender, accounts: string[]) {
  const to = await hex.getAddress();
  for (let i = 0; i < HEX_GAMES; i++) {
    // 11×11, red 20 / blue 40 blocks, ETH; the first cell varies.
    const data = hex.interface.encodeFunctionData("createGame", [
      11,
      20,
      40,
      STAKE,
      ethers.ZeroAddress,
      0,
      i % 121,
      1000,
    ]);
    s.add(accounts[i % ACCOUNTS], to, data, 250_000, STAKE);
  }
  const created = eventsOf(hex.interface, "GameCreated", await s.flush("Forking Hex games"));
  const firstCell = new Map(created.map((a, i) => [a.gameId as bigint, i % 121]));
  created.forEach((a, i) => {
    if (i % 50 === 48) s.add(a.creator, to, hex.interface.encodeFunctionData("cancelGame", [a.gameId]), 120_000);
  });
  await s.flush("Forking Hex cancellations");
  // One game in ten: Blue's reply, then a Red answer (by the creator).
  const answered = created.filter((_, i) => i % 10 === 9);
  answered.forEach((a, k) => {
    const cell = (firstCell.get(a.gameId)! + 1) % 121;
    s.add(
      accounts[(k + 1) % ACCOUNTS],
      to,
      hex.interface.encodeFunctionData("move", [a.gameId, 1, cell]),
      250_000,
      STAKE,
    );
  });
  await s.flush("Forking Hex replies");
  answered.forEach((a) => {
    const cell = (firstCell.get(a.gameId)! + 2) % 121;
    s.add(a.creator, to, hex.interface.encodeFunctionData("move", [a.gameId, 2, cell]), 250_000, STAKE);
  });
  await s.flush("Forking Hex second moves");
}

async function seedRooms(rooms: SnatchRooms, s: Sender, accounts: string[]) {
  const to = await rooms.getAddress();
  const formats = [Preset.SnatchOrShare, Preset.G1, Preset.G2, Preset.G3, Preset.G4, Preset.G5];
  for (let i = 0; i < ROOMS; i++) {
    s.add(
      accounts[i % ACCOUNTS],
      to,
      rooms.interface.encodeFunctionData("createRoom", [formats[i % 6], 1000, `creator ${i}`]),
      200_000,
    );
  }
  const created = eventsOf(rooms.interface, "RoomCreated", await s.flush("Snatch rooms"));
  const filled: bigint[] = [];
  created.forEach((a, i) => {
    const others = accounts.filter((x) => x !== a.creator);
    if (i % 4 === 0) {
      s.add(
        others[i % others.length],
        to,
        rooms.interface.encodeFunctionData("join", [a.roomId, `guest ${i}`]),
        200_000,
      );
      if (Number(a.format) === Preset.SnatchOrShare) {
        s.add(others[(i + 1) % others.length], to, rooms.interface.encodeFunctionData("join", [a.roomId, ""]), 200_000);
      }
      filled.push(a.roomId);
    } else if (i % 20 === 3) {
      s.add(a.creator, to, rooms.interface.encodeFunctionData("cancelRoom", [a.roomId]), 120_000);
    }
  });
  await s.flush("Snatch joins and cancellations");
  await send("hardhat_mine", ["0x2"]); // the roles' random values
  filled.forEach((id, i) =>
    s.add(accounts[i % ACCOUNTS], to, rooms.interface.encodeFunctionData("advance", [id]), 400_000),
  );
  await s.flush("Snatch rooms started");
  if (filled.length > 0 && Number((await rooms.roomData(filled[0])).phase) === RoomPhase.AwaitingRoles) {
    throw new Error("the seeded rooms did not start");
  }
}

/** CATAMM games played at once (each among four bots with accounts of their own). */
const CATAMM_AT_ONCE = size("SEED_CATAMM_AT_ONCE", 4);

async function seedCatamm(catamm: Catamm, signers: Signer[]) {
  // A few games at once, each among four bots with four accounts of its own (signers 0-19: five groups). The bots'
  // reads, not the node, bound one game (one transaction per block), so games side by side share the wait. A game
  // whose loop fails on a race with another game's blocks is picked up again where it stands (up to three times).
  const groups = Math.min(CATAMM_AT_ONCE, 5);
  const play = async (i: number, seats: Signer[]) => {
    const receipt = await (await catamm.connect(seats[0]).createGame(100, i % 2, 50, OPEN_BLOCKS)).wait();
    const id = eventsOf(catamm.interface, "GameCreated", receipt!.logs)[0].gameId as bigint;
    for (const s of seats.slice(1)) await (await catamm.connect(s).joinGame(id)).wait();
    await (await catamm.connect(seats[0]).startGame(id)).wait();
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await playBotSeats(ethers.provider, catamm, id, seats, {
          seed: BigInt(100 + i + attempt * 1000),
          pollMs: 20,
          chaos: 0.2,
        });
        console.log(`  CATAMM game ${id}: ${result.turns} turns, ${result.txs} transactions`);
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        console.log(`  CATAMM game ${id}: ${error instanceof Error ? error.message : error}; playing on`);
      }
    }
  };
  let next = 0;
  const lane = async (group: number) => {
    const seats = signers.slice(group * 4, group * 4 + 4);
    for (let i = next++; i < CATAMM_GAMES; i = next++) await play(i, seats);
  };
  await Promise.all(Array.from({ length: groups }, (_, g) => lane(g)));
}

async function main() {
  const started = Date.now();
  await selectDeployments(hre); // remote's deployments are kept per chain (deployments/chain-<id>)
  const hex = (await ethers.getContractAt(
    "ForkingHex",
    (await hre.deployments.get("ForkingHex")).address,
  )) as unknown as ForkingHex;
  const catamm = (await ethers.getContractAt(
    "Catamm",
    (await hre.deployments.get("Catamm")).address,
  )) as unknown as Catamm;
  const { rooms, lens } = await snatchAt(hre);
  const tournament = await tournamentAt(hre);
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) =>
    ethers.getAddress("0x" + ethers.keccak256(ethers.toUtf8Bytes(`web-bench-${i}`)).slice(-40)),
  );
  const s = new Sender();
  for (const a of accounts) await s.account(a);
  const times: Record<string, number> = {};
  const lap = (name: string, since: number) => (times[name] = Math.round((Date.now() - since) / 1000));

  await send("evm_setAutomine", [false]);
  let t = Date.now();
  await seedHex(hex, s, accounts);
  lap("hex", t);
  t = Date.now();
  await seedRooms(rooms, s, accounts);
  lap("rooms", t);
  await send("evm_setAutomine", [true]);

  t = Date.now();
  const node = { send: async (method: string, params: unknown[] = []) => (await batch([{ method, params }]))[0] };
  const run = await simulateTournament(hre, {
    players: PLAYERS,
    seed: 7n,
    contracts: { rooms, lens, tournament },
    node,
  });
  console.log(
    `  tournament ${run.tournamentId}: ${PLAYERS} players, 5 phases, ${run.report.gas.transactions} transactions`,
  );
  lap("tournament", t);

  t = Date.now();
  await seedCatamm(catamm, await ethers.getSigners());
  lap("catamm", t);

  const out = {
    hexGames: Number(await hex.gameCount()),
    rooms: Number(await rooms.roomCount()),
    tournamentPlayers: PLAYERS,
    catammGames: Number(await catamm.gameCount()),
    blocks: await ethers.provider.getBlockNumber(),
    seconds: Math.round((Date.now() - started) / 1000),
    secondsByPart: times,
  };
  console.log(JSON.stringify(out));
  if (process.env.SEED_OUT) fs.writeFileSync(process.env.SEED_OUT, JSON.stringify(out, null, 2) + "\n");
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
