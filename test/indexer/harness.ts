// What the indexer's tests share: the deployed games on a node (typed contracts, development accounts), SQL over
// the indexer's HTTP endpoint (the one @ponder/client uses), waiting for indexers to reach a block, and whole-table
// dumps for comparing two indexers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { JsonRpcProvider, type ContractTransactionResponse, type JsonRpcSigner } from "ethers";
import { readDeployments } from "../../scripts/lib/deployments";
import { NODE_ACCOUNTS } from "../../scripts/web/keys";
import { deployGames } from "../../scripts/web/node";
import { startIndexer, type IndexerHandle, type IndexerOptions } from "../../scripts/web/indexer";
import { startPostgres, type PostgresHandle } from "../../scripts/web/postgres";
import { rpc, startAnvil, type NodeHandle } from "../../scripts/web/stack";
import { waitUntil } from "../helpers/wait";
import type {
  Catamm,
  ForkingHex,
  SnatchRooms,
  SnatchRoomsLens,
  SnatchSession,
  SnatchTournament,
} from "../../typechain-types";
import { Catamm__factory } from "../../typechain-types/factories/contracts/catamm/Catamm__factory";
import { ForkingHex__factory } from "../../typechain-types/factories/contracts/hex/ForkingHex__factory";
import { SnatchRooms__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRooms__factory";
import { SnatchRoomsLens__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRoomsLens__factory";
import { SnatchTournament__factory } from "../../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import { SnatchSession__factory } from "../../typechain-types/factories/contracts/snatch/SnatchSession__factory";
import { TestProvider } from "../helpers/provider";

/** A row as the SQL endpoint returns it (snake_case columns). */
export type Row = Record<string, unknown>;

/**
 * Runs a read-only SQL query through the indexer's `/sql/db` endpoint (what @ponder/client sends, superjson-encoded:
 * plain JSON values need no encoding beyond `{ json: ... }`). Throws with the server's message on an error.
 */
export async function sql(indexer: Pick<IndexerHandle, "url">, text: string, params: unknown[] = []): Promise<Row[]> {
  const query = encodeURIComponent(JSON.stringify({ json: { sql: text, params } }));
  const res = await fetch(`${indexer.url}/sql/db?sql=${query}`);
  const body = await res.text();
  if (!res.ok) throw new Error(`SQL ${text}: ${res.status} ${body}`);
  return (JSON.parse(body) as { rows: Row[] }).rows;
}

/** Every table the indexer writes (ponder.schema.ts), with its key columns for ordering. */
export const TABLES: Record<string, string> = {
  ledger_account: "contract, token, account",
  ledger_fund: "contract, token",
  ledger_withdrawal: "id",
  hex_game: "id",
  hex_position: "game_id, position_id",
  hex_payout: "game_id, player",
  hex_settlement: "id",
  snatch_format: "id",
  snatch_profile: "player",
  player_name: "player",
  snatch_room: "id",
  snatch_seat: "room_id, seat",
  snatch_offer: "room_id, offer_id",
  snatch_report: "room_id, offer_id",
  snatch_round: "room_id, round",
  snatch_log: "id",
  snatch_tournament: "id",
  snatch_entry: "tournament_id, player",
  snatch_phase: "tournament_id, phase",
  snatch_pairing: "tournament_id, phase, player",
  catamm_game: "id",
  catamm_player: "game_id, player",
  catamm_pool: "game_id, pool",
  catamm_liquidity: "game_id, player, pool",
  catamm_price: "id",
  catamm_turn: "game_id, turn",
  catamm_log: "id",
};

/**
 * A Postgres array literal (`{1,2,3}`, as PGlite returns numeric[] over the raw SQL endpoint; node-postgres and
 * @ponder/client's drizzle parse it) as an array of its elements.
 */
export function pgArray(v: unknown): unknown {
  if (typeof v !== "string" || !/^\{.*\}$/.test(v)) return v;
  const inner = v.slice(1, -1);
  return inner === "" ? [] : inner.split(",").map((x) => (x === "NULL" ? null : x.replace(/^"|"$/g, "")));
}

/** A value as text, whichever driver returned it (PGlite and node-postgres differ on 64-bit counts and arrays). */
export function canon(v: unknown): unknown {
  v = pgArray(v);
  if (v === null || v === undefined) return null;
  if (typeof v === "bigint" || typeof v === "number") return String(v);
  if (Array.isArray(v)) return v.map(canon);
  if (typeof v === "object") return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, canon(x)]));
  return v;
}

/** Every table's rows in key order, values as text. */
export async function dumpTables(indexer: Pick<IndexerHandle, "url">): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, key] of Object.entries(TABLES)) {
    out[table] = (await sql(indexer, `select * from ${table} order by ${key}`)).map(canon);
  }
  return out;
}

/**
 * The differences `compare` finds, asked again every 200 ms while there are any, for up to `ms`; with how many times it
 * was asked again. Ponder answers a SQL read from its own cache until PostgreSQL's notification of a block's writes
 * reaches it, which can come after /status already shows the block (seen on a loaded machine: the rows of the block
 * before). The tables are written with the block in one transaction, so a difference that lasts `ms` is a real one.
 */
export async function settled(
  compare: () => Promise<string[]>,
  ms = 5_000,
): Promise<{ diffs: string[]; rechecks: number }> {
  let diffs = await compare();
  let rechecks = 0;
  for (const until = Date.now() + ms; diffs.length > 0 && Date.now() < until; rechecks++) {
    await new Promise((r) => setTimeout(r, 200));
    diffs = await compare();
  }
  return { diffs, rechecks };
}

/**
 * Waits until every indexer has processed the node's latest block; returns it. The default wait is for a busy
 * machine (an indexer starved of CPU falls behind for a while, then catches up), not the expected time.
 */
export async function caughtUp(provider: JsonRpcProvider, indexers: readonly IndexerHandle[], timeoutMs = 120_000) {
  const block = await provider.getBlockNumber();
  await Promise.all(indexers.map((i) => i.waitForBlock(block, timeoutMs)));
  return block;
}

/**
 * A live query (the server-sent events @ponder/client's `live` uses): every result the indexer pushes, in order. The
 * indexer pushes when a block changed a table the query reads, and may push a state on the way to the one a test
 * waits for (several blocks indexed in one go, or one by one): `until` waits for the one wanted.
 */
export function liveQuery(ix: Pick<IndexerHandle, "url">, text: string) {
  const controller = new AbortController();
  const url = `${ix.url}/sql/live?sql=${encodeURIComponent(JSON.stringify({ json: { sql: text, params: [] } }))}`;
  const updates: Row[][] = [];
  let opened!: () => void;
  let failed!: (e: Error) => void;
  const open = new Promise<void>((resolve, reject) => ((opened = resolve), (failed = reject)));
  open.catch(() => undefined); // awaited by the test
  let ended: string | undefined;
  const reading = (async () => {
    // Ponder's SQL middleware learns that the backfill is done a moment after /ready says so (503 until then).
    const res = await waitUntil(
      `the live query "${text}" to open`,
      () => fetch(url, { signal: controller.signal }),
      (r) => r.status !== 503,
      { timeoutMs: 30_000, show: (r) => `${r.status}` },
    );
    if (!res.ok) throw new Error(`live query: ${res.status} ${await res.text()}`);
    opened();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const events = buffer.split("\n\n");
      buffer = events.pop()!;
      for (const event of events) {
        const line = event.split("\n").find((l) => l.startsWith("data:"));
        if (line) updates.push((JSON.parse(line.slice(5)) as { rows: Row[] }).rows);
      }
    }
  })().catch((e: Error) => {
    failed(e);
    if (!controller.signal.aborted) ended = e.message;
  });
  return {
    opened: open,
    updates,
    /** Waits until a pushed result satisfies `want` (rows as text, {@link canon}); names the results seen if none does. */
    until: (expected: string, want: (rows: unknown[]) => boolean, timeoutMs = 120_000) =>
      waitUntil(
        `the live query "${text}" to push ${expected}`,
        () => {
          if (ended !== undefined) throw new Error(`the live query ended: ${ended}`);
          return updates.map((rows) => rows.map(canon));
        },
        (seen) => seen.some(want),
        { timeoutMs, show: (seen) => `${seen.length} pushes: ${JSON.stringify(seen.slice(-3))}` },
      ),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

export interface Games {
  provider: JsonRpcProvider;
  signers: JsonRpcSigner[];
  hex: ForkingHex;
  rooms: SnatchRooms;
  lens: SnatchRoomsLens;
  tournament: SnatchTournament;
  session: SnatchSession;
  catamm: Catamm;
  addresses: Record<string, string>;
}

/** The deployed games of a deployment folder on the node at `rpcUrl`, with the node's development accounts. */
export async function connectGames(rpcUrl: string, folder: string, accounts = 10): Promise<Games> {
  // No cache: a view right after a transaction must see it (bots and comparisons read after every step).
  const provider = new TestProvider(rpcUrl, undefined, {
    cacheTimeout: -1,
    staticNetwork: true,
    pollingInterval: 50,
  });
  const signers = await Promise.all(Array.from({ length: accounts }, (_, i) => provider.getSigner(i)));
  const [network] = readDeployments(path.dirname(folder), [path.basename(folder)]);
  const at = (name: string) => network.contracts[name].address;
  const addresses = Object.fromEntries(Object.entries(network.contracts).map(([k, v]) => [k, v.address]));
  return {
    provider,
    signers,
    hex: ForkingHex__factory.connect(at("ForkingHex"), signers[0]),
    rooms: SnatchRooms__factory.connect(at("SnatchRooms"), signers[0]),
    lens: SnatchRoomsLens__factory.connect(at("SnatchRoomsLens"), signers[0]),
    tournament: SnatchTournament__factory.connect(at("SnatchTournament"), signers[0]),
    session: SnatchSession__factory.connect(at("SnatchSession"), signers[0]),
    catamm: Catamm__factory.connect(at("Catamm"), signers[0]),
    addresses,
  };
}

/** Sends a transaction; returns false (nothing mined) if the contract refuses it. */
export async function attempt(send: () => Promise<{ wait(): Promise<unknown> }>): Promise<boolean> {
  try {
    await (await send()).wait();
    return true;
  } catch (e) {
    const message = (e as Error).message;
    if (/revert|CALL_EXCEPTION/i.test(message)) return false;
    throw e;
  }
}

/** Starts several indexers at once; if one fails, stops the others before rethrowing. */
export async function startIndexers(options: IndexerOptions[]): Promise<IndexerHandle[]> {
  const results = await Promise.allSettled(options.map((o) => startIndexer(o)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  const started = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  if (failed) {
    await Promise.all(started.map((i) => i.stop()));
    throw failed.reason;
  }
  return started;
}

/** The randomness seed of the test deployment (SeededRandomness: every game's draws replay with the driver's seed). */
export const DEPLOY_SEED = "19";

let deployed: Promise<{ state: string; folder: string }> | undefined;

/**
 * Every game deployed once per test process (anvil, the project's deploy scripts), kept as anvil's state: each test
 * that needs a freshly deployed chain loads it into a new anvil in a moment instead of deploying again. The
 * deployment folder is shared (the addresses are the same on every copy).
 */
export function deployedChain(): Promise<{ state: string; folder: string }> {
  deployed ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "games-indexer-test-"));
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    const anvil = await startAnvil({ accounts: NODE_ACCOUNTS });
    try {
      const folder = await deployGames(anvil.url, dir, { RANDOMNESS_SEED: DEPLOY_SEED });
      return { state: await rpc<string>(anvil.url, "anvil_dumpState"), folder };
    } finally {
      await anvil.stop();
    }
  })();
  return deployed;
}

/** A new anvil holding the deployed games (same chain id, addresses and blocks as every other copy). */
export async function freshChain(): Promise<{ anvil: NodeHandle; folder: string }> {
  const { state, folder } = await deployedChain();
  const anvil = await startAnvil({ accounts: NODE_ACCOUNTS });
  await rpc(anvil.url, "anvil_loadState", [state]);
  return { anvil, folder };
}

let postgresServer: Promise<PostgresHandle> | undefined;

/** One PostgreSQL per test process (each indexer on it has a schema of its own), stopped after the run. */
export function sharedPostgres(): Promise<PostgresHandle> {
  if (!postgresServer) {
    postgresServer = startPostgres();
    postgresServer.catch(() => undefined); // awaited (and reported) by the tests
  }
  return postgresServer;
}

/** The chain and the two indexers the comparing test files share: see {@link comparedPair}. */
export interface ComparedPair {
  anvil: NodeHandle;
  folder: string;
  /** On PGlite, then on PostgreSQL, both following `anvil`. */
  indexers: [IndexerHandle, IndexerHandle];
}

let pair: Promise<ComparedPair> | undefined;

/**
 * The games deployed on one anvil, with two indexers following it, on PGlite and on PostgreSQL: the test files that
 * compare what the indexers serve with the chain (differential, export) play their games on it one after the other,
 * instead of each starting its own chain, database and indexers. Started by the first file that asks; stopped after
 * the last file that uses it ({@link usesComparedPair}), or after the run.
 */
export function comparedPair(): Promise<ComparedPair> {
  if (!pair) {
    pair = (async () => {
      const [chain, pg] = await Promise.all([freshChain(), sharedPostgres()]);
      const env = { INDEXER_POLLING_MS: "100" };
      try {
        const [pglite, postgres] = await startIndexers([
          { rpcUrl: chain.anvil.url, deploymentsDir: chain.folder, env },
          { rpcUrl: chain.anvil.url, deploymentsDir: chain.folder, env, databaseUrl: pg.url },
        ]);
        return { anvil: chain.anvil, folder: chain.folder, indexers: [pglite, postgres] };
      } catch (error) {
        await chain.anvil.stop();
        throw error;
      }
    })();
    pair.catch(() => undefined);
  }
  return pair;
}

async function stopPair(): Promise<void> {
  const shared = await pair?.catch(() => undefined);
  pair = undefined;
  if (shared) {
    await Promise.all(shared.indexers.map((i) => i.stop()));
    await shared.anvil.stop();
  }
}

/** Files (suites) that said they use the pair and have not ended yet. */
let pairUsers = 0;

/**
 * Called in the `describe` of every file that uses {@link comparedPair}, as the file loads: the pair is stopped as
 * soon as the last of them ends, instead of polling its node beside the files that follow in the same process
 * (`npm test -- test/indexer`; `npm test` runs these files in a group of their own: PAIR_FILES in
 * scripts/test/run.ts). A file whose tests are all filtered out never ends; the root hook below stops the pair then.
 */
export function usesComparedPair(): void {
  pairUsers++;
  after(async function () {
    this.timeout(60_000);
    if (--pairUsers === 0) await stopPair();
  });
}

// Mocha root hook: stop what the files shared, once every file has run.
if (typeof after === "function") {
  after(async function () {
    this.timeout(60_000);
    await stopPair();
    await (await postgresServer?.catch(() => undefined))?.stop();
    postgresServer = undefined;
  });
}

/**
 * One block of 25 transactions (the i-th from `send(i)`): with 25 games or moves, more than 20 updates of hex_game in
 * one batch, which Ponder writes through a temporary table. Returns what {@link HEX_TOTALS} must then answer.
 */
export async function blockOf25(g: Games, rpcUrl: string, send: (i: number) => Promise<ContractTransactionResponse>) {
  await rpc(rpcUrl, "evm_setAutomine", [false]);
  const sent = [];
  for (let i = 0; i < 25; i++) sent.push(await send(i));
  await rpc(rpcUrl, "evm_mine");
  await rpc(rpcUrl, "evm_setAutomine", [true]);
  await Promise.all(sent.map((t) => t.wait()));
  const games = Number(await g.hex.gameCount());
  let positions = 0;
  for (let id = 1; id <= games; id++) positions += Number((await g.hex.game(id)).positionCount);
  return { games: String(games), positions: String(positions) };
}

/** The Hex totals the tests above compare (one row). */
export const HEX_TOTALS = "select count(*) as games, sum(position_count) as positions from hex_game";

/** `clients` loops sending `text` to the indexer until `stop()`, which says how many answers and which errors came. */
export function busyClients(ix: IndexerHandle, text: string, clients: number) {
  let running = true;
  let count = 0;
  const errors: string[] = [];
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      await sql(ix, text).then(
        () => count++,
        (e: Error) => errors.push(e.message),
      );
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { count, errors };
    },
  };
}
