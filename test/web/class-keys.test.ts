// The class stack's keys (issue 33, item 2), attacked from a phone: a Linux network namespace joined by a veth pair
// (test/helpers/netns.ts), so the gateway sees a non-loopback client, as on the room's Wi-Fi. The stack is what
// `npm run web -- --lan` runs: anvil with every game deployed and its keeper (scripts/web/node.ts), its accounts from
// a fresh mnemonic (scripts/web/keys.ts), the faucet, and the gateway on 0.0.0.0. The teacher (the node's account
// #12) runs a tournament. A burner funded by the faucet then sends EIP-7702 transactions whose authorization lists are
// signed with the keys of the node's accounts (the test knows the fresh mnemonic; a phone would not): refused, nothing
// changed. The same transaction signed by an account nobody protects is accepted and drains it (the attack is real);
// the public development key #0 can be delegated too, and there is nothing to take. Batches are checked call by call.
// Hardhat's node takes the fresh mnemonic through hardhat.config.ts; a node with the development accounts is refused.
// [no-coverage]: no contract is measured here (the nodes run their own processes).
import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  concat,
  Interface,
  JsonRpcProvider,
  parseEther,
  Signature,
  toBeHex,
  Transaction,
  Wallet,
  zeroPadValue,
  type Authorization,
  type HDNodeWallet,
} from "ethers";
import { SnatchTournament__factory } from "../../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import { DEFAULT_FAUCET, Faucet } from "../../scripts/web/faucet";
import { startGateway, type GatewayHandle } from "../../scripts/web/gateway";
import { accountsOf, checkNodeKeys, DEV_MNEMONIC, freshMnemonic, isDevAccount } from "../../scripts/web/keys";
import { startWebNode, type WebNode } from "../../scripts/web/node";
import { rawTransactionVerdict, RpcCode } from "../../scripts/web/rpc-policy";
import { rpc, startAnvil } from "../../scripts/web/stack";
import { createNetns, type Netns } from "../helpers/netns";
import { waitUntil } from "../helpers/wait";
import { TestProvider } from "../helpers/provider";

const TEACHER = 12;

/**
 * An attacker's contract, for delegation: a call with calldata `target (20 bytes) ++ value (32 bytes) ++ data` makes
 * the account running it call `target` with `value` and `data` (a revert is passed on). Hand-written EVM: a test of the
 * gateway should not depend on the contracts under development.
 */
const EXECUTOR_RUNTIME =
  "6000600060343603806034600037600060143560003560601c5af1602857" + // copy data, CALL(gas, target, value, data)
  "3d600060003e3d6000fd5b00"; // revert with the callee's reason, or stop
const EXECUTOR_INIT = "0x602a80600b6000396000f3" + EXECUTOR_RUNTIME;

const executorCall = (target: string, value: bigint, data = "0x") =>
  concat([target, zeroPadValue(toBeHex(value), 32), data]);

type RpcAnswer = { id?: unknown; result?: unknown; error?: { code: number; message: string } };

describe("web: the class stack's keys are nobody else's, and a phone cannot borrow them with EIP-7702 [no-coverage]", function () {
  this.timeout(240_000);
  let work: string;
  let node: WebNode;
  let faucet: Faucet;
  let gateway: GatewayHandle;
  let phone: Netns;
  let host: JsonRpcProvider;
  let phoneUrl: string;
  let mnemonic: string;
  let accounts: HDNodeWallet[];
  let chainId: bigint;
  let tournamentAddress: string;
  let tournamentId: bigint;
  let burner: HDNodeWallet;
  let executor: string;

  /** One JSON-RPC call (or a batch) from the phone, through the gateway. */
  async function fromPhone(body: unknown): Promise<{ status: number; json: unknown }> {
    const r = await phone.fetch(`${phoneUrl}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: r.status, json: JSON.parse(r.body) as unknown };
  }
  const call = (method: string, params: unknown[], id: number | string = 1) => ({ jsonrpc: "2.0", id, method, params });
  const sendRaw = async (raw: string) => (await fromPhone(call("eth_sendRawTransaction", [raw]))).json as RpcAnswer;

  /** A transaction `from` signs, with its nonce and the chain's fees read from the node (reading is no privilege). */
  async function signed(
    from: Wallet | HDNodeWallet,
    tx: { to?: string | null; data?: string; value?: bigint; authorizationList?: Authorization[]; type?: number },
  ) {
    const fees = await host.getFeeData();
    return from.signTransaction({
      type: tx.type ?? (tx.authorizationList ? 4 : 2),
      chainId,
      nonce: await host.getTransactionCount(from.address, "pending"),
      to: tx.to ?? null,
      data: tx.data ?? "0x",
      value: tx.value ?? 0n,
      gasLimit: 1_000_000n,
      maxFeePerGas: fees.maxFeePerGas! * 2n,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas!,
      authorizationList: tx.authorizationList,
    });
  }

  /** `authority` signs an EIP-7702 authorization delegating its account to `to` (its next nonce, this chain). */
  async function authorization(authority: Wallet | HDNodeWallet, to: string): Promise<Authorization> {
    return authority.authorize({ address: to, nonce: await host.getTransactionCount(authority.address), chainId });
  }

  /**
   * Waits for a transaction the phone sent to be mined; its receipt's status. Asks for the receipt until it comes:
   * ethers' waitForTransaction waits for a block after its first look, and a transaction mined between that look and
   * its first poll, with no block after it, was never seen (this test timed out so on a busy machine).
   */
  async function mined(hash: string): Promise<number> {
    const receipt = await waitUntil(
      `the receipt of ${hash}`,
      () => host.getTransactionReceipt(hash),
      (r) => r !== null,
      {
        show: () => "no receipt",
      },
    );
    return receipt!.status!;
  }

  /** What a protected account holds and is, to compare before and after an attack. */
  async function stateOf(address: string) {
    const t = SnatchTournament__factory.connect(tournamentAddress, host);
    return {
      balance: await host.getBalance(address),
      code: await host.getCode(address),
      nonce: await host.getTransactionCount(address),
      organiser: (await t.tournament(tournamentId)).organiser,
      organiserChanges: (await t.queryFilter(t.filters.OrganiserChanged())).length,
    };
  }

  /** Every address a deployed contract names in a view without arguments (owner, recipient, source, ...). */
  function namedAddresses(): Promise<{ where: string; address: string }[]> {
    const folder = node.folder;
    const found: Promise<{ where: string; address: string }[]>[] = [];
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith(".json"))) {
      const d = JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")) as { address: string; abi: unknown[] };
      const iface = new Interface(d.abi as string[]);
      iface.forEachFunction((f) => {
        if (f.inputs.length !== 0 || f.outputs.length !== 1 || f.outputs[0]!.type !== "address") return;
        if (f.stateMutability !== "view" && f.stateMutability !== "pure") return;
        found.push(
          host
            .call({ to: d.address, data: iface.encodeFunctionData(f) })
            .then((r) => [
              { where: `${file.replace(/\.json$/, "")}.${f.name}()`, address: iface.decodeFunctionResult(f, r)[0] },
            ]),
        );
      });
    }
    return Promise.all(found).then((lists) => lists.flat());
  }

  before(async function () {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "class-keys-"));
    mnemonic = freshMnemonic();
    accounts = accountsOf(mnemonic);
    node = await startWebNode({ kind: "anvil", deploymentsDir: path.join(work, "deployments"), mnemonic });
    host = new TestProvider(node.url, undefined, { batchMaxCount: 1, cacheTimeout: -1 });
    chainId = (await host.getNetwork()).chainId;
    tournamentAddress = (
      JSON.parse(fs.readFileSync(path.join(node.folder, "SnatchTournament.json"), "utf8")) as { address: string }
    ).address;
    // The teacher's tournament, created from the laptop through the node's unlocked account (as the class sheet does).
    const teacher = SnatchTournament__factory.connect(
      tournamentAddress,
      await host.getSigner(accounts[TEACHER]!.address),
    );
    // Four seats, a long registration: the tournament stays the teacher's to run while the phone attacks.
    const windows = { talk: 5, offer: 5, response: 5, decision: 5 };
    const config = { cap: 4, roomsPerBatch: 1, registrationBlocks: 1000, grace: 0, ...windows };
    await (await teacher.createTournament(config)).wait();
    tournamentId = await teacher.tournamentCount();
    faucet = await Faucet.create({ ...DEFAULT_FAUCET, nodeUrl: node.url });
    gateway = await startGateway({ nodeUrl: node.url, faucet, bind: "0.0.0.0" });
    phone = await createNetns();
    phoneUrl = `http://${phone.hostIp}:${gateway.port}`;

    // A phone's burner, funded by the faucet, deploys the attacker's contract through the gateway.
    burner = Wallet.createRandom();
    const funded = await phone.fetch(`${phoneUrl}/faucet`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: burner.address }),
    });
    expect(funded.status, funded.body).to.equal(200);
    const deployed = await sendRaw(await signed(burner, { data: EXECUTOR_INIT }));
    expect(deployed.error, JSON.stringify(deployed)).to.equal(undefined);
    expect(await mined(deployed.result as string)).to.equal(1);
    executor = (await host.getTransactionReceipt(deployed.result as string))!.contractAddress!;
    expect(await host.getCode(executor)).to.equal("0x" + EXECUTOR_RUNTIME);
  });

  after(async function () {
    await phone?.remove();
    await gateway?.stop();
    host?.destroy();
    await node?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("deploys, owns, pays the faucet and teaches from the stack's own mnemonic; the development accounts hold and own nothing", async function () {
    const fresh = accounts.map((a) => a.address.toLowerCase());
    expect((await rpc<string[]>(node.url, "eth_accounts")).map((a) => a.toLowerCase())).to.deep.equal(fresh);
    expect(node.mnemonic).to.equal(mnemonic);
    expect(faucet.options.from.toLowerCase()).to.equal(fresh[19]);
    const named = await namedAddresses();
    const owner = named.find((n) => n.where === "SnatchRooms.owner()");
    expect(owner?.address.toLowerCase(), "the deployer owns SnatchRooms").to.equal(fresh[0]);
    expect((await stateOf(accounts[TEACHER]!.address)).organiser).to.equal(accounts[TEACHER]!.address);
    // The public development accounts: no ETH, no transaction ever sent, named by no contract.
    const dev = accountsOf(DEV_MNEMONIC);
    for (const d of dev) {
      expect(await host.getBalance(d.address), d.address).to.equal(0n);
      expect(await host.getTransactionCount(d.address)).to.equal(0);
    }
    expect(named.filter((n) => isDevAccount(n.address))).to.deep.equal([]);
    expect(named.length, "contracts name their owners and sources").to.be.greaterThan(3);
  });

  it("refuses an EIP-7702 authorization signed by the teacher's, the deployer's or the faucet's key: nothing changes", async function () {
    const tournament = new Interface(SnatchTournament__factory.abi);
    const victims = [
      {
        who: "the teacher",
        key: accounts[TEACHER]!,
        // Calling through the teacher's account: hand the teacher's tournament to the burner.
        data: () =>
          executorCall(
            tournamentAddress,
            0n,
            tournament.encodeFunctionData("setOrganiser", [tournamentId, burner.address]),
          ),
      },
      { who: "the deployer", key: accounts[0]!, data: async () => executorCall(burner.address, parseEther("100")) },
      { who: "the faucet", key: accounts[19]!, data: async () => executorCall(burner.address, parseEther("100")) },
    ];
    for (const v of victims) {
      const before = await stateOf(v.key.address);
      // Alone, and behind an innocent authorization of the burner's own.
      const lists = [
        [await authorization(v.key, executor)],
        [await authorization(burner, executor), await authorization(v.key, executor)],
      ];
      for (const [k, list] of lists.entries()) {
        const raw = await signed(burner, { to: v.key.address, data: await v.data(), authorizationList: list });
        const answer = await sendRaw(raw);
        expect(answer.error, `${v.who}: ${JSON.stringify(answer)}`).to.deep.equal({
          code: RpcCode.Unauthorized,
          message:
            `authorization ${k + 1} of this EIP-7702 transaction is signed by ${v.key.address}, one of the node's ` +
            "own accounts (the deployer's, the faucet's or the teacher's): it would hand that account to other " +
            "code; only the host may send it",
        });
      }
      expect(await stateOf(v.key.address), v.who).to.deep.equal(before);
    }
    expect(await host.getCode(burner.address)).to.equal("0x");
  });

  it("the same transaction from an account nobody protects is served, and takes it over: the attack is real", async function () {
    // A second burner, funded by the faucet, plays the victim: its authorization, sent by the first burner.
    const victim = Wallet.createRandom();
    const funded = await phone.fetch(`${phoneUrl}/faucet`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: victim.address }),
    });
    expect(funded.status).to.equal(200);
    const held = await host.getBalance(victim.address);
    const before = await host.getBalance(burner.address);
    const raw = await signed(burner, {
      to: victim.address,
      data: executorCall(burner.address, held),
      authorizationList: [await authorization(victim, executor)],
    });
    const answer = await sendRaw(raw);
    expect(answer.error, JSON.stringify(answer)).to.equal(undefined);
    expect(await mined(answer.result as string)).to.equal(1);
    expect(await host.getCode(victim.address)).to.equal("0xef0100" + executor.slice(2).toLowerCase());
    expect(await host.getBalance(victim.address)).to.equal(0n);
    const gas = (await host.getTransactionReceipt(answer.result as string))!.fee;
    expect(await host.getBalance(burner.address)).to.equal(before + held - gas);
  });

  it("the public development key #0 can be delegated on the class stack, and there is nothing to take", async function () {
    const dev0 = Wallet.fromPhrase(DEV_MNEMONIC);
    const teacherBefore = await stateOf(accounts[TEACHER]!.address);
    const drained = await sendRaw(
      await signed(burner, {
        to: dev0.address,
        data: executorCall(burner.address, 0n),
        authorizationList: [await authorization(dev0, executor)],
      }),
    );
    expect(drained.error, JSON.stringify(drained)).to.equal(undefined);
    expect(await mined(drained.result as string)).to.equal(1);
    expect(await host.getCode(dev0.address)).to.equal("0xef0100" + executor.slice(2).toLowerCase());
    expect(await host.getBalance(dev0.address)).to.equal(0n);
    // Acting as #0 in the tournament: it is not the organiser, so the contract refuses (NotOrganiser).
    const tournament = new Interface(SnatchTournament__factory.abi);
    const takeover = await sendRaw(
      await signed(burner, {
        to: dev0.address,
        data: executorCall(
          tournamentAddress,
          0n,
          tournament.encodeFunctionData("setOrganiser", [tournamentId, burner.address]),
        ),
      }),
    );
    expect(takeover.error, JSON.stringify(takeover)).to.equal(undefined);
    expect(await mined(takeover.result as string)).to.equal(0);
    expect(await stateOf(accounts[TEACHER]!.address)).to.deep.equal(teacherBefore);
    expect((await namedAddresses()).filter((n) => isDevAccount(n.address))).to.deep.equal([]);
  });

  it("checks a batch of raw transactions call by call: the refused ones answer with a sentence, the others are sent", async function () {
    const teacher = accounts[TEACHER]!;
    const before = await stateOf(teacher.address);
    const fine = await signed(burner, { to: Wallet.createRandom().address, value: 1n });
    const borrowed = await signed(burner, {
      to: teacher.address,
      data: executorCall(burner.address, parseEther("1")),
      authorizationList: [await authorization(teacher, executor)],
    });
    const fromTeacher = await signed(teacher, { to: burner.address, value: parseEther("1") });
    const { status, json } = await fromPhone([
      call("eth_sendRawTransaction", [borrowed], "a"),
      call("eth_chainId", [], "b"),
      call("eth_sendRawTransaction", [fromTeacher], "c"),
      call("eth_sendRawTransaction", [fine], "d"),
    ]);
    expect(status).to.equal(200);
    const answers = json as RpcAnswer[];
    expect(answers.map((a) => a.id)).to.deep.equal(["a", "b", "c", "d"]);
    expect(answers[0]!.error!.message).to.match(/^authorization 1 of this EIP-7702 transaction is signed by/);
    expect(answers[1]!.result).to.equal(toBeHex(chainId));
    expect(answers[2]!.error).to.deep.equal({
      code: RpcCode.Unauthorized,
      message:
        `${teacher.address} is one of the node's own accounts (the deployer's, the faucet's or the teacher's): only ` +
        "the host sends from it; sign with your own account (burner or wallet)",
    });
    expect(await mined(answers[3]!.result as string)).to.equal(1);
    expect(await stateOf(teacher.address)).to.deep.equal(before);
  });

  it("refuses transaction types the app never sends, and raw transactions it cannot read, in a sentence", async function () {
    const protectedAccounts = new Set(accounts.map((a) => a.address.toLowerCase()));
    const verdict = (raw: unknown) => rawTransactionVerdict([raw], protectedAccounts);
    // A blob transaction (type 3), signed by the burner: the app never sends one; refused from the phone too.
    const blob = await burner.signTransaction({
      type: 3,
      chainId,
      nonce: 0,
      to: burner.address,
      gasLimit: 21_000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
      maxFeePerBlobGas: 1n,
      blobVersionedHashes: ["0x01" + "00".repeat(31)],
    });
    const blobMessage = "blob transactions (type 3) are not served to the room's devices: the app never sends them";
    expect(verdict(blob)).to.deep.equal({ ok: false, code: RpcCode.InvalidParams, message: blobMessage });
    expect((await sendRaw(blob)).error).to.deep.equal({ code: RpcCode.InvalidParams, message: blobMessage });
    // A type the gateway does not know (a future one, or a rollup's deposit 0x7e).
    for (const type of ["05", "7e"]) {
      expect(verdict(`0x${type}c0`)).to.deep.equal({
        ok: false,
        code: RpcCode.InvalidParams,
        message:
          `transaction type ${Number.parseInt(type, 16)} is not one the gateway can check (it knows types 0, 1, 2 ` +
          "and 4): sign a type 2 transaction, as the app does",
      });
    }
    // Not hex, odd hex, nothing; an unsigned transaction; a damaged one.
    for (const raw of ["hello", "0x123", "0x", undefined, 7]) {
      expect(verdict(raw), String(raw)).to.deep.include({ ok: false, code: RpcCode.InvalidParams });
    }
    const unsigned = Transaction.from({ type: 2, chainId, nonce: 0, to: burner.address, gasLimit: 21_000n });
    expect(verdict(unsigned.unsignedSerialized)).to.deep.equal({
      ok: false,
      code: RpcCode.InvalidParams,
      message: "eth_sendRawTransaction takes one signed transaction (hex): this one is not signed",
    });
    expect(verdict("0x02c0")).to.deep.include({ ok: false, code: RpcCode.InvalidParams });
    // An authorization whose signature recovers no account (r is no point's x): refused, not guessed.
    const broken = Transaction.from({
      type: 4,
      chainId,
      nonce: 0,
      to: burner.address,
      gasLimit: 100_000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
      authorizationList: [
        {
          address: executor,
          nonce: 0n,
          chainId,
          signature: Signature.from({ r: toBeHex(5n, 32), s: toBeHex(7n, 32), yParity: 0 }),
        },
      ],
    });
    broken.signature = burner.signingKey.sign(broken.unsignedHash);
    expect(verdict(broken.serialized)).to.deep.equal({
      ok: false,
      code: RpcCode.Unauthorized,
      message: "authorization 1 of this EIP-7702 transaction has a signature that cannot be read",
    });
    const fine = await signed(burner, {
      to: burner.address,
      authorizationList: [await authorization(burner, executor)],
    });
    // The burner's own authorization, signed by itself: its business.
    expect(verdict(fine)).to.deep.equal({ ok: true });
  });

  it("Hardhat's node takes the mnemonic through hardhat.config.ts; a node with the development accounts is refused for --lan", async function () {
    const own = freshMnemonic();
    const hardhat = await startWebNode({
      kind: "hardhat",
      deploymentsDir: path.join(work, "hardhat-deployments"),
      mnemonic: own,
    });
    try {
      const fresh = accountsOf(own).map((a) => a.address.toLowerCase());
      expect((await rpc<string[]>(hardhat.url, "eth_accounts")).map((a) => a.toLowerCase())).to.deep.equal(fresh);
      const rooms = JSON.parse(fs.readFileSync(path.join(hardhat.folder, "SnatchRooms.json"), "utf8")) as {
        address: string;
      };
      const owner = new Interface(["function owner() view returns (address)"]);
      const answer = await rpc<string>(hardhat.url, "eth_call", [
        { to: rooms.address, data: owner.encodeFunctionData("owner") },
        "latest",
      ]);
      expect(String(owner.decodeFunctionResult("owner", answer)[0]).toLowerCase()).to.equal(fresh[0]);
      expect(BigInt(await rpc<string>(hardhat.url, "eth_getBalance", [accountsOf(DEV_MNEMONIC)[0]!.address]))).to.equal(
        0n,
      );
      await checkNodeKeys(hardhat.url);
    } finally {
      await hardhat.stop();
    }
    // `npm run web -- --lan` on a node already running with the development accounts (`npm run node`, plain anvil).
    const plain = await startAnvil();
    try {
      const error = await checkNodeKeys(plain.url).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(error).to.equal(
        `--lan: the node at ${plain.url} has the development accounts (${accountsOf(DEV_MNEMONIC)[0]!.address} and ` +
          "9 more), whose keys are public: a phone could sign as them. Stop that node and let `npm run web -- --lan` " +
          "start its own, with keys nobody else has",
      );
    } finally {
      await plain.stop();
    }
  });
});
