import path from "node:path";
import { subtask, task, type HardhatUserConfig } from "hardhat/config";
import {
  TASK_COMPILE,
  TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD,
  TASK_COMPILE_SOLIDITY_LOG_COMPILATION_ERRORS,
} from "hardhat/builtin-tasks/task-names";
import type { SolcBuild } from "hardhat/types";
import dotenv from "dotenv";
// The plugins this project uses (Hardhat's toolbox without Ignition: deployments are hardhat-deploy scripts).
import "@nomicfoundation/hardhat-chai-matchers";
import "@nomicfoundation/hardhat-ethers";
import "@nomicfoundation/hardhat-verify";
import "@typechain/hardhat";
import "hardhat-gas-reporter";
import "solidity-coverage";
import "hardhat-deploy";
import { etherscanConfig, remoteAccounts } from "./scripts/lib/networks";
// Deploys parse the build-info once, not once per contract (the file says why).
import { forgetBuildInfos } from "./scripts/lib/artifact-memo";

// Settings from the environment, or from a `.env` file beside this config (see .env.example); DOTENV_CONFIG_PATH
// points elsewhere. Variables already set in the environment win.
dotenv.config({ path: process.env.DOTENV_CONFIG_PATH ?? path.join(__dirname, ".env") });

// Per-game tasks (`npx hardhat --help` lists them). They import TypeChain types with `import type` only,
// so the config loads before the first compile.
import "./scripts/tasks";

/** The only compiler this project uses: the npm `solc` package (WASM), pinned exactly in package.json. */
const SOLC_VERSION = "0.8.30";
/** One EVM version everywhere (compiler, in-process network, node). */
const EVM_VERSION = "cancun";

// Compile offline: Hardhat 2 would download the compiler list; hand it the local solc-js instead,
// and refuse to compile with anything but the pinned version.
subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async (args: { solcVersion: string }): Promise<SolcBuild> => {
  const solc = require("solc") as { version(): string };
  const installed = solc.version();
  if (args.solcVersion !== SOLC_VERSION || !installed.startsWith(`${SOLC_VERSION}+`)) {
    throw new Error(
      `Offline compiler mismatch: config wants ${args.solcVersion}, project pins ${SOLC_VERSION}, ` +
        `node_modules/solc is ${installed}. Run \`npm ci\`.`,
    );
  }
  return {
    version: SOLC_VERSION,
    longVersion: installed.replace(/\.Emscripten\.clang$/, ""),
    compilerPath: path.join(path.dirname(require.resolve("solc/package.json")), "soljson.js"),
    isSolcJs: true,
  };
});

// `npm test` (scripts/test/run.ts) compiles once, then runs test processes that start Hardhat children at the same
// time (nodes, deploys, tasks), and each child's `compile` rewrites cache/solidity-files-cache.json even with nothing
// to compile. A child that reads it half-written drops the cache and recompiles everything, rewriting the artifacts
// the others are reading (seen on CI: "Unexpected end of JSON input" in the artifacts). NO_COMPILE=1, which the
// runner sets after its compile, makes `compile` do nothing in them.
task(TASK_COMPILE).setAction(async (args, _hre, runSuper) => {
  if (process.env.NO_COMPILE === "1") return undefined;
  const compiled: unknown = await runSuper(args);
  forgetBuildInfos();
  return compiled;
});

// Compiler warnings about dependencies' own code (OpenZeppelin's transient-storage notice, Chainlink's mocks) are
// not ours to fix; hide them so a warning in this project's contracts stands out.
interface SolcMessage {
  severity: string;
  sourceLocation?: { file: string };
}
subtask(TASK_COMPILE_SOLIDITY_LOG_COMPILATION_ERRORS).setAction(
  async (args: { output?: { errors?: SolcMessage[] } }, _hre, runSuper) => {
    const errors = args.output?.errors?.filter(
      (e) => e.severity === "error" || !/^@(openzeppelin|chainlink)\//.test(e.sourceLocation?.file ?? ""),
    );
    return runSuper({ ...args, output: { ...args.output, errors } });
  },
);

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
    },
  },
  networks: {
    hardhat: {
      hardfork: EVM_VERSION,
      // Games are driven by many accounts in demos and property tests. Their mnemonic is the public development one,
      // unless WEB_NODE_MNEMONIC gives another: the class stack's Hardhat node gets a fresh one that way
      // (scripts/web/keys.ts), so that no key that matters is known to the room.
      accounts: { count: 20, ...(process.env.WEB_NODE_MNEMONIC ? { mnemonic: process.env.WEB_NODE_MNEMONIC } : {}) },
      allowUnlimitedContractSize: false,
    },
    // The local node of `npm run node` / `npm run web` (WEB_NODE_PORT moves both).
    localhost: { url: `http://127.0.0.1:${process.env.WEB_NODE_PORT || 8545}` },
    // Any other node (anvil, a public test network) comes from the environment, never from the repo:
    //   RPC_URL=...  PRIVATE_KEY=0x...  (or MNEMONIC="...")  npx hardhat deploy --network remote
    // Without RPC_URL and a key or mnemonic every command on `remote` refuses to run and says what to set
    // (scripts/lib/networks.ts); deployments are kept per chain id, in deployments/chain-<id>/.
    remote: {
      url: process.env.RPC_URL || "http://rpc-url.not-set.invalid",
      accounts: remoteAccounts(process.env),
      ...(process.env.CHAIN_ID ? { chainId: Number(process.env.CHAIN_ID) } : {}),
    },
  },
  // Contract verification on Etherscan (one ETHERSCAN_API_KEY for every chain Etherscan serves) or on another
  // Etherscan-compatible explorer (VERIFY_API_URL, VERIFY_BROWSER_URL, VERIFY_API_KEY, CHAIN_ID): see README.
  etherscan: etherscanConfig(process.env),
  sourcify: { enabled: false },
  paths: {
    // Where hardhat-deploy keeps deployments (the node tests use a temporary folder).
    deployments: process.env.DEPLOYMENTS_DIR || "deployments",
  },
  namedAccounts: {
    deployer: { default: 0 },
  },
  gasReporter: {
    enabled: process.env.REPORT_GAS === "true",
    offline: true,
  },
  typechain: {
    outDir: "typechain-types",
    target: "ethers-v6",
  },
  mocha: {
    timeout: 600_000,
    // TEST_TIMES=<file.json>: the spec output plus every test's and file's duration (scripts/test/timings.ts).
    ...(process.env.TEST_TIMES ? { reporter: require("./scripts/test/timings").TimingsReporter } : {}),
  },
};

export default config;
