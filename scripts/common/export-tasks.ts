// The export tasks: `npx hardhat snatch:export --tournament 1`, `snatch:session:export --session 1`,
// `hex:export --game 1`, `catamm:export --game 1`
// (each with `--out <dir>`, default exports/, and `--indexer <url>` to download the indexer's files instead of
// reading the chain). The files and their columns: docs/class.md, "Exports". Only `import type` from
// typechain-types: this file loads before the first compile.
import path from "node:path";
import { types } from "hardhat/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { ExportGame } from "../../client/common/export";
import type { Catamm, ForkingHex } from "../../typechain-types";
import { gameTask } from "../lib/cli";
import { sessionAt, snatchAt, tournamentAt } from "../snatch/lib";

interface ExportArgs {
  out: string;
  indexer: string;
}

/** The first block any game contract was deployed in (hardhat-deploy's receipts; 0 when unknown). */
async function deployedFrom(hre: HardhatRuntimeEnvironment): Promise<number> {
  const blocks = await Promise.all(
    ["SnatchRooms", "SnatchTournament", "ForkingHex", "Catamm"].map(async (name) => {
      const d = await hre.deployments.getOrNull(name);
      return d?.receipt?.blockNumber ?? 0;
    }),
  );
  return Math.min(...blocks);
}

async function runExport(hre: HardhatRuntimeEnvironment, game: ExportGame, id: number, args: ExportArgs) {
  if (!Number.isInteger(id) || id < 1) throw new Error(`the id must be a positive whole number (got ${id})`);
  const { filesFromChain, filesFromIndexer, statusOf, writeExport } = await import("./export");
  let files: Record<string, string>;
  if (args.indexer) {
    files = await filesFromIndexer(game, BigInt(id), args.indexer);
  } else {
    const { rooms, lens } = await snatchAt(hre);
    // Either may be missing on a network (a session without a tournament): only the export that needs it fails.
    const tournament = await tournamentAt(hre).catch(() => undefined);
    const session = await sessionAt(hre).catch(() => undefined);
    const at = async (name: string) => (await hre.deployments.get(name)).address;
    files = await filesFromChain(game, BigInt(id), {
      provider: hre.ethers.provider,
      tournament,
      rooms: await rooms.getAddress(),
      session,
      lens,
      hex:
        game === "hex"
          ? ((await hre.ethers.getContractAt("ForkingHex", await at("ForkingHex"))) as unknown as ForkingHex)
          : undefined,
      catamm:
        game === "catamm"
          ? ((await hre.ethers.getContractAt("Catamm", await at("Catamm"))) as unknown as Catamm)
          : undefined,
      fromBlock: await deployedFrom(hre),
    });
  }
  const dir = path.resolve(hre.config.paths.root, args.out);
  for (const file of writeExport(dir, game, BigInt(id), files)) {
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
  console.log(`status: ${statusOf(files)} (from ${args.indexer ? `the indexer at ${args.indexer}` : "the chain"})`);
  return files;
}

const withExportArgs = (name: string, description: string) =>
  gameTask(name, description)
    .addOptionalParam("out", "folder to write the files in", "exports", types.string)
    .addOptionalParam(
      "indexer",
      "download the files from this indexer (its URL, or the app's .../indexer) instead of reading the chain",
      "",
      types.string,
    );

withExportArgs(
  "snatch:export",
  "Exports a SnatchGame tournament: rounds.csv, players.csv, leaderboard.csv and tournament.json",
)
  .addParam("tournament", "tournament id", undefined, types.int)
  .setAction((args: ExportArgs & { tournament: number }, hre) => runExport(hre, "snatch", args.tournament, args));

withExportArgs(
  "snatch:session:export",
  "Exports a three-player class session: rooms.csv, offers.csv, players.csv and session.json",
)
  .addParam("session", "session id", undefined, types.int)
  .setAction((args: ExportArgs & { session: number }, hre) => runExport(hre, "session", args.session, args));

withExportArgs("hex:export", "Exports a Forking Hex game: moves.csv and payouts.csv")
  .addParam("game", "game id", undefined, types.int)
  .setAction((args: ExportArgs & { game: number }, hre) => runExport(hre, "hex", args.game, args));

withExportArgs("catamm:export", "Exports a CATAMM game: trades.csv and builds.csv")
  .addParam("game", "game id", undefined, types.int)
  .setAction((args: ExportArgs & { game: number }, hre) => runExport(hre, "catamm", args.game, args));
