// A room kept live, as queries under the room's key (data/keys.ts): the lens's room and offers views, its format,
// every event of the room (data/useHistory.ts: the indexer's log of the room, or the node's logs without one), and
// the randomness request's status while roles are awaited. The views (and the checks of the room's actions, under
// the same key) are read again when the indexer's word for the room changes (without an indexer: when the room's
// logs bring an event), when a deadline passes (its defaults are due, which changes what the contract accepts),
// at every block while roles are awaited, and after the page's own transaction (`refresh`).
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { Log } from "ethers";
import { useBlock } from "../shared/block";
import { decodeEvent } from "../../../client/events";
import { getLogsOfId } from "../../../client/logs";
import { Phase, type WindowLengths } from "../../../client/snatch/names";
import type { RoomEvent } from "../../../client/snatch/history";
import { offerStatesOf, roomStateOf, type OfferState, type RoomState } from "../../../client/snatch/state";
import { useRandomness, type SnatchContracts } from "./contracts";
import { useChainRead } from "../data/chain";
import { readRoomEvents } from "../data/history";
import { chainKeys } from "../data/keys";
import { refresh, useRefreshOn, useRefreshOnRise } from "../data/refresh";
import { useHistory } from "../data/useHistory";
import { useRoomWord } from "../data/words";

export interface FormatInfo {
  id: number;
  playerCount: number;
  /** Rule set per round. */
  rounds: number[];
  windows: WindowLengths;
}

export interface LiveRoom {
  room: RoomState | null;
  offers: OfferState[];
  events: RoomEvent[];
  format: FormatInfo | null;
  /** IRandomness.Status of the roles request while the room awaits roles (0 unknown, 1 pending, 2 ready, 3 stale). */
  randomStatus: number | null;
  /** The last failed read in words (what is shown is what was read before it). */
  error: string | null;
  /** The key of what the room's page reads that changes with the room: its views and its actions' checks. */
  stateKey: QueryKey | null;
  /** Reads the room again (after the page's own transaction). */
  refresh(): void;
}

const DESCRIBE = { contract: "SnatchRooms" } as const;

/** A format's rounds and windows, read from the lens. */
export async function readFormat(c: SnatchContracts, id: number): Promise<FormatInfo> {
  const [playerCount, rounds, w] = await c.lens.formatOf(id);
  return {
    id,
    playerCount: Number(playerCount),
    rounds: rounds.map(Number),
    windows: {
      trading: Number(w.trading),
      closing: Number(w.closing),
      judging: Number(w.judging),
      talk: Number(w.talk),
      offer: Number(w.offer),
      response: Number(w.response),
      decision: Number(w.decision),
    },
  };
}

/** A format (formats never change: read once per id). */
export function useFormat(c: SnatchContracts | null, id: number | null): FormatInfo | null {
  return (
    useChainRead(c && id !== null ? chainKeys.format(c.chainId, c.roomsAddress, id) : null, () => readFormat(c!, id!), {
      fixed: true,
      describe: DESCRIBE,
    }).data ?? null
  );
}

/** This room's events among `logs` (a log's first topic after the signature may be another id: a format's). */
export function roomEvents(c: SnatchContracts, roomId: bigint, logs: readonly Log[]): RoomEvent[] {
  const known = { [c.roomsAddress.toLowerCase()]: "SnatchRooms" as const };
  const out: RoomEvent[] = [];
  for (const log of logs) {
    const d = decodeEvent(log, { known });
    if (d && d.args.roomId === roomId) out.push({ name: d.name, args: d.args, block: log.blockNumber });
  }
  return out;
}

const NO_EVENTS: RoomEvent[] = [];
const NO_OFFERS: OfferState[] = [];

export function useRoom(c: SnatchContracts | null, roomId: bigint): LiveRoom {
  const queryClient = useQueryClient();
  const block = useBlock().number;
  const randomness = useRandomness(c?.chainId ?? null, c?.rooms ?? null);
  const word = useRoomWord(roomId);
  const scope = c ? chainKeys.room(c.chainId, c.roomsAddress, roomId) : null;
  const stateKey = scope && [...scope, "state"];

  const history = useHistory<RoomEvent[], RoomEvent[]>({
    key: scope && [...scope, "history"],
    from: c?.fromBlock ?? 0,
    wordBlock: word?.lastBlock ?? null,
    fromIndexer: (db, after, upTo) => readRoomEvents(db, roomId, after, upTo),
    fromNode: async (fromBlock, toBlock) =>
      roomEvents(
        c!,
        roomId,
        await getLogsOfId(c!.rooms.runner!.provider!, c!.roomsAddress, roomId, { fromBlock, toBlock }),
      ),
    empty: NO_EVENTS,
    fold: (events, fresh) => (events && fresh.length === 0 ? events : [...(events ?? []), ...fresh]),
    describe: DESCRIBE,
  });
  const events = history.history ?? NO_EVENTS;

  const view = useChainRead(
    stateKey && [...stateKey, "view"],
    async () => {
      if (!queryClient.getQueryData([...stateKey!, "view"])) {
        const count = await c!.rooms.roomCount();
        if (roomId < 1n || roomId > count) throw new Error(`there is no room ${roomId} (rooms 1–${count})`);
      }
      const [v, offers] = await Promise.all([c!.lens.roomView(roomId), c!.lens.allOffers(roomId)]);
      return { room: roomStateOf(roomId, v), offers: offerStatesOf(offers) };
    },
    { describe: DESCRIBE },
  );
  const room = view.data?.room ?? null;
  const format = useFormat(c, room?.format ?? null);
  const awaiting = room?.phase === Phase.AwaitingRoles;
  const request = useChainRead(
    stateKey && awaiting && randomness ? [...stateKey, "request", room!.rolesRequest] : null,
    async () => Number(await randomness!.status(room!.rolesRequest)),
  );

  // What makes the views worth reading again: the room's events (the indexer's word, else the logs read), a
  // deadline passed since they were read, and each block while the roles are awaited.
  useRefreshOn(stateKey, word ?? events.length);
  const passed = room ? Math.max(0, ...[room.deadline, room.offersUntil].filter((d) => d > 0 && d < block)) : 0;
  useRefreshOnRise(stateKey, awaiting ? block : passed);

  return {
    room,
    offers: view.data?.offers ?? NO_OFFERS,
    events,
    format,
    randomStatus: awaiting ? (request.data ?? null) : null,
    error: view.error ?? history.error ?? request.error,
    stateKey,
    refresh: () => {
      if (scope) refresh(queryClient, scope);
    },
  };
}
