import path from "node:path";
import { subtask, type HardhatUserConfig } from "hardhat/config";
import {
  TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD,
  TASK_COMPILE_SOLIDITY_LOG_COMPILATION_ERRORS,
} from "hardhat/builtin-tasks/task-names";
import type { SolcBuild } from "hardhat/types";
import "@nomicfoundation/hardhat-toolbox";
import "hardhat-deploy";

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

// Any network besides the in-process one and a local node comes from the environment, never from the repo:
//   RPC_URL=...  PRIVATE_KEY=0x...  (or MNEMONIC="...")  npx hardhat deploy --network remote
const remoteAccounts = process.env.PRIVATE_KEY
  ? [process.env.PRIVATE_KEY]
  : process.env.MNEMONIC
    ? { mnemonic: process.env.MNEMONIC }
    : [];

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
      // Games are driven by many accounts in demos and property tests.
      accounts: { count: 20 },
      allowUnlimitedContractSize: false,
    },
    localhost: { url: "http://127.0.0.1:8545" },
    remote: {
      url: process.env.RPC_URL ?? "http://127.0.0.1:8545",
      accounts: remoteAccounts,
      ...(process.env.CHAIN_ID ? { chainId: Number(process.env.CHAIN_ID) } : {}),
    },
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
  },
};

export default config;
