import { expect } from "chai";
import { mine, RandomnessStatus, WaitTimeout, waitForBlock, waitForRandomness, type RpcNode } from "../../client/chain";

/** A node that supports only the mining methods in `methods` (others answer "method not found", as public RPCs do). */
function fakeNode(methods: string[], start = 5) {
  const node = {
    block: start,
    sent: [] as string[],
    async send(method: string, params: unknown[]): Promise<unknown> {
      node.sent.push(method);
      if (!methods.includes(method)) {
        throw Object.assign(new Error(`the method ${method} does not exist/is not available`), { code: -32601 });
      }
      node.block += method === "evm_mine" ? 1 : Number(params[0]);
      return null;
    },
    async getBlockNumber() {
      return node.block;
    },
  };
  return node;
}

describe("client/chain: blocks and randomness on any node", function () {
  it("mines with the method the node supports and remembers it", async function () {
    const anvil = fakeNode(["anvil_mine"]);
    expect(await mine(anvil, 3)).to.equal("anvil_mine");
    expect(anvil.block).to.equal(8);
    expect(await mine(anvil, 2)).to.equal("anvil_mine");
    expect(anvil.sent).to.deep.equal(["hardhat_mine", "anvil_mine", "anvil_mine"]);
    const old = fakeNode(["evm_mine"]);
    expect(await waitForBlock(old, 9)).to.equal(9);
    expect(old.sent.filter((m) => m === "evm_mine")).to.have.length(4);
  });

  it("polls a node that does not mine, reporting 'waiting for block N (now M)', and times out", async function () {
    const node = fakeNode([]);
    const lines: string[] = [];
    let clock = 0;
    const sleep = async (ms: number) => {
      clock += ms;
      node.block = Math.min(node.block + 1, 7); // the chain moves to block 7, then stalls
    };
    let error: unknown;
    await waitForBlock(node, 10, {
      log: (l) => lines.push(l),
      sleep,
      now: () => clock,
      pollMs: 1000,
      timeoutMs: 5000,
    }).catch((e) => (error = e));
    expect(lines).to.deep.equal([
      "waiting for block 10 (now 5)",
      "waiting for block 10 (now 6)",
      "waiting for block 10 (now 7)",
    ]);
    expect(error).to.be.instanceOf(WaitTimeout);
    expect((error as Error).message).to.equal("gave up after 5 s waiting for block 10 (the chain is at block 7)");
    expect(await mine(node)).to.equal(null);
    node.block = 12;
    expect(await waitForBlock(node, 10)).to.equal(12);
  });

  it("waits for a random value: mines on a local node, polls elsewhere, refuses stale requests", async function () {
    const statusAt = (ready: number) => ({
      status: async () => (node.block >= ready ? RandomnessStatus.Ready : RandomnessStatus.Pending),
    });
    let node = fakeNode(["hardhat_mine"]);
    await waitForRandomness(statusAt(7) as never, 1n, node as RpcNode);
    expect(node.block).to.equal(7);
    node = fakeNode([]);
    const lines: string[] = [];
    await waitForRandomness(statusAt(6) as never, 2n, node as RpcNode, {
      log: (l) => lines.push(l),
      sleep: async () => void node.block++,
    });
    expect(lines).to.deep.equal(["waiting for randomness request 2 (now 5)"]);
    const stale = { status: async () => RandomnessStatus.Stale };
    let error = "";
    await waitForRandomness(stale as never, 3n, node as RpcNode).catch((e: Error) => (error = e.message));
    expect(error).to.equal("randomness request 3 is stale: request it again");
  });
});
