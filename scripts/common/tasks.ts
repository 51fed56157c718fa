import { task, types } from "hardhat/config";

task("accounts", "Prints the accounts of the selected network and their ETH balances").setAction(async (_, hre) => {
  for (const signer of await hre.ethers.getSigners()) {
    const balance = await hre.ethers.provider.getBalance(signer.address);
    console.log(`${signer.address}  ${hre.ethers.formatEther(balance)} ETH`);
  }
});

task(
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

task(
  "timelock:accept",
  "Completes the handover of the VRF source and SnatchRooms to the Timelock (after its delay)",
).setAction(async (_, hre) => {
  const { acceptHandovers } = await import("../lib/timelock");
  const done = await acceptHandovers(hre);
  console.log(done.length ? `the Timelock now owns: ${done.join(", ")}` : "no handover ready");
});
