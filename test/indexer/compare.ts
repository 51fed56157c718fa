// The differential test's oracle: each game's state read from the contracts' own views, and the same state read
// from the indexer's tables; every field that differs is returned as a line "table key field: chain X, indexer Y".
import { Result, ZeroAddress, toBeHex, zeroPadValue } from "ethers";
import type { IndexerHandle } from "../../scripts/web/indexer";
import { decodeEvent } from "../../client/events";
import { decodeCatammLogs } from "../../client/catamm/history";
import { catammEventOfRow, roomEventOfRow, type LogRow } from "../../client/event-json";
import { offerRing } from "../../client/snatch/state";
import { pgArray, sql, type Games, type Row } from "./harness";

type Fields = Record<string, unknown>;

/** A value as text, for comparing the chain's (bigint, number, boolean, address) with a row's. */
function text(v: unknown): string {
  v = pgArray(v);
  if (v === null || v === undefined) return "null";
  if (typeof v === "string") return /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : v;
  if (Array.isArray(v)) return `[${v.map(text).join(",")}]`;
  return String(v);
}

function diff(where: string, chain: Fields, indexed: Row | undefined): string[] {
  if (!indexed) return [`${where}: missing in the indexer`];
  const out: string[] = [];
  for (const [field, value] of Object.entries(chain)) {
    const got = text(indexed[field]);
    const want = text(value);
    if (got !== want) out.push(`${where} ${field}: chain ${want}, indexer ${got}`);
  }
  return out;
}

const arr = (xs: readonly (bigint | number | boolean | string)[]) =>
  xs.map((x) => (typeof x === "bigint" ? Number(x) : x));

/** A decoded event value as JSON text (Results as arrays in order, bigints as decimals). */
function plainText(v: unknown): string {
  return JSON.stringify(v, (_, x: unknown) =>
    typeof x === "bigint" ? x.toString() : x instanceof Result ? x.toArray() : x,
  );
}

/**
 * A game's history as the pages rebuild it from the indexer's log table (client/event-json.ts, what
 * web/src/data/history.ts reads) against the node's logs of the game decoded: the same events, in the same order,
 * with the same arguments.
 */
function compareLog(
  where: string,
  fromIndexer: { name: string; block: number; args: unknown }[],
  fromNode: { name: string; block: number; args: unknown }[],
): string[] {
  const out: string[] = [];
  if (fromIndexer.length !== fromNode.length)
    out.push(`${where}: ${fromIndexer.length} events in the indexer, ${fromNode.length} on the node`);
  for (let i = 0; i < Math.min(fromIndexer.length, fromNode.length); i++) {
    const got = plainText([fromIndexer[i].name, fromIndexer[i].block, fromIndexer[i].args]);
    const want = plainText([fromNode[i].name, fromNode[i].block, fromNode[i].args]);
    if (got !== want) out.push(`${where} event ${i}: chain ${want}, indexer ${got}`);
  }
  return out;
}

/** A log table's row from the raw SQL endpoint (a JSON column may come as its text). */
const logRow = (r: Row): LogRow => ({
  name: String(r.name),
  args: typeof r.args === "string" ? (JSON.parse(r.args) as unknown) : r.args,
  block: String(r.block),
  logIndex: String(r.logIndex),
});

const idTopic = (id: bigint) => zeroPadValue(toBeHex(id), 32);

// ------------------------------------------------------------------------------------------------ Forking Hex

export async function compareHex(g: Games, ix: IndexerHandle, gameId: bigint): Promise<string[]> {
  const key = [String(gameId)];
  const [v, [row], positions, payouts] = await Promise.all([
    g.hex.game(gameId),
    sql(ix, "select * from hex_game where id = $1", key),
    sql(ix, "select * from hex_position where game_id = $1 order by position_id", key),
    sql(ix, "select * from hex_payout where game_id = $1", key),
  ]);
  const out = diff(
    `hex_game ${gameId}`,
    {
      creator: v.creator,
      size: v.size,
      red_blocks: v.redBlocks,
      blue_blocks: v.blueBlocks,
      stake: v.stake,
      token: v.token,
      last_block: v.lastBlock,
      fee_bps: v.feeBps,
      position_count: v.positionCount,
      max_deadline: v.maxDeadline,
      end_block: v.endBlock,
      lowest_proven: v.lowestProven,
      cancelled: v.cancelled,
      settle_phase: v.settlePhase,
      settle_cursor: v.settleCursor,
    },
    row,
  );
  if (positions.length !== Number(v.positionCount))
    out.push(`hex_position ${gameId}: ${positions.length} rows, ${v.positionCount} positions`);
  const views = await Promise.all(
    Array.from({ length: Number(v.positionCount) }, (_, i) => g.hex.position(gameId, i + 1)),
  );
  for (let id = 1; id <= views.length; id++) {
    const p = views[id - 1];
    out.push(
      ...diff(
        `hex_position ${gameId}/${id}`,
        {
          parent_id: p.parent,
          player: p.player,
          cell: p.cell,
          depth: p.depth,
          deadline: p.deadline,
          proven: p.proven,
          deposit: v.stake,
        },
        positions[id - 1],
      ),
    );
  }
  const settled = Number(v.settlePhase) === 3;
  const owed = await Promise.all(payouts.map((payout) => g.hex.payoutOf(gameId, payout.player as string)));
  for (const [i, payout] of payouts.entries()) {
    const p = owed[i];
    out.push(
      ...diff(
        `hex_payout ${gameId}/${String(payout.player)}`,
        {
          moves: p.moves,
          deposited: p.deposited,
          ...(settled ? { credited: p.total } : {}),
        },
        payout,
      ),
    );
  }
  return out;
}

/** The payout ledger: every account's credits and the fund's, per token. */
export async function compareLedger(g: Games, ix: IndexerHandle): Promise<string[]> {
  const out: string[] = [];
  const hex = g.addresses.ForkingHex.toLowerCase();
  const accounts = await sql(ix, "select * from ledger_account where contract = $1", [hex]);
  const credits = await Promise.all(accounts.map((a) => g.hex.credits(a.token as string, a.account as string)));
  accounts.forEach((a, i) => out.push(...diff(`ledger_account ${String(a.account)}`, { balance: credits[i] }, a)));
  for (const f of await sql(ix, "select * from ledger_fund where contract = $1", [hex])) {
    const credits = await g.hex.fundCredits(f.token as string);
    out.push(
      ...diff(
        `ledger_fund ${String(f.token)}`,
        { balance: credits },
        { balance: BigInt(String(f.credited)) - BigInt(String(f.withdrawn)) },
      ),
    );
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ Snatch rooms

export async function compareRoom(g: Games, ix: IndexerHandle, roomId: bigint): Promise<string[]> {
  const key = [String(roomId)];
  const [v, offers, [row], seats, rows, profiles] = await Promise.all([
    g.lens.roomView(roomId),
    g.lens.allOffers(roomId),
    sql(ix, "select * from snatch_room where id = $1", key),
    sql(ix, "select * from snatch_seat where room_id = $1 order by seat", key),
    sql(ix, "select * from snatch_offer where room_id = $1 order by offer_id", key),
    sql(
      ix,
      "select p.player, p.g3_shame from snatch_profile p join snatch_seat s on s.player = p.player where s.room_id = $1",
      key,
    ),
  ]);
  const n = Number(v.playerCount);
  const [logRows, logs] = await Promise.all([
    sql(
      ix,
      'select name, args, block, log_index as "logIndex" from snatch_log where room_id = $1 order by block, log_index',
      key,
    ),
    g.provider.getLogs({ address: g.addresses.SnatchRooms, topics: [null, idTopic(roomId)], fromBlock: 0 }),
  ]);
  const known = { [g.addresses.SnatchRooms.toLowerCase()]: "SnatchRooms" as const };
  const nodeEvents = logs.flatMap((log) => {
    const d = decodeEvent(log, { known });
    return d && d.args.roomId === roomId ? [{ name: d.name, args: d.args, block: log.blockNumber }] : [];
  });
  const history = compareLog(`snatch_log ${roomId}`, logRows.map(logRow).map(roomEventOfRow), nodeEvents);
  const out = diff(
    `snatch_room ${roomId}`,
    {
      format: v.format,
      player_count: v.playerCount,
      round_count: v.roundCount,
      round: v.round,
      phase: v.phase,
      rules: v.rules,
      deadline: v.deadline,
      judge: v.judge,
      forced: v.forced,
      roles_request: v.rolesRequest,
      first_offer: v.firstOffer,
      offer_count: v.offerCount,
      accepts: v.stats.accepts,
      rejects: v.stats.rejects,
      snatches: v.stats.snatches,
      shames: v.stats.shames,
      reports: v.stats.reports,
      refusals: v.stats.refusals,
      players: v.players.slice(0, n),
    },
    row,
  );
  out.push(...history);
  for (let s = 0; s < n; s++) {
    if (v.players[s] === ZeroAddress) continue;
    const seat = seats.find((x) => Number(x.seat) === s);
    const profile = profiles.find((p) => p.player === v.players[s].toLowerCase());
    const started = Number(v.round) > 0;
    out.push(
      ...diff(
        `snatch_seat ${roomId}/${s}`,
        {
          player: v.players[s],
          ...(started
            ? {
                role: v.roles[s],
                free: arr(v.free[s]),
                escrow: arr(v.escrow[s]),
                points: v.points[s],
                shame_tokens: v.shameTokens[s],
                done: v.done[s],
              }
            : {}),
          ...(started && n === 3
            ? { suspended: v.suspended[s], suspended_next: v.suspendedNext[s], shamed_out: v.shamedOut[s] }
            : {}),
        },
        seat,
      ),
      ...diff(`snatch_profile ${v.players[s]}`, { g3_shame: v.profileShame[s] }, profile),
    );
  }
  if (rows.length !== offers.length) out.push(`snatch_offer ${roomId}: ${rows.length} rows, ${offers.length} offers`);
  for (const [i, o] of offers.entries()) {
    // An offer whose ring slot in SnatchRooms holds a later offer (`offerRing`)
    // comes back empty (status None): the chain no longer stores it, so its row is checked through the room's events
    // (snatch_log, compared above) only. Every later offer is still stored and compared in full.
    if (i + 1 <= offers.length - offerRing(n)) {
      if (Number(o.status) !== 0) out.push(`snatch_offer ${roomId}/${i + 1}: overwritten on chain, yet stored`);
      continue;
    }
    out.push(
      ...diff(
        `snatch_offer ${roomId}/${i + 1}`,
        {
          from: o.from,
          to: o.to,
          status: o.status,
          escrowed: arr(o.escrowed),
          requesting: arr(o.requested),
          offered_sum: o.offeredSum,
          made_block: o.madeAt,
        },
        rows[i],
      ),
    );
  }
  return out;
}

// -------------------------------------------------------------------------------------------------- tournaments

export async function compareTournament(g: Games, ix: IndexerHandle, id: bigint): Promise<string[]> {
  const key = [String(id)];
  const t = await g.tournament.tournament(id);
  const phases = Array.from({ length: Number(t.phase) }, (_, i) => i + 1);
  const [[row], phaseRows, entries, pairings, views, board] = await Promise.all([
    sql(ix, "select * from snatch_tournament where id = $1", key),
    sql(ix, "select * from snatch_phase where tournament_id = $1 order by phase", key),
    sql(ix, "select * from snatch_entry where tournament_id = $1 order by index", key),
    // A running room's points are its seat's (the contract's history reads them live).
    sql(
      ix,
      `select p.*, coalesce(p.points, s.points) as points_now from snatch_pairing p
         left join snatch_seat s on s.room_id = p.room_id and s.player = p.player
       where p.tournament_id = $1`,
      key,
    ),
    Promise.all(phases.map((p) => g.tournament.phaseView(id, p))),
    g.tournament.leaderboard(id, 0, Number(t.playerCount)),
  ]);
  const out = diff(
    `snatch_tournament ${id}`,
    {
      organiser: t.organiser,
      cap: t.cap,
      player_count: t.playerCount,
      phase: t.phase,
      stage: t.stage,
      created_block: t.createdAt,
      registration_blocks: t.registrationBlocks,
      grace: t.grace,
      rooms_per_batch: t.roomsPerBatch,
      talk: t.talk,
      offer: t.offer,
      response: t.response,
      decision: t.decision,
    },
    row,
  );
  views.forEach((v, i) =>
    out.push(
      ...diff(
        `snatch_phase ${id}/${i + 1}`,
        {
          format: v.format,
          request: v.request,
          seed: v.seed,
          rooms: v.rooms,
          created: v.created,
          closed: v.closed,
          sat_out: v.satOut === ZeroAddress ? null : v.satOut,
          started_block: v.startedAt,
          deadline: v.deadline,
          ended_block: v.ended ? v.endedAt : null,
          finished: v.totals.finished,
          offers: v.totals.offers,
          accepts: v.totals.accepts,
          rejects: v.totals.rejects,
          snatches: v.totals.snatches,
          shames: v.totals.shames,
          reports: v.totals.reports,
          refusals: v.totals.refusals,
          points_as_p1: v.totals.pointsAsP1,
          points_as_p2: v.totals.pointsAsP2,
        },
        phaseRows[i],
      ),
    ),
  );
  // The leaderboard, row by row in registration order.
  board.forEach((r, i) =>
    out.push(
      ...diff(
        `snatch_entry ${id}/${i + 1}`,
        {
          player: r.player,
          name: r.name,
          score_as_p1: r.scoreAsP1,
          score_as_p2: r.scoreAsP2,
          aggregate: r.aggregate,
          rooms_as_p1: r.roomsAsP1,
          rooms_as_p2: r.roomsAsP2,
          sat_out: r.satOut,
          g3_shame: r.g3Shame,
        },
        entries[i],
      ),
    ),
  );
  // Each player's history: role, room, opponent, points.
  const histories = await Promise.all(board.map((r) => g.tournament.history(id, r.player)));
  board.forEach((r, i) => {
    for (const h of histories[i]) {
      if (Number(h.role) !== 3 && h.roomId === 0n) continue; // paired, room not created yet: no row until it is
      const mine = pairings.find((x) => Number(x.phase) === Number(h.phase) && x.player === r.player.toLowerCase());
      out.push(
        ...diff(
          `snatch_pairing ${id}/${h.phase}/${r.player}`,
          {
            role: h.role,
            ...(Number(h.role) === 3 ? {} : { room_id: h.roomId, opponent: h.opponent, points_now: h.points }),
          },
          mine,
        ),
      );
    }
  });
  return out;
}

// ------------------------------------------------------------------------------------------- class sessions

export async function compareSession(g: Games, ix: IndexerHandle, id: bigint): Promise<string[]> {
  const key = [String(id)];
  const s = await g.session.session(id);
  const n = Number(s.playerCount);
  const [[row], seats, rooms, ids] = await Promise.all([
    sql(ix, "select * from snatch_session where id = $1", key),
    sql(ix, "select * from snatch_session_seat where session_id = $1 order by index", key),
    sql(ix, "select id, session_room from snatch_room where session_id = $1 order by session_room", key),
    g.session.roomIds(id, 0, s.created),
  ]);
  const t = s.totals;
  const out = diff(
    `snatch_session ${id}`,
    {
      organiser: s.organiser,
      capacity: s.capacity,
      player_count: s.playerCount,
      stage: s.stage,
      first_come: s.firstCome,
      created_block: s.createdAt,
      join_blocks: s.joinBlocks,
      rooms_per_batch: s.roomsPerBatch,
      format: s.format,
      request: s.request,
      seed: s.seed,
      rooms: s.rooms,
      created: s.created,
      closed: s.closed,
      deadline: s.deadline,
      finished: t.finished,
      offers: t.offers,
      accepts: t.accepts,
      rejects: t.rejects,
      snatches: t.snatches,
      shames: t.shames,
      reports: t.reports,
      points: t.points,
    },
    row,
  );
  for (let i = 0; i < n; i++) {
    const player = await g.session.playerAt(id, i);
    const [e, v] = await Promise.all([g.session.entryOf(id, player), g.session.seatOf(id, player)]);
    const placed = v.drawn && !v.satOut && v.roomId !== 0n;
    out.push(
      ...diff(
        `snatch_session_seat ${id}/${i + 1}`,
        {
          player,
          index: e.index,
          sat_out: v.satOut,
          room: placed ? v.room : null,
          room_id: placed ? v.roomId : null,
          seat: placed ? v.seat : null,
          points: e.recorded ? e.points : null,
        },
        seats[i],
      ),
    );
  }
  if (seats.length !== n) out.push(`snatch_session_seat ${id}: chain ${n} seats, indexer ${seats.length}`);
  ids.forEach((roomId, k) =>
    out.push(...diff(`snatch_room ${roomId} (session ${id})`, { id: roomId, session_room: k }, rooms[k])),
  );
  if (rooms.length !== ids.length)
    out.push(`snatch_room of session ${id}: chain ${ids.length}, indexer ${rooms.length}`);
  return out;
}

// ------------------------------------------------------------------------------------------------------ CATAMM

export async function compareCatamm(g: Games, ix: IndexerHandle, gameId: bigint): Promise<string[]> {
  const key = [String(gameId)];
  const v = await g.catamm.gameInfo(gameId);
  const started = v.board !== 0n;
  const [burned, [row], players, liquidity, pools, poolRows] = await Promise.all([
    g.catamm.burnedResources(gameId),
    sql(ix, "select * from catamm_game where id = $1", key),
    sql(ix, "select * from catamm_player where game_id = $1", key),
    sql(ix, "select player, pool, shares from catamm_liquidity where game_id = $1", key),
    started ? g.catamm.marketPools(gameId) : [],
    sql(ix, "select * from catamm_pool where game_id = $1 order by pool", key),
  ]);
  const n = Number(v.playerCount);
  const [logRows, logs] = await Promise.all([
    sql(
      ix,
      'select name, args, block, log_index as "logIndex" from catamm_log where game_id = $1 order by block, log_index',
      key,
    ),
    g.provider.getLogs({ address: g.addresses.Catamm, topics: [null, idTopic(gameId)], fromBlock: 0 }),
  ]);
  const nodeEvents = decodeCatammLogs(logs).filter((e) => e.args.gameId === gameId);
  const out = compareLog(`catamm_log ${gameId}`, logRows.map(logRow).map(catammEventOfRow), nodeEvents);
  out.push(
    ...diff(
      `catamm_game ${gameId}`,
      {
        creator: v.creator,
        depth_cards: v.depthCards,
        fee_preset: v.feePreset,
        turn_blocks: v.turnBlocks,
        players: v.players.slice(0, n),
        player_count: v.playerCount,
        phase: v.phase,
        current_seat: v.currentSeat,
        pending: v.pending,
        request_id: v.requestId,
        deadline: v.deadline,
        turn: v.turn,
        setup_pick: v.setupPick,
        card_played: v.cardPlayed,
        board: v.board,
        ghost_ship: v.ghostShip,
        last_roll: v.lastRoll,
        longest_road: v.longestRoad === ZeroAddress ? null : v.longestRoad,
        largest_army: v.largestArmy === ZeroAddress ? null : v.largestArmy,
        winner: v.winner === ZeroAddress ? null : v.winner,
        burned: [...burned],
      },
      row
        ? {
            ...row,
            board: row.board ?? "0",
            ghost_ship: row.ghost_ship ?? "0",
            last_roll: row.die1 === null ? 0 : Number(row.die1) + Number(row.die2),
          }
        : undefined,
    ),
  );
  const addresses = v.players.slice(0, n);
  const views = await Promise.all(
    addresses.map(async (address) =>
      started
        ? Promise.all([
            g.catamm.playerInfo(gameId, address),
            g.catamm.devCards(gameId, address),
            g.catamm.liquidityShares(gameId, address),
            g.catamm.portsOwned(gameId, address),
          ])
        : null,
    ),
  );
  addresses.forEach((address, i) => {
    const p = players.find((x) => x.player === address.toLowerCase());
    const view = views[i];
    if (!view) {
      out.push(...diff(`catamm_player ${gameId}/${address}`, { seat: i }, p));
      return;
    }
    const [info, [held], shares, ports] = view;
    const mine = Array.from(
      { length: 10 },
      (_, pool) => liquidity.find((l) => Number(l.pool) === pool && l.player === address.toLowerCase())?.shares ?? "0",
    );
    const hand = p
      ? (pgArray(p.balances) as string[]).reduce((s, b) => s + BigInt(b) / 10n ** 18n, 0n) +
        BigInt(String(p.gold_credits))
      : 0n;
    out.push(
      ...diff(
        `catamm_player ${gameId}/${address}`,
        {
          seat: info.seat,
          settlements: info.settlements,
          cities: info.cities,
          roads: info.roads,
          road_length: info.roadLength,
          knights: info.knights,
          gold_credits: info.goldCredits,
          discard_owed: info.discardOwed,
          public_victory_points: info.publicVictoryPoints,
          balances: [...info.balances],
          cards_held: arr(held),
          hand: info.hand,
          ports,
          liquidity: [...shares],
        },
        p ? { ...p, hand, liquidity: mine } : undefined,
      ),
    );
  });
  if (started) {
    pools.forEach((pool, i) =>
      out.push(
        ...diff(
          `catamm_pool ${gameId}/${i}`,
          {
            port: pool.port,
            reserve0: pool.reserve0,
            reserve1: pool.reserve1,
            player_shares: pool.totalShares - pool.bankShares,
          },
          poolRows[i],
        ),
      ),
    );
  }
  return out;
}
