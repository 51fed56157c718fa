// Ponder's configuration: one chain, the five game contracts of one hardhat-deploy folder (addresses and start
// blocks from there, ABIs from client/abi.ts, which takes them from TypeChain's factories), and the database.
// Every setting comes from the environment: see settings.ts (scripts/web/indexer.ts sets it for `npm run web`).
import { createConfig } from "ponder";
import { ABIS } from "../client/abi";
import { indexerSettings } from "./settings";

const s = indexerSettings(process.env);
const { contracts } = s.deployments;

export default createConfig({
  database: s.database,
  chains: {
    games: {
      id: s.deployments.chainId,
      rpc: s.rpc,
      ...(s.ws ? { ws: s.ws } : {}),
      pollingInterval: s.pollingInterval,
      // A local node restarted (or redeployed) under the same chain id must not be answered from Ponder's RPC cache.
      disableCache: s.local,
    },
  },
  contracts: {
    ForkingHex: { chain: "games", abi: ABIS.ForkingHex, ...contracts.ForkingHex },
    SnatchRooms: { chain: "games", abi: ABIS.SnatchRooms, ...contracts.SnatchRooms },
    SnatchTournament: { chain: "games", abi: ABIS.SnatchTournament, ...contracts.SnatchTournament },
    SnatchSession: { chain: "games", abi: ABIS.SnatchSession, ...contracts.SnatchSession },
    Catamm: { chain: "games", abi: ABIS.Catamm, ...contracts.Catamm },
  },
});
