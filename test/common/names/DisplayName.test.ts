// The display-name rule on-chain (DisplayName through its harness) and its mirror in client/common/names.ts: the
// examples a form meets, then random bytes and strings on which both must give the same answer (error and index),
// and an independent model (WHATWG's strict UTF-8 decoder and Unicode's Cc and Cf categories, from the JavaScript
// engine's own Unicode tables) for what is accepted.
import { expect } from "chai";
import { ethers } from "hardhat";
import fc from "fast-check";
import { hexlify, toUtf8Bytes } from "ethers";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { IDisplayName__factory, type DisplayNameHarness } from "../../../typechain-types";
import {
  checkName,
  FORMAT_CHARACTERS,
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
    return {
      error: parsed.name as "NameHasControlCharacter" | "NameHasFormatCharacter" | "NameNotUtf8",
      index: Number(parsed.args[0]),
    };
  }
}

/** The independent model: valid UTF-8 (WHATWG's fatal decoder), no Cc nor Cf code point, at most 32 bytes. */
function accepted(bytes: Uint8Array): boolean {
  if (bytes.length > MAX_NAME_BYTES) return false;
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return !/[\p{Cc}\p{Cf}]/u.test(text);
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

  it("refuses invisible format characters (Unicode Cf) with the byte they start at: zero-width, bidi, BOM, tags", async function () {
    const { harness, library } = await loadFixture(harnessFixture);
    const cases: [string, number][] = [
      ["Ada\u200b", 3], // zero-width space: "Ada" and "Ada" + ZWSP look the same
      ["\u200cx", 0], // zero-width non-joiner
      ["a\u200db", 1], // zero-width joiner
      ["x\u200ey", 1], // left-to-right mark
      ["\u200f", 0], // right-to-left mark
      ["abc\u202e", 3], // right-to-left override: would reverse the address drawn after the name
      ["\u202a\u202b\u202c\u202d", 0], // embeddings and the pop
      ["é\u2060", 2], // word joiner after the 2 bytes of é
      ["\u2064", 0], // invisible plus
      ["a\u2066b\u2069", 1], // isolates
      ["\u206f", 0], // nominal digit shapes
      ["\ufeffAda", 0], // byte-order mark
      ["Ad\u00ada", 2], // soft hyphen
      ["\u061c", 0], // Arabic letter mark
      ["\u180e", 0], // Mongolian vowel separator
      ["\u0600\u0605", 0],
      ["\u06dd", 0],
      ["\u070f", 0],
      ["\u0890", 0],
      ["\u08e2", 0],
      ["\ufffb", 0], // interlinear annotation terminator
      ["ok\u{110bd}", 2],
      ["\u{110cd}", 0],
      ["\u{13430}\u{1343f}", 0],
      ["\u{1bca3}", 0],
      ["\u{1d173}", 0],
      ["\u{1d17a}", 0],
      ["\u{e0001}", 0], // language tag
      ["hi\u{e0041}\u{e007f}", 2], // tag characters: invisible ASCII
    ];
    for (const [name, index] of cases) {
      await expect(harness.check(name), JSON.stringify(name))
        .to.be.revertedWithCustomError(library, "NameHasFormatCharacter")
        .withArgs(index);
      expect(nameProblem(name), JSON.stringify(name)).to.deep.equal({ error: "NameHasFormatCharacter", index });
    }
    expect(checkName("Ada\u200b")).to.equal(
      "a name cannot contain invisible formatting characters (a zero-width space or joiner, a direction mark or " +
        "override, ...), which could make it look like another name: one starts at byte 3",
    );
    // Each range's neighbours are ordinary characters (letters, punctuation, emoji), accepted.
    for (const cp of [0xac, 0xae, 0x5ff, 0x606, 0x61b, 0x61d, 0x200a, 0x2010, 0x2029, 0x202f, 0x205f, 0x2065]) {
      await harness.check(String.fromCodePoint(cp));
      expect(nameProblem(String.fromCodePoint(cp)), cp.toString(16)).to.equal(null);
    }
    for (const cp of [0x2070, 0xfefe, 0xff00, 0xfff8, 0xfffc, 0x1342f, 0x13440, 0x1d172, 0x1d17b, 0xe0000, 0xe0080]) {
      await harness.check(String.fromCodePoint(cp));
      expect(nameProblem(String.fromCodePoint(cp)), cp.toString(16)).to.equal(null);
    }
  });

  it("refuses exactly the code points the JavaScript engine's Unicode tables call Cf (the client's table)", function () {
    // Every code point, against \p{Cf}: the mirror's table (the contract's, code point for code point, checked on
    // chain by the agreement tests below and the cases above) is the whole of the category.
    const cf = /^\p{Cf}$/u;
    const problems: string[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const inTable = FORMAT_CHARACTERS.some(([lo, hi]) => cp >= lo && cp <= hi);
      if (inTable !== cf.test(String.fromCodePoint(cp))) problems.push(cp.toString(16));
    }
    expect(problems, `Unicode ${process.versions.unicode}`).to.deep.equal([]);
  });

  it("refuses every format character on chain exactly where the client does (each range's ends and middle)", async function () {
    const { harness } = await loadFixture(harnessFixture);
    for (const [lo, hi] of FORMAT_CHARACTERS) {
      for (const cp of new Set([lo, Math.floor((lo + hi) / 2), hi, lo - 1, hi + 1])) {
        const bytes = toUtf8Bytes("x" + String.fromCodePoint(cp));
        expect(await onChain(harness, bytes), cp.toString(16)).to.deep.equal(nameBytesProblem(bytes));
      }
    }
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
      ["a\u202eb", nameProblem("a\u202eb")],
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

    it("on random strings mixing text with format characters", async function () {
      const { harness } = await loadFixture(harnessFixture);
      const formatChar = fc
        .constantFrom(...FORMAT_CHARACTERS)
        .chain(([lo, hi]) => fc.integer({ min: lo, max: hi }))
        .map((cp) => String.fromCodePoint(cp));
      const piece = fc.oneof(fc.string({ unit: "grapheme", maxLength: 3 }), formatChar);
      await fc.assert(
        fc.asyncProperty(fc.array(piece, { maxLength: 6 }), async (pieces) => {
          const name = pieces.join("");
          const bytes = toUtf8Bytes(name);
          const chain = await onChain(harness, bytes);
          expect(nameProblem(name), JSON.stringify(name)).to.deep.equal(chain);
          expect(chain === null, JSON.stringify(name)).to.equal(accepted(bytes));
        }),
        { numRuns: 200 },
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
