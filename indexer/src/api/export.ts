// The exports, served by the indexer (and through the gateway at /indexer/export/...): each file is built from the
// indexer's tables with the same client/ formatters the `*:export` tasks use on the chain's own views and events, so
// both give the same bytes. Routes (docs/class.md, "Exports"):
//   GET /export/snatch/tournament/:id/{rounds.csv,players.csv,leaderboard.csv,tournament.json}
//   GET /export/snatch/session/:id/{rooms.csv,offers.csv,players.csv,session.json}
//   GET /export/hex/game/:id/{moves.csv,payouts.csv}
//   GET /export/catamm/game/:id/{trades.csv,builds.csv}
// An unknown id or file is a 404 whose body is a sentence saying so (text/plain); a malformed id a 400.
import { db } from "ponder:api";
import {
  catammGame,
  catammLog,
  hexGame,
  hexPayout,
  hexPosition,
  playerName,
  snatchEntry,
  snatchLog,
  snatchPairing,
  snatchPhase,
  snatchRoom,
  snatchSeat,
  snatchSession,
  snatchSessionSeat,
  snatchTournament,
} from "ponder:schema";
import { asc, eq, inArray } from "ponder";
import { Hono, type Context } from "hono";
import { EXPORT_TYPES, exportFileName, type ExportEvent, type ExportGame } from "../../../client/common/export";
import { TOURNAMENT_FILES, type TournamentExportInput } from "../../../client/snatch/export";
import { configRecord, entryRecord, phaseRecord } from "../../../client/snatch/records";
import { SESSION_FILES, type SessionExportInput } from "../../../client/snatch/session-export";
import { HEX_FILES, type HexExportInput } from "../../../client/hex/export";
import { CATAMM_FILES, type CatammExportInput } from "../../../client/catamm/export";

const exportApp = new Hono();

/** A download: its content type from the extension, a file name for the browser's "save as". */
function download(c: Context, game: ExportGame, id: bigint, file: string, body: string) {
  const type = file.endsWith(".json") ? EXPORT_TYPES.json : EXPORT_TYPES.csv;
  return c.body(body, 200, {
    "content-type": type,
    "content-disposition": `attachment; filename="${exportFileName(game, id, file)}"`,
    "cache-control": "no-store",
  });
}

const sentence = (c: Context, status: 400 | 404, text: string) =>
  c.text(`${text}\n`, status, { "cache-control": "no-store" });

/** The id in the path, or null when it is not a positive decimal number. */
function idOf(c: Context): bigint | null {
  const text = c.req.param("id") ?? "";
  return /^[1-9][0-9]{0,19}$/.test(text) ? BigInt(text) : null;
}

function unknownFile(c: Context, what: string, files: object) {
  return sentence(c, 404, `${what} has no export "${c.req.param("file")}": ask for ${Object.keys(files).join(", ")}`);
}

/** Latest display names of `players` (player_name), by lower-case address. */
async function namesOf(players: readonly string[]): Promise<Map<string, string>> {
  if (players.length === 0) return new Map();
  const rows = await db
    .select()
    .from(playerName)
    .where(inArray(playerName.player, players as `0x${string}`[]));
  return new Map(rows.map((r) => [r.player, r.name]));
}

/** Log rows as export events. */
const events = (rows: { name: string; args: unknown; block: bigint; logIndex: number; tx: string }[]): ExportEvent[] =>
  rows.map((r) => ({
    name: r.name,
    args: r.args as Record<string, unknown>,
    block: Number(r.block),
    logIndex: r.logIndex,
    tx: r.tx,
  }));

/** The SnatchRooms events of `rooms` (snatch_log), as export events by room. */
async function roomLogs(rooms: readonly bigint[]): Promise<Map<bigint, ExportEvent[]>> {
  const byRoom = new Map<bigint, ExportEvent[]>();
  if (rooms.length === 0) return byRoom;
  const logs = await db
    .select()
    .from(snatchLog)
    .where(inArray(snatchLog.roomId, [...rooms]))
    .orderBy(asc(snatchLog.block), asc(snatchLog.logIndex));
  for (const l of logs) {
    const list = byRoom.get(l.roomId) ?? [];
    list.push(...events([l]));
    byRoom.set(l.roomId, list);
  }
  return byRoom;
}

// ------------------------------------------------------------------------------------------ SnatchGame tournaments

async function tournamentInput(id: bigint): Promise<TournamentExportInput | null> {
  const [t] = await db.select().from(snatchTournament).where(eq(snatchTournament.id, id));
  if (!t) return null;
  const [entries, phases, pairings, rooms] = await Promise.all([
    db.select().from(snatchEntry).where(eq(snatchEntry.tournamentId, id)).orderBy(asc(snatchEntry.index)),
    db.select().from(snatchPhase).where(eq(snatchPhase.tournamentId, id)).orderBy(asc(snatchPhase.phase)),
    db.select().from(snatchPairing).where(eq(snatchPairing.tournamentId, id)),
    db
      .select({ id: snatchRoom.id, phase: snatchRoom.tournamentPhase, pair: snatchRoom.pair })
      .from(snatchRoom)
      .where(eq(snatchRoom.tournamentId, id)),
  ]);
  const byRoom = await roomLogs(rooms.map((r) => r.id));
  return {
    id: Number(t.id),
    organiser: t.organiser,
    config: configRecord(t),
    formats: t.formats,
    stage: t.stage,
    phase: t.phase,
    playerCount: t.playerCount,
    createdBlock: Number(t.createdBlock),
    lastBlock: Number(t.lastBlockSeen),
    entries: entries.map((e) => entryRecord(e)),
    phases: phases.map((p) => ({ ...phaseRecord(p), format: p.format, seed: p.seed.toString() })),
    pairings: pairings.map((p) => ({
      phase: p.phase,
      player: p.player,
      role: p.role,
      roomId: p.roomId === null ? null : Number(p.roomId),
      opponent: p.opponent,
      points: p.points,
      opponentPoints: p.opponentPoints,
    })),
    rooms: rooms.map((r) => ({
      roomId: Number(r.id),
      phase: r.phase ?? 0,
      pair: r.pair ?? 0,
      events: byRoom.get(r.id) ?? [],
    })),
  };
}

// ------------------------------------------------------------------------------------------- class sessions

async function sessionInput(id: bigint): Promise<SessionExportInput | null> {
  const [s] = await db.select().from(snatchSession).where(eq(snatchSession.id, id));
  if (!s) return null;
  const [seats, rooms] = await Promise.all([
    db.select().from(snatchSessionSeat).where(eq(snatchSessionSeat.sessionId, id)),
    db.select({ id: snatchRoom.id, room: snatchRoom.sessionRoom }).from(snatchRoom).where(eq(snatchRoom.sessionId, id)),
  ]);
  const ids = rooms.map((r) => r.id);
  const [byRoom, roomSeats] = await Promise.all([
    roomLogs(ids),
    ids.length === 0 ? [] : db.select().from(snatchSeat).where(inArray(snatchSeat.roomId, ids)),
  ]);
  const seatOf = (roomId: bigint, seat: number) => roomSeats.find((x) => x.roomId === roomId && x.seat === seat);
  return {
    id: Number(s.id),
    organiser: s.organiser,
    config: {
      rooms: s.maxRooms,
      roomsPerBatch: s.roomsPerBatch,
      joinBlocks: s.joinBlocks,
      trading: s.trading,
      closing: s.closing,
      judging: s.judging,
    },
    format: s.format,
    firstCome: s.firstCome,
    startableFrom: Number(s.startableFrom),
    stage: s.stage,
    playerCount: s.playerCount,
    seed: s.seed.toString(),
    drawnRooms: s.rooms,
    created: s.created,
    closed: s.closed,
    deadline: Number(s.deadline),
    createdBlock: Number(s.createdBlock),
    lastBlock: Number(s.lastBlockSeen),
    totals: {
      finished: s.finished,
      offers: s.offers,
      accepts: s.accepts,
      rejects: s.rejects,
      snatches: s.snatches,
      shames: s.shames,
      reports: s.reports,
      points: s.points,
    },
    seats: seats.map((x) => ({
      index: x.index,
      player: x.player,
      name: x.name,
      listed: x.listed,
      room: x.room,
      roomId: x.roomId === null ? null : Number(x.roomId),
      seat: x.seat,
      satOut: x.satOut,
      points: x.points,
    })),
    rooms: rooms.map((r) => ({
      room: r.room ?? 0,
      roomId: Number(r.id),
      free: [0, 1, 2].map((seat) => (seatOf(r.id, seat)?.free ?? [0, 0, 0]) as [number, number, number]),
      shameTokens: [0, 1, 2].map((seat) => seatOf(r.id, seat)?.shameTokens ?? 0),
      events: byRoom.get(r.id) ?? [],
    })),
  };
}

// ------------------------------------------------------------------------------------------------- Forking Hex

async function hexInput(id: bigint): Promise<HexExportInput | null> {
  const [g] = await db.select().from(hexGame).where(eq(hexGame.id, id));
  if (!g) return null;
  const [moves, payouts] = await Promise.all([
    db.select().from(hexPosition).where(eq(hexPosition.gameId, id)),
    db.select().from(hexPayout).where(eq(hexPayout.gameId, id)),
  ]);
  return {
    id: Number(g.id),
    size: g.size,
    token: g.token,
    cancelled: g.cancelled,
    settlePhase: g.settlePhase,
    lastBlock: Number(g.lastBlockSeen),
    moves: moves.map((m) => ({
      position: m.positionId,
      parent: m.parentId,
      player: m.player,
      cell: m.cell,
      depth: m.depth,
      deposit: m.deposit,
      proven: m.proven,
      block: Number(m.block),
      tx: m.tx,
    })),
    payouts: payouts.map((p) => ({
      player: p.player,
      moves: p.moves,
      deposited: p.deposited,
      credited: p.credited,
    })),
    names: await namesOf(payouts.map((p) => p.player)),
  };
}

// ------------------------------------------------------------------------------------------------------ CATAMM

async function catammInput(id: bigint): Promise<CatammExportInput | null> {
  const [g] = await db.select().from(catammGame).where(eq(catammGame.id, id));
  if (!g) return null;
  const rows = await db
    .select()
    .from(catammLog)
    .where(eq(catammLog.gameId, id))
    .orderBy(asc(catammLog.block), asc(catammLog.logIndex));
  const players = [...new Set(rows.map((r) => r.actor).filter((a): a is `0x${string}` => a !== null))];
  return { id: Number(id), events: events(rows), names: await namesOf(players) };
}

// --------------------------------------------------------------------------------------------------- the routes

/**
 * `GET /<path>/:id/:file`: the id checked (400), the file known (404 listing the files), the thing found (404), then
 * the download. `noun` names the thing in the sentences ("tournament 3", "CATAMM game 2").
 */
function route<I>(
  path: string,
  game: ExportGame,
  noun: string,
  files: Record<string, (input: I) => string>,
  input: (id: bigint) => Promise<I | null>,
): void {
  const idWord = noun.split(" ").at(-1);
  exportApp.get(`${path}/:id/:file`, async (c) => {
    const id = idOf(c);
    if (id === null) return sentence(c, 400, `"${c.req.param("id")}" is not a ${idWord} id (a positive whole number)`);
    const file = c.req.param("file");
    const make = Object.hasOwn(files, file) ? files[file] : undefined;
    if (!make) return unknownFile(c, `${noun} ${id}`, files);
    const found = await input(id);
    if (!found) return sentence(c, 404, `there is no ${noun} ${id} (none has been created with that id yet)`);
    return download(c, game, id, file, make(found));
  });
}

route("/snatch/tournament", "snatch", "tournament", TOURNAMENT_FILES, tournamentInput);
route("/snatch/session", "session", "session", SESSION_FILES, sessionInput);
route("/hex/game", "hex", "Forking Hex game", HEX_FILES, hexInput);
route("/catamm/game", "catamm", "CATAMM game", CATAMM_FILES, catammInput);

export default exportApp;
