// Issue 22, items 1, 3 and 4: the real deploy scripts (`npx hardhat deploy --network remote`, in a child process) run
// against anvil started with a chain id that is neither local nor a known test chain, as on a public network, with
// Chainlink's VRF v2.5 coordinator mock. Shown: a request fee that does not cover a request is refused (and why),
// unless the operator accepts paying; after a deploy the Timelock owns every owned contract and the subscription, its
// delay is in force, and no privileged call succeeds from the deployer. Tagged [no-coverage]: it exercises tooling.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect } from "chai";
import { artifacts } from "hardhat";
import {
  Contract,
  ContractFactory,
  HDNodeWallet,
  JsonRpcProvider,
  Mnemonic,
  ZeroAddress,
  ZeroHash,
  id as hashText,
  type BaseContract,
  type ContractRunner,
} from "ethers";
import { freePort } from "../../scripts/web/stack";
import { MOCK_KEY_HASH } from "../../scripts/lib/common";
import { VERIFICATION_GAS } from "../../scripts/lib/vrf";
import { Preset } from "../../client/snatch/names";
import type {
  FeeConfig,
  GamesTimelock,
  SnatchRooms,
  VRFCoordinatorV2_5Mock,
  VRFRandomness,
} from "../../typechain-types";

const ROOT = path.join(__dirname, "../..");
const HARDHAT = path.join(ROOT, "node_modules/hardhat/internal/cli/bootstrap.js");
const ANVIL = path.join(ROOT, "node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil");
const MNEMONIC = "test test test test test test test test test test test junk";
/** Neither local (31337, 1337) nor a named test chain. */
const CHAIN_ID = 4242;
const DELAY = 3600;
/** The mock's billing: a flat 0.0001 ETH plus gas at 1 gwei. */
const MOCK_BASE_FEE = 10n ** 14n;
const MOCK_GAS_PRICE = 10n ** 9n;
const CALLBACK_GAS = 100_000n;
/** What the deploy must compute for one request at the default callback gas limit. */
const COST = MOCK_BASE_FEE + MOCK_GAS_PRICE * (CALLBACK_GAS + VERIFICATION_GAS);

interface Run {
  code: number | null;
  out: string;
}

/** `npx hardhat deploy --network remote` against `url`, with `env` and nothing from the caller's own settings. */
function deploy(url: string, dir: string, env: Record<string, string>, extra: string[] = []): Promise<Run> {
  const base = { ...process.env };
  for (const key of Object.keys(base)) {
    if (/^(RPC_URL|PRIVATE_KEY|MNEMONIC|CHAIN_ID|VRF_|TIMELOCK|FEE_|FUND_|HARDHAT_NETWORK|HARDHAT_DEPLOY_)/.test(key)) {
      delete base[key];
    }
  }
  const childEnv = {
    ...base,
    TS_NODE_TRANSPILE_ONLY: "true",
    RPC_URL: url,
    MNEMONIC,
    DEPLOYMENTS_DIR: dir,
    DOTENV_CONFIG_PATH: path.join(dir, "no.env"),
    ...env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HARDHAT, "deploy", "--network", "remote", ...extra], {
      cwd: ROOT,
      env: childEnv,
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out: stripVTControlCharacters(out) }));
  });
}

/** The address recorded for deployment `name` in `dir` (hardhat-deploy's folder for this chain). */
function deployed(dir: string, name: string): string {
  const file = path.join(dir, `chain-${CHAIN_ID}`, `${name}.json`);
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { address: string }).address;
}

async function at<T extends BaseContract>(name: string, address: string, runner: ContractRunner): Promise<T> {
  const { abi } = await artifacts.readArtifact(name);
  return new Contract(address, abi, runner) as unknown as T;
}

describe("deploy on a chain that is neither local nor a test chain (anvil, chain 4242) [no-coverage]", function () {
  let anvil: ReturnType<typeof spawn>;
  let provider: JsonRpcProvider;
  let url: string;
  let tmp: string;
  let accounts: HDNodeWallet[];
  let coordinator: VRFCoordinatorV2_5Mock;
  let subId: bigint;
  /** The deploys the tests look at, started together in `before`. */
  let runs: Record<"zero" | "below" | "pays" | "full", Promise<Run>>;
  /** The paying operator's deployer: an account of anvil's that no other deploy or test uses. */
  let payer: HDNodeWallet;

  const vrfEnv = (fee: bigint, more: Record<string, string> = {}) => ({
    VRF_COORDINATOR: coordinatorAddress,
    VRF_SUBSCRIPTION_ID: subId.toString(),
    VRF_KEY_HASH: MOCK_KEY_HASH,
    VRF_REQUEST_FEE: fee.toString(),
    ...more,
  });
  let coordinatorAddress: string;

  before(async function () {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    anvil = spawn(ANVIL, ["--port", String(port), "--chain-id", String(CHAIN_ID), "--silent"], { stdio: "ignore" });
    provider = new JsonRpcProvider(url, CHAIN_ID, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
    for (let i = 0; ; i++) {
      const ready = await provider.getBlockNumber().then(
        () => true,
        () => false,
      );
      if (ready) break;
      if (i > 100) throw new Error("anvil did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const mnemonic = Mnemonic.fromPhrase(MNEMONIC);
    // Plain wallets: each transaction reads its nonce, so the deploy's own transactions (another process) are seen.
    accounts = [0, 1, 2, 3].map((i) => HDNodeWallet.fromMnemonic(mnemonic, `m/44'/60'/0'/0/${i}`).connect(provider));
    payer = HDNodeWallet.fromMnemonic(mnemonic, "m/44'/60'/0'/0/5");
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "games-public-"));
    // Chainlink's coordinator mock and a subscription owned by the deployer (account 0), as an operator would have.
    const mock = await artifacts.readArtifact("VRFCoordinatorV2_5Mock");
    const factory = new ContractFactory(mock.abi, mock.bytecode, accounts[0]);
    const contract = await factory.deploy(MOCK_BASE_FEE, MOCK_GAS_PRICE, 4n * 10n ** 15n);
    await contract.waitForDeployment();
    coordinatorAddress = await contract.getAddress();
    coordinator = contract as unknown as VRFCoordinatorV2_5Mock;
    const receipt = await (await coordinator.createSubscription()).wait();
    subId = coordinator.interface.parseLog(receipt!.logs[0])!.args.subId as bigint;
    await (await coordinator.fundSubscriptionWithNative(subId, { value: 10n ** 16n })).wait();
    // The four deploys at once (each a Hardhat process that mostly waits on anvil): the refused ones send nothing,
    // and the one the operator pays for deploys from an account of its own, so no two share a nonce.
    const later = (run: Promise<Run>) => (run.catch(() => undefined), run);
    runs = {
      zero: later(deploy(url, path.join(tmp, "refused-zero"), vrfEnv(0n))),
      below: later(deploy(url, path.join(tmp, "refused-below"), vrfEnv(COST - 1n))),
      pays: later(
        deploy(
          url,
          path.join(tmp, "pays"),
          vrfEnv(0n, { VRF_SUBSCRIPTION_PAYS: "true", PRIVATE_KEY: payer.privateKey }),
          ["--tags", "common"],
        ),
      ),
      full: later(
        deploy(
          url,
          path.join(tmp, "full"),
          vrfEnv(COST, {
            TIMELOCK_DELAY: String(DELAY),
            TIMELOCK_PROPOSER: await accounts[1].getAddress(),
            VRF_SUBSCRIPTION_TO_TIMELOCK: "true",
          }),
        ),
      ),
    };
  });

  after(function () {
    anvil?.kill();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("item 1: refuses a request fee of 0, and one below a request's cost, saying why; nothing is deployed", async function () {
    const zero = await runs.zero;
    expect(zero.code, zero.out).to.not.equal(0);
    expect(zero.out).to.contain("refusing to deploy the VRF randomness source");
    expect(zero.out).to.contain(`VRF_REQUEST_FEE=0 wei does not cover a request on chain ${CHAIN_ID}`);
    expect(zero.out).to.contain(`one request costs up to ${COST} wei`);
    expect(zero.out).to.match(/fresh accounts and have the subscription pay/);
    expect(zero.out).to.contain(`Set VRF_REQUEST_FEE to at least ${COST}, or VRF_SUBSCRIPTION_PAYS=true`);
    const below = await runs.below;
    expect(below.code, below.out).to.not.equal(0);
    expect(below.out).to.contain(`VRF_REQUEST_FEE=${COST - 1n} wei does not cover a request`);
    for (const dir of ["refused-zero", "refused-below"]) {
      expect(fs.existsSync(path.join(tmp, dir, `chain-${CHAIN_ID}`, "FeeConfig.json")), dir).to.equal(false);
    }
  });

  it("item 1: with VRF_SUBSCRIPTION_PAYS=true the operator accepts paying, and the deploy says what that means", async function () {
    const run = await runs.pays;
    expect(run.code, run.out).to.equal(0);
    expect(run.out).to.contain("Deploying anyway because VRF_SUBSCRIPTION_PAYS=true");
    const source = await at<VRFRandomness>(
      "VRFRandomness",
      deployed(path.join(tmp, "pays"), "Randomness"),
      accounts[0],
    );
    expect((await source.config()).requestFee).to.equal(0n);
  });

  describe("a deploy with a fee that covers a request, a multisig proposer and the subscription handed over", function () {
    let dir: string;
    let out: string;
    let timelock: GamesTimelock;
    let feeConfig: FeeConfig;
    let source: VRFRandomness;
    let rooms: SnatchRooms;

    before(async function () {
      dir = path.join(tmp, "full");
      const run = await runs.full;
      out = run.out;
      expect(run.code, run.out).to.equal(0);
      const deployer = accounts[0];
      timelock = await at<GamesTimelock>("GamesTimelock", deployed(dir, "Timelock"), deployer);
      feeConfig = await at<FeeConfig>("FeeConfig", deployed(dir, "FeeConfig"), deployer);
      source = await at<VRFRandomness>("VRFRandomness", deployed(dir, "Randomness"), deployer);
      rooms = await at<SnatchRooms>("SnatchRooms", deployed(dir, "SnatchRooms"), deployer);
    });

    it("items 3 and 4: the Timelock owns FeeConfig, the VRF source, SnatchRooms and the subscription; its delay is in force", async function () {
      const t = await timelock.getAddress();
      for (const c of [feeConfig, source, rooms]) expect(await c.owner()).to.equal(t);
      expect(await rooms.pendingOwner()).to.equal(ZeroAddress);
      expect((await coordinator.getSubscription(subId)).subOwner).to.equal(t);
      expect(await timelock.getMinDelay()).to.equal(BigInt(DELAY));
      // The games were authorised during the deploy, and the source was added to the subscription's consumers.
      expect(await source.isConsumer(deployed(dir, "Catamm"))).to.equal(true);
      expect(await source.isConsumer(await rooms.getAddress())).to.equal(true);
      expect(await rooms.isFactory(deployed(dir, "SnatchTournament"))).to.equal(true);
      expect(await rooms.isFactory(deployed(dir, "SnatchSession"))).to.equal(true);
      expect(await source.isConsumer(deployed(dir, "SnatchSession"))).to.equal(true);
      expect(await coordinator.consumerIsAdded(subId, await source.getAddress())).to.equal(true);
      expect(out).to.match(/the Timelock 0x[0-9a-fA-F]{40} took over: Randomness ownership, SnatchRooms ownership, /);
      expect(out).to.contain(`every owner call now waits ${DELAY} s`);
    });

    it("item 3: no privileged call succeeds from the deployer, at once or through the Timelock", async function () {
      const deployer = accounts[0];
      const me = await deployer.getAddress();
      const t = await timelock.getAddress();
      const c = await source.config();
      const config = {
        keyHash: c.keyHash,
        subscriptionId: c.subscriptionId,
        callbackGasLimit: c.callbackGasLimit,
        requestConfirmations: c.requestConfirmations,
        nativePayment: c.nativePayment,
        staleAfter: c.staleAfter,
        requestFee: 0n,
      };
      const calls: [string, () => Promise<unknown>][] = [
        ["FeeConfig.setFeeBps", () => feeConfig.setFeeBps.staticCall(1000)],
        ["FeeConfig.setFundRecipient", () => feeConfig.setFundRecipient.staticCall(me)],
        ["FeeConfig.transferOwnership", () => feeConfig.transferOwnership.staticCall(me)],
        ["FeeConfig.renounceOwnership", () => feeConfig.renounceOwnership.staticCall()],
        ["VRFRandomness.setConfig", () => source.setConfig.staticCall(config)],
        ["VRFRandomness.setConsumer", () => source.setConsumer.staticCall(me, true)],
        ["VRFRandomness.setCoordinator", () => source.setCoordinator.staticCall(me)],
        ["VRFRandomness.transferOwnership", () => source.transferOwnership.staticCall(me)],
        ["VRFRandomness.acceptOwnership", () => source.acceptOwnership.staticCall()],
        ["SnatchRooms.setFactory", () => rooms.setFactory.staticCall(me, true)],
        ["SnatchRooms.transferOwnership", () => rooms.transferOwnership.staticCall(me)],
        ["SnatchRooms.renounceOwnership", () => rooms.renounceOwnership.staticCall()],
        ["subscription.removeConsumer", () => coordinator.connect(deployer).removeConsumer.staticCall(subId, source)],
        [
          "subscription.cancelSubscription",
          () => coordinator.connect(deployer).cancelSubscription.staticCall(subId, me),
        ],
        [
          "subscription.requestSubscriptionOwnerTransfer",
          () => coordinator.connect(deployer).requestSubscriptionOwnerTransfer.staticCall(subId, me),
        ],
        ["subscription.addConsumer", () => coordinator.connect(deployer).addConsumer.staticCall(subId, me)],
        ["Timelock.updateDelay", () => timelock.updateDelay.staticCall(0)],
        ["Timelock.grantRole", () => timelock.grantRole.staticCall(ZeroHash, me)],
        ["Timelock.schedule", () => timelock.schedule.staticCall(t, 0, "0x", ZeroHash, hashText("x"), DELAY)],
      ];
      for (const [name, call] of calls) {
        await expect(call(), name).to.be.reverted;
      }
      // The deployer holds no Timelock role; the configured proposer holds its two.
      const roles = [
        await timelock.DEFAULT_ADMIN_ROLE(),
        await timelock.PROPOSER_ROLE(),
        await timelock.CANCELLER_ROLE(),
      ];
      for (const role of roles) expect(await timelock.hasRole(role, me)).to.equal(false);
      const proposer = await accounts[1].getAddress();
      expect(await timelock.hasRole(roles[1], proposer)).to.equal(true);
      expect(await timelock.hasRole(roles[2], proposer)).to.equal(true);
    });

    it("item 3: the proposer's calls wait for the delay (announced by CallScheduled), then anyone executes them", async function () {
      const asProposer = timelock.connect(accounts[1]);
      const target = await feeConfig.getAddress();
      const data = feeConfig.interface.encodeFunctionData("setFeeBps", [500]);
      const salt = hashText("raise");
      await expect(asProposer.schedule.staticCall(target, 0, data, ZeroHash, salt, DELAY - 1)).to.be.reverted;
      await (await asProposer.schedule(target, 0, data, ZeroHash, salt, DELAY)).wait();
      const anyone = timelock.connect(accounts[2]);
      await expect(anyone.execute.staticCall(target, 0, data, ZeroHash, salt)).to.be.reverted;
      await provider.send("evm_increaseTime", [DELAY]);
      await provider.send("evm_mine", []);
      await (await anyone.execute(target, 0, data, ZeroHash, salt)).wait();
      expect(await feeConfig.feeBps()).to.equal(500n);
    });

    it("item 1: the deployed fee pays for a request: a filled room's draw leaves the subscription no poorer", async function () {
      const [a, b] = [accounts[2], accounts[3]];
      const asB = source.connect(b);
      await (await asB.depositRequestCredit(await b.getAddress(), { value: COST })).wait();
      await (await rooms.connect(a).createRoom(Preset.G1, 1000, "")).wait();
      const room = await rooms.roomCount();
      const before = (await coordinator.getSubscription(subId)).nativeBalance;
      await (await rooms.connect(b).join(room, "")).wait(); // the join that fills the room asks for the roles
      const id = await rooms.rolesRequest(room);
      const receipt = await (await coordinator.connect(accounts[0]).fulfillRandomWords(id, source)).wait();
      const fulfilled = receipt!.logs
        .map((l) => coordinator.interface.parseLog(l))
        .find((e) => e?.name === "RandomWordsFulfilled")!;
      expect(fulfilled.args.success).to.equal(true);
      const charged = fulfilled.args.payment as bigint;
      expect(charged).to.be.lessThanOrEqual(COST);
      expect((await coordinator.getSubscription(subId)).nativeBalance).to.equal(before + COST - charged);
    });
  });
});
