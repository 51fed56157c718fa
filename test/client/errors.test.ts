import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { AbiCoder, Interface, ParamType, id } from "ethers";
import { ABIS, CONTRACT_NAMES, GAME_OF, interfaceOf, type AbiEntry, type AbiParam } from "../../client/abi";
import {
  ERROR_TEXTS,
  decodeRevert,
  describeError,
  errorText,
  everyError,
  formatRevert,
  revertDataOf,
  revertSentence,
} from "../../client/errors";
import { ENUM_NAMES, enumOf } from "../../client/values";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** A value of `type` for encoding: small numbers, Alice's address, short strings. */
function sample(param: ParamType, i: number): unknown {
  if (param.isArray())
    return Array.from({ length: param.arrayLength > 0 ? param.arrayLength : 2 }, (_, k) =>
      sample(param.arrayChildren!, i + k),
    );
  if (param.isTuple()) return param.components!.map((c, k) => sample(c, i + k));
  if (param.type === "address") return ALICE;
  if (param.type === "bool") return true;
  if (param.type === "string") return "hi";
  if (param.type.startsWith("bytes"))
    return "0x" + "ab".repeat(param.type === "bytes" ? 2 : Number(param.type.slice(5)));
  return BigInt(1 + (i % 2));
}

function encodeError(iface: Interface, name: string, inputs: readonly AbiParam[]): string {
  const fragment = iface.getError(`${name}(${inputs.map((p) => ParamType.from(p).format("sighash")).join(",")})`)!;
  return iface.encodeErrorResult(
    fragment,
    fragment.inputs.map((p, i) => sample(p, i)),
  );
}

/** Every error of every compiled contract under contracts/ (mocks aside), read from the artifacts. */
function artifactErrors(): { file: string; entry: AbiEntry }[] {
  const root = path.join(__dirname, "../../artifacts/contracts");
  const out: { file: string; entry: AbiEntry }[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) {
        if (name !== "mocks") walk(full);
      } else if (name.endsWith(".json") && !name.endsWith(".dbg.json")) {
        const artifact = JSON.parse(fs.readFileSync(full, "utf8")) as { abi: AbiEntry[] };
        for (const entry of artifact.abi) if (entry.type === "error") out.push({ file: full, entry });
      }
    }
  };
  walk(root);
  return out;
}

describe("client/errors: every error of every contract reads as a sentence", function () {
  it("has a sentence for every error in every registered ABI, naming its values (none prints 'undefined')", function () {
    const errors = everyError();
    expect(errors.length).to.be.greaterThan(150);
    const missing: string[] = [];
    for (const { contract, name, inputs } of errors) {
      if (!errorText(contract, name)) {
        missing.push(`${contract}.${name}`);
        continue;
      }
      const decoded = decodeRevert(encodeError(interfaceOf(contract), name, inputs), contract);
      expect(decoded, `${contract}.${name} decodes`).to.not.equal(undefined);
      const sentence = revertSentence(decoded!, { block: 1210, hexSize: 5 });
      expect(sentence, `${contract}.${name}`)
        .to.be.a("string")
        .and.not.match(/undefined|NaN|\[object/);
      expect(sentence.length, `${contract}.${name}`).to.be.greaterThan(10);
      expect(formatRevert(decoded!)).to.match(new RegExp(`^${name}\\(`));
    }
    expect(missing, "errors without a sentence: add one to client/<game>/errors.ts").to.deep.equal([]);
  });

  it("has no sentence for an error no contract declares any more", function () {
    const declared = new Set(everyError().map((e) => `${GAME_OF[e.contract]}:${e.name}`));
    const anywhere = new Set(everyError().map((e) => e.name));
    const stale: string[] = [];
    for (const [game, texts] of Object.entries(ERROR_TEXTS)) {
      for (const name of Object.keys(texts)) {
        if (game === "common" ? !anywhere.has(name) : !declared.has(`${game}:${name}`)) stale.push(`${game}.${name}`);
      }
    }
    expect(stale).to.deep.equal([]);
  });

  it("decodes every error of every compiled contract (a new contract must join client/abi.ts)", function () {
    const all = artifactErrors();
    expect(all.length).to.be.greaterThan(150);
    const coder = new Interface(all.map((e) => e.entry) as never[]);
    const unknown = new Set<string>();
    for (const { entry } of all) {
      const data = encodeError(coder, entry.name!, entry.inputs ?? []);
      const decoded = decodeRevert(data);
      if (!decoded || decoded.name !== entry.name) unknown.add(entry.name!);
    }
    expect([...unknown], "errors no registered ABI decodes").to.deep.equal([]);
  });

  it("names every enum the ABIs use", function () {
    const enums = new Set<string>();
    const visit = (p: AbiParam) => {
      const e = enumOf(p.internalType);
      if (e) enums.add(e);
      p.components?.forEach(visit);
    };
    for (const contract of CONTRACT_NAMES) {
      for (const entry of ABIS[contract] as readonly AbiEntry[])
        [...(entry.inputs ?? []), ...(entry.outputs ?? [])].forEach(visit);
    }
    expect([...enums].filter((e) => !ENUM_NAMES[e])).to.deep.equal([]);
  });
});

describe("client/errors: decoding and rendering", function () {
  const hex = interfaceOf("ForkingHex");
  const rooms = interfaceOf("SnatchRooms");
  const catamm = interfaceOf("Catamm");

  it("renders Name(arg=value) and a sentence with the current block", function () {
    const data = hex.encodeErrorResult("PositionClosed", [1, 7, 1204]);
    const d = decodeRevert(data)!;
    expect(d.contract).to.equal("ForkingHex");
    expect(d.args).to.deep.equal({ gameId: 1n, positionId: 7n, deadline: 1204n });
    expect(formatRevert(d)).to.equal("PositionClosed(gameId=1, positionId=7, deadline=1204)");
    expect(revertSentence(d, { block: 1210 })).to.equal(
      "position 7 of game 1 closed at block 1,204; it is block 1,210",
    );
    expect(revertSentence(d)).to.equal("position 7 of game 1 closed at block 1,204");
  });

  it("prints enums by name, and cells by name when the board size is known", function () {
    expect(formatRevert(decodeRevert(rooms.encodeErrorResult("WrongPhase", [1, 3]))!)).to.equal(
      "WrongPhase(roomId=1, phase=trading)",
    );
    expect(formatRevert(decodeRevert(catamm.encodeErrorResult("WrongPhase", [3]))!)).to.equal(
      "WrongPhase(current=Setup)",
    );
    const occupied = decodeRevert(hex.encodeErrorResult("CellOccupied", [58]))!;
    expect(revertSentence(occupied, { hexSize: 11 })).to.equal(
      "d6 (cell 58) already holds a stone on this position's board",
    );
  });

  it("prints amounts with their units: ETH, CATAMM cards, Snatch goods", function () {
    const wrong = decodeRevert(hex.encodeErrorResult("WrongEthAmount", [5n * 10n ** 15n, 10n ** 16n]))!;
    expect(formatRevert(wrong)).to.equal("WrongEthAmount(sent=0.005 ETH, expected=0.01 ETH)");
    const poor = decodeRevert(
      catamm.encodeErrorResult("InsufficientBalance(uint8,uint256,uint256)", [3, 5n * 10n ** 17n, 10n ** 18n]),
    )!;
    expect(formatRevert(poor)).to.equal("InsufficientBalance(resource=Ore, balance=0.5 cards, needed=1 card)");
    expect(revertSentence(poor)).to.equal("you hold 0.5 cards of Ore, less than the 1 card needed");
    const missing = decodeRevert(catamm.encodeErrorResult("PoolMissing", [2]))!;
    expect(formatRevert(missing)).to.equal("PoolMissing(pool=#2 Wood-Ore)");
  });

  it("prefers the called contract's ABI when several declare the same error", function () {
    const data = catamm.encodeErrorResult("UnknownGame", [9]);
    expect(decodeRevert(data, "Catamm")!.contract).to.equal("Catamm");
    expect(revertSentence(decodeRevert(data, "Catamm")!)).to.equal("there is no CATAMM game 9");
    expect(revertSentence(decodeRevert(data, "ForkingHex")!)).to.equal("there is no Forking Hex game 9");
  });

  it("decodes Error(string) (printable even with NUL bytes) and Panic(uint256)", function () {
    const coder = AbiCoder.defaultAbiCoder();
    const text = "0x08c379a0" + coder.encode(["string"], ["bad\u0000thing"]).slice(2);
    expect(revertSentence(decodeRevert(text)!)).to.equal('the contract refused: "bad\\u0000thing"');
    const panic = "0x4e487b71" + coder.encode(["uint256"], [0x11]).slice(2);
    expect(revertSentence(decodeRevert(panic)!)).to.match(/overflowed or underflowed \(panic 0x11\)/);
    expect(decodeRevert("0x")).to.equal(undefined);
    expect(decodeRevert(id("NoSuchError()").slice(0, 10))).to.equal(undefined);
  });
});

describe("client/errors: describeError on what ethers, Hardhat, anvil and wallets throw", function () {
  const data = interfaceOf("ForkingHex").encodeErrorResult("CellOccupied", [12]);

  it("finds the revert data wherever the error keeps it", function () {
    // ethers' CALL_EXCEPTION (estimateGas through a JsonRpcProvider)
    expect(revertDataOf({ code: "CALL_EXCEPTION", data, transaction: { data: "0x12345678aa" } })).to.equal(data);
    // Hardhat's in-process network: the error carries the data next to its Solidity stack trace
    expect(
      revertDataOf({ message: "VM Exception while processing transaction: reverted with custom error", data }),
    ).to.equal(data);
    // A JSON-RPC error from anvil, wrapped by ethers (info.error) or by Hardhat's HTTP provider (parent)
    expect(revertDataOf({ info: { error: { code: 3, message: "execution reverted", data } } })).to.equal(data);
    expect(revertDataOf({ message: "x", parent: { error: { data: { data } } } })).to.equal(data);
    // Never the transaction's own calldata
    expect(revertDataOf({ transaction: { data } })).to.equal(undefined);
  });

  it("describes a revert with its sentence and Name(arg=value)", function () {
    const d = describeError(
      { code: "CALL_EXCEPTION", data, message: "execution reverted (unknown custom error)" },
      { hexSize: 5 },
    );
    expect(d.kind).to.equal("revert");
    expect(d.message).to.equal("c3 (cell 12) already holds a stone on this position's board");
    expect(d.detail).to.equal("CellOccupied(cell=12)");
    const unknown = describeError({ data: id("Nope()").slice(0, 10) });
    expect(unknown.message).to.match(/no deployed contract declares \(selector 0x/);
    expect(describeError({ code: "CALL_EXCEPTION", data: "0x", message: "execution reverted" }).message).to.match(
      /without a reason/,
    );
  });

  it("recognises a rejected wallet request, a dropped connection, a wrong network, missing funds", function () {
    expect(describeError({ code: 4001, message: "User rejected the request." }).kind).to.equal("rejected");
    expect(describeError({ code: "ACTION_REJECTED", info: { error: { code: 4001 } } }).message).to.equal(
      "you rejected the request in your wallet: nothing was sent",
    );
    const dropped = describeError(new Error("connect ECONNREFUSED 127.0.0.1:8545"), { url: "http://127.0.0.1:8545" });
    expect(dropped.kind).to.equal("network");
    expect(dropped.message).to.match(
      /^lost the connection to the node at http:\/\/127\.0\.0\.1:8545 \(connect ECONNREFUSED/,
    );
    expect(describeError({ code: "NETWORK_ERROR", message: "network changed: 31337 => 1" }).kind).to.equal(
      "wrong-network",
    );
    const wrong = describeError(new Error("anything"), { chainId: 1n, expectedChainId: 31337 });
    expect(wrong.kind).to.equal("wrong-network");
    expect(wrong.message).to.equal(
      "wrong network: connected to chain 1, but the games are deployed on chain 31337: switch networks",
    );
    expect(
      describeError({ code: "INSUFFICIENT_FUNDS", message: "insufficient funds for gas * price + value" }).kind,
    ).to.equal("funds");
    expect(describeError(new Error("something else\nwith details")).message).to.equal("something else");
    // A transaction whose gas was estimated before another one changed the state (Hardhat's words, nested as ethers
    // wraps them when it cannot coalesce the error).
    const gas = describeError({
      code: "UNKNOWN_ERROR",
      error: {
        code: -32000,
        message: "Transaction ran out of gas",
        data: { data: "0x", message: "Transaction ran out of gas" },
      },
    });
    expect(gas.message).to.match(/^the transaction ran out of gas: the state changed between its gas estimate/);
    const nested = describeError({
      code: "UNKNOWN_ERROR",
      error: {
        code: -32603,
        message: "Error: Transaction reverted: contract call run out of gas and made the transaction revert",
        data: {
          data: "0x",
          message: "Error: Transaction reverted: contract call run out of gas and made the transaction revert",
        },
      },
    });
    expect(nested.message).to.equal(gas.message);
    // A node's refusal that ethers cannot coalesce: the node's own words, not the wrapper and its JSON.
    const refusedSend = describeError({
      code: "UNKNOWN_ERROR",
      shortMessage: "could not coalesce error",
      message: 'could not coalesce error (error={ "code": -32000, "message": "transaction underpriced" }, payload=…)',
      error: { code: -32000, message: "transaction underpriced" },
    });
    expect(refusedSend.message).to.equal("the node refused the request: transaction underpriced");
  });
});
