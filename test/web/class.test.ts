// The class stack (scripts/web/class.ts, stack.ts): its options, the LAN address and QR code it prints, and time that
// means time: with a block time, blocks come by themselves about once a second and a transaction is mined in the next
// block, on anvil (`--block-time`), on `npm run web`'s node (anvil, every game deployed, its randomness keeper beside it)
// and on Hardhat's node (interval mining through evm_setIntervalMining).
// [no-coverage]: no contract is measured here (the nodes run their own processes).
import { expect } from "chai";
import fs from "node:fs";
import os, { type NetworkInterfaceInfo } from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import { lanAddress, terminalQr, webOptions } from "../../scripts/web/class";
import { startWebNode } from "../../scripts/web/node";
import { rpc, setBlockTime, startAnvil, startNode, type NodeHandle } from "../../scripts/web/stack";
import { waitUntil } from "../helpers/wait";

const nic = (address: string, internal = false): NetworkInterfaceInfo =>
  address.includes(":")
    ? {
        address,
        internal,
        family: "IPv6",
        netmask: "ffff::",
        mac: "02:00:00:00:00:01",
        cidr: `${address}/64`,
        scopeid: 0,
      }
    : { address, internal, family: "IPv4", netmask: "255.255.255.0", mac: "02:00:00:00:00:01", cidr: `${address}/24` };

const head = async (url: string) => Number(await rpc<string>(url, "eth_blockNumber"));

/** Waits until the node's head moves past `after` (nobody sending anything) and returns the new head. */
const nextBlock = (url: string, after: number) =>
  waitUntil(
    `a block after ${after} at ${url}`,
    () => head(url),
    (block) => block > after,
    { intervalMs: 20 },
  );

const timestampOf = async (url: string, block: number) =>
  Number((await rpc<{ timestamp: string }>(url, "eth_getBlockByNumber", [`0x${block.toString(16)}`, false])).timestamp);

/**
 * Blocks come by themselves, a second apart or more by their timestamps, with automine off; a transaction lands in the
 * block after the head the node had when it took it. How close to a second they come on a busy
 * machine is the class benchmark's to say (`npm run class:load`), not a test's.
 */
async function checkOneBlockASecond(url: string) {
  const first = await nextBlock(url, await head(url));
  const later = await nextBlock(url, first + 2);
  const stamps = await Promise.all([first, first + 1, first + 2, first + 3].map((b) => timestampOf(url, b)));
  const gaps = stamps.slice(1).map((t, i) => t - stamps[i]);
  expect(
    gaps.filter((g) => g < 1),
    `seconds between blocks ${first} to ${first + 3}: ${gaps.join(", ")} (head ${later})`,
  ).to.deep.equal([]);
  // Automine off, as the node itself says (Hardhat's node and anvil each under their own name).
  const anvil = /^anvil\//i.test(await rpc<string>(url, "web3_clientVersion"));
  expect(await rpc<boolean>(url, anvil ? "anvil_getAutomine" : "hardhat_getAutomine"), "automine").to.equal(false);
  const [from] = await rpc<string[]>(url, "eth_accounts");
  const hash = await rpc<string>(url, "eth_sendTransaction", [{ from, to: from, value: "0x1" }]);
  // The node holds the transaction now: it goes in the next block after the head it has.
  const headWhenHeld = await head(url);
  const receipt = await waitUntil(
    `the receipt of ${hash}`,
    () => rpc<{ blockNumber: string } | null>(url, "eth_getTransactionReceipt", [hash]),
    (r) => r !== null,
    { intervalMs: 20 },
  );
  expect(Number(receipt!.blockNumber), `mined by block ${headWhenHeld + 1}`).to.be.at.most(headWhenHeld + 1);
}

describe("web: the class stack (npm run web -- --lan) [no-coverage]", function () {
  this.timeout(120_000);

  it("reads its options: --lan (or WEB_LAN), --block-time (1 s with --lan), --no-faucet; bad values in words", function () {
    expect(webOptions([], {})).to.deep.equal({
      node: "anvil",
      dev: false,
      lan: false,
      blockTime: null,
      lanHost: null,
      faucet: true,
    });
    expect(webOptions(["--node", "hardhat"], {}).node).to.equal("hardhat");
    expect(webOptions([], { WEB_NODE: "Hardhat" }).node).to.equal("hardhat");
    expect(webOptions(["--node", "anvil"], { WEB_NODE: "hardhat" }).node).to.equal("anvil"); // the flag wins
    expect(webOptions(["--lan"], {})).to.include({ lan: true, blockTime: 1 });
    expect(webOptions([], { WEB_LAN: "1" })).to.include({ lan: true, blockTime: 1 });
    expect(webOptions(["--lan", "--block-time", "2.5"], {})).to.include({ blockTime: 2.5 });
    expect(webOptions(["--lan", "--block-time", "0"], {})).to.include({ blockTime: null });
    expect(webOptions([], { WEB_BLOCK_TIME: "3", WEB_LAN_HOST: "10.0.0.7" })).to.include({
      lan: false,
      blockTime: 3,
      lanHost: "10.0.0.7",
    });
    expect(webOptions([], { WEB_LAN: "", WEB_BLOCK_TIME: "", WEB_LAN_HOST: "" })).to.include({
      lan: false,
      blockTime: null,
      lanHost: null,
    });
    expect(webOptions(["--no-faucet"], {}).faucet).to.equal(false);
    expect(webOptions([], { WEB_FAUCET: "0" }).faucet).to.equal(false);
    expect(() => webOptions(["--block-time", "fast"], {})).to.throw(
      '--block-time takes seconds between blocks, e.g. 1 (0: a block per transaction); got "fast"',
    );
    expect(() => webOptions(["--block-time"], {})).to.not.throw(); // no value: the default
    expect(() => webOptions(["--lan", "--dev"], {})).to.throw(/--dev serves on this machine only/);
    expect(() => webOptions(["--node", "geth"], {})).to.throw(/--node takes anvil \(the default\) or hardhat.*"geth"/);
    expect(() => webOptions(["--node"], {})).to.throw(/--node takes anvil/);
  });

  it("finds the machine's address on the room's network (private ranges first) and draws the URL's QR code", async function () {
    expect(lanAddress({ lo: [nic("127.0.0.1", true)] })).to.equal(null);
    expect(
      lanAddress({
        lo: [nic("127.0.0.1", true)],
        docker0: [nic("203.0.113.5")],
        wlan0: [nic("fe80::1"), nic("192.168.1.20")],
      }),
    ).to.equal("192.168.1.20");
    expect(lanAddress({ eth0: [nic("203.0.113.5")] })).to.equal("203.0.113.5");
    // A virtual interface (a test's network namespace, a container bridge) comes after a real one, private or not.
    const veth = (name: string) => /^(vh|veth|docker)/.test(name);
    expect(lanAddress({ vh12: [nic("10.213.4.1")], eth0: [nic("192.0.2.2")] }, veth)).to.equal("192.0.2.2");
    expect(lanAddress({ vh12: [nic("10.213.4.1")], wlan0: [nic("192.168.1.20")] }, veth)).to.equal("192.168.1.20");
    expect(lanAddress({ vh12: [nic("10.213.4.1")], lo: [nic("127.0.0.1", true)] }, veth)).to.equal("10.213.4.1");
    const url = "http://192.168.1.20:5173/";
    const drawn = await terminalQr(url);
    // Two modules per character row (half blocks), the code's size plus a quiet zone.
    const size = QRCode.create(url, {}).modules.size;
    const rows = drawn.split("\n").filter((line) => /[▀▄█]/.test(line));
    expect(rows.length).to.be.within(Math.ceil(size / 2), Math.ceil(size / 2) + 2);
  });

  describe("a block a second", function () {
    // startWebNode deploys on automine and starts the clock after; Hardhat's node and a busy machine still take time.
    this.timeout(300_000);
    let node: NodeHandle | undefined;
    afterEach(async function () {
      await node?.stop();
      node = undefined;
    });

    it("on anvil (--block-time 1)", async function () {
      node = await startAnvil({ blockTime: 1 });
      await checkOneBlockASecond(node.url);
    });

    it("on npm run web's default node: anvil with every game deployed to `localhost`, the keeper beside it", async function () {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "web-node-"));
      try {
        const web = await startWebNode({ kind: "anvil", deploymentsDir: dir, blockTime: 1 });
        node = web;
        expect(await rpc<string>(web.url, "web3_clientVersion")).to.match(/^anvil\//);
        expect(web.folder).to.equal(path.join(dir, "localhost"));
        const hex = JSON.parse(fs.readFileSync(path.join(web.folder, "ForkingHex.json"), "utf8")) as {
          address: string;
        };
        expect(await rpc<string>(web.url, "eth_getCode", [hex.address, "latest"])).to.not.equal("0x");
        expect(await rpc<string[]>(web.url, "eth_accounts")).to.have.length(20); // as Hardhat's node
        await checkOneBlockASecond(web.url);
        expect(web.keeper?.exitCode, "the keeper is running").to.equal(null);
        await web.stop();
        expect(web.keeper?.exitCode !== null || web.keeper?.signalCode !== null, "the keeper stopped with it").to.equal(
          true,
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it("on Hardhat's node (interval mining, automine off), and back to a block per transaction", async function () {
      node = await startNode({ deploy: false, quiet: true, blockTime: 1 });
      await checkOneBlockASecond(node.url);
      await setBlockTime(node.url, null);
      const before = await head(node.url);
      const [from] = await rpc<string[]>(node.url, "eth_accounts");
      const hash = await rpc<string>(node.url, "eth_sendTransaction", [{ from, to: from, value: "0x1" }]);
      const receipt = await rpc<{ blockNumber: string }>(node.url, "eth_getTransactionReceipt", [hash]);
      expect(Number(receipt.blockNumber)).to.equal(before + 1); // mined on arrival
    });
  });
});
