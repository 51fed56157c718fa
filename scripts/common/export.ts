// The exports from a terminal (the `snatch:export`, `snatch:session:export`, `hex:export` and `catamm:export` tasks): the same files the
// indexer serves at /export/..., built either from the chain itself (the contracts' views and events, through the
// client/ readers and formatters: no indexer needed) or downloaded from an indexer. Plain Node, no Hardhat import:
// the tasks pass the contracts in, the tests call it directly.
import fs from "node:fs";
import path from "node:path";
import type { Provider } from "ethers";
import type { Catamm, ForkingHex, SnatchRoomsLens, SnatchSession, SnatchTournament } from "../../typechain-types";
import { EXPORTS, exportFileName, exportUrl, UnknownExportId, type ExportGame } from "../../client/common/export";
import { latestNames } from "../../client/common/export-chain";

/** The contracts a chain export reads, and the first block worth reading (their deployment). */
export interface ExportContracts {
  provider: Provider;
  /** Needed for tournament exports; read for its players' names in Hex and CATAMM exports when given. */
  tournament?: SnatchTournament;
  rooms: string;
  /** Needed for class session exports (the session, and the lens that reads its rooms' state); the session also
   *  for the names its seats gave (Hex and CATAMM exports show players' latest names, as the indexer does). */
  session?: SnatchSession;
  lens?: SnatchRoomsLens;
  /** Needed for Forking Hex exports only. */
  hex?: ForkingHex;
  /** Needed for CATAMM exports only. */
  catamm?: Catamm;
  fromBlock: number;
}

function need<T>(contract: T | undefined, name: string): T {
  if (!contract) throw new Error(`no ${name} contract was given to read the export from`);
  return contract;
}

/** Every file of one export, by file name (`rounds.csv`, ...), built from the chain. */
export async function filesFromChain(
  game: ExportGame,
  id: bigint,
  c: ExportContracts,
): Promise<Record<string, string>> {
  if (game === "snatch") {
    const { tournamentFromChain } = await import("../../client/snatch/export-chain");
    const { TOURNAMENT_FILES } = await import("../../client/snatch/export");
    const input = await tournamentFromChain(need(c.tournament, "SnatchTournament"), c.rooms, id);
    return Object.fromEntries(Object.entries(TOURNAMENT_FILES).map(([file, make]) => [file, make(input)]));
  }
  if (game === "session") {
    const { sessionFromChain } = await import("../../client/snatch/session-export-chain");
    const { SESSION_FILES } = await import("../../client/snatch/session-export");
    const input = await sessionFromChain(
      need(c.session, "SnatchSession"),
      need(c.lens, "SnatchRoomsLens"),
      c.rooms,
      id,
    );
    return Object.fromEntries(Object.entries(SESSION_FILES).map(([file, make]) => [file, make(input)]));
  }
  const toBlock = await c.provider.getBlockNumber();
  const names = () =>
    latestNames(
      c.provider,
      {
        rooms: c.rooms,
        tournament: c.tournament && String(c.tournament.target),
        session: c.session && String(c.session.target),
      },
      c.fromBlock,
      toBlock,
    );
  if (game === "hex") {
    const { hexGameFromChain } = await import("../../client/hex/export-chain");
    const { HEX_FILES } = await import("../../client/hex/export");
    const input = await hexGameFromChain(need(c.hex, "ForkingHex"), id, names, c.fromBlock, toBlock);
    return Object.fromEntries(Object.entries(HEX_FILES).map(([file, make]) => [file, make(input)]));
  }
  const { catammGameFromChain } = await import("../../client/catamm/export-chain");
  const { CATAMM_FILES } = await import("../../client/catamm/export");
  const input = await catammGameFromChain(need(c.catamm, "Catamm"), id, names, c.fromBlock, toBlock);
  return Object.fromEntries(Object.entries(CATAMM_FILES).map(([file, make]) => [file, make(input)]));
}

/**
 * Every file of one export, downloaded from an indexer (`base`: its URL, or a gateway's `.../indexer`). An unknown id
 * throws {@link UnknownExportId} with the indexer's sentence; an unreachable indexer says so.
 */
export async function filesFromIndexer(game: ExportGame, id: bigint, base: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const file of EXPORTS[game].files) {
    const url = exportUrl(base, game, id, file);
    let res: Response;
    try {
      res = await fetch(url);
    } catch (error) {
      throw new Error(
        `the indexer at ${base} is not answering (${(error as Error).message}): leave out --indexer to read the chain`,
      );
    }
    const body = await res.text();
    if (res.status === 404) throw new UnknownExportId(body.trim());
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body.trim()}`);
    out[file] = body;
  }
  return out;
}

/** Writes the files into `dir` under their download names; returns the paths written. */
export function writeExport(dir: string, game: ExportGame, id: bigint, files: Record<string, string>): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return Object.entries(files).map(([file, body]) => {
    const out = path.join(dir, exportFileName(game, id, file));
    fs.writeFileSync(out, body);
    return out;
  });
}

/** The status cell of an export (its first data row's, or the JSON's), for the task's summary line. */
export function statusOf(files: Record<string, string>): string {
  const json = Object.entries(files).find(([file]) => file.endsWith(".json"));
  if (json) return String((JSON.parse(json[1]) as { status?: unknown }).status);
  for (const body of Object.values(files)) {
    const line = body.split("\n")[1];
    if (line) return line.split(",")[0]!;
  }
  return "no rows yet";
}
