// The class pages' pure parts and the burner signer (issue 20): card links (encode / decode, a damaged card, another
// chain or deployment named in a sentence), the class sheet's names, CSV and per-seat budget, minutes ↔ blocks and
// countdowns, the burner store and the second-device count; and a burner seat's signer on Hardhat's network: an
// unfunded seat is stopped with "ask your teacher to fund seat 12 (0x…)" before the node's error, a faucet funds it,
// and a seat registers itself for a tournament under the name typed on its phone (the teacher's sheet registering
// the names is the browser test's path).
import { expect } from "chai";
import hre, { ethers } from "hardhat";
import fc from "fast-check";
import { computeAddress, hexlify, parseEther, randomBytes, Wallet } from "ethers";
import { cardFragment, cardLink, cardMismatch, decodeCard, type SeatCard } from "../../client/snatch/card";
import {
  batches,
  csvFields,
  MEASURED,
  lookAlikes,
  nameSkeleton,
  namesFormat,
  parseNames,
  readSheet,
  seatBudget,
  seatsCsv,
  sweepValue,
  TRANSFER_GAS,
} from "../../web/src/class/sheet";
import {
  blocksToMinutes,
  chainBlockTime,
  minutesHint,
  minutesToBlocks,
  parseMinutes,
  roughTimeLeft,
  timeLeft,
  windowWords,
} from "../../web/src/shared/blocktime";
import {
  BurnerStore,
  foreignTransactions,
  secondDeviceSentence,
  unfundedSentence,
  type KeyValue,
} from "../../web/src/shared/burner";
import { SeatUnfunded, SeatWallet } from "../../web/src/shared/seatWallet";
import { sendPadded } from "../../client/snatch/gas";
import { parseHash } from "../../web/src/shared/routes";
import { describeError } from "../../client/errors";
import { checkName } from "../../client/common/names";
import { deploySeededRandomness } from "../../scripts/lib/common";
import { deploySnatch, deployTournament } from "../../scripts/snatch/lib";
import gas from "../../reports/gas.json";

const TOURNAMENT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const HASH = "0x1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809";

function card(over: Partial<SeatCard> = {}): SeatCard {
  return {
    key: hexlify(randomBytes(32)),
    chainId: 31337,
    tournamentContract: TOURNAMENT,
    deployBlock: 12,
    deployHash: "0x1a2b3c4d",
    tournament: 1n,
    seat: 12,
    name: "Ada",
    rpc: null,
    ...over,
  };
}

/** The query a page sees for a card link (what `#/seat?…` parses to). */
const queryOf = (link: string) => parseHash(link.slice(link.indexOf("#"))).query;

class MemoryStore implements KeyValue {
  private readonly m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

describe("web: the class pages' pure parts and the burner signer", function () {
  describe("card links", function () {
    it("carry the key, chain, deployment, tournament, seat, name and node in the fragment, and read back", function () {
      fc.assert(
        fc.property(
          fc.uint8Array({ minLength: 32, maxLength: 32 }),
          fc.integer({ min: 1, max: 2 ** 40 }),
          fc.integer({ min: 1, max: 500 }),
          fc.string({ unit: "grapheme", maxLength: 8 }).filter((n) => checkName(n) === null),
          fc.option(fc.bigInt({ min: 1n, max: 10n ** 12n }), { nil: null }),
          (key, chainId, seat, name, tournament) => {
            const c = card({ key: hexlify(key), chainId, seat, name, tournament });
            const link = cardLink("http://192.168.1.20:5173/", c);
            expect(link.startsWith("http://192.168.1.20:5173/#/seat?k=")).to.equal(true);
            const d = decodeCard(queryOf(link));
            expect(d).to.deep.equal({ ok: true, card: { ...c, key: c.key.toLowerCase() } });
          },
        ),
      );
    });

    it("keep the server's part free of the key (it is all in the fragment) and an address bar's old fragment out", function () {
      const c = card();
      const link = cardLink("https://games.example/class/index.html#/class", c);
      const [before, fragment] = link.split("#");
      expect(before).to.equal("https://games.example/class/index.html");
      expect(fragment.startsWith("/seat?")).to.equal(true);
      expect(before).not.to.contain(c.key.slice(2, 10));
      expect(cardFragment({ ...c, rpc: "https://rpc.example" })).to.contain("r=https%3A%2F%2Frpc.example");
    });

    it("refuse a damaged card with a sentence", function () {
      const q = queryOf(cardLink("http://x/", card()));
      const broken = (k: string, v: string | null) => {
        const copy = new URLSearchParams(q);
        if (v === null) copy.delete(k);
        else copy.set(k, v);
        return decodeCard(copy);
      };
      const problems = [
        broken("k", "abc"),
        broken("c", null),
        broken("a", "0x1234"),
        broken("b", "12"),
        broken("s", "0"),
        broken("n", "A".repeat(33)),
        broken("n", "bell\u0007"),
        broken("r", "javascript:alert(1)"),
        broken("t", "x"),
      ];
      for (const p of problems) {
        expect(p.ok).to.equal(false);
        if (!p.ok) expect(p.problem).to.match(/^this card's link is damaged \(.+\): scan the card again/);
      }
      const long = broken("n", "A".repeat(33));
      if (!long.ok) expect(long.problem).to.contain("a name of 33 bytes is too long");
    });

    it("name both chains, both deployments, or the restarted chain when the card does not belong here", function () {
      const c = card();
      const here = { chainId: 31337, network: "localhost", tournamentContract: TOURNAMENT, blockHash: HASH };
      expect(cardMismatch(c, here)).to.equal(null);
      expect(cardMismatch(c, { ...here, chainId: 11155111, network: "sepolia" })).to.equal(
        "this card is for chain 31337; this page is on chain 11155111 (sepolia): open the card on the class's " +
          "network, or ask your teacher for the class's link, or a card for this one",
      );
      const other = cardMismatch(c, { ...here, tournamentContract: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" });
      expect(other).to.contain("this card is for SnatchTournament 0x5FbD…0aa3 (deployed in block 12, 0x1a2b3c4d…)");
      expect(other).to.contain(
        "has SnatchTournament 0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512: it is another deployment",
      );
      const restarted = cardMismatch(c, { ...here, blockHash: "0x9f3e" + HASH.slice(6) });
      expect(restarted).to.contain("on this chain block 12 is 0x9f3e3c4d…: the chain was restarted");
      expect(cardMismatch(c, { ...here, tournamentContract: null })).to.contain("this app has no SnatchTournament");
    });
  });

  describe("the class sheet", function () {
    it("reads names a line, or a CSV's name column (quotes, a BOM, blank lines), each checked with its reason", function () {
      expect(parseNames("Ada\n\n  Bruno  \r\nCleo\n").map((l) => [l.line, l.name, l.problem])).to.deep.equal([
        [1, "Ada", null],
        [3, "Bruno", null],
        [4, "Cleo", null],
      ]);
      const csv = parseNames('\uFEFFseat,Name,email\n1,"Lovelace, Ada",a@x\n2,"Say ""hi""",b@x\n3,,c@x');
      expect(csv.map((l) => l.name)).to.deep.equal(["Lovelace, Ada", 'Say "hi"', ""]);
      // Issue 34 item 1: without a header naming a column, a comma is part of a name, never a cut.
      expect(parseNames("O'Brien, Jr.\nAda;x\nBen\tLee").map((l) => l.name)).to.deep.equal([
        "O'Brien, Jr.",
        "Ada;x",
        "Ben\tLee",
      ]);
      expect(namesFormat("O'Brien, Jr.\nAda")).to.deep.include({ kind: "lines" });
      expect(parseNames("Student;class\nAda;x\nBen;y").map((l) => l.name)).to.deep.equal(["Ada", "Ben"]);
      expect(namesFormat("Student;class\nAda;x")).to.deep.include({ kind: "csv", column: "Student" });
      // The class sheet's own CSV reads back.
      expect(parseNames('seat,name,address\r\n1,"O\'Brien, Jr.",0x1\r\n').map((l) => l.name)).to.deep.equal([
        "O'Brien, Jr.",
      ]);
      const bad = parseNames("Ada\n" + "é".repeat(17) + "\nBell\u0007here");
      expect(bad[1].problem).to.equal(
        "a name of 34 bytes is too long: at most 32 bytes of UTF-8 (a letter like é takes 2 bytes, most emoji 4)",
      );
      expect(bad[2]).to.deep.include({ line: 3, name: "Bell\u0007here" });
      expect(bad[2].problem).to.contain("control characters");
      expect(csvFields('a, "b, c" ,d')).to.deep.equal(["a", "b, c", "d"]);
      expect(parseNames("  \n")).to.deep.equal([]);
    });

    it("finds names that look alike: compatibility forms, format characters, confusable letters, case", function () {
      const zwsp = "Ada\u200b";
      const cyrillic = "\u0410da"; // a Cyrillic capital A
      expect([zwsp, cyrillic, "ADA", "ＡＤＡ", "Ada\u202e"].map(nameSkeleton)).to.deep.equal(Array(5).fill("ada"));
      expect(nameSkeleton("Zoë")).not.to.equal(nameSkeleton("Zoe"));
      expect(lookAlikes(["Ada", "Bruno", zwsp, "", "", "Zoë", "Zoe", cyrillic])).to.deep.equal([
        { seats: [1, 3, 8], names: ["Ada", zwsp, cyrillic] },
      ]);
      expect(lookAlikes(["Ada", "Bruno", "Cleo"])).to.deep.equal([]);
    });

    it("writes the teacher's CSV: seat, name, address, quoted where needed, formulas defused, no key", function () {
      const formulas = ['=HYPERLINK("http://x","click")', "+1+1", "-2+3", "@SUM(A1)", "\uFF1D1+1", "a;=1+1"];
      const seats = [
        { seat: 1, name: "Ada", address: "0x" + "11".repeat(20) },
        { seat: 2, name: 'Lovelace, "Ada"', address: "0x" + "22".repeat(20) },
        ...formulas.map((name, i) => ({ seat: i + 3, name, address: "0x" + String(i + 3).repeat(40) })),
      ];
      expect(seatsCsv(seats).split("\n")).to.deep.equal([
        "seat,name,address",
        `1,Ada,0x${"11".repeat(20)}`,
        `2,"Lovelace, ""Ada""",0x${"22".repeat(20)}`,
        `3,"'=HYPERLINK(""http://x"",""click"")",0x${"3".repeat(40)}`,
        `4,'+1+1,0x${"4".repeat(40)}`,
        `5,'-2+3,0x${"5".repeat(40)}`,
        `6,'@SUM(A1),0x${"6".repeat(40)}`,
        `7,'\uFF1D1+1,0x${"7".repeat(40)}`,
        `8,"a;=1+1",0x${"8".repeat(40)}`,
        "",
      ]);
    });

    it("budgets a seat from the measured gas of a whole tournament, a named registration, headroom and the sweep", function () {
      expect(MEASURED.tournamentTotal200).to.equal(gas["tournament.total.200"]);
      const b = seatBudget(2_000_000_000n, 50);
      const base = BigInt(Math.ceil(gas["tournament.total.200"] / 200)) + BigInt(gas["tournament.register.named"]);
      const expected = ((base + 400_000n + 21_000n) * 150n + 99n) / 100n;
      expect(b.gas).to.equal(expected);
      expect(b.perSeat).to.equal(expected * 2_000_000_000n);
      expect(b.lines[0]).to.contain("a player's share of a whole 200-player tournament");
      expect(seatBudget(1n, 0).gas).to.equal(base + 421_000n);
    });

    it("batches, sweeps to zero, and keeps only a well-formed stored sheet", function () {
      expect(batches([1, 2, 3, 4, 5], 2)).to.deep.equal([[1, 2], [3, 4], [5]]);
      expect(sweepValue(parseEther("0.01"), 10n ** 9n)).to.equal(parseEther("0.01") - TRANSFER_GAS * 10n ** 9n);
      expect(sweepValue(TRANSFER_GAS * 10n ** 9n, 10n ** 9n)).to.equal(0n);
      const key = hexlify(randomBytes(32));
      const sheet = {
        version: 1,
        chainId: 31337,
        tournamentContract: TOURNAMENT,
        deployBlock: 1,
        deployHash: "0x12345678",
        tournament: "1",
        rpc: null,
        target: null,
        createdAt: 1,
        seats: [{ seat: 1, name: "Ada", address: computeAddress(key), key }],
      };
      expect(readSheet(JSON.stringify(sheet))).to.deep.equal(sheet);
      expect(readSheet(JSON.stringify({ ...sheet, version: 2 }))).to.equal(null);
      expect(readSheet(JSON.stringify({ ...sheet, seats: [{ ...sheet.seats[0], key: "0x12" }] }))).to.equal(null);
      expect(readSheet("{not json")).to.equal(null);
    });
  });

  describe("time that means time", function () {
    it("converts minutes to blocks (rounded up: a window never ends early) and back", function () {
      expect(minutesToBlocks(2, 1)).to.equal(120);
      expect(minutesToBlocks(0.5, 12)).to.equal(3);
      expect(minutesToBlocks(1, 7)).to.equal(9); // 60 / 7 = 8.57…
      expect(minutesToBlocks(0.1, 0.2)).to.equal(30);
      expect(minutesToBlocks(0.001, 12)).to.equal(1);
      expect(minutesToBlocks(0, 1)).to.equal(0);
      expect(blocksToMinutes(120, 1)).to.equal(2);
      expect(blocksToMinutes(1000, 1)).to.equal(16.67);
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 60 }), (blocks, seconds) => {
          // What the form shows for blocks gives back at least those blocks' time, within one block of rounding.
          const back = minutesToBlocks(blocksToMinutes(blocks, seconds), seconds);
          expect(Math.abs(back - blocks)).to.be.at.most(Math.ceil(0.6 / seconds) + 1);
        }),
      );
    });

    it("reads typed minutes and says what they send", function () {
      expect([parseMinutes("2"), parseMinutes(" 1.5 "), parseMinutes("0,5"), parseMinutes(".25")]).to.deep.equal([
        2, 1.5, 0.5, 0.25,
      ]);
      for (const bad of ["", "-1", "1e3", "two", "1.2.3"]) expect(parseMinutes(bad)).to.equal(null);
      expect(minutesHint(2, 1)).to.equal("= 120 blocks at 1 s a block");
      expect(minutesHint(1 / 60, 12)).to.equal("= 1 block at 12 s a block");
      expect(minutesHint(null, 1)).to.equal("minutes, e.g. 2 or 0.5");
      // A default shown rounded (100 blocks as 1.67 min) says the blocks the form holds, which it sends.
      expect(minutesHint(1.67, 1, 100)).to.equal("= 100 blocks at 1 s a block");
      expect(windowWords(130, 1)).to.equal("2 min 10 s (130 blocks)");
      expect(windowWords(130, null)).to.equal("130 blocks");
    });

    it("counts down in time with the blocks beside it, or in blocks when blocks are not time", function () {
      expect(timeLeft(230, 100, 1)).to.deep.equal({ text: "2 min 10 s left", blocks: "130 blocks left", left: 130 });
      expect(timeLeft(101, 100, 12).text).to.equal("last block (~12 s)");
      expect(timeLeft(100, 100, 1).text).to.equal("passed (this was the last block)");
      expect(timeLeft(90, 100, 2)).to.deep.include({ text: "passed 20 s ago", blocks: "passed 10 blocks ago" });
      expect(timeLeft(112, 100, null)).to.deep.equal({ text: "12 blocks left", blocks: "12 blocks left", left: 12 });
      expect(timeLeft(99, 100, null).text).to.equal("passed 1 block ago");
    });

    it("counts down in steps for a list of many rooms: exact in the last five seconds, the same words for blocks on end", function () {
      expect(roughTimeLeft(105, 100, 1)).to.deep.equal({
        text: "5 s left",
        blocks: "the window's last block is 105",
        left: 5,
      });
      expect(roughTimeLeft(106, 100, 1).text).to.equal("under 10 s left");
      expect(roughTimeLeft(111, 100, 1).text).to.equal("under 15 s left");
      expect(roughTimeLeft(130, 100, 1).text).to.equal("under 30 s left");
      expect(roughTimeLeft(230, 100, 1).text).to.equal("under 2 min 15 s left");
      expect(roughTimeLeft(101, 100, 12).text).to.equal("last block (~12 s)");
      expect(roughTimeLeft(100, 100, 1).text).to.equal("passed (this was the last block)");
      expect(roughTimeLeft(90, 100, 2).text).to.equal("passed");
      expect(roughTimeLeft(112, 100, null).text).to.equal("under 15 blocks left");
      // Twenty blocks of a window: three words in its first fifteen blocks, one a block in its last five (a row is
      // drawn again only when its words change).
      const words = Array.from({ length: 20 }, (_, i) => roughTimeLeft(120, 100 + i, 1).text);
      expect(new Set(words.slice(0, 15)).size).to.equal(3);
      expect(new Set(words).size).to.equal(8);
      // The title names the deadline's block: the same at every block.
      expect(roughTimeLeft(120, 100, 1).blocks).to.equal(roughTimeLeft(120, 115, 1).blocks);
    });

    it("takes the class stack's block time, a public chain's measured one, and none on an automining node", function () {
      const stack = { chainId: 31337, blockTime: 1 };
      expect(chainBlockTime(31337, stack, 3)).to.equal(1);
      expect(chainBlockTime(31337, { chainId: 31337, blockTime: null }, 3)).to.equal(null);
      expect(chainBlockTime(31337, null, 3)).to.equal(null);
      expect(chainBlockTime(11155111, stack, 12.2)).to.equal(12.2);
      expect(chainBlockTime(null, stack, 1)).to.equal(null);
    });
  });

  describe("burner seats", function () {
    it("keeps seats in this browser's storage, one in use per tab, and forgets one on request", function () {
      const local = new MemoryStore();
      const store = new BurnerStore(local, new MemoryStore());
      const key = hexlify(randomBytes(32));
      const seat = {
        key,
        address: computeAddress(key).toLowerCase(),
        chainId: 31337,
        source: "card" as const,
        seat: 12,
        name: "Ada",
        tournament: "1",
        rpc: null,
        base: 1,
        sent: 0,
        since: 0,
      };
      store.save(seat);
      expect(store.list()).to.have.length(1);
      expect(store.get(seat.address)!.address).to.equal(computeAddress(key)); // checksummed once stored
      expect(store.active()).to.equal(null);
      store.setActive(seat.address);
      // Another tab of the same browser (its own session storage) finds the seat used last.
      expect(new BurnerStore(local, new MemoryStore()).active()!.name).to.equal("Ada");
      store.noteSent(seat.address);
      store.noteSent(seat.address);
      expect(store.get(seat.address)!.sent).to.equal(2);
      store.forget(seat.address);
      expect([store.list(), store.active()]).to.deep.equal([[], null]);
      local.setItem("burner.seats", "[not json");
      expect(store.list()).to.deep.equal([]);
    });

    it("counts the transactions another device sent, and says so with both possible reasons", function () {
      expect(foreignTransactions({ base: 1, sent: 3 }, 4)).to.equal(0);
      expect(foreignTransactions({ base: 1, sent: 3 }, 6)).to.equal(2);
      expect(foreignTransactions({ base: 4, sent: 0 }, 3)).to.equal(0);
      const who = { seat: 12, name: "Ada", address: "0x1234567890123456789012345678901234567890" };
      expect(secondDeviceSentence(who, 2)).to.equal(
        "2 transactions from \u2068Ada\u2069, seat 12 (0x1234…7890) did not come from this device: another device plays this " +
          "seat too (its card was opened twice), or your teacher registered its name. Two devices on one seat see " +
          "each other's moves as their own: keep one",
      );
      expect(unfundedSentence(who, 0n, parseEther("0.0012"))).to.equal(
        "ask your teacher to fund seat 12 (0x1234567890123456789012345678901234567890): it holds 0 ETH and this " +
          "transaction needs up to 0.0012 ETH",
      );
    });
  });

  describe("a burner seat's signer on Hardhat's network", function () {
    async function fixture() {
      const [funder, organiser] = await ethers.getSigners();
      const source = await deploySeededRandomness(hre, 7n);
      const { rooms } = await deploySnatch(hre, await source.getAddress());
      const tournament = await deployTournament(hre, rooms, await source.getAddress());
      await tournament.connect(organiser).createTournament({
        cap: 4,
        roomsPerBatch: 2,
        registrationBlocks: 50,
        grace: 0,
        talk: 5,
        offer: 5,
        response: 5,
        decision: 5,
      });
      return { funder, tournament };
    }

    it("stops an unfunded seat's send with \"ask your teacher to fund seat 12 (0x…)\", before the node's error", async function () {
      const { tournament } = await fixture();
      const key = Wallet.createRandom().privateKey;
      const address = computeAddress(key);
      const seat = new SeatWallet(key, ethers.provider, { seat: { seat: 12, name: "Ada", address } });
      const err = await tournament
        .connect(seat)
        .register(1n, "Ada")
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).to.be.instanceOf(SeatUnfunded);
      expect(describeError(err).message).to.match(
        new RegExp(`^ask your teacher to fund seat 12 \\(${address}\\): it holds 0 ETH`),
      );
      expect(await ethers.provider.getTransactionCount(address)).to.equal(0);
    });

    /** The provider as a seat sees it, recording each request and how many were in flight when it started. */
    function watch() {
      const calls: { method: string; inFlight: number }[] = [];
      let inFlight = 0;
      const watched = new Proxy(ethers.provider, {
        get(target, prop, receiver) {
          const value: unknown = Reflect.get(target, prop, receiver);
          if (typeof value !== "function") return value;
          const method = String(prop);
          if (
            ![
              "getTransactionCount",
              "getFeeData",
              "getBalance",
              "estimateGas",
              "broadcastTransaction",
              "call",
            ].includes(method)
          )
            return value.bind(target);
          return async (...args: unknown[]) => {
            calls.push({ method, inFlight: inFlight++ });
            try {
              return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            } finally {
              inFlight--;
            }
          };
        },
      });
      return { calls, watched };
    }

    it("sends its own requests through `sendVia` and reads the contracts through the page's provider", async function () {
      const { funder, tournament } = await fixture();
      const key = Wallet.createRandom().privateKey;
      const address = computeAddress(key);
      await (await funder.sendTransaction({ to: address, value: parseEther("1") })).wait();
      const page = watch();
      const own = watch();
      const seat = new SeatWallet(key, page.watched, { seat: { seat: 5, name: "", address }, sendVia: own.watched });
      const tx = await sendPadded(tournament.connect(seat).register, 1n, "Bo");
      await tx.wait();
      expect(await tournament.connect(seat).nameOf(1n, address)).to.equal("Bo");
      expect(own.calls.map((c) => c.method).sort()).to.deep.equal([
        "broadcastTransaction",
        "estimateGas",
        "getBalance",
        "getFeeData",
        "getTransactionCount",
      ]);
      expect(page.calls.map((c) => c.method)).to.deep.equal(["call"]); // the read of the name
    });

    it("reads the nonce, fees and balance while the node estimates: a funded seat's move is two round trips", async function () {
      const { funder, tournament } = await fixture();
      const key = Wallet.createRandom().privateKey;
      const address = computeAddress(key);
      await (await funder.sendTransaction({ to: address, value: parseEther("1") })).wait();
      const { calls, watched } = watch();
      const seat = new SeatWallet(key, watched, { seat: { seat: 4, name: "", address } });
      const tx = await sendPadded(tournament.connect(seat).register, 1n, "Ada");
      await tx.wait();
      expect(await tournament.nameOf(1n, address)).to.equal("Ada");
      const names = calls.map((c) => c.method);
      // Four requests at once (the estimate and what the send needs), then the transaction alone.
      expect(names.slice(0, 4).sort()).to.deep.equal([
        "estimateGas",
        "getBalance",
        "getFeeData",
        "getTransactionCount",
      ]);
      expect(calls[3].inFlight, "requests already in flight when the fourth started").to.equal(3);
      expect(names.slice(4)).to.deep.equal(["broadcastTransaction"]);
      // A second move right after (no estimate: its own gas limit) reads the account again, with the next nonce.
      const again = await seat.sendTransaction({ to: funder.address, value: 1n, gasLimit: 21_000n });
      expect(again.nonce).to.equal(tx.nonce + 1);
    });

    it("has the faucet fund it first, counts what it sent, and says the faucet's refusal when it refuses", async function () {
      const { funder, tournament } = await fixture();
      const key = Wallet.createRandom().privateKey;
      const address = computeAddress(key);
      let sent = 0;
      let asked = 0;
      const seat = new SeatWallet(key, ethers.provider, {
        seat: { seat: null, name: "", address },
        faucet: async (a) => {
          asked++;
          await (await funder.sendTransaction({ to: a, value: parseEther("1") })).wait();
        },
        onSent: () => sent++,
      });
      // The seat registers itself under the name typed on its phone, paid from what the faucet gave it.
      await (await tournament.connect(seat).register(1n, "Cleo")).wait();
      expect([asked, sent]).to.deep.equal([1, 1]);
      expect(await tournament.nameOf(1n, address)).to.equal("Cleo");
      // A name the contract refuses comes back as the contract's sentence.
      const otherKey = Wallet.createRandom().privateKey;
      const other = new SeatWallet(otherKey, ethers.provider, {
        seat: { seat: 3, name: "", address: computeAddress(otherKey) },
        faucet: async (a) => {
          await (await funder.sendTransaction({ to: a, value: parseEther("1") })).wait();
        },
      });
      const long = await tournament
        .connect(other)
        .register(1n, "x".repeat(33))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(describeError(long).message).to.contain("a name of 33 bytes is too long");
      // The faucet refuses: the seat's sentence carries its reason.
      const brokeKey = Wallet.createRandom().privateKey;
      const broke = computeAddress(brokeKey);
      const refused = new SeatWallet(brokeKey, ethers.provider, {
        seat: { seat: 7, name: "", address: broke },
        faucet: async () => {
          throw new Error("this device has funded 20 addresses already");
        },
      });
      const e = await tournament
        .connect(refused)
        .register(1n, "")
        .then(
          () => null,
          (x: unknown) => x,
        );
      // (The node estimates a seat with nothing, so the sentence can say what the transaction needs.)
      expect(describeError(e).message).to.match(
        new RegExp(
          `^ask your teacher to fund seat 7 \\(${broke}\\): it holds 0 ETH and this transaction needs up to [0-9.]+ ETH ` +
            "\\(the faucet refused: this device has funded 20 addresses already\\)$",
        ),
      );
    });
  });
});
