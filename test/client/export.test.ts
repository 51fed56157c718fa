// The export formats (client/common/csv.ts, client/<game>/export.ts) on hand-made events: RFC 4180 quoting, the fixed
// column order, the status cell, a SnatchGame room's rounds as the data model reads them, a Forking Hex tree and a
// CATAMM game's trades and builds, and that the same events in any order give the same bytes.
import { expect } from "chai";
import { cellText, csvField, csvLine, parseCsv, toCsv, toJson } from "../../client/common/csv";
import {
  EXPORTS,
  exportFileName,
  exportUrl,
  unknownId,
  UnknownExportId,
  type ExportEvent,
} from "../../client/common/export";
import { CATAMM_FILES, catammBuildsCsv, catammTradesCsv } from "../../client/catamm/export";
import { HEX_FILES, hexFromEvents, hexMovesCsv, hexPayoutsCsv } from "../../client/hex/export";
import {
  LEADERBOARD_COLUMNS,
  leaderboardRows,
  PLAYER_COLUMNS,
  playersCsv,
  ROUND_COLUMNS,
  roundRows,
  roundsCsv,
  TOURNAMENT_FILES,
  tournamentJson,
  type TournamentExportInput,
} from "../../client/snatch/export";
import { NoOfferReason, RuleSet } from "../../client/snatch/names";
import { Role, Stage } from "../../client/snatch/tournament";

const A = "0x00000000000000000000000000000000000000aa";
const B = "0x00000000000000000000000000000000000000bb";
const C = "0x00000000000000000000000000000000000000cc";
const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

let logIndex = 0;
const ev = (block: number, name: string, args: Record<string, unknown>): ExportEvent => ({
  name,
  args,
  block,
  logIndex: logIndex++,
  tx: tx(block),
});

/** A shuffled copy (deterministic). */
function shuffled<T>(xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = (i * 7 + 3) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe("exports: CSV writer", function () {
  it("quotes fields with commas, quotes, CR or LF (RFC 4180) and leaves others bare", function () {
    expect(csvField("plain")).to.equal("plain");
    expect(csvField("a,b")).to.equal('"a,b"');
    expect(csvField('say "hi"')).to.equal('"say ""hi"""');
    expect(csvField("two\nlines")).to.equal('"two\nlines"');
    expect(csvField("cr\rhere")).to.equal('"cr\rhere"');
    expect(csvField(" spaced ")).to.equal(" spaced ");
  });

  it("neutralises text cells a spreadsheet would run as formulas (OWASP), leaving numeric cells numbers", function () {
    // A leading =, +, -, @, tab, carriage return or a full-width form gets an apostrophe: shown as text, never run.
    expect(csvField('=HYPERLINK("http://x","click")')).to.equal(`"'=HYPERLINK(""http://x"",""click"")"`);
    expect(csvField("+1+1")).to.equal("'+1+1");
    expect(csvField("-2+3")).to.equal("'-2+3");
    expect(csvField("@SUM(A1)")).to.equal("'@SUM(A1)");
    expect(csvField("\tx")).to.equal(`"'\tx"`);
    expect(csvField("\r=1")).to.equal(`"'\r=1"`);
    for (const wide of ["\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]) expect(csvField(`${wide}1`)).to.equal(`'${wide}1`);
    // Only the first character counts; an apostrophe already there is kept as it is.
    expect(csvField("a=1")).to.equal("a=1");
    expect(csvField("'=1")).to.equal("'=1");
    // A semicolon is quoted (spreadsheets that split on it would start a new cell, a formula, after it).
    expect(csvField("a;=1+1")).to.equal('"a;=1+1"');
    // Numbers and bigints are numeric cells: a negative one keeps its minus sign; the same text is neutralised.
    expect(csvLine([-3, -12345678901234567890n, "-3", 0, -0.5])).to.equal("-3,-12345678901234567890,'-3,0,-0.5");
    expect(toCsv(["net", "name"] as const, [{ net: -5n, name: "-5" }])).to.equal("net,name\n-5,'-5\n");
  });

  it("writes numbers and bigints as plain decimals, booleans as true/false, null as empty", function () {
    expect(cellText(12345678901234567890n)).to.equal("12345678901234567890");
    expect(cellText(1e21)).to.equal("1000000000000000000000");
    expect(cellText(-3)).to.equal("-3");
    expect(cellText(0.5)).to.equal("0.5");
    expect(cellText(true)).to.equal("true");
    expect(cellText(false)).to.equal("false");
    expect(cellText(null)).to.equal("");
    expect(cellText(undefined)).to.equal("");
    expect(() => cellText(Number.NaN)).to.throw(/cannot hold NaN/);
  });

  it("keeps the columns' order, ends every line with \\n, and reads back", function () {
    const text = toCsv(["b", "a", "c"] as const, [
      { a: 1, b: "x,y", c: null },
      { c: true, a: 'q"', b: "line\nbreak" },
    ]);
    expect(text).to.equal('b,a,c\n"x,y",1,\n"line\nbreak","q""",true\n');
    expect(parseCsv(text)).to.deep.equal([
      ["b", "a", "c"],
      ["x,y", "1", ""],
      ["line\nbreak", 'q"', "true"],
    ]);
    expect(toCsv(["only"] as const, [])).to.equal("only\n");
  });

  it("writes JSON with bigints as strings and a final newline", function () {
    expect(toJson({ a: 1n, b: [2] })).to.equal('{\n  "a": "1",\n  "b": [\n    2\n  ]\n}\n');
  });

  it("names the routes and files the indexer serves and the tasks write", function () {
    expect([...EXPORTS.snatch.files]).to.deep.equal(Object.keys(TOURNAMENT_FILES));
    expect([...EXPORTS.hex.files]).to.deep.equal(Object.keys(HEX_FILES));
    expect([...EXPORTS.catamm.files]).to.deep.equal(Object.keys(CATAMM_FILES));
    expect(exportUrl("/indexer/", "snatch", 1, "rounds.csv")).to.equal(
      "/indexer/export/snatch/tournament/1/rounds.csv",
    );
    expect(exportUrl("http://x:1", "hex", 2n, "moves.csv")).to.equal("http://x:1/export/hex/game/2/moves.csv");
    expect(exportFileName("catamm", 3, "trades.csv")).to.equal("catamm-game-3-trades.csv");
    expect(unknownId("tournament", 7, 3)).to.be.instanceOf(UnknownExportId);
    expect(unknownId("tournament", 7, 3).message).to.equal("there is no tournament 7: the contract has 3 (ids 1 to 3)");
    expect(unknownId("CATAMM game", 1, 0n).message).to.equal("there is no CATAMM game 1: none has been created yet");
  });
});

/** A tournament of three players (A, B, C): phase 2 (G2) and phase 4 (G4) rooms, C sitting out. */
function tournament(stage: number): TournamentExportInput {
  logIndex = 0;
  const seated = (room: number, block: number) => [
    ev(block, "RoomCreated", { roomId: room, format: 7, creator: A, byFactory: true }),
    ev(block, "RolesAssigned", {
      roomId: room,
      players: [A, B, "0x" + "0".repeat(40)],
      roles: [0, 2, 0],
      firstJudge: 3,
    }),
  ];
  // G2: round 1 P2 lifts the force and P1 passes; round 2 a forced offer accepted in part; round 3 a forced P1 silent.
  const g2 = [
    ...seated(5, 100),
    ev(100, "RoundStarted", { roomId: 5, round: 1, rules: RuleSet.G2Forced, judge: 3, phase: 6, deadline: 104 }),
    ev(101, "ForceSet", { roomId: 5, round: 1, forced: false }),
    ev(102, "NoOffer", { roomId: 5, round: 1, reason: NoOfferReason.Passed }),
    ev(103, "RoundStarted", { roomId: 5, round: 2, rules: RuleSet.G2Forced, judge: 3, phase: 6, deadline: 107 }),
    ev(104, "OfferMade", {
      roomId: 5,
      offerId: 1,
      from: A,
      to: B,
      offering: [4, 0, 0],
      requesting: [0, 0, 3],
      escrowed: [4, 0, 0],
    }),
    ev(105, "OfferAccepted", { roomId: 5, offerId: 1, toTarget: [4, 0, 0], toOfferer: [0, 0, 3], atClose: false }),
    ev(106, "RoundStarted", { roomId: 5, round: 3, rules: RuleSet.G2Forced, judge: 3, phase: 6, deadline: 110 }),
    ev(111, "NoOffer", { roomId: 5, round: 3, reason: NoOfferReason.Refused }),
    ev(111, "RoomFinished", { roomId: 5, points: [12, 15, 0] }),
  ];
  // G4: round 1 a snatch, reported and reversed; rounds 2-3 still to come (the room is running).
  const g4 = [
    ...seated(9, 200),
    ev(200, "RoundStarted", { roomId: 9, round: 1, rules: RuleSet.G4Report, judge: 3, phase: 6, deadline: 204 }),
    ev(201, "OfferMade", {
      roomId: 9,
      offerId: 1,
      from: A,
      to: B,
      offering: [2, 0, 0],
      requesting: [0, 0, 5],
      escrowed: [2, 0, 0],
    }),
    ev(202, "OfferSnatched", { roomId: 9, offerId: 1, taken: [2, 0, 0] }),
    ev(203, "SnatchReported", { roomId: 9, offerId: 1, victim: A }),
    ev(203, "SnatchReversed", { roomId: 9, offerId: 1, returned: [2, 0, 0], sanction: [0, 0, 5] }),
    ev(203, "RoundStarted", { roomId: 9, round: 2, rules: RuleSet.G4Report, judge: 3, phase: 6, deadline: 207 }),
  ];
  return {
    id: 1,
    organiser: A,
    config: {
      cap: 10,
      roomsPerBatch: 1,
      registrationBlocks: 20,
      grace: 2,
      talk: 3,
      offer: 4,
      response: 4,
      decision: 4,
    },
    formats: [6, 7, 8, 9, 10],
    stage,
    phase: 4,
    playerCount: 3,
    createdBlock: 50,
    lastBlock: 150,
    entries: [
      {
        player: A,
        name: "Ada, the first",
        index: 1,
        scoreAsP1: 12,
        scoreAsP2: 0,
        roomsAsP1: 1,
        roomsAsP2: 0,
        satOut: 0,
        g3Shame: 0,
      },
      {
        player: B,
        name: 'Bo "B"',
        index: 2,
        scoreAsP1: 0,
        scoreAsP2: 15,
        roomsAsP1: 0,
        roomsAsP2: 1,
        satOut: 0,
        g3Shame: 0,
      },
      {
        player: C,
        name: "",
        index: 3,
        scoreAsP1: 0,
        scoreAsP2: 0,
        roomsAsP1: 0,
        roomsAsP2: 0,
        satOut: 0b1010,
        g3Shame: 0,
      },
    ],
    phases: [],
    pairings: [
      { phase: 4, player: B, role: Role.P2, roomId: 9, opponent: A, points: null, opponentPoints: null },
      { phase: 4, player: C, role: Role.SatOut, roomId: null, opponent: null, points: null, opponentPoints: null },
      { phase: 2, player: A, role: Role.P1, roomId: 5, opponent: B, points: 12, opponentPoints: 15 },
      { phase: 4, player: A, role: Role.P1, roomId: 9, opponent: B, points: null, opponentPoints: null },
      { phase: 2, player: B, role: Role.P2, roomId: 5, opponent: A, points: 15, opponentPoints: 12 },
      { phase: 2, player: C, role: Role.SatOut, roomId: null, opponent: null, points: null, opponentPoints: null },
    ],
    rooms: [
      { roomId: 9, phase: 4, pair: 0, events: g4 },
      { roomId: 5, phase: 2, pair: 0, events: g2 },
    ],
  };
}

describe("exports: SnatchGame tournament", function () {
  it("one row per room and round with the data model's columns, in phase, room and round order", function () {
    const rows = roundRows(tournament(Stage.Playing));
    expect(rows.map((r) => [r.phase, r.variant, r.room, r.round])).to.deep.equal([
      [2, "G2", 5, 1],
      [2, "G2", 5, 2],
      [2, "G2", 5, 3],
      [4, "G4", 9, 1],
      [4, "G4", 9, 2],
    ]);
    const [r1, r2, r3, s1, s2] = rows;
    expect(r1).to.include({
      status: "running at block 203",
      p1_name: "Ada, the first",
      p1_address: A,
      p2_name: 'Bo "B"',
      p2_address: B,
      forced_by_p2: false,
      force_block: 101,
      p1_action: "no_offer",
      no_offer_reason: "passed",
      p1_action_block: 102,
      p1_action_tx: tx(102),
      p2_action: null,
      p1_turkey: 10,
      p1_corn: 0,
      p1_points: 10,
      p2_points: 10,
      round_closed_block: 103,
    });
    expect(r2).to.include({
      forced_by_p2: true,
      p1_action: "forced_offer",
      offer_turkey: 4,
      request_corn: 3,
      p2_action: "accept",
      p2_by_default: false,
      p2_action_block: 105,
      p1_turkey: 6,
      p1_corn: 3,
      p1_points: 12,
      p2_turkey: 4,
      p2_corn: 7,
      p2_points: 15,
      third_round: false,
    });
    expect(r3).to.include({
      p1_action: "no_offer",
      no_offer_reason: "refused (forced P1 stayed silent)",
      third_round: true,
    });
    expect(r3).to.include({ p1_points: 12, p2_points: 15, round_closed_block: 111 });
    expect(s1).to.include({
      forced_by_p2: null,
      p1_action: "offer",
      p2_action: "snatch",
      p1_decision: "report",
      reported: true,
      shame_assigned: false,
      report_ruling: "reversed",
      ruling_block: 203,
      p1_turkey: 10,
      p1_corn: 5,
      p2_turkey: 0,
      p2_corn: 5,
    });
    // The round in play: no outcome yet.
    expect(s2).to.include({ p1_action: null, p1_points: null, round_closed_block: null });
  });

  it("writes the header in the fixed column order and the same bytes for the events in any order", function () {
    const input = tournament(Stage.Playing);
    const text = roundsCsv(input);
    expect(text.split("\n")[0]).to.equal(ROUND_COLUMNS.join(","));
    const shuffledInput = {
      ...input,
      rooms: shuffled(input.rooms).map((r) => ({ ...r, events: shuffled(r.events) })),
      pairings: shuffled(input.pairings),
      entries: shuffled(input.entries),
    };
    for (const make of Object.values(TOURNAMENT_FILES)) expect(make(shuffledInput)).to.equal(make(input));
    // Names with commas and quotes survive the round trip.
    const parsed = parseCsv(text);
    expect(parsed[1]![ROUND_COLUMNS.indexOf("p1_name")]).to.equal("Ada, the first");
    expect(parsed[1]![ROUND_COLUMNS.indexOf("p2_name")]).to.equal('Bo "B"');
    expect(parsed.every((line) => line.length === ROUND_COLUMNS.length)).to.equal(true);
  });

  it("players: one row per player and phase, sat-out rows, points only once recorded", function () {
    const lines = parseCsv(playersCsv(tournament(Stage.Playing)));
    expect(lines[0]).to.deep.equal([...PLAYER_COLUMNS]);
    const col = (name: string) => PLAYER_COLUMNS.indexOf(name as (typeof PLAYER_COLUMNS)[number]);
    expect(
      lines.slice(1).map((l) => [l[col("phase")], l[col("address")], l[col("role")], l[col("points")]]),
    ).to.deep.equal([
      ["2", A, "P1", "12"],
      ["2", B, "P2", "15"],
      ["2", C, "sat out", ""],
      ["4", A, "P1", ""],
      ["4", B, "P2", ""],
      ["4", C, "sat out", ""],
    ]);
    expect(lines[3]![col("sat_out")]).to.equal("true");
    expect(lines[4]![col("recorded")]).to.equal("false");
  });

  it("leaderboard: ranked by aggregate then registration; a final tournament says final", function () {
    const input = tournament(Stage.Final);
    expect(leaderboardRows(input).map((r) => [r.rank, r.address, r.aggregate, r.sat_out_phases])).to.deep.equal([
      [1, B, 15, ""],
      [2, A, 12, ""],
      [3, C, 0, "2 4"],
    ]);
    expect(roundsCsv(input).split("\n")[1]!.startsWith("final,")).to.equal(true);
    const doc = JSON.parse(tournamentJson(input)) as {
      status: string;
      rooms: { room: number; p1: { name: string }; rounds: unknown[] }[];
      leaderboard: { satOutPhases: number[] }[];
    };
    expect(doc.status).to.equal("final");
    expect(doc.rooms.map((r) => [r.room, r.p1.name, r.rounds.length])).to.deep.equal([
      [5, "Ada, the first", 3],
      [9, "Ada, the first", 2],
    ]);
    expect(doc.leaderboard[2]!.satOutPhases).to.deep.equal([2, 4]);
    expect(parseCsv(toCsv(LEADERBOARD_COLUMNS, leaderboardRows(input)))[0]).to.deep.equal([...LEADERBOARD_COLUMNS]);
  });
});

describe("exports: Forking Hex and CATAMM", function () {
  it("Forking Hex: moves with depth, colour and proof; payouts from deposits and credits", function () {
    logIndex = 0;
    const events = [
      ev(10, "GameCreated", { gameId: 1, creator: A, size: 3, stake: 1000, token: "0x" + "0".repeat(40) }),
      ev(10, "Moved", { gameId: 1, positionId: 1, parentId: 0, player: A, cell: 4, deadline: 0 }),
      ev(11, "Moved", { gameId: 1, positionId: 2, parentId: 1, player: B, cell: 0, deadline: 15 }),
      ev(12, "Moved", { gameId: 1, positionId: 3, parentId: 1, player: B, cell: 8, deadline: 16 }),
      ev(13, "WinProven", { gameId: 1, positionId: 3, prover: C }),
      ev(20, "SettlementProgressed", { gameId: 1, phase: 2, cursor: 0, fundAmount: 0 }),
      ev(21, "PayoutCredited", { gameId: 1, player: B, amount: 2500 }),
    ];
    const names = new Map([[B, "Bo"]]);
    const g = hexFromEvents(1, events, names);
    expect(g).to.include({ size: 3, settlePhase: 2, lastBlock: 20 });
    const moves = parseCsv(hexMovesCsv(g));
    expect(moves.slice(1).map((m) => m.slice(0, 12))).to.deep.equal([
      ["running at block 20", "1", "1", "0", "1", "", A, "4", "b2", "Red", "1000", "false"],
      ["running at block 20", "1", "2", "1", "2", "Bo", B, "0", "a1", "Blue", "1000", "false"],
      ["running at block 20", "1", "3", "1", "2", "Bo", B, "8", "c3", "Blue", "1000", "true"],
    ]);
    expect(parseCsv(hexPayoutsCsv(g)).slice(1)).to.deep.equal([
      ["running at block 20", "1", "", A, "0x" + "0".repeat(40), "1", "1000", "0", "-1000"],
      ["running at block 20", "1", "Bo", B, "0x" + "0".repeat(40), "2", "2000", "2500", "500"],
    ]);
    expect(hexMovesCsv(hexFromEvents(1, shuffled(events), names))).to.equal(hexMovesCsv(g));
  });

  it("CATAMM: trades with reserves after, builds with their turn, exact card amounts", function () {
    logIndex = 0;
    const card = 10n ** 18n;
    const events = [
      ev(5, "InitialPlacement", { gameId: 2, player: A, vertex: 10, edge: 12, automatic: false }),
      ev(6, "TurnStarted", { gameId: 2, player: A, turn: 1, deadline: 30 }),
      ev(7, "Swapped", {
        gameId: 2,
        player: A,
        pool: 0,
        resourceIn: 1,
        amountIn: (3n * card) / 2n,
        fee: card / 10n,
        amountOut: 1n,
        reserve0: 1000n * card,
        reserve1: 1001n * card + card / 2n,
      }),
      ev(8, "RoadBuilt", { gameId: 2, player: A, edge: 13, free: false }),
      ev(9, "RequestCreditHeld", { gameId: 2, player: A, amount: 1 }),
      ev(9, "LiquidityAdded", {
        gameId: 2,
        player: B,
        pool: 9,
        amount0: card,
        amount1: 2n * card,
        shares: 77,
        reserve0: 11n * card,
        reserve1: 12n * card,
      }),
    ];
    const names = new Map([[A, "Ada"]]);
    const trades = parseCsv(catammTradesCsv({ id: 2, events, names }));
    expect(trades[1]!.slice(0, 12)).to.deep.equal([
      "running at block 9",
      "2",
      "1",
      "swap",
      "Ada",
      A,
      "0",
      "Wood-Brick",
      "Brick",
      "1.5",
      "0.1",
      "0.000000000000000001",
    ]);
    expect(trades[2]!.slice(3, 4)).to.deep.equal(["deposit"]);
    expect(trades[2]!.slice(-7, -1)).to.deep.equal(["77", "", "", "11", "12", "9"]);
    const builds = parseCsv(catammBuildsCsv({ id: 2, events: shuffled(events), names }));
    expect(builds.slice(1).map((b) => [b[2], b[3], b[6], b[7], b[8], b[9]])).to.deep.equal([
      ["0", "initial placement", "10", "12", "", "false"],
      ["1", "road", "", "13", "false", ""],
    ]);
    expect(catammTradesCsv({ id: 2, events: shuffled(events), names })).to.equal(
      catammTradesCsv({ id: 2, events, names }),
    );
    expect(
      catammTradesCsv({ id: 2, events: [...events, ev(40, "GameWon", { gameId: 2, winner: A })], names }),
    ).to.match(/\nfinal,/);
  });
});
