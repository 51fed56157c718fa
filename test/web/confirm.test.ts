// web/src/shared/confirm.ts on a real node mining a block every second (as the class stack does): a transaction's
// receipt is taken at the clock's first block that has it, and a reverted one fails with ethers' own error.
import { expect } from "chai";
import { JsonRpcProvider, type JsonRpcSigner } from "ethers";
import { startAnvil, type NodeHandle } from "../../scripts/web/stack";
import type { MinedTx } from "../../client/common/heads";
import { confirmed, type Mined } from "../../web/src/shared/confirm";
import { explainFailure } from "../../web/src/shared/replay";
import { describeError } from "../../client/errors";
import { SeatFunder__factory } from "../../typechain-types/factories/contracts/common/funding/SeatFunder__factory";
import { TestProvider } from "../helpers/provider";

/** Init code of a contract whose every call reverts (runtime PUSH1 0 PUSH1 0 REVERT). */
const REVERTER = "0x6460006000fd6000526005601bf3";

describe("web: a sent transaction's receipt at the clock's next block", function () {
  this.timeout(60_000);
  let node: NodeHandle;
  let provider: JsonRpcProvider;
  let signer: JsonRpcSigner;
  let blocksSeen = 0;

  /** The page's clock, as a poll of the node's head: resolves once a block newer than now is mined. */
  async function nextBlock(): Promise<void> {
    const now = await provider.getBlockNumber();
    while ((await provider.getBlockNumber()) <= now) await new Promise((r) => setTimeout(r, 50));
    blocksSeen++;
  }

  before(async function () {
    node = await startAnvil({ blockTime: 1 });
    provider = new TestProvider(node.url, undefined, { cacheTimeout: -1 });
    signer = await provider.getSigner(0);
  });

  after(async function () {
    provider?.destroy();
    await node?.stop();
  });

  it("resolves with the receipt once a block has the transaction", async function () {
    const to = await (await provider.getSigner(1)).getAddress();
    const before = await provider.getBalance(to);
    const tx = await signer.sendTransaction({ to, value: 12345n });
    const seen = blocksSeen;
    const receipt = await confirmed(tx, nextBlock);
    expect(receipt?.hash).to.equal(tx.hash);
    expect(receipt?.status).to.equal(1);
    expect(await provider.getBalance(to, receipt!.blockNumber)).to.equal(before + 12345n);
    // Found at one of the clock's blocks (ethers' wait() may win the race too, but the clock was asked).
    expect(blocksSeen).to.be.greaterThan(seen);
  });

  it("asks for the receipt on its own, not in the batch of the page's other calls", async function () {
    // A provider whose batches leave only after 10 minutes, as a page's batch waits for its slowest call: the receipt
    // still comes at the clock's next block, asked on a connection of its own (a receipt asked in the batch would come
    // after the test's time is up).
    const slow = new TestProvider(node.url, 31337, {
      staticNetwork: true,
      batchStallTime: 600_000,
      cacheTimeout: -1,
    });
    try {
      const to = await (await provider.getSigner(1)).getAddress();
      const tx = await signer.sendTransaction({ to, value: 1n });
      const receipt = await confirmed({ hash: tx.hash, provider: slow, wait: () => new Promise(() => {}) }, nextBlock);
      expect(receipt?.hash).to.equal(tx.hash);
    } finally {
      slow.destroy();
    }
  });

  /** The gateway's clock: the next block, with its transactions as the node's receipts give them (heads.ts). */
  async function nextBlockListed(): Promise<MinedTx[]> {
    await nextBlock();
    const n = await provider.getBlockNumber();
    const receipts = await provider.send("eth_getBlockReceipts", [`0x${n.toString(16)}`]);
    return (receipts as { transactionHash: string; status: string; gasUsed: string }[]).map((r) => ({
      hash: r.transactionHash,
      block: n,
      status: Number(r.status),
      gasUsed: BigInt(r.gasUsed).toString(),
    }));
  }

  it("tells the page a transaction is mined from the clock's list of the block, then reads its receipt for the caller", async function () {
    const to = await (await provider.getSigner(1)).getAddress();
    const tx = await signer.sendTransaction({ to, value: 7n });
    const told: Mined[] = [];
    const receipt = await confirmed(
      { hash: tx.hash, provider: tx.provider, wait: () => new Promise(() => {}) },
      nextBlockListed,
      (m) => told.push(m),
    );
    expect(told).to.deep.equal([{ block: receipt!.blockNumber, gasUsed: receipt!.gasUsed }]);
    expect(receipt!.gasUsed).to.equal(21000n);
  });

  it("settles by ethers' wait() when the clock stops (no block ever comes), after a few seconds", async function () {
    const to = await (await provider.getSigner(1)).getAddress();
    const tx = await signer.sendTransaction({ to, value: 3n });
    // wait() is asked only after the clock had its few seconds (5 s); when it is asked is what the test reads.
    const start = Date.now();
    let askedAfter: number | undefined;
    const wait: typeof tx.wait = (...args) => {
      askedAfter ??= Date.now() - start;
      return tx.wait(...args);
    };
    const receipt = await confirmed({ hash: tx.hash, provider: tx.provider, wait }, () => new Promise(() => {}));
    expect(receipt?.hash).to.equal(tx.hash);
    expect(receipt?.status).to.equal(1);
    expect(askedAfter, "ms before wait() was asked").to.be.at.least(4_900);
  });

  it("fails a reverted transaction with ethers' CALL_EXCEPTION, as wait() does", async function () {
    const deploy = await signer.sendTransaction({ data: REVERTER });
    const address = (await confirmed(deploy, nextBlock))!.contractAddress!;
    expect(await provider.getCode(address)).to.equal("0x60006000fd");
    // Whether the clock lists the block's transactions or not, and never told mined.
    for (const clock of [nextBlock, nextBlockListed]) {
      const tx = await signer.sendTransaction({ to: address, data: "0x", gasLimit: 50_000 });
      let error: unknown;
      const told: Mined[] = [];
      await confirmed(tx, clock, (m) => told.push(m)).catch((e: unknown) => (error = e));
      expect((error as { code?: string })?.code).to.equal("CALL_EXCEPTION");
      expect(told).to.deep.equal([]);
      expect((await provider.getTransactionReceipt(tx.hash))?.status).to.equal(0);
    }
  });

  it("says why a mined transaction reverted in the contract's words: its call replayed at its block (issue 34)", async function () {
    const funder = await new SeatFunder__factory(signer).deploy();
    await confirmed(funder.deploymentTransaction()!, nextBlock);
    // A gas limit given: no estimate stops it, the node mines it and it reverts (NoSeats), as a late move does.
    const tx = await funder.fund([], 0n, { gasLimit: 100_000 });
    let error: unknown;
    await confirmed(tx, nextBlock).catch((e: unknown) => (error = e));
    // What ethers says of it: no reason at all.
    expect(describeError(error).message).to.match(/^transaction execution reverted/);
    const explained = await explainFailure(error, { tx, provider }, { contract: "SeatFunder" });
    expect([explained.kind, explained.message]).to.deep.equal(["revert", "no seats to fund: the list is empty"]);
    // One refused at its estimate, before anything was sent: the node's revert data is decoded as it is.
    const early = await funder.fund.estimateGas([], 0n).catch((e: unknown) => e);
    expect((await explainFailure(early, { provider }, { contract: "SeatFunder" })).message).to.equal(
      "no seats to fund: the list is empty",
    );
  });
});
