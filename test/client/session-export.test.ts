// A three-player class session's export (client/snatch/session-export.ts) on hand-made events: one row per room and
// seat (then the players who sat out), every offer with its fate (accepted, rejected, snatched, cancelled, expired,
// executed at close, pending), report and ruling, the blocks and transactions of each, the players' seating, the
// status word (running at the latest event's block, final, closed), and the same bytes for events in any order.
import { expect } from "chai";
import { parseCsv } from "../../client/common/csv";
import { EXPORTS, exportFileName, exportUrl, type ExportEvent } from "../../client/common/export";
import { SessionStage } from "../../client/snatch/session";
import {
  OFFER_COLUMNS,
  offerRows,
  ROOM_COLUMNS,
  roomsCsv,
  SESSION_FILES,
  SESSION_PLAYER_COLUMNS,
  sessionJson,
  sessionPlayersCsv,
  sessionStatus,
  type SessionExportInput,
} from "../../client/snatch/session-export";

const [A, B, C, D] = ["aa", "bb", "cc", "dd"].map((x) => `0x${x.padStart(40, "0")}`) as [
  string,
  string,
  string,
  string,
];
const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
let logIndex = 0;
const ev = (block: number, name: string, args: Record<string, unknown>): ExportEvent => ({
  name,
  args: { roomId: 7n, ...args },
  block,
  logIndex: logIndex++,
  tx: tx(block),
});
const g = (a: number, b: number, c: number) => [BigInt(a), BigInt(b), BigInt(c)];
const made = (block: number, offerId: number, from: string, to: string, offering: bigint[], requesting: bigint[]) =>
  ev(block, "OfferMade", { offerId: BigInt(offerId), from, to, offering, requesting, escrowed: offering });

/** Room 7 (the session's room 0): A turkey, B coffee, C corn; D sat out. Offers 1..7 meet every fate. */
function input(stage: number = SessionStage.Playing): SessionExportInput {
  logIndex = 0;
  const events = [
    ev(100, "RolesAssigned", { players: [A, B, C], roles: [0n, 1n, 2n], firstJudge: 0n }),
    ev(100, "RoundStarted", { round: 1n, rules: 1n, judge: 3n, phase: 3n, deadline: 110n }),
    made(101, 1, A, B, g(2, 0, 0), g(0, 1, 0)),
    ev(102, "OfferAccepted", { offerId: 1n, toTarget: g(2, 0, 0), toOfferer: g(0, 1, 0), atClose: false }),
    made(103, 2, B, C, g(0, 1, 0), g(0, 0, 1)),
    ev(104, "OfferRejected", { offerId: 2n, byDefault: false }),
    made(104, 3, C, A, g(0, 0, 1), g(1, 0, 0)),
    ev(105, "OfferCancelled", { offerId: 3n }),
    made(106, 4, A, C, g(1, 0, 0), g(0, 0, 2)),
    ev(109, "OfferExpired", { offerId: 4n }),
    ev(111, "RoundStarted", { round: 3n, rules: 2n, judge: 3n, phase: 3n, deadline: 120n }),
    made(112, 5, B, A, g(0, 1, 0), g(1, 0, 0)),
    ev(120, "OfferAccepted", { offerId: 5n, toTarget: g(0, 1, 0), toOfferer: g(1, 0, 0), atClose: true }),
    ev(121, "RoundStarted", { round: 5n, rules: 4n, judge: 0n, phase: 3n, deadline: 130n }),
    made(122, 6, C, B, g(0, 0, 2), g(0, 1, 0)),
    ev(123, "OfferSnatched", { offerId: 6n, taken: g(0, 0, 2) }),
    ev(124, "SnatchReported", { offerId: 6n, victim: C }),
    ev(131, "ReportConfirmed", { offerId: 6n, returned: g(0, 0, 2), forfeited: g(0, 3, 0) }),
    made(132, 7, A, B, g(1, 0, 0), g(0, 1, 0)),
  ];
  return {
    id: 3,
    organiser: D,
    config: { rooms: 2, roomsPerBatch: 1, joinBlocks: 20, trading: 10, closing: 2, judging: 5 },
    format: 9,
    firstCome: false,
    startableFrom: 0,
    stage,
    playerCount: 4,
    seed: "12345678901234567890",
    drawnRooms: 1,
    created: 1,
    closed: 0,
    deadline: 200,
    createdBlock: 90,
    lastBlock: 99,
    totals: { finished: 0, offers: 0, accepts: 0, rejects: 0, snatches: 0, shames: 0, reports: 0, points: 0 },
    seats: [
      { index: 2, player: B, name: "", listed: true, room: 0, roomId: 7, seat: 1, satOut: false, points: null },
      {
        index: 4,
        player: D,
        name: "Dee",
        listed: false,
        room: null,
        roomId: null,
        seat: null,
        satOut: true,
        points: null,
      },
      { index: 1, player: A, name: 'Ada, "A"', listed: true, room: 0, roomId: 7, seat: 0, satOut: false, points: 11 },
      { index: 3, player: C, name: "Cy", listed: false, room: 0, roomId: 7, seat: 2, satOut: false, points: null },
    ],
    rooms: [
      {
        room: 0,
        roomId: 7,
        free: [
          [3, 1, 0],
          [2, 3, 0],
          [0, 0, 5],
        ],
        shameTokens: [0, 2, 1],
        events: [...events].reverse(),
      },
    ],
  };
}

describe("exports: a three-player class session", function () {
  it("is registered with its route, download names and files", function () {
    expect([...EXPORTS.session.files]).to.deep.equal(Object.keys(SESSION_FILES));
    expect(exportUrl("/indexer/", "session", 3, "offers.csv")).to.equal("/indexer/export/snatch/session/3/offers.csv");
    expect(exportFileName("session", 3, "rooms.csv")).to.equal("snatch-session-3-rooms.csv");
  });

  it("says running as of the latest event (the session's or its rooms'), then final or closed", function () {
    expect(sessionStatus(input())).to.equal("running at block 132");
    const quiet = { ...input(), rooms: [] };
    expect(sessionStatus(quiet)).to.equal("running at block 99");
    expect(sessionStatus(input(SessionStage.Finished))).to.equal("final");
    expect(sessionStatus(input(SessionStage.Closed))).to.equal("closed");
  });

  it("gives every offer its round, fate, report and ruling, with the blocks and transactions to check them", function () {
    const rows = offerRows(input());
    expect(rows.map((r) => [r.offer, r.round, r.fate])).to.deep.equal([
      [1, 1, "accepted"],
      [2, 1, "rejected"],
      [3, 1, "cancelled"],
      [4, 1, "expired"],
      [5, 3, "executed at close"],
      [6, 5, "snatched"],
      [7, 5, "pending"],
    ]);
    const snatched = rows[5]!;
    expect(snatched).to.include({
      offerer_name: "Cy",
      offerer_address: C,
      target_name: "",
      target_address: B,
      give_corn: 2,
      ask_coffee: 1,
      offer_block: 122,
      offer_tx: tx(122),
      answer_block: 123,
      answer_tx: tx(123),
      reported: true,
      ruling: "confirmed",
      ruling_block: 131,
      ruling_tx: tx(131),
    });
    expect(rows[6]).to.include({ answer_block: null, reported: false, ruling: null });
    const csv = parseCsv(toText(input(), "offers.csv"));
    expect(csv[0]).to.deep.equal([...OFFER_COLUMNS]);
    expect(csv[1]!.slice(0, 8)).to.deep.equal(["running at block 132", "3", "0", "7", "1", "1", 'Ada, "A"', A]);
  });

  it("writes one row per room and seat with role, free goods, points and shame, then who sat out", function () {
    const csv = parseCsv(roomsCsv(input()));
    expect(csv[0]).to.deep.equal([...ROOM_COLUMNS]);
    expect(csv.slice(1).map((r) => r.slice(2))).to.deep.equal([
      ["0", "7", "0", "turkey", 'Ada, "A"', A, "3", "1", "0", "11", "0", "false"],
      ["0", "7", "1", "coffee", "", B, "2", "3", "0", "", "2", "false"],
      ["0", "7", "2", "corn", "Cy", C, "0", "0", "5", "", "1", "false"],
      ["", "", "", "", "Dee", D, "", "", "", "", "", "true"],
    ]);
  });

  it("lists the seated players by seat position, listed or first come, with room, seat, points and sat out", function () {
    const csv = parseCsv(sessionPlayersCsv(input(SessionStage.Finished)));
    expect(csv[0]).to.deep.equal([...SESSION_PLAYER_COLUMNS]);
    expect(csv.slice(1).map((r) => [r[0], r[2], r[5], r[6], r[8], r[9], r[10], r[11], r[12]])).to.deep.equal([
      ["final", "1", "listed", "0", "0", "turkey", "11", "false", "true"],
      ["final", "2", "listed", "0", "1", "coffee", "", "false", "false"],
      ["final", "3", "first come", "0", "2", "corn", "", "false", "false"],
      ["final", "4", "first come", "", "", "", "", "true", ""],
    ]);
  });

  it("puts the whole session in one JSON document, and gives the same bytes for events in any order", function () {
    const doc = JSON.parse(sessionJson(input())) as {
      status: string;
      state: string;
      seed: string;
      satOut: { name: string }[];
      roomList: { roomId: number; seats: { free: number[] }[]; offers: { fate: string }[] }[];
      players: unknown[];
    };
    expect(doc.status).to.equal("running at block 132");
    expect(doc.state).to.equal("playing");
    expect(doc.seed).to.equal("12345678901234567890");
    expect(doc.satOut.map((p) => p.name)).to.deep.equal(["Dee"]);
    expect(doc.roomList[0]!.seats.map((s) => s.free)).to.deep.equal([
      [3, 1, 0],
      [2, 3, 0],
      [0, 0, 5],
    ]);
    expect(doc.roomList[0]!.offers).to.have.length(7);
    expect(doc.players).to.have.length(4);

    const a = input();
    const b = input();
    b.rooms[0]!.events = [...a.rooms[0]!.events].sort((x, y) => x.tx.localeCompare(y.tx) || y.logIndex - x.logIndex);
    b.seats.reverse();
    for (const file of Object.keys(SESSION_FILES) as (keyof typeof SESSION_FILES)[]) {
      expect(SESSION_FILES[file](b), file).to.equal(SESSION_FILES[file](a));
    }
  });
});

function toText(i: SessionExportInput, file: keyof typeof SESSION_FILES): string {
  return SESSION_FILES[file](i);
}
