// The tests' provider against ethers' own on a node that mines on demand, in the one interleaving that hung CI: the
// transaction is still pending when wait() and its subscriber first ask for its receipt, and is mined before the block
// poller's first look at the head (which it only notes). Nothing is mined after that. ethers' wait() never resolves;
// the tests' provider, which asks for the receipt on a timer, gets it.
import { expect } from "chai";
import { JsonRpcProvider } from "ethers";
import { rpc, startAnvil, type NodeHandle } from "../../scripts/web/stack";
import { TestProvider } from "./provider";

/**
 * A provider that, once armed, mines one block on the node right after its second receipt read has answered (none),
 * and holds any head read meanwhile until then: wait()'s own look and its subscriber's first look find nothing, and
 * the block poller's first look at the head (which it only notes) already sees the block.
 */
function minesAfterSecondReceiptRead(Base: typeof JsonRpcProvider, url: string) {
  class Hooked extends Base {
    private armed = false;
    private receiptReads = 0;
    private minedNow: Promise<void> = Promise.resolve();
    private mine: () => void = () => undefined;
    arm() {
      this.armed = true;
      this.minedNow = new Promise((resolve) => (this.mine = resolve));
    }
    override async send(method: string, params: unknown[] | Record<string, unknown>): Promise<unknown> {
      if (method === "eth_blockNumber" && this.armed) await this.minedNow;
      const answer = await super.send(method, params);
      if (method === "eth_getTransactionReceipt" && this.armed && ++this.receiptReads === 2) {
        await rpc(url, "evm_mine");
        this.armed = false;
        this.mine();
      }
      return answer;
    }
  }
  return new Hooked(url, undefined, { batchMaxCount: 1, cacheTimeout: -1, pollingInterval: 100 });
}

describe("test helpers: the provider's wait() on a node that mines on demand", function () {
  this.timeout(60_000);
  let node: NodeHandle;

  before(async function () {
    node = await startAnvil();
    await rpc(node.url, "evm_setAutomine", [false]);
  });

  after(async function () {
    await node?.stop();
  });

  /** Sends a transfer left pending (automine off); waits for it through `provider`, at most `ms`. */
  async function waitThrough(provider: ReturnType<typeof minesAfterSecondReceiptRead>, ms: number) {
    const sender = new JsonRpcProvider(node.url, undefined, { batchMaxCount: 1 });
    const from = await sender.getSigner(0);
    const sent = await from.sendTransaction({ to: (await sender.getSigner(1)).address, value: 1n });
    sender.destroy();
    const tx = (await provider.getTransaction(sent.hash))!;
    provider.arm();
    const outcome = await Promise.race([
      tx.wait().then((r) => `mined, status ${r?.status}`),
      new Promise<string>((r) => setTimeout(() => r("still waiting"), ms)),
    ]);
    provider.destroy();
    return outcome;
  }

  it("ethers' own provider misses the receipt (the bug the tests' provider is for)", async function () {
    expect(await waitThrough(minesAfterSecondReceiptRead(JsonRpcProvider, node.url), 3_000)).to.equal("still waiting");
  });

  it("the tests' provider gets it", async function () {
    expect(await waitThrough(minesAfterSecondReceiptRead(TestProvider, node.url), 10_000)).to.equal("mined, status 1");
  });
});
