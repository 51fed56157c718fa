// A class of SnatchGame players driven from Node, as phones would play: burner keys (funded in one SeatFunder
// transaction per 256 seats by the organiser), every read and every signed transaction through the gateway's /rpc
// (the proxy the phones use), actions at human-like random intervals, and some players who never show up. The
// organiser (a development account on the host, as the teacher's laptop) creates the tournament, starts each phase,
// creates its rooms, advances rooms whose window passed and closes timed-out rooms after the phase deadline, as the
// console's buttons do. Plain Node + ethers: no Hardhat import.
import { JsonRpcProvider, Wallet, type Signer, type ContractTransactionResponse } from "ethers";
import { SeatFunder__factory } from "../../typechain-types/factories/contracts/common/funding/SeatFunder__factory";
import { SnatchRooms__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRooms__factory";
import { SnatchRoomsLens__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRoomsLens__factory";
import { SnatchTournament__factory } from "../../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import type { SnatchRooms, SnatchRoomsLens, SnatchTournament } from "../../typechain-types";
import { Phase, RuleSet } from "../../client/snatch/names";
import { Stage } from "../../client/snatch/tournament";
import { p1Seat, p1Talk, roomStateOf, type RoomState } from "../../client/snatch/state";
import { decodeRevert } from "../../client/errors";
import { advanceHeadroom, sendPadded } from "../../client/snatch/gas";
import { mulberry32 } from "./random";

/** Windows of the class's rooms, in blocks (one a second on the class stack). */
export interface ClassWindows {
  talk: number;
  offer: number;
  response: number;
  decision: number;
}

export interface ClassOptions {
  /** The phones' JSON-RPC URL (the gateway's /rpc on the room's network address). */
  phoneRpc: string;
  /** The host's JSON-RPC URL (the node, or the gateway on loopback): the organiser's development account. */
  hostRpc: string;
  addresses: { rooms: string; lens: string; tournament: string; seatFunder: string };
  /** Players driven from Node. */
  players: number;
  /** Seat `i`'s name (default "Bot 1", …, then "Phone 1", …). */
  names?: (i: number) => string;
  /** Extra seats registered here but played by others (browser phones): their keys are returned. */
  extraSeats: number;
  windows: ClassWindows;
  /** Share of Node players who never act (0..1). */
  absent: number;
  /** A Node player's delay before each action, ms (uniform in [min, max]). */
  thinkMs: [number, number];
  seed: number;
  /** Phases to play (1..5). */
  phases: number;
  /** Log progress lines. */
  log?: (line: string) => void;
}

/** A registered seat: its key, address and name. */
export interface Seat {
  wallet: Wallet;
  name: string;
  /** Played from Node here (else by a browser phone). */
  bot: boolean;
  absent: boolean;
}

/** Confirmed-transaction latencies and refusals seen by the Node players. */
export interface PlayStats {
  latenciesMs: number[];
  failures: string[];
  refused: number;
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The custom error a failed call reverted with (decoded with every game's ABI), or undefined. */
export function revertName(err: unknown): string | undefined {
  const data = (err as { data?: unknown } | null)?.data;
  return typeof data === "string" && data.length >= 10 ? decodeRevert(data)?.name : undefined;
}

/**
 * Whether an error is the gateway refusing a request (its rate limit's sentence, ethers' "server response 429 Too
 * Many Requests", or a size limit). Not a bare "429": an error's message carries its request, hex and all, and a
 * failed read whose call data held those digits was once counted as a refusal.
 */
export function isRefusal(err: unknown): boolean {
  const text = err instanceof Error ? err.message : String(err);
  return /too many requests|over the limit/i.test(text);
}

export class ClassRun {
  readonly phone: JsonRpcProvider;
  readonly host: JsonRpcProvider;
  readonly rooms: SnatchRooms;
  readonly lens: SnatchRoomsLens;
  readonly tournament: SnatchTournament;
  seats: Seat[] = [];
  id = 0n;
  organiser!: Signer;
  readonly stats: PlayStats = { latenciesMs: [], failures: [], refused: 0 };
  /** Seats (addresses, lower case) that made a move in a room. */
  readonly moved = new Set<string>();
  private readonly rng: () => number;
  private stopped = false;
  /** The organiser's last transaction (for a failure's report). */
  lastOrgTx = "";

  constructor(readonly opts: ClassOptions) {
    // One connection per call (no batching: each phone sends its own requests); the chain id is known.
    this.phone = new JsonRpcProvider(opts.phoneRpc, 31337, { staticNetwork: true, batchMaxCount: 1, polling: true });
    this.phone.pollingInterval = 500;
    this.host = new JsonRpcProvider(opts.hostRpc, 31337, { staticNetwork: true, batchMaxCount: 1 });
    this.host.pollingInterval = 250;
    this.rooms = SnatchRooms__factory.connect(opts.addresses.rooms, this.phone);
    this.lens = SnatchRoomsLens__factory.connect(opts.addresses.lens, this.phone);
    this.tournament = SnatchTournament__factory.connect(opts.addresses.tournament, this.phone);
    this.rng = mulberry32(opts.seed);
  }

  private log(line: string) {
    this.opts.log?.(line);
  }

  private think(): Promise<void> {
    const [lo, hi] = this.opts.thinkMs;
    return delay(lo + this.rng() * (hi - lo)).then(() => undefined);
  }

  /** Sends `send()`'s transaction and waits for its receipt; records the latency (or the failure). */
  private async timed(what: string, send: () => Promise<ContractTransactionResponse>): Promise<boolean> {
    const t0 = Date.now();
    try {
      const tx = await send();
      const receipt = await tx.wait();
      if (receipt?.status !== 1) throw new Error("reverted");
      this.stats.latenciesMs.push(Date.now() - t0);
      return true;
    } catch (err) {
      if (isRefusal(err)) this.stats.refused++;
      this.stats.failures.push(`${what}: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
      return false;
    }
  }

  /** The organiser's transaction from the host, awaited. */
  private async org(send: (t: SnatchTournament) => Promise<ContractTransactionResponse>): Promise<void> {
    const tx = await send(this.tournament.connect(this.organiser) as SnatchTournament);
    this.lastOrgTx = tx.hash;
    const receipt = await tx.wait();
    if (receipt?.status !== 1) throw new Error("an organiser transaction reverted");
  }

  /**
   * Creates the tournament (registration window of `registrationBlocks`), makes and funds the seats (Node players and
   * `extraSeats`), and registers every seat from its own key through the phones' proxy.
   */
  async setUp(registrationBlocks = 20): Promise<void> {
    const o = this.opts;
    this.organiser = await this.host.getSigner(0);
    const t = this.tournament.connect(this.organiser) as SnatchTournament;
    const total = o.players + o.extraSeats;
    const tx = await t.createTournament({
      cap: Math.max(2, total),
      roomsPerBatch: 50,
      registrationBlocks,
      grace: 0,
      ...o.windows,
    });
    const receipt = await tx.wait();
    this.id = await this.tournament.tournamentCount();
    this.log(`tournament ${this.id} created (block ${receipt?.blockNumber})`);
    this.seats = Array.from({ length: total }, (_, i) => ({
      wallet: Wallet.createRandom().connect(this.phone) as unknown as Wallet,
      name: o.names ? o.names(i) : i < o.players ? `Bot ${i + 1}` : `Phone ${i - o.players + 1}`,
      bot: i < o.players,
      absent: i < o.players && this.rng() < o.absent,
    }));
    const funder = SeatFunder__factory.connect(o.addresses.seatFunder, this.organiser);
    const each = 10n ** 17n;
    for (let i = 0; i < total; i += 256) {
      const chunk = this.seats.slice(i, i + 256).map((s) => s.wallet.address);
      await (await funder.fund(chunk, each, { value: each * BigInt(chunk.length) })).wait();
    }
    this.log(`${total} seats funded`);
    await Promise.all(
      this.seats.map(async (s, i) => {
        await delay(i * 20); // not all in the same millisecond
        const ok = await this.timed(`register ${s.name}`, () =>
          // Padded as the pages do: the registration that opens a new word of the packed player list pays more
          // than its estimate made a moment earlier, when another seat's registration was still pending.
          sendPadded((this.tournament.connect(s.wallet) as SnatchTournament).register, this.id, s.name),
        );
        if (!ok) throw new Error(`${s.name} could not register: ${this.stats.failures.at(-1)}`);
      }),
    );
    this.log(`${total} seats registered`);
  }

  /**
   * Starts phase `phase` from the organiser's account and creates its rooms in batches (the pairing a block on). A
   * transaction that reverts after its estimate passed (the state moved between the two) is retried from the state
   * read again, a few times, and logged.
   */
  async startPhase(phase: number): Promise<void> {
    const t = this.tournament.connect(this.organiser) as SnatchTournament;
    for (let attempt = 0; ; attempt++) {
      const v = await this.tournament.tournament(this.id);
      const stage = Number(v.stage);
      if (Number(v.phase) === phase && stage === Stage.Playing) return;
      try {
        if (Number(v.phase) < phase) await this.org(() => sendPadded(t.startPhase, this.id, phase));
        else await this.org(() => sendPadded(t.createPhaseRooms, this.id));
      } catch (err) {
        const name = revertName(err);
        if (name !== "PairingNotReady") {
          const why = name ?? (err instanceof Error ? err.message.split("(")[0].trim() : String(err));
          this.log(`phase ${phase}: an organiser transaction failed (${why}); reading the state again`);
          if (attempt >= 10) throw err;
        }
        await delay(500);
      }
    }
  }

  /**
   * Plays every room of the current phase: until the phase ends, advancing timed-out rooms as the organiser
   * (`keeper`, default), or (without it) until every room is finished or stuck on a player who does not act.
   */
  async playPhase(phase: number, keeper = true): Promise<{ lastMoveAt: number }> {
    const pv = await this.tournament.phaseView(this.id, phase);
    this.phaseDeadline = Number(pv.deadline);
    const rooms = await Promise.all(
      Array.from({ length: Number(pv.rooms) }, (_, k) => this.tournament.roomAt(this.id, phase, k)),
    );
    const byAddress = new Map(this.seats.map((s) => [s.wallet.address.toLowerCase(), s]));
    const ids = rooms.map((r) => r.roomId);
    let lastMoveAt = Date.now();
    const onMove = () => (lastMoveAt = Date.now());
    const loops = rooms.map((r) =>
      this.playRoom(
        r.roomId,
        { address: r.p1, seat: byAddress.get(r.p1.toLowerCase()) },
        { address: r.p2, seat: byAddress.get(r.p2.toLowerCase()) },
        onMove,
      ),
    );
    if (keeper) await Promise.all([...loops, this.keepPhaseMoving(phase, ids, onMove)]);
    else await Promise.all(loops);
    return { lastMoveAt };
  }

  /**
   * The organiser's part while a phase plays: every few seconds, advance the rooms whose window passed (their absent
   * player's default), and after the phase deadline close the rest in batches; returns when the phase has ended.
   */
  private async keepPhaseMoving(phase: number, ids: bigint[], onMove: () => void): Promise<void> {
    const rooms = this.rooms.connect(this.organiser) as SnatchRooms;
    for (;;) {
      const v = await this.tournament.tournament(this.id);
      if (Number(v.stage) !== Stage.Playing || Number(v.phase) !== phase) return;
      const head = await this.host.getBlockNumber();
      const pv = await this.tournament.phaseView(this.id, phase);
      if (head > Number(pv.deadline)) {
        await this.org((t) => sendPadded(t.closeTimedOutRooms, this.id, 100)).catch(() => undefined);
        onMove();
      } else {
        const briefs = await this.lens.roomBriefs(ids);
        const due = ids.filter((_, k) => {
          const r = briefs[k].room;
          return Number(r.phase) < Phase.Finished && Number(r.deadline) < head;
        });
        if (due.length) {
          for (let i = 0; i < due.length; i += 50) {
            try {
              const ids = due.slice(i, i + 50);
              const gasLimit = (await rooms.advanceMany.estimateGas(ids)) + advanceHeadroom(ids.length);
              await (await rooms.advanceMany(ids, { gasLimit })).wait();
            } catch (err) {
              this.log(`advancing rooms failed (${revertName(err) ?? String(err).split("(")[0].trim()}); again later`);
            }
          }
          onMove();
        }
      }
      await delay(2000);
    }
  }

  /** One 2-player room, played by its two seats (an absent or browser-played seat does nothing here). */
  private async playRoom(
    roomId: bigint,
    p1: { address: string; seat?: Seat },
    p2: { address: string; seat?: Seat },
    onMove: () => void,
  ): Promise<void> {
    const acts = (s?: Seat): s is Seat => !!s && !s.absent && s.bot;
    const done = new Set<string>();
    while (!this.stopped) {
      let room: RoomState;
      let head: number;
      try {
        room = roomStateOf(roomId, await this.lens.roomView(roomId));
        head = await this.phone.getBlockNumber();
      } catch (err) {
        if (isRefusal(err)) this.stats.refused++;
        await delay(1000);
        continue;
      }
      if (room.phase >= Phase.Finished) return;
      const open = room.deadline > head;
      if (this.phaseOver(room, head)) return;
      // The talk window (G5) runs out by itself; then P1 offers (the offer applies the window's end first). Once P2
      // said done (a player on a phone), P1's offer or pass ends the talk at once (SnatchRooms counts it as P1's done).
      const p2Done = p1Talk(room, p1Seat(room))?.p2Done === true;
      const p1Turn =
        (open && (room.phase === Phase.Offering || room.phase === Phase.Deciding)) ||
        (room.phase === Phase.Talk && (!open || p2Done));
      const p2Turn = open && room.phase === Phase.Responding;
      const me = p1Turn ? p1 : p2Turn ? p2 : undefined;
      const key = `${room.round}:${room.phase}:${room.offerCount}`;
      if (me && acts(me.seat) && !done.has(key)) {
        done.add(key);
        await this.think();
        if (await this.act(room, me.seat, (p1Turn ? p2 : p1).address)) {
          this.moved.add(me.seat.wallet.address.toLowerCase());
          onMove();
        }
      }
      await delay(700 + this.rng() * 600);
    }
  }

  /** Past the phase deadline (set by {@link playPhase}): what is left is the organiser's to close. */
  private phaseDeadline = 0;
  private phaseOver(_room: RoomState, head: number): boolean {
    return this.phaseDeadline > 0 && head > this.phaseDeadline;
  }

  /** One move of `seat` in `room` (`other`: the opponent's address). */
  private async act(room: RoomState, seat: Seat, other: string): Promise<boolean> {
    const rooms = this.rooms.connect(seat.wallet) as SnatchRooms;
    const id = room.roomId;
    const r = this.rng();
    if (room.phase === Phase.Offering || room.phase === Phase.Talk) {
      const k = 1 + Math.floor(this.rng() * 5);
      if (r < 0.15 && room.rules !== RuleSet.G2Forced)
        return this.timed(`pass ${id}`, () => sendPadded(rooms.pass, id));
      return this.timed(`offer ${id}`, () => sendPadded(rooms.offer, id, other, [k, 0, 0], [0, 0, k]));
    }
    if (room.phase === Phase.Responding) {
      const offerId = room.offerCount;
      if (r < 0.6) return this.timed(`accept ${id}`, () => sendPadded(rooms.accept, id, offerId));
      if (r < 0.8) return this.timed(`reject ${id}`, () => sendPadded(rooms.reject, id, offerId));
      return this.timed(`snatch ${id}`, () => sendPadded(rooms.snatch, id, offerId));
    }
    if (room.phase === Phase.Deciding) {
      if (r < 0.5 && room.rules === RuleSet.G3Shame)
        return this.timed(`shame ${id}`, () => sendPadded(rooms.shame, id, other));
      if (r < 0.5 && room.rules === RuleSet.G4Report)
        return this.timed(`report ${id}`, () => sendPadded(rooms.report, id, room.offerCount));
      return this.timed(`decline ${id}`, () => sendPadded(rooms.pass, id));
    }
    return false;
  }

  stop() {
    this.stopped = true;
  }

  destroy() {
    this.stopped = true;
    this.phone.destroy();
    this.host.destroy();
  }
}
