import { expect } from "chai";
import { ZeroAddress } from "ethers";
import { interfaceOf, type ContractName } from "../../client/abi";
import { decodeEvent, decodeEvents, everyEvent } from "../../client/events";
import { eventArgsFromJson, eventRecordFromJson } from "../../client/event-json";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

function log(contract: ContractName, name: string, values: unknown[]) {
  const iface = interfaceOf(contract);
  return { address: ALICE, ...iface.encodeEventLog(iface.getEvent(name)!, values) };
}

describe("client/events: events with named arguments, enum names and units", function () {
  it("prints a room's final points as points, not goods", function () {
    const e = decodeEvent(log("SnatchRooms", "RoomFinished", [4, [12, 10, 15]]))!;
    expect(e.contract).to.equal("SnatchRooms");
    expect(e.text).to.equal("RoomFinished(roomId=4, points=12 / 10 / 15 points)");
  });

  it("prints Snatch goods, phases and rule sets by name", function () {
    const offer = decodeEvent(log("SnatchRooms", "OfferMade", [1, 2, ALICE, BOB, [2, 0, 1], [0, 3, 0], [2, 0, 0]]))!;
    expect(offer.text).to.equal(
      "OfferMade(roomId=1, offerId=2, from=0x7099…79C8, to=0x3C44…93BC, offering=2 turkey + 1 corn, " +
        "requesting=3 coffee, escrowed=2 turkey)",
    );
    const round = decodeEvent(log("SnatchRooms", "RoundStarted", [1, 3, 2, 3, 3, 140]))!;
    expect(round.text).to.equal(
      "RoundStarted(roomId=1, round=3, rules=no reject (offers execute at close), judge=3, phase=trading, deadline=140)",
    );
  });

  it("prints CATAMM resources, pools and cards, and Forking Hex stakes in ETH or token units", function () {
    const card = 10n ** 18n;
    const swap = decodeEvent(
      log("Catamm", "Swapped", [1, ALICE, 2, 0, (card * 3n) / 2n, card / 10n, card, 100n * card, 99n * card]),
    )!;
    expect(swap.text).to.equal(
      "Swapped(gameId=1, player=0x7099…79C8, pool=#2 Wood-Ore, resourceIn=Wood, amountIn=1.5 cards, fee=0.1 cards, " +
        "amountOut=1 card, reserve0=100 cards, reserve1=99 cards)",
    );
    const eth = decodeEvent(log("ForkingHex", "GameCreated", [1, ALICE, 11, 20, 40, 10n ** 16n, ZeroAddress, 0, 250]))!;
    expect(eth.text).to.contain("stake=0.01 ETH, token=0x0000…0000, lastBlock=0, feeBps=2.5%");
    const token = decodeEvent(log("ForkingHex", "GameCreated", [1, ALICE, 11, 20, 40, 500, BOB, 0, 250]))!;
    expect(token.text).to.contain("stake=500 token units");
    expect(decodeEvent(log("Catamm", "DevCardDrawn", [1, ALICE, 3]))!.text).to.equal(
      "DevCardDrawn(gameId=1, player=0x7099…79C8, card=Monopoly)",
    );
  });

  it("decodes a receipt's logs, skipping foreign ones, and uses a known address's ABI", function () {
    const foreign = { address: BOB, topics: ["0x" + "ab".repeat(32)], data: "0x" };
    const events = decodeEvents([foreign, log("BlockhashRandomness", "RandomnessRequested", [7, ALICE])]);
    expect(events.map((e) => e.text)).to.deep.equal(["RandomnessRequested(id=7, requester=0x7099…79C8)"]);
    const known = decodeEvent(log("VRFRandomness", "RandomnessRequested", [7, ALICE]), {
      known: { [ALICE.toLowerCase()]: "VRFRandomness" },
    })!;
    expect(known.contract).to.equal("VRFRandomness");
    expect(everyEvent().length).to.be.greaterThan(80);
  });
});

describe("client/event-json: events from the indexer's log tables, as the node's logs decode", function () {
  /** An event's arguments as the indexer stores them: by name, bigints as decimal strings, addresses lower-case. */
  function stored(contract: ContractName, name: string, values: unknown[]): Record<string, unknown> {
    const args = interfaceOf(contract).parseLog(log(contract, name, values))!.args;
    return JSON.parse(
      JSON.stringify(args.toObject(true), (_, v: unknown) =>
        typeof v === "bigint" ? v.toString() : typeof v === "string" ? v.toLowerCase() : v,
      ),
    ) as Record<string, unknown>;
  }

  it("gives the same values, by position and by name, as decoding the log (arrays, addresses, bigints)", function () {
    const values = [1, 2, ALICE, BOB, [2, 0, 1], [0, 3, 0], [2, 0, 0]];
    const decoded = interfaceOf("SnatchRooms").parseLog(log("SnatchRooms", "OfferMade", values))!.args;
    const revived = eventArgsFromJson("SnatchRooms", "OfferMade", stored("SnatchRooms", "OfferMade", values));
    expect(revived.toArray(true)).to.deep.equal(decoded.toArray(true));
    expect(revived.from).to.equal(ALICE);
    expect(revived.requesting[1]).to.equal(3n);
    const record = eventRecordFromJson("SnatchRooms", "OfferMade", stored("SnatchRooms", "OfferMade", values));
    expect(record.to).to.equal(BOB);
    expect(record.offerId).to.equal(2n);
  });

  it("refuses an event the contract does not have, and a stored event missing an argument, with a sentence", function () {
    expect(() => eventArgsFromJson("SnatchRooms", "Nothing", {})).to.throw(/SnatchRooms has no event Nothing/);
    const partial = stored("SnatchRooms", "RoomFinished", [4, [12, 10, 15]]);
    delete partial.points;
    expect(() => eventArgsFromJson("SnatchRooms", "RoomFinished", partial)).to.throw(
      /event argument points is missing/,
    );
  });
});
