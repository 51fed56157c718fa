// The display-name rule on-chain (DisplayName through its harness) and its mirror in client/common/names.ts: the
// examples a form meets, then random bytes and strings on which both must give the same answer (error and index),
// and an independent model (WHATWG's strict UTF-8 decoder and Unicode's Cc category) for what is accepted.
import { expect } from "chai";
import { ethers } from "hardhat";
import fc from "fast-check";
import { hexlify, toUtf8Bytes } from "ethers";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { IDisplayName__factory, type DisplayNameHarness } from "../../../typechain-types";
import {
  checkName,
  MAX_NAME_BYTES,
  nameBytesProblem,
  nameProblem,
  validName,
  type NameProblem,
} from "../../../client/common/names";
import { describeError } from "../../../client/errors";

async function harnessFixture() {
  const library = await ethers.deployContract("DisplayName");
  const factory = await ethers.getContractFactory("DisplayNameHarness", {
    libraries: { DisplayName: await library.getAddress() },
  });
  // The errors are declared by IDisplayName (the linked library's ABI carries them): matchers read them there.
  return { harness: (await factory.deploy()) as unknown as DisplayNameHarness, library };
}

/** What the contract says about `bytes`: null when accepted, else its error and values. */
async function onChain(harness: DisplayNameHarness, bytes: Uint8Array): Promise<NameProblem | null> {
  try {
    await harness.checkBytes(hexlify(bytes));
    return null;
  } catch (e) {
    const data = (e as { data?: string }).data;
    const parsed = IDisplayName__factory.createInterface().parseError(data!);
    if (!parsed) throw e;
    if (parsed.name === "NameTooLong") {
      return { error: "NameTooLong", length: Number(parsed.args[0]), max: Number(parsed.args[1]) };
    }
    return { error: parsed.name as "NameHasControlCharacter" | "NameNotUtf8", index: Number(parsed.args[0]) };
  }
}

/** The independent model: valid UTF-8 (WHATWG's fatal decoder), no Cc code point, at most 32 bytes. */
function accepted(bytes: Uint8Array): boolean {
  if (bytes.length > MAX_NAME_BYTES) return false;
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return !/\p{Cc}/u.test(text);
  } catch {
    return false;
  }
}

const bytesOf = (hex: string) => ethers.getBytes(hex);

describe("DisplayName", function () {
  it("accepts names of 0..32 bytes of text: letters of any script, spaces, emoji", async function () {
    const { harness } = await loadFixture(harnessFixture);
    expect(await harness.maxLength()).to.equal(BigInt(MAX_NAME_BYTES));
    for (const name of [
      "",
      "Ada",
      "Ada Lovelace",
      "a".repeat(32),
      "é".repeat(16),
      "李小龍",
      "😀 ok",
      "Zoë-Ø",
      "\u00a0x",
    ]) {
      await harness.check(name);
      expect(nameProblem(name), name).to.equal(null);
      expect(checkName(name)).to.equal(null);
      expect(validName(name)).to.equal(name);
    }
  });

  it("refuses a name longer than 32 bytes with its length (bytes, not characters)", async function () {
    const { harness, library } = await loadFixture(harnessFixture);
    await expect(harness.check("a".repeat(33)))
      .to.be.revertedWithCustomError(library, "NameTooLong")
      .withArgs(33, 32);
    // 17 characters, 34 bytes.
    await expect(harness.check("é".repeat(17)))
      .to.be.revertedWithCustomError(library, "NameTooLong")
      .withArgs(34, 32);
    expect(nameProblem("é".repeat(17))).to.deep.equal({ error: "NameTooLong", length: 34, max: 32 });
    expect(checkName("é".repeat(17))).to.match(/34 bytes is too long: at most 32 bytes/);
  });

  it("refuses control characters (C0, DEL and C1) with the byte they start at", async function () {
    const { harness, library } = await loadFixture(harnessFixture);
    const cases: [string, number][] = [
      ["\0", 0],
      ["Ada\nB", 3],
      ["tab\there", 3],
      ["x\x7f", 1],
      ["é\u0085", 2], // NEL, a C1 control: C2 85 after the 2 bytes of é
      ["\u009f", 0],
    ];
    for (const [name, index] of cases) {
      await expect(harness.check(name), JSON.stringify(name))
        .to.be.revertedWithCustomError(library, "NameHasControlCharacter")
        .withArgs(index);
      expect(nameProblem(name)).to.deep.equal({ error: "NameHasControlCharacter", index });
    }
    expect(checkName("Ada\nB")).to.equal(
      "a name cannot contain control characters (a line break, a tab, ...): one starts at byte 3",
    );
    // U+00A0 (no-break space) is the first code point after the C1 block: allowed.
    await harness.check("\u00a0");
  });

  it("refuses bytes that are not UTF-8: stray continuations, overlong forms, surrogates, beyond U+10FFFF, cut off", async function () {
    const { harness, library } = await loadFixture(harnessFixture);
    const cases: [string, number][] = [
      ["0x80", 0], // a continuation byte alone
      ["0x41c0af", 1], // overlong "/" (C0 is never valid)
      ["0xc1bf", 0], // overlong
      ["0xe08080", 0], // overlong 3-byte
      ["0xeda080", 0], // U+D800, a surrogate
      ["0xf08f8080", 0], // overlong 4-byte
      ["0xf4908080", 0], // U+110000
      ["0xf5808080", 0], // no such lead byte
      ["0x41e282", 1], // cut off at the end
      ["0xe228a1", 0], // a non-continuation inside
      ["0xf0908041", 0], // a non-continuation as the 4th byte
    ];
    for (const [hex, index] of cases) {
      await expect(harness.checkBytes(hex), hex).to.be.revertedWithCustomError(library, "NameNotUtf8").withArgs(index);
      expect(nameBytesProblem(bytesOf(hex)), hex).to.deep.equal({ error: "NameNotUtf8", index });
    }
    // A lone surrogate in a JavaScript string is not text either (ethers would send EF BF BD instead).
    expect(nameProblem("ab\ud800")).to.deep.equal({ error: "NameNotUtf8", index: 2 });
    // The largest code points of each length are fine.
    for (const hex of ["0xdfbf", "0xefbfbf", "0xf48fbfbf", "0xed9fbf", "0xee8080"]) await harness.checkBytes(hex);
  });

  it("has a sentence for each error (the games' ABIs carry the errors), the same words as the forms' check", async function () {
    const { harness } = await loadFixture(harnessFixture);
    for (const [name, problem] of [
      ["a".repeat(40), nameProblem("a".repeat(40))],
      ["a\tb", nameProblem("a\tb")],
    ] as const) {
      const err = await harness.check(name).catch((e: unknown) => e);
      expect(describeError(err).message).to.equal(checkName(name));
      expect(problem).to.not.equal(null);
    }
  });

  it("packs a name into one word and back", async function () {
    const { harness } = await loadFixture(harnessFixture);
    for (const name of ["", "Ada", "a".repeat(32), "😀😀😀😀😀😀😀😀"]) {
      const [word, back] = await harness.roundTrip(name);
      expect(back).to.equal(name);
      expect(word).to.equal(hexlify(toUtf8Bytes(name)).padEnd(66, "0"));
    }
  });

  describe("the contract and its client mirror agree", function () {
    it("on random bytes (error and index), and accept exactly what the independent model accepts", async function () {
      const { harness } = await loadFixture(harnessFixture);
      // Bytes biased towards UTF-8's interesting values, so that valid and invalid sequences both come up.
      const byte = fc.oneof(
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.integer({ min: 0, max: 0xff }),
        fc.constantFrom(0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5),
      );
      await fc.assert(
        fc.asyncProperty(
          fc
            .uint8Array({ minLength: 0, maxLength: 36 })
            .chain((a) =>
              fc.array(byte, { minLength: a.length, maxLength: a.length }).map((xs) => Uint8Array.from(xs)),
            ),
          async (bytes) => {
            const chain = await onChain(harness, bytes);
            expect(nameBytesProblem(bytes), hexlify(bytes)).to.deep.equal(chain);
            expect(chain === null, hexlify(bytes)).to.equal(accepted(bytes));
          },
        ),
        { numRuns: 300 },
      );
    });

    it("on random strings of any code point, as a form sends them", async function () {
      const { harness } = await loadFixture(harnessFixture);
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: "binary", maxLength: 12 }), async (name) => {
          const problem = nameProblem(name);
          if (problem?.error === "NameNotUtf8") return; // a lone surrogate: the form refuses it before sending
          const chain = await onChain(harness, toUtf8Bytes(name));
          expect(problem, JSON.stringify(name)).to.deep.equal(chain);
        }),
        { numRuns: 200 },
      );
    });
  });
});
