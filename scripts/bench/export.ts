// How long a class-sized export takes: a 200-player tournament through all five phases (the web benchmark's seeded
// chain with only its tournament: scripts/bench/web/seed.ts, cached), anvil holding it, an indexer on PGlite caught up;
// then the tournament's four files are built from the chain (what `snatch:export` does) and downloaded from the
// indexer, three times each, checked byte-identical, and the leaderboard compared with the contract's. Prints one
// JSON object of figures (not written anywhere: the README does not track it).
//   npx ts-node --transpile-only scripts/bench/export.ts      (SEED_PLAYERS=<n> for another size)
import { JsonRpcProvider } from "ethers";
import { EXPORTS } from "../../client/common/export";
import { rank, readLeaderboard } from "../../client/snatch/tournament";
import { SnatchTournament__factory } from "../../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import { Catamm__factory } from "../../typechain-types/factories/contracts/catamm/Catamm__factory";
import { ForkingHex__factory } from "../../typechain-types/factories/contracts/hex/ForkingHex__factory";
import { readDeployments } from "../lib/deployments";
import { filesFromChain, filesFromIndexer } from "../common/export";
import { startIndexer } from "../web/indexer";
import { seededChain } from "./web/seed";
import path from "node:path";

async function main() {
  process.env.SEED_HEX_GAMES ??= "0";
  process.env.SEED_ROOMS ??= "0";
  process.env.SEED_CATAMM_GAMES ??= "0";
  process.env.SEED_PLAYERS ??= "200";
  const seeded = await seededChain();
  const anvil = await seeded.start();
  try {
    const indexer = await startIndexer({ rpcUrl: anvil.url, deploymentsDir: seeded.folder });
    try {
      const provider = new JsonRpcProvider(anvil.url, undefined, { staticNetwork: true, cacheTimeout: -1 });
      const [network] = readDeployments(path.dirname(seeded.folder), [path.basename(seeded.folder)]);
      const at = (name: string) => network.contracts[name].address;
      const tournament = SnatchTournament__factory.connect(at("SnatchTournament"), provider);
      const contracts = {
        provider,
        tournament,
        rooms: at("SnatchRooms"),
        hex: ForkingHex__factory.connect(at("ForkingHex"), provider),
        catamm: Catamm__factory.connect(at("Catamm"), provider),
        fromBlock: 0,
      };
      const id = await tournament.tournamentCount();
      await indexer.waitForBlock(await provider.getBlockNumber(), 600_000);
      const time = async (read: () => Promise<Record<string, string>>) => {
        const runs: number[] = [];
        let files: Record<string, string> = {};
        for (let i = 0; i < 3; i++) {
          const t0 = Date.now();
          files = await read();
          runs.push(Date.now() - t0);
        }
        return { files, ms: Math.min(...runs) };
      };
      const chain = await time(() => filesFromChain("snatch", id, contracts));
      const served = await time(() => filesFromIndexer("snatch", id, indexer.url));
      const identical = EXPORTS.snatch.files.every((f) => chain.files[f] === served.files[f]);
      const doc = JSON.parse(served.files["tournament.json"]!) as {
        leaderboard: { address: string; aggregate: number }[];
      };
      const contract = rank(await readLeaderboard(tournament, id)).map((r) => [r.player.toLowerCase(), r.aggregate]);
      const leaderboardEqual =
        JSON.stringify(doc.leaderboard.map((r) => [r.address, r.aggregate])) === JSON.stringify(contract);
      console.log(
        JSON.stringify(
          {
            players: Number(process.env.SEED_PLAYERS),
            "export.tournament.bytes": Object.values(chain.files).reduce((n, b) => n + b.length, 0),
            "export.tournament.rounds.rows": chain.files["rounds.csv"]!.split("\n").length - 2,
            "export.tournament.chain.ms": chain.ms,
            "export.tournament.indexer.ms": served.ms,
            identical,
            leaderboardEqual,
          },
          null,
          2,
        ),
      );
      if (!identical || !leaderboardEqual) process.exitCode = 1;
    } finally {
      await indexer.stop();
    }
  } finally {
    await anvil.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
