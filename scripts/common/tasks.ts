// Tasks for every network: accounts, mining a local node, deploying (per chain id, restarted nodes handled),
// exporting and verifying deployments. Also refuses `remote` without its variables before any command runs.
import { extendEnvironment, subtask, task, types } from "hardhat/config";
import { TASK_NODE_CREATE_SERVER } from "hardhat/builtin-tasks/task-names";
import type { EIP1193Provider } from "hardhat/types";
import type { Server } from "node:http";
import { gameTask, type FromArg } from "../lib/cli";
import { checkRemote, prepareDeploy, selectDeployments } from "../lib/networks";

extendEnvironment((hre) => checkRemote(hre));

task("accounts", "Prints the accounts of the selected network and their ETH balances").setAction(async (_, hre) => {
  const signers = await hre.ethers.getSigners();
  for (const [i, signer] of signers.entries()) {
    const balance = await hre.ethers.provider.getBalance(signer.address);
    console.log(`${String(i).padStart(2)}  ${signer.address}  ${hre.ethers.formatEther(balance)} ETH`);
  }
});

// hardhat-deploy's deploy and export: on `remote`, the deployments of the chain it is connected to
// (deployments/chain-<id>/); records of a restarted local node are replaced.
task("deploy").setAction(async (args: { reset?: boolean }, hre, runSuper) => {
  const afresh = await prepareDeploy(hre);
  return runSuper({ ...args, reset: args.reset || afresh });
});
task("export").setAction(async (args, hre, runSuper) => {
  await selectDeployments(hre);
  return runSuper(args);
});

// Every `hardhat node` this project starts (npm run node, npm run web -- --node hardhat, E2E_NODE=hardhat) runs
// the randomness keeper itself, in its own process: a player on a local stack cannot re-roll by waiting
// (scripts/lib/node-keeper.ts).
// Its HTTP server keeps an idle connection open until the client closes it: with Node's default (closed after 5 s
// idle) a client whose event loop was blocked past its own shorter idle time (a deploy or a test on a busy machine)
// could send a call on a connection the node was closing ("SocketError: other side closed").
subtask(TASK_NODE_CREATE_SERVER).setAction(async (args: { provider: EIP1193Provider }, hre, runSuper) => {
  const { keepingProvider } = await import("../lib/node-keeper");
  const server = (await runSuper({ ...args, provider: keepingProvider(hre, args.provider) })) as {
    _httpServer?: Server;
  };
  if (server._httpServer) server._httpServer.keepAliveTimeout = 0;
  return server;
});

gameTask("mine", "Mines blocks on a local node (Hardhat's or anvil): lets block deadlines and Forking Hex timers pass")
  .addOptionalParam("blocks", "how many blocks", 1, types.int)
  .setAction(async (args: FromArg & { blocks: number }, hre) => {
    const { mine } = await import("../../client/chain");
    const method = await mine(hre.ethers.provider, args.blocks);
    const now = await hre.ethers.provider.getBlockNumber();
    if (method === null) {
      throw new Error(
        `network "${hre.network.name}" does not mine on request (a public network?): blocks come at its own pace; ` +
          `it is block ${now}`,
      );
    }
    console.log(`mined ${args.blocks} block(s) with ${method}; now at block ${now}`);
    return now;
  });

task("verify:deployments", "Verifies every recorded deployment of the network on its block explorer (hardhat-verify)")
  .addOptionalParam("only", "comma-separated deployment names (default: all)", "", types.string)
  .setAction(async (args: { only: string }, hre) => {
    await selectDeployments(hre);
    const all = await hre.deployments.all();
    const names = args.only ? args.only.split(",").map((n) => n.trim()) : Object.keys(all);
    for (const name of names) {
      const d = all[name];
      if (!d) throw new Error(`no deployment "${name}" on network "${hre.network.name}"`);
      console.log(`verifying ${name} at ${d.address}`);
      try {
        await hre.run("verify:verify", {
          address: d.address,
          constructorArguments: d.args ?? [],
          libraries: d.libraries ?? {},
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!/already verified/i.test(message)) throw error;
        console.log(`  ${name} is already verified`);
      }
    }
  });

gameTask(
  "randomness:keeper",
  "Pins every ready randomness request a game still waits on (REQUIRED with the block-hash source)",
)
  .addOptionalParam("source", "the randomness source (default: the `Randomness` deployment)")
  .addOptionalParam("minAge", "pin requests whose target block is at least this old", 128, types.int)
  .addOptionalParam("watch", "repeat every this many seconds (0: one pass)", 0, types.int)
  .setAction(async (args: { source?: string; minAge: number; watch: number }, hre) => {
    const { nextPassIn, pinAwaitedRequests, readableHorizon, secondsPerBlock } = await import("../lib/keeper");
    const address = args.source ?? (await hre.deployments.get("Randomness")).address;
    const source = await hre.ethers.getContractAt("BlockhashRandomness", address);
    // A VRF source has no `fulfil`: its delivered values never go stale, and nothing needs pinning.
    const code = await hre.ethers.provider.getCode(address);
    if (!code.includes(source.interface.getFunction("fulfil")!.selector.slice(2))) {
      console.log(`${address} is not a block-hash source: its values never go stale once delivered; nothing to pin`);
      return;
    }
    for (;;) {
      const run = await pinAwaitedRequests(hre, source, { minAge: args.minAge });
      console.log(
        `block ${await hre.ethers.provider.getBlockNumber()}: ${run.seen} requests seen, ` +
          `${run.pinned.length} pinned${run.pinned.length ? ` (${run.pinned.join(", ")})` : ""}, ${run.skipped} left alone`,
      );
      if (args.watch <= 0) return;
      // On a fast chain (or one without the block-hash history) `watch` seconds may be more blocks than a value stays
      // readable: the next pass then comes sooner.
      const horizon = await readableHorizon(hre);
      if (args.minAge >= horizon) throw new Error(`minAge ${args.minAge} must be below the horizon, ${horizon} blocks`);
      const wait = nextPassIn(args.watch, args.minAge, horizon, await secondsPerBlock(hre));
      if (wait < args.watch) {
        console.warn(`values stay readable ${horizon} blocks here: next pass in ${wait} s, not ${args.watch} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  });
