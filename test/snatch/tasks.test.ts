import { expect } from "chai";
import hre, { deployments } from "hardhat";
import { mine } from "@nomicfoundation/hardhat-network-helpers";
import { parseGoods } from "../../client/snatch/names";

/** Runs a task and returns what it printed. */
async function run(name: string, args: Record<string, unknown>): Promise<string> {
  const lines: string[] = [];
  const original = console.log;
  console.log = (...parts: unknown[]) => lines.push(parts.map(String).join(" "));
  try {
    await hre.run(name, args);
  } finally {
    console.log = original;
  }
  return lines.join("\n");
}

describe("snatch:* tasks", function () {
  it("parses goods in both notations", function () {
    expect(parseGoods("turkey=2,corn=1")).to.deep.equal([2n, 0n, 1n]);
    expect(parseGoods("0,3,0")).to.deep.equal([0n, 3n, 0n]);
    expect(parseGoods("")).to.deep.equal([0n, 0n, 0n]);
    expect(() => parseGoods("gold=1")).to.throw(/cannot read/);
  });

  it("play a 2-player room from the command line and show it", async function () {
    await deployments.fixture(["snatch"]);
    expect(await run("snatch:formats", {})).to.match(/format 6: 2 players; G5 cheap talk/);
    expect(await run("snatch:create", { format: 2, from: "1", name: "Ana" })).to.match(
      /RoomCreated\(roomId=1, format=2[\s\S]*PlayerJoined\(.*name="Ana"\)/,
    );
    let error = "";
    await run("snatch:join", { room: 1, from: "2", name: "x".repeat(33) }).catch((e: Error) => (error = e.message));
    expect(error).to.match(/^a name of 33 bytes is too long: at most 32 bytes/);
    expect(await run("snatch:join", { room: 1, from: "2" })).to.match(/RolesRequested/);
    await mine(1);
    expect(await run("snatch:advance", { room: "1" })).to.match(/RolesAssigned/);
    let shown = await run("snatch:show", { room: 1 });
    expect(shown).to.match(/round 1\/3: G1 plain, phase: P1's offer window/);
    // The seat's name (from its PlayerJoined event) before its address; a seat without one shows the address.
    expect(shown).to.match(/seat \d P[12] Ana \(0x[0-9a-fA-F]{40}\) {2}produces/);
    expect(shown).to.match(/seat \d P[12] 0x[0-9a-fA-F]{40} {2}produces/);
    const p1 = shown.includes("seat 0 P1") ? "1" : "2";
    const p2 = p1 === "1" ? "2" : "1";
    expect(
      await run("snatch:offer", { room: 1, to: p1 === "1" ? "1" : "0", give: "turkey=4", want: "corn=3", from: p1 }),
    ).to.match(/OfferMade\(.*escrowed=4 turkey/);
    shown = await run("snatch:show", { room: 1 });
    expect(shown).to.match(/open offer #1: .* escrowed 4 turkey \(of 4 offered\) for 3 corn/);
    expect(await run("snatch:accept", { room: 1, offer: 1, from: p2 })).to.match(/OfferAccepted/);
    shown = await run("snatch:show", { room: 1, offers: true });
    expect(shown).to.match(/holds 6 turkey \+ 3 corn {2}→ 12 points/);
    expect(shown).to.match(/offer #1 .*: accepted/);
    expect(await run("snatch:pass", { room: 1, from: p1 })).to.match(/NoOffer/);
    await run("snatch:pass", { room: 1, from: p2 }).catch((e: Error) => (error = e.message));
    expect(error).to.match(/^reverted: in room 1 this action belongs to the other player, not 0x[0-9a-fA-F]{4}…/);
    expect(error).to.match(/\n {2}NotYourTurn\(roomId=1, account=0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}\)$/);
  });
});
