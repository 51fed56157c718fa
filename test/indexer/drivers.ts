// Random games on a node for the differential test, built from the generators the property tests use: Forking Hex
// trees from the test simulation (test/hex/sim.ts), Snatch rooms and tournament rooms from the random plans
// (test/snatch/plans.ts) resolved against the room's state read from chain, CATAMM games played by the bots
// (scripts/catamm/bots.ts). After every transaction the driver calls `check` with what changed.
import fc from "fast-check";
import { ZeroAddress, type ContractTransactionResponse, type JsonRpcSigner } from "ethers";
import { mine } from "../../client/chain";
import { Rng } from "../../client/rng";
import { OPEN_BLOCKS } from "../../client/catamm/game";
import { Phase as RoomPhase, RuleSet } from "../../client/snatch/names";
import { playBotSeats } from "../../scripts/catamm/bots";
import { HexSim } from "../hex/sim";
import type { Action, RoomModel } from "../snatch/model";
import { plans, resolve } from "../snatch/plans";
import { attempt, type Games } from "./harness";

export type Entity =
  | { kind: "hex"; id: bigint }
  | { kind: "room"; id: bigint }
  | { kind: "tournament"; id: bigint }
  | { kind: "session"; id: bigint }
  | { kind: "catamm"; id: bigint }
  | { kind: "ledger" };

export interface DriverContext {
  g: Games;
  rng: Rng;
  /** Waits for the indexers to reach the latest block and compares what changed. */
  check(entities: Entity[], label: string): Promise<void>;
}

const ETH = ZeroAddress;
const STAKE = 10n ** 15n;

/** Sends, waits for the receipt and checks; returns false (nothing mined) when the contract refuses. */
async function act(
  ctx: DriverContext,
  label: string,
  entities: Entity[],
  send: () => Promise<ContractTransactionResponse>,
) {
  const ok = await attempt(send);
  if (ok) await ctx.check(entities, label);
  return ok;
}

// ------------------------------------------------------------------------------------------------ Forking Hex

/**
 * A random game tree: forks on open positions, proofs (alone or with the move), blocks mined between moves so
 * that positions close; then the end, settlement in random batches and withdrawals. Plus a game cancelled by its
 * creator. Players are accounts 1..5.
 */
export async function playHex(ctx: DriverContext, moves: number): Promise<bigint> {
  const { g, rng } = ctx;
  const { hex, provider, signers } = g;
  const players = signers.slice(1, 6);
  const entities = (id: bigint): Entity[] => [{ kind: "hex", id }, { kind: "ledger" }];

  // A game cancelled before Blue's reply.
  await act(ctx, "hex: create (to cancel)", [], () =>
    hex.connect(players[0]).createGame(3, 2, 4, STAKE, ETH, 0, 4, 1000, { value: STAKE }),
  );
  const cancelled = await hex.gameCount();
  await ctx.check(entities(cancelled), "hex: created");
  await act(ctx, "hex: cancel", entities(cancelled), () => hex.connect(players[0]).cancelGame(cancelled));

  const n = rng.range(3, 4);
  const creator = rng.int(players.length);
  const first = rng.int(n * n);
  await act(ctx, "hex: create", [], () =>
    hex.connect(players[creator]).createGame(n, 2, 4, STAKE, ETH, 0, first, 1000, { value: STAKE }),
  );
  const gameId = await hex.gameCount();
  await ctx.check(entities(gameId), "hex: created");
  const sim = new HexSim({ n, red: 2, blue: 4, lastBlock: 0 }, creator, first);
  for (let i = 0; i < moves; i++) {
    if (rng.chance(0.2)) await mine(provider, rng.range(1, 3));
    const block = (await provider.getBlockNumber()) + 1;
    const open = sim.openPositions(block).filter((id) => sim.emptyCells(id).length > 0);
    const provable = Array.from({ length: sim.count }, (_, k) => k + 1).filter(
      (id) => !sim.positions[id].proven && sim.winningPath(id) && !sim.ended(block),
    );
    if (provable.length > 0 && rng.chance(0.3)) {
      const id = rng.pick(provable);
      const ok = await act(ctx, `hex: prove ${id}`, entities(gameId), () =>
        hex.connect(rng.pick(players)).claimWin(gameId, id, sim.winningPath(id)!),
      );
      if (ok) sim.positions[id].proven = true;
      continue;
    }
    if (open.length === 0) break;
    const parent = rng.pick(open);
    const player = rng.int(players.length);
    const winning = sim.winningCells(parent);
    const claim = winning.length > 0 && rng.chance(0.5);
    const cell = claim ? rng.pick(winning) : rng.pick(sim.emptyCells(parent));
    const mined = (await provider.getBlockNumber()) + 1;
    if (claim) {
      const id = sim.move(parent, cell, player, mined);
      const path = sim.winningPath(id)!;
      await act(ctx, `hex: move and claim ${parent}/${cell}`, entities(gameId), () =>
        hex.connect(players[player]).moveAndClaim(gameId, parent, cell, path, { value: STAKE }),
      );
      sim.positions[id].proven = true;
    } else {
      sim.move(parent, cell, player, mined);
      await act(ctx, `hex: move ${parent}/${cell}`, entities(gameId), () =>
        hex.connect(players[player]).move(gameId, parent, cell, { value: STAKE }),
      );
    }
  }
  // The end, then settlement in random batches (each batch is a block), then every player withdraws.
  const end = Number((await hex.game(gameId)).endBlock);
  const now = await provider.getBlockNumber();
  if (end >= now) await mine(provider, end - now + 1);
  while (Number((await hex.game(gameId)).settlePhase) !== 3) {
    const batch = rng.range(1, 4);
    await act(ctx, `hex: settle ${batch}`, entities(gameId), () =>
      hex.connect(rng.pick(signers)).settle(gameId, batch),
    );
  }
  for (const p of [...players, signers[0]]) {
    if ((await hex.credits(ETH, p.address)) > 0n) {
      await act(ctx, "hex: withdraw", entities(gameId), () => hex.connect(p).withdraw(ETH));
    }
  }
  return gameId;
}

// ------------------------------------------------------------------------------------------------ Snatch rooms

/** Short windows, so that random plans cross rounds, deadlines and phases (as in the property test). */
const W3 = { trading: 12, closing: 3, judging: 12, talk: 0, offer: 0, response: 0, decision: 0 };
const W2 = { trading: 0, closing: 0, judging: 0, talk: 3, offer: 4, response: 4, decision: 4 };

/** The room as the plans' resolver reads it (the fields `resolve` uses), from the chain's views. */
async function roomModel(g: Games, roomId: bigint): Promise<RoomModel> {
  const v = await g.lens.roomView(roomId);
  const n = Number(v.playerCount);
  const players = v.players.slice(0, n);
  const seatOf = (a: string) => players.indexOf(a);
  const offers = (await g.lens.allOffers(roomId)).map((o) => ({
    from: seatOf(o.from),
    to: seatOf(o.to),
    status: Number(o.status),
    escrowed: o.escrowed.map(Number),
    requested: o.requested.map(Number),
    offeredSum: Number(o.offeredSum),
    madeAt: Number(o.madeAt),
  }));
  return {
    n,
    phase: Number(v.phase),
    rules: Number(v.rules),
    round: Number(v.round),
    judge: Number(v.judge),
    firstOffer: Number(v.firstOffer),
    done: [...v.done],
    suspended: [...v.suspended],
    shamedOut: [...v.shamedOut],
    offers,
  } as unknown as RoomModel;
}

/** Sends a resolved action as the seat it names (seat n: an outsider); false if the contract refuses it. */
async function sendAction(ctx: DriverContext, roomId: bigint, seats: JsonRpcSigner[], a: Action): Promise<boolean> {
  const { g } = ctx;
  if (a.kind === "mine") {
    await mine(g.provider, a.blocks);
    return true;
  }
  const r = g.rooms.connect(seats[a.caller]);
  const id = "offer" in a ? BigInt(a.offer) : 0n;
  const call = (): Promise<ContractTransactionResponse> => {
    switch (a.kind) {
      case "offer":
        return r.offer(roomId, seats[a.target].address, a.offering, a.requesting);
      case "accept":
        return r.accept(roomId, id);
      case "reject":
        return r.reject(roomId, id);
      case "snatch":
        return r.snatch(roomId, id);
      case "cancel":
        return r.cancel(roomId, id);
      case "report":
        return r.report(roomId, id);
      case "confirm":
        return r.confirmReport(roomId, id, a.suspend);
      case "dismiss":
        return r.dismissReport(roomId, id);
      case "done":
        return r.done(roomId);
      case "pass":
        return r.pass(roomId);
      case "advance":
        return r.advance(roomId);
      case "force":
        return r.setForce(roomId, a.forced);
      case "talk":
        return r.talk(roomId, "x".repeat(a.length));
      case "shame":
        return r.shame(roomId, seats[a.target].address);
    }
  };
  return act(ctx, `room ${roomId}: ${a.kind}`, [{ kind: "room", id: roomId }], call);
}

/** Plays `steps` random plans in a started room, then lets every deadline pass and advances it to its end. */
export async function playRoom(ctx: DriverContext, roomId: bigint, steps: number, extra: Entity[] = []) {
  const { g, rng } = ctx;
  const v = await g.lens.roomView(roomId);
  const n = Number(v.playerCount);
  const byAddress = new Map(g.signers.map((s) => [s.address, s]));
  const outsider = g.signers.find((s) => !v.players.includes(s.address))!;
  const seats = [...v.players.slice(0, n).map((a) => byAddress.get(a)!), outsider];
  const sequence = fc.sample(fc.array(plans(n), { minLength: steps, maxLength: steps }), {
    numRuns: 1,
    seed: rng.int(2 ** 31),
  })[0];
  for (const plan of sequence) {
    const m = await roomModel(g, roomId);
    if (m.phase === RoomPhase.Finished) break;
    await sendAction(ctx, roomId, seats, resolve(plan, m));
  }
  const format = await g.rooms.formatData(Number(v.format));
  const longest =
    Number(format.roundCount) * (n === 3 ? W3.trading + W3.judging : W2.talk + W2.offer + W2.response + W2.decision);
  await mine(g.provider, longest + 1);
  if (Number((await g.lens.roomView(roomId)).phase) !== RoomPhase.Finished) {
    await act(ctx, `room ${roomId}: advance to the end`, [{ kind: "room", id: roomId }, ...extra], () =>
      g.rooms.connect(outsider).advance(roomId),
    );
  }
}

/** Waits for a room's roles randomness and starts round 1 (anyone's advance). */
async function startRoom(ctx: DriverContext, roomId: bigint) {
  await mine(ctx.g.provider, 2);
  await act(ctx, `room ${roomId}: roles`, [{ kind: "room", id: roomId }], () => ctx.g.rooms.advance(roomId));
}

/**
 * Rooms outside tournaments: a 3-player room whose seats come and go before it fills, then plays; a 2-player room
 * (roles drawn at random, so P1 may sit in either seat; the tournament plays G1..G5 in rooms a factory seats); a
 * room cancelled before it fills.
 */
export async function playRooms(ctx: DriverContext, steps3: number, steps2: number) {
  const { g } = ctx;
  const [, a, b, c, d] = g.signers;
  const room = (id: bigint): Entity[] => [{ kind: "room", id }];
  const format = async (rounds: number[], windows: typeof W3) => {
    await act(ctx, "rooms: format", [], () => g.rooms.createFormat(rounds, windows));
    return Number(await g.rooms.formatCount());
  };
  const three = await format(
    [RuleSet.Anarchy, RuleSet.NoReject, RuleSet.ShameTokens, RuleSet.Judge, RuleSet.Judge],
    W3,
  );
  await act(ctx, "rooms: create", [], () => g.rooms.connect(a).createRoom(three, 50, "Ada"));
  const id3 = await g.rooms.roomCount();
  await act(ctx, "rooms: join", room(id3), () => g.rooms.connect(b).join(id3, "Bo"));
  await act(ctx, "rooms: leave", room(id3), () => g.rooms.connect(b).leave(id3));
  await act(ctx, "rooms: join", room(id3), () => g.rooms.connect(d).join(id3, ""));
  await act(ctx, "rooms: join (fills)", room(id3), () => g.rooms.connect(c).join(id3, "Cyd"));
  await startRoom(ctx, id3);
  await playRoom(ctx, id3, steps3);

  const two = await format([RuleSet.G4Report, RuleSet.G2Forced, RuleSet.G3Shame], W2);
  await act(ctx, "rooms: create", [], () => g.rooms.connect(c).createRoom(two, 50, ""));
  const id2 = await g.rooms.roomCount();
  await act(ctx, "rooms: join (fills)", room(id2), () => g.rooms.connect(a).join(id2, "Ada"));
  await startRoom(ctx, id2);
  await playRoom(ctx, id2, steps2);

  await act(ctx, "rooms: create (to cancel)", [], () => g.rooms.connect(b).createRoom(three, 50, "Ada"));
  const cancelled = await g.rooms.roomCount();
  await ctx.check(room(cancelled), "rooms: created");
  await act(ctx, "rooms: cancel", room(cancelled), () => g.rooms.connect(b).cancelRoom(cancelled));
}

// -------------------------------------------------------------------------------------------------- tournaments

/**
 * A tournament of `players` accounts (an odd count: one sits out each phase) through all five phases: rooms created
 * one per batch, random plans in each room; rooms finish by their deadlines, except in the last phase, where they
 * are closed after the phase deadline in batches (`closeTimedOutRooms`).
 */
export async function playTournament(ctx: DriverContext, players: number, steps: number): Promise<bigint> {
  const { g } = ctx;
  const organiser = g.signers[1];
  const t = g.tournament.connect(organiser);
  const config = {
    cap: 20,
    roomsPerBatch: 1,
    registrationBlocks: 20, // the least the contract accepts (RegistrationTooShort)
    grace: 2,
    talk: W2.talk,
    offer: W2.offer,
    response: W2.response,
    decision: W2.decision,
  };
  await act(ctx, "tournament: create", [], () => t.createTournament(config));
  const id = await g.tournament.tournamentCount();
  const entity: Entity[] = [{ kind: "tournament", id }];
  for (const [i, p] of g.signers.slice(2, 2 + players).entries()) {
    // Every other player registers with a name (the others leave it empty: the address stands for it).
    const name = i % 2 === 0 ? `player ${i}` : "";
    await act(ctx, "tournament: register", entity, () => g.tournament.connect(p).register(id, name));
  }
  for (let phase = 1; phase <= 5; phase++) {
    await act(ctx, `tournament: start phase ${phase}`, entity, () => t.startPhase(id, phase));
    await mine(g.provider, 2);
    while (Number((await g.tournament.tournament(id)).stage) === 2) {
      await act(ctx, "tournament: create rooms", entity, () => t.createPhaseRooms(id));
    }
    const rooms = await g.tournament.phaseRooms(id, phase, 0, 100);
    for (const roomId of rooms) {
      if (phase < 5) {
        await playRoom(ctx, roomId, steps, entity);
      } else {
        // Played a little, then left to the phase deadline.
        const seats = (await g.lens.roomView(roomId)).players;
        const p1 = g.signers.find((s) => s.address === seats[0])!;
        await act(ctx, `room ${roomId}: talk`, [{ kind: "room", id: roomId }], () =>
          g.rooms.connect(p1).talk(roomId, "deal?"),
        );
      }
    }
    if (phase === 5) {
      const deadline = Number((await g.tournament.phaseView(id, 5)).deadline);
      await mine(g.provider, deadline - (await g.provider.getBlockNumber()) + 1);
      while (Number((await g.tournament.tournament(id)).stage) === 3) {
        await act(ctx, "tournament: close timed-out rooms", entity, () => g.tournament.closeTimedOutRooms(id, 1));
      }
    }
  }
  return id;
}

// ------------------------------------------------------------------------------------------- class sessions

/**
 * Two three-player class sessions: one listed by the teacher (3 seats with names, its room left to time out), one
 * first come (7 players join, 2 rooms in batches of one, one player left over; one room played with random plans,
 * the other left to the deadline, closed through the session). Returns the first-come session's id.
 */
export async function playSession(ctx: DriverContext, steps: number): Promise<bigint> {
  const { g } = ctx;
  const teacher = g.session.connect(g.signers[1]);
  const config = {
    rooms: 2,
    roomsPerBatch: 1,
    joinBlocks: 20,
    trading: W3.trading,
    closing: W3.closing,
    judging: W3.judging,
  };
  const listed = g.signers.slice(2, 5);
  await act(ctx, "session: create (listed)", [], () =>
    teacher.createSession(
      config,
      listed.map((s) => s.address),
      ["Ada", "", "Grace"],
    ),
  );
  const first = await g.session.sessionCount();
  await act(ctx, "session: create (first come)", [{ kind: "session", id: first }], () =>
    teacher.createSession(config, [], []),
  );
  const id = await g.session.sessionCount();
  const entity: Entity[] = [{ kind: "session", id }];
  for (const [i, p] of g.signers.slice(2, 9).entries()) {
    await act(ctx, "session: join", entity, () => g.session.connect(p).join(id, i % 2 === 0 ? `student ${i}` : ""));
  }
  await act(ctx, "session: start", entity, () => teacher.start(id));
  await mine(g.provider, 2);
  for (const s of [first, id]) {
    while ([2, 3].includes(Number((await g.session.session(s)).stage))) {
      await act(ctx, `session ${s}: create rooms`, [{ kind: "session", id: s }], () => g.session.createRooms(s));
    }
  }
  const [played] = await g.session.roomIds(id, 0, 1);
  await playRoom(ctx, played, steps, entity);
  for (const s of [first, id]) {
    const deadline = Number((await g.session.session(s)).deadline);
    const now = await g.provider.getBlockNumber();
    if (deadline >= now) await mine(g.provider, deadline - now + 1);
    while (Number((await g.session.session(s)).stage) === 4) {
      await act(ctx, `session ${s}: close timed-out rooms`, [{ kind: "session", id: s }], () =>
        g.session.closeTimedOutRooms(s, 1),
      );
    }
  }
  return id;
}

// ------------------------------------------------------------------------------------------------------ CATAMM

/**
 * A game among bots (random market moves included) up to turn `turns`, after seats came and went in its lobby; and
 * a game cancelled before it starts.
 */
export async function playCatamm(ctx: DriverContext, players: number, turns: number): Promise<bigint> {
  const { g, rng } = ctx;
  const [, a, b, c, d] = g.signers;
  const entity = (id: bigint): Entity[] => [{ kind: "catamm", id }];
  await act(ctx, "catamm: create (to cancel)", [], () => g.catamm.connect(d).createGame(20, 0, 20, OPEN_BLOCKS));
  const cancelled = await g.catamm.gameCount();
  await act(ctx, "catamm: cancel", entity(cancelled), () => g.catamm.connect(d).cancelGame(cancelled));

  await act(ctx, "catamm: create", [], () => g.catamm.connect(a).createGame(20, rng.int(2), 20, OPEN_BLOCKS));
  const id = await g.catamm.gameCount();
  await act(ctx, "catamm: join", entity(id), () => g.catamm.connect(d).joinGame(id));
  const seated = [a, b, c].slice(0, players);
  for (const s of seated.slice(1)) await act(ctx, "catamm: join", entity(id), () => g.catamm.connect(s).joinGame(id));
  await act(ctx, "catamm: leave", entity(id), () => g.catamm.connect(d).leaveGame(id));
  await act(ctx, "catamm: start", entity(id), () => g.catamm.connect(a).startGame(id));
  await playBotSeats(g.provider, g.catamm, id, seated, {
    seed: BigInt(rng.int(2 ** 31)),
    stopAtTurn: turns,
    chaos: 0.5,
    pollMs: 20,
    onStep: () => ctx.check(entity(id), "catamm: bot step"),
  });

  // A started game its players abandon: nobody acts for a round of turns past its deadline; anyone ends it.
  await act(ctx, "catamm: create (to abandon)", [], () => g.catamm.connect(c).createGame(20, 0, 20, OPEN_BLOCKS));
  const abandoned = await g.catamm.gameCount();
  await act(ctx, "catamm: join", entity(abandoned), () => g.catamm.connect(d).joinGame(abandoned));
  await act(ctx, "catamm: start", entity(abandoned), () => g.catamm.connect(c).startGame(abandoned));
  await mine(g.provider, 1);
  await act(ctx, "catamm: serve the start", entity(abandoned), () => g.catamm.connect(d).advance(abandoned));
  const info = await g.catamm.gameInfo(abandoned);
  const endable = Number(info.deadline + 2n * info.turnBlocks + 1n);
  await mine(g.provider, endable - (await g.provider.getBlockNumber()));
  const ended = await act(ctx, "catamm: end abandoned", entity(abandoned), () =>
    g.catamm.connect(a).endAbandonedGame(abandoned),
  );
  if (!ended) throw new Error(`catamm game ${abandoned} could not be ended as abandoned`);
  return id;
}
