// A class session's export input read from the chain itself (no indexer): the session's view and its SnatchSession
// events (seats and names, the draw, the rooms, recorded results, the latest block), its rooms' SnatchRooms events and
// their state (SnatchRoomsLens.roomView: free goods, shame tokens), every read pinned to one block. The
// `snatch:session:export` task runs this; the indexer builds the same input from its tables
// (indexer/src/api/export.ts), and client/snatch/session-export.ts turns either into the same bytes.
import type { Provider } from "ethers";
import type { SnatchRoomsLens, SnatchSession } from "../../typechain-types";
import { byRoomId, eventsOf } from "../common/export-chain";
import { address, latestBlock, num, unknownId, type ExportEvent } from "../common/export";
import type { SessionExportInput, SessionRoomInput, SessionSeatInput } from "./session-export";

type Goods = [number, number, number];

/** Reads session `id` as of the latest block. Throws an UnknownExportId (client/common/export.ts) when there is none. */
export async function sessionFromChain(
  session: SnatchSession,
  lens: SnatchRoomsLens,
  roomsAddress: string,
  id: bigint,
): Promise<SessionExportInput> {
  const provider = session.runner!.provider as Provider;
  const blockTag = await provider.getBlockNumber();
  const at = { blockTag };
  const count = await session.sessionCount(at);
  if (id < 1n || id > count) throw unknownId("session", id, count);
  const s = await session.session(id, at);
  const createdBlock = Number(s.createdAt);
  const own = await eventsOf(
    provider,
    "SnatchSession",
    await session.getAddress(),
    "sessionId",
    [id],
    createdBlock,
    blockTag,
  );

  const seats = new Map<string, SessionSeatInput>();
  const rooms: Omit<SessionRoomInput, "events" | "free" | "shameTokens">[] = [];
  let startableFrom = 0;
  for (const e of own) {
    const a = e.args;
    switch (e.name) {
      case "SessionCreated":
        startableFrom = num(a.startableFrom);
        break;
      case "PlayerSeated":
        seats.set(address(a.player), {
          index: num(a.index),
          player: address(a.player),
          name: String(a.name),
          listed: Boolean(a.listed),
          room: null,
          roomId: null,
          seat: null,
          satOut: false,
          points: null,
        });
        break;
      case "SeatsDrawn":
        for (const p of Array.from(a.satOut as ArrayLike<unknown>)) seats.get(address(p))!.satOut = true;
        break;
      case "RoomsCreated": {
        const players = Array.from(a.players as ArrayLike<unknown>, address);
        for (let k = 0; k < num(a.count); k++) {
          const roomId = num(a.firstRoomId) + k;
          const room = num(a.firstRoom) + k;
          rooms.push({ room, roomId });
          for (let seat = 0; seat < 3; seat++)
            Object.assign(seats.get(players[3 * k + seat]!)!, { room, roomId, seat });
        }
        break;
      }
      case "RoomRecorded": {
        const points = Array.from(a.points as ArrayLike<unknown>, num);
        Array.from(a.players as ArrayLike<unknown>, address).forEach((p, seat) => {
          seats.get(p)!.points = points[seat]!;
        });
        break;
      }
    }
  }

  const roomEvents = await eventsOf(
    provider,
    "SnatchRooms",
    roomsAddress,
    "roomId",
    rooms.map((r) => r.roomId),
    createdBlock,
    blockTag,
  );
  const byRoom = byRoomId(roomEvents);
  // The rooms' state, 25 calls at a time (a class of 200 has 66 rooms).
  const views: Awaited<ReturnType<typeof lens.roomView>>[] = [];
  for (let k = 0; k < rooms.length; k += 25) {
    views.push(...(await Promise.all(rooms.slice(k, k + 25).map((r) => lens.roomView(r.roomId, at)))));
  }

  const t = s.totals;
  return {
    id: Number(id),
    organiser: address(s.organiser),
    config: {
      rooms: Number(s.capacity) / 3,
      roomsPerBatch: Number(s.roomsPerBatch),
      joinBlocks: Number(s.joinBlocks),
      ...windowsOf(own),
    },
    format: Number(s.format),
    firstCome: s.firstCome,
    startableFrom,
    stage: Number(s.stage),
    playerCount: Number(s.playerCount),
    seed: s.seed.toString(),
    drawnRooms: Number(s.rooms),
    created: Number(s.created),
    closed: Number(s.closed),
    deadline: Number(s.deadline),
    createdBlock,
    lastBlock: latestBlock(own),
    totals: {
      finished: Number(t.finished),
      offers: Number(t.offers),
      accepts: Number(t.accepts),
      rejects: Number(t.rejects),
      snatches: Number(t.snatches),
      shames: Number(t.shames),
      reports: Number(t.reports),
      points: Number(t.points),
    },
    seats: [...seats.values()],
    rooms: rooms.map((r, k) => ({
      ...r,
      free: [0, 1, 2].map((seat) => Array.from(views[k]!.free[seat]!, Number) as Goods),
      shameTokens: [0, 1, 2].map((seat) => Number(views[k]!.shameTokens[seat])),
      events: byRoom.get(r.roomId) ?? [],
    })),
  };
}

/** The round windows a session was created with (its SessionCreated config). */
function windowsOf(own: readonly ExportEvent[]): { trading: number; closing: number; judging: number } {
  const created = own.find((e) => e.name === "SessionCreated");
  const c = (created?.args.config ?? {}) as Record<string, unknown>;
  return { trading: num(c.trading ?? 0), closing: num(c.closing ?? 0), judging: num(c.judging ?? 0) };
}
