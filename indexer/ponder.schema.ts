// The indexer's tables: every game rebuilt from its contracts' events alone (Forking Hex, Snatch or Share /
// SnatchGame rooms and tournaments, CATAMM), plus the payout ledger. One row per thing a page lists or shows, keyed
// as the contracts key it, with an index wherever a page filters or sorts (docs/indexer.md lists the queries).
//
// Conventions: ids and block numbers are `bigint` (numeric); small counts, seats, goods and enum values are
// `integer` (enum values as the contracts number them: client/<game>/names.ts and game.ts have their names); amounts
// of money and CATAMM resources (18 decimals) are `bigint`; addresses are `hex` (lower case). Goods and resources
// per kind are arrays in the contracts' order (turkey, coffee, corn; wood, brick, sheep, ore, wheat). A `state`
// column is a short word a lobby filters on. The `*_log` tables keep every event of a room or game in order (name,
// arguments as JSON with numbers as decimal strings): histories and charts are drawn from them with client/.
import { index, onchainTable, primaryKey } from "ponder";

// ---------------------------------------------------------------------------------------------- payout ledger

/** Every account's credits in a game contract's payout ledger (ForkingHex today), per token. */
export const ledgerAccount = onchainTable(
  "ledger_account",
  (t) => ({
    contract: t.hex().notNull(),
    token: t.hex().notNull(),
    account: t.hex().notNull(),
    /** Sum of `Credited`. */
    credited: t.bigint().notNull(),
    /** Sum of `Withdrawn`. */
    withdrawn: t.bigint().notNull(),
    /** What the account can withdraw now: the ledger's `credits(token, account)`. */
    balance: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.contract, table.token, table.account] }),
    accountIdx: index().on(table.account),
  }),
);

/** The developer fund's credits per contract and token: `fundCredits(token)` is `credited - withdrawn`. */
export const ledgerFund = onchainTable(
  "ledger_fund",
  (t) => ({
    contract: t.hex().notNull(),
    token: t.hex().notNull(),
    credited: t.bigint().notNull(),
    withdrawn: t.bigint().notNull(),
    /** Of `credited`, what sweeps added (surplus sent straight to the contract). */
    swept: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.contract, table.token] }) }),
);

/** Every withdrawal (players' and the fund's), for a player's history and exports. */
export const ledgerWithdrawal = onchainTable(
  "ledger_withdrawal",
  (t) => ({
    id: t.text().primaryKey(),
    contract: t.hex().notNull(),
    token: t.hex().notNull(),
    account: t.hex().notNull(),
    to: t.hex().notNull(),
    amount: t.bigint().notNull(),
    fund: t.boolean().notNull(),
    block: t.bigint().notNull(),
    tx: t.hex().notNull(),
  }),
  (table) => ({ accountIdx: index().on(table.account, table.block) }),
);

// ------------------------------------------------------------------------------------------------ Forking Hex

/** A Forking Hex game: its settings, its tree's size and its settlement. */
export const hexGame = onchainTable(
  "hex_game",
  (t) => ({
    id: t.bigint().primaryKey(),
    creator: t.hex().notNull(),
    size: t.integer().notNull(),
    redBlocks: t.integer().notNull(),
    blueBlocks: t.integer().notNull(),
    stake: t.bigint().notNull(),
    token: t.hex().notNull(),
    /** 0: none. */
    lastBlock: t.bigint().notNull(),
    feeBps: t.integer().notNull(),
    positionCount: t.integer().notNull(),
    /** Highest deadline of any position (0 before Blue's reply). */
    maxDeadline: t.bigint().notNull(),
    /** The game has ended once the block number is past it (0: no end scheduled, or cancelled): as the view. */
    endBlock: t.bigint().notNull(),
    /** Lowest proven position (0: none). */
    lowestProven: t.integer().notNull(),
    proofs: t.integer().notNull(),
    cancelled: t.boolean().notNull(),
    /** 0 not started, 1 marking void positions, 2 evaluating, 3 settled. */
    settlePhase: t.integer().notNull(),
    settleCursor: t.integer().notNull(),
    /** Credited to the developer fund by settlement. */
    fundAmount: t.bigint().notNull(),
    /** "open" (moves may still come: whether the end block has passed is the reader's block's call), "cancelled",
     *  "settling", "settled". */
    state: t.text().notNull(),
    createdBlock: t.bigint().notNull(),
    createdTx: t.hex().notNull(),
    lastBlockSeen: t.bigint().notNull(),
  }),
  (table) => ({
    creatorIdx: index().on(table.creator, table.id),
    stateIdx: index().on(table.state, table.id),
  }),
);

/** A position of a game's tree, i.e. the move (and deposit) that created it. */
export const hexPosition = onchainTable(
  "hex_position",
  (t) => ({
    gameId: t.bigint().notNull(),
    positionId: t.integer().notNull(),
    /** 0 for position 1. */
    parentId: t.integer().notNull(),
    player: t.hex().notNull(),
    cell: t.integer().notNull(),
    depth: t.integer().notNull(),
    /** 1 Red, 2 Blue: the colour of the stone this move placed (client/hex/board.ts). */
    colour: t.integer().notNull(),
    /** Last block a reply is accepted (0 for position 1). */
    deadline: t.bigint().notNull(),
    /** The move's deposit: the game's stake. */
    deposit: t.bigint().notNull(),
    children: t.integer().notNull(),
    proven: t.boolean().notNull(),
    provenBy: t.hex(),
    provenBlock: t.bigint(),
    block: t.bigint().notNull(),
    tx: t.hex().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.gameId, table.positionId] }),
    parentIdx: index().on(table.gameId, table.parentId),
    playerIdx: index().on(table.player, table.gameId),
  }),
);

/** A player's money in a game: moves and deposits as they are made, credits as settlement makes them. */
export const hexPayout = onchainTable(
  "hex_payout",
  (t) => ({
    gameId: t.bigint().notNull(),
    player: t.hex().notNull(),
    moves: t.integer().notNull(),
    deposited: t.bigint().notNull(),
    /** Sum of `PayoutCredited` (refunds plus rewards); after settlement `payoutOf(game, player).total`. */
    credited: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.gameId, table.player] }),
    playerIdx: index().on(table.player),
  }),
);

/** One settlement batch (`SettlementProgressed`). */
export const hexSettlement = onchainTable(
  "hex_settlement",
  (t) => ({
    id: t.text().primaryKey(),
    gameId: t.bigint().notNull(),
    phase: t.integer().notNull(),
    cursor: t.integer().notNull(),
    fundAmount: t.bigint().notNull(),
    by: t.hex().notNull(),
    block: t.bigint().notNull(),
  }),
  (table) => ({ gameIdx: index().on(table.gameId, table.block) }),
);

// ----------------------------------------------------------------------------------------- Snatch or Share rooms

/** A stored format: player count, rule set per round (client/snatch/names.ts RuleSet), windows. */
export const snatchFormat = onchainTable("snatch_format", (t) => ({
  id: t.integer().primaryKey(),
  playerCount: t.integer().notNull(),
  rounds: t.integer().array().notNull(),
  trading: t.integer().notNull(),
  closing: t.integer().notNull(),
  judging: t.integer().notNull(),
  talk: t.integer().notNull(),
  offer: t.integer().notNull(),
  response: t.integer().notNull(),
  decision: t.integer().notNull(),
}));

/**
 * The last name each address gave anywhere (a room's join, a tournament's registration): what lists that show an
 * address (Hex, CATAMM, histories) print beside it. Names are not unique: the address stays the identity.
 */
export const playerName = onchainTable(
  "player_name",
  (t) => ({
    player: t.hex().primaryKey(),
    name: t.text().notNull(),
    block: t.bigint().notNull(),
  }),
  (table) => ({ nameIdx: index().on(table.name) }),
);

/** A player's profile across rooms: id and the G3 shame later opponents see. */
export const snatchProfile = onchainTable("snatch_profile", (t) => ({
  player: t.hex().primaryKey(),
  id: t.integer().notNull(),
  g3Shame: t.integer().notNull(),
}));

/** A room: format, progress, counters, and the tournament or class session it belongs to (if any). */
export const snatchRoom = onchainTable(
  "snatch_room",
  (t) => ({
    id: t.bigint().primaryKey(),
    format: t.integer().notNull(),
    playerCount: t.integer().notNull(),
    roundCount: t.integer().notNull(),
    creator: t.hex().notNull(),
    byFactory: t.boolean().notNull(),
    /** Players by seat (zero address: empty seat). */
    players: t.hex().array().notNull(),
    seatsTaken: t.integer().notNull(),
    /** ISnatchRooms.Phase (client/snatch/names.ts). */
    phase: t.integer().notNull(),
    /** "open", "starting" (waiting for roles), "playing", "finished", "cancelled". */
    state: t.text().notNull(),
    round: t.integer().notNull(),
    /** The current round's rule set. */
    rules: t.integer().notNull(),
    /** The current round's judge seat (3: none). */
    judge: t.integer().notNull(),
    /** The current window's last block (open rooms: the end of the fill window). */
    deadline: t.bigint().notNull(),
    /** G2: whether P1 must offer this round. */
    forced: t.boolean().notNull(),
    rolesRequest: t.bigint().notNull(),
    firstJudge: t.integer(),
    /** Offers 1..offerCount; the current round's are those from firstOffer on. */
    offerCount: t.integer().notNull(),
    firstOffer: t.integer().notNull(),
    accepts: t.integer().notNull(),
    rejects: t.integer().notNull(),
    snatches: t.integer().notNull(),
    shames: t.integer().notNull(),
    reports: t.integer().notNull(),
    refusals: t.integer().notNull(),
    tournamentId: t.bigint(),
    tournamentPhase: t.integer(),
    pair: t.integer(),
    /** The three-player class session that created the room (SnatchSession), and its room index there (0-based). */
    sessionId: t.bigint(),
    sessionRoom: t.integer(),
    createdBlock: t.bigint().notNull(),
    finishedBlock: t.bigint(),
    cancelledBy: t.hex(),
    lastBlockSeen: t.bigint().notNull(),
  }),
  (table) => ({
    creatorIdx: index().on(table.creator, table.id),
    stateIdx: index().on(table.state, table.id),
    formatIdx: index().on(table.format, table.id),
    tournamentIdx: index().on(table.tournamentId, table.tournamentPhase),
    sessionIdx: index().on(table.sessionId, table.sessionRoom),
  }),
);

/** A seat of a room: its player, role and holdings (what the room view shows per seat). */
export const snatchSeat = onchainTable(
  "snatch_seat",
  (t) => ({
    roomId: t.bigint().notNull(),
    seat: t.integer().notNull(),
    player: t.hex().notNull(),
    /** The name the player gave on joining (a tournament's room: the name it registered with); "" when none. */
    name: t.text().notNull(),
    /** The seat's own good (ISnatchRooms.Good); null before roles are drawn. 2-player: turkey = P1, corn = P2. */
    role: t.integer(),
    /** Free goods per good. */
    free: t.integer().array().notNull(),
    /** Goods escrowed in the seat's open offers, per good. */
    escrow: t.integer().array().notNull(),
    /** Own good × 1 + other goods × 2, free and escrowed. */
    points: t.integer().notNull(),
    shameTokens: t.integer().notNull(),
    done: t.boolean().notNull(),
    suspended: t.boolean().notNull(),
    suspendedNext: t.boolean().notNull(),
    shamedOut: t.boolean().notNull(),
    /** The round whose start applied this seat's last shame penalty (0: none). */
    penaltyRound: t.integer().notNull(),
    joinedBlock: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.roomId, table.seat] }),
    playerIdx: index().on(table.player, table.roomId),
  }),
);

/** An offer and its fate (client/snatch/names.ts OfferStatus): who, what, escrow, and what moved at the end. */
export const snatchOffer = onchainTable(
  "snatch_offer",
  (t) => ({
    roomId: t.bigint().notNull(),
    offerId: t.integer().notNull(),
    round: t.integer().notNull(),
    from: t.hex().notNull(),
    to: t.hex().notNull(),
    fromSeat: t.integer().notNull(),
    toSeat: t.integer().notNull(),
    /** Offered and requested amounts as sent (each up to 2^32 - 1: bigint), and what was escrowed. */
    offering: t.bigint().array().notNull(),
    requesting: t.bigint().array().notNull(),
    escrowed: t.integer().array().notNull(),
    offeredSum: t.bigint().notNull(),
    status: t.integer().notNull(),
    /** Accepted: the escrow the target received, and what it gave (the shrunk request, up to its free goods). */
    toTarget: t.integer().array(),
    toOfferer: t.integer().array(),
    /** Accepted by the round-3 rule at the round's close. */
    atClose: t.boolean(),
    /** Rejected because the response window expired. */
    byDefault: t.boolean(),
    /** Snatched: the goods taken. */
    taken: t.integer().array(),
    madeBlock: t.bigint().notNull(),
    answeredBlock: t.bigint(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.roomId, table.offerId] }),
    fromIdx: index().on(table.from),
    toIdx: index().on(table.to),
  }),
);

/** A reported snatch and the ruling: the judge's (3-player), automatic (the judge was the victim) or G4's reversal. */
export const snatchReport = onchainTable(
  "snatch_report",
  (t) => ({
    roomId: t.bigint().notNull(),
    offerId: t.integer().notNull(),
    round: t.integer().notNull(),
    victim: t.hex().notNull(),
    snatcher: t.hex().notNull(),
    /** The judge's seat (3: G4's automatic judge). */
    judge: t.integer().notNull(),
    /** "pending", "confirmed", "dismissed", "reversed". */
    ruling: t.text().notNull(),
    automatic: t.boolean().notNull(),
    /** Dismissed because the judging phase closed undecided. */
    byDefault: t.boolean().notNull(),
    suspended: t.boolean().notNull(),
    suspensionEffective: t.boolean().notNull(),
    /** Goods returned to the victim, and forfeited to it (confirmed) or given by P2 (G4's sanction). */
    returned: t.integer().array(),
    sanction: t.integer().array(),
    reportedBlock: t.bigint().notNull(),
    ruledBlock: t.bigint(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.roomId, table.offerId] }) }),
);

/** A round of a room: its rules, judge, windows, and (2-player) why it had no offer. */
export const snatchRound = onchainTable(
  "snatch_round",
  (t) => ({
    roomId: t.bigint().notNull(),
    round: t.integer().notNull(),
    rules: t.integer().notNull(),
    judge: t.integer().notNull(),
    /** The round's latest phase and its deadline. */
    phase: t.integer().notNull(),
    deadline: t.bigint().notNull(),
    startedBlock: t.bigint().notNull(),
    /** 2-player: ISnatchRooms.NoOfferReason when the round had no offer (0 passed, 1 timed out, 2 refused). */
    noOffer: t.integer(),
    /** G2: P2's last force setting this round. */
    forced: t.boolean(),
    /** G3/G4: P1 declined its decision (false: by choice, true: the window expired). */
    declined: t.boolean(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.roomId, table.round] }) }),
);

/** Every event of a room, in order: its history (offers, answers, passes, forces, shame, reports, chat, rounds). */
export const snatchLog = onchainTable(
  "snatch_log",
  (t) => ({
    id: t.text().primaryKey(),
    roomId: t.bigint().notNull(),
    round: t.integer().notNull(),
    name: t.text().notNull(),
    /** The player the event is about (offerer, target, sender, ...), where there is one. */
    actor: t.hex(),
    args: t.json().notNull(),
    block: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    tx: t.hex().notNull(),
  }),
  (table) => ({
    roomIdx: index().on(table.roomId, table.block, table.logIndex),
    actorIdx: index().on(table.actor),
  }),
);

// ------------------------------------------------------------------------------------------ SnatchGame tournaments

/** A tournament: its config, formats and where it stands (ISnatchTournament.Stage, client/snatch/tournament.ts). */
export const snatchTournament = onchainTable(
  "snatch_tournament",
  (t) => ({
    id: t.bigint().primaryKey(),
    organiser: t.hex().notNull(),
    cap: t.integer().notNull(),
    roomsPerBatch: t.integer().notNull(),
    registrationBlocks: t.integer().notNull(),
    grace: t.integer().notNull(),
    talk: t.integer().notNull(),
    offer: t.integer().notNull(),
    response: t.integer().notNull(),
    decision: t.integer().notNull(),
    formats: t.integer().array().notNull(),
    stage: t.integer().notNull(),
    /** "registration", "pairing", "playing", "ended", "final", "closed". */
    state: t.text().notNull(),
    /** The current phase (0 before phase 1). */
    phase: t.integer().notNull(),
    playerCount: t.integer().notNull(),
    createdBlock: t.bigint().notNull(),
    finishedBlock: t.bigint(),
    closedBy: t.hex(),
    /** The block of the tournament's latest event (its exports say "running at block N" from it and its rooms'). */
    lastBlockSeen: t.bigint().notNull(),
  }),
  (table) => ({
    organiserIdx: index().on(table.organiser),
    stateIdx: index().on(table.state, table.id),
  }),
);

/** A registered player's leaderboard row (the contract's `leaderboard` row, without the live profile shame). */
export const snatchEntry = onchainTable(
  "snatch_entry",
  (t) => ({
    tournamentId: t.bigint().notNull(),
    player: t.hex().notNull(),
    /** The name the player registered with (client/common/names.ts rules, checked on-chain). */
    name: t.text().notNull(),
    /** Registration order, 1-based: the ranking's tie-break (client/snatch/tournament.ts rank). */
    index: t.integer().notNull(),
    scoreAsP1: t.integer("score_as_p1").notNull(),
    scoreAsP2: t.integer("score_as_p2").notNull(),
    aggregate: t.integer().notNull(),
    roomsAsP1: t.integer("rooms_as_p1").notNull(),
    roomsAsP2: t.integer("rooms_as_p2").notNull(),
    /** Bit p-1: sat phase p out. */
    satOut: t.integer().notNull(),
    /** Bit p-1: phase p's result is in. */
    recorded: t.integer().notNull(),
    /** G3 shame received in this tournament's rooms. */
    g3Shame: t.integer().notNull(),
    registeredBlock: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.tournamentId, table.player] }),
    rankIdx: index().on(table.tournamentId, table.aggregate, table.index),
    orderIdx: index().on(table.tournamentId, table.index),
    playerIdx: index().on(table.player),
  }),
);

/** A tournament phase: its draw, rooms, deadline and totals (the contract's `phaseView`). */
export const snatchPhase = onchainTable(
  "snatch_phase",
  (t) => ({
    tournamentId: t.bigint().notNull(),
    phase: t.integer().notNull(),
    format: t.integer().notNull(),
    startedBy: t.hex().notNull(),
    startedBlock: t.bigint().notNull(),
    players: t.integer().notNull(),
    /** The pending pairing request (0 once drawn). */
    request: t.bigint().notNull(),
    seed: t.bigint().notNull(),
    rooms: t.integer().notNull(),
    created: t.integer().notNull(),
    /** Pairs passed by `closeTimedOutRooms`. */
    closed: t.integer().notNull(),
    satOut: t.hex(),
    deadline: t.bigint().notNull(),
    endedBlock: t.bigint(),
    finished: t.integer().notNull(),
    offers: t.integer().notNull(),
    accepts: t.integer().notNull(),
    rejects: t.integer().notNull(),
    snatches: t.integer().notNull(),
    shames: t.integer().notNull(),
    reports: t.integer().notNull(),
    refusals: t.integer().notNull(),
    pointsAsP1: t.integer("points_as_p1").notNull(),
    pointsAsP2: t.integer("points_as_p2").notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.tournamentId, table.phase] }) }),
);

/**
 * A player's phase in a tournament: role, room, opponent and recorded round-3 points (the contract's `history`
 * record; a running room's points are its seat's). Serves a player's history and the per-phase leaderboard.
 */
export const snatchPairing = onchainTable(
  "snatch_pairing",
  (t) => ({
    tournamentId: t.bigint().notNull(),
    phase: t.integer().notNull(),
    player: t.hex().notNull(),
    /** ISnatchTournament.Role: 1 P1, 2 P2, 3 sat out. */
    role: t.integer().notNull(),
    pair: t.integer(),
    roomId: t.bigint(),
    opponent: t.hex(),
    /** Recorded round-3 points (null until the room's result is in). */
    points: t.integer(),
    opponentPoints: t.integer(),
    recordedBlock: t.bigint(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.tournamentId, table.phase, table.player] }),
    phasePointsIdx: index().on(table.tournamentId, table.phase, table.points),
    playerIdx: index().on(table.player, table.tournamentId),
    roomIdx: index().on(table.roomId),
  }),
);

// ------------------------------------------------------------------------------------ three-player class sessions

/**
 * A class session of Snatch or Share (SnatchSession): its config, seating, draw, rooms and totals
 * (ISnatchSession.Stage: client/snatch/session.ts). Its rooms are the `snatch_room` rows with this `session_id`.
 */
export const snatchSession = onchainTable(
  "snatch_session",
  (t) => ({
    id: t.bigint().primaryKey(),
    organiser: t.hex().notNull(),
    /** Most rooms of three (the config's `rooms`); seats: 3 x this. */
    maxRooms: t.integer().notNull(),
    capacity: t.integer().notNull(),
    roomsPerBatch: t.integer().notNull(),
    joinBlocks: t.integer().notNull(),
    trading: t.integer().notNull(),
    closing: t.integer().notNull(),
    judging: t.integer().notNull(),
    format: t.integer().notNull(),
    /** First come, first seated (else the teacher listed the seats). */
    firstCome: t.boolean().notNull(),
    /** First come: from this block anyone may start (or close) it; 0 when listed. */
    startableFrom: t.bigint().notNull(),
    stage: t.integer().notNull(),
    /** "registration", "drawing", "creating", "playing", "finished", "closed". */
    state: t.text().notNull(),
    playerCount: t.integer().notNull(),
    startedBy: t.hex(),
    /** The pending draw request (0 before the start and once drawn). */
    request: t.bigint().notNull(),
    seed: t.bigint().notNull(),
    /** Rooms drawn (players / 3), created so far, and passed by `closeTimedOutRooms`. */
    rooms: t.integer().notNull(),
    created: t.integer().notNull(),
    closed: t.integer().notNull(),
    satOut: t.hex().array().notNull(),
    /** After this block every room has timed out (0 until every room exists). */
    deadline: t.bigint().notNull(),
    finished: t.integer().notNull(),
    offers: t.integer().notNull(),
    accepts: t.integer().notNull(),
    rejects: t.integer().notNull(),
    snatches: t.integer().notNull(),
    shames: t.integer().notNull(),
    reports: t.integer().notNull(),
    /** Final points of the finished rooms, summed. */
    points: t.integer().notNull(),
    createdBlock: t.bigint().notNull(),
    drawnBlock: t.bigint(),
    finishedBlock: t.bigint(),
    closedBy: t.hex(),
    /** The block of the session's latest SnatchSession event (the exports' `running at block N`). */
    lastBlockSeen: t.bigint().notNull(),
  }),
  (table) => ({
    organiserIdx: index().on(table.organiser),
    stateIdx: index().on(table.state, table.id),
  }),
);

/** A seat of a class session: who, under which name, and once drawn its room and seat (or sat out), then its points. */
export const snatchSessionSeat = onchainTable(
  "snatch_session_seat",
  (t) => ({
    sessionId: t.bigint().notNull(),
    player: t.hex().notNull(),
    /** Seat position, 1-based (listing or joining order). */
    index: t.integer().notNull(),
    name: t.text().notNull(),
    /** Listed by the teacher at creation (else it joined itself). */
    listed: t.boolean().notNull(),
    /** The room index in the session (0-based), its SnatchRooms id and the seat (0 turkey, 1 coffee, 2 corn). */
    room: t.integer(),
    roomId: t.bigint(),
    seat: t.integer(),
    /** Drawn among the leftovers that do not fill a room of three. */
    satOut: t.boolean().notNull(),
    /** The room's final points for this seat (null until recorded). */
    points: t.integer(),
    seatedBlock: t.bigint().notNull(),
    recordedBlock: t.bigint(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.sessionId, table.player] }),
    orderIdx: index().on(table.sessionId, table.index),
    pointsIdx: index().on(table.sessionId, table.points),
    roomIdx: index().on(table.roomId),
    playerIdx: index().on(table.player),
  }),
);

// ----------------------------------------------------------------------------------------------------- CATAMM

/** A CATAMM game: settings, where it stands (ICatamm.Phase/Pending, client/catamm/game.ts), board, awards, winner. */
export const catammGame = onchainTable(
  "catamm_game",
  (t) => ({
    id: t.bigint().primaryKey(),
    creator: t.hex().notNull(),
    depthCards: t.integer().notNull(),
    feePreset: t.integer().notNull(),
    turnBlocks: t.integer().notNull(),
    /** Players in join order, then (from the start) in seat order. */
    players: t.hex().array().notNull(),
    playerCount: t.integer().notNull(),
    phase: t.integer().notNull(),
    /** "open", "starting", "playing", "finished", "cancelled". */
    state: t.text().notNull(),
    pending: t.integer().notNull(),
    requestId: t.bigint().notNull(),
    /** The current waiting state's last block (open games: the end of the open window). */
    deadline: t.bigint().notNull(),
    turn: t.integer().notNull(),
    currentSeat: t.integer().notNull(),
    /** Draft picks made. */
    setupPick: t.integer().notNull(),
    /** The current turn rolled already (a Knight before the roll returns to BeforeRoll). */
    rolled: t.boolean().notNull(),
    cardPlayed: t.boolean().notNull(),
    /** The turn is played for an absent player (TurnTimedOut with a roll): it ends on reaching its main phase. */
    autoEnd: t.boolean().notNull(),
    /** The board word (client/catamm/board.ts unpackBoard) and the desert. */
    board: t.bigint(),
    desert: t.integer(),
    /** The ghost ship's place: a hex, or 19 + port after a flip. */
    ghostShip: t.integer(),
    die1: t.integer(),
    die2: t.integer(),
    depth: t.bigint(),
    feeBps: t.integer(),
    portFeeBps: t.integer(),
    /** Pool of each port (9), and the missing pool. */
    poolOfPort: t.integer().array(),
    missingPool: t.integer(),
    /** Resources burned (swap and withdrawal fees), per resource. */
    burned: t.bigint().array().notNull(),
    longestRoad: t.hex(),
    longestRoadLength: t.integer().notNull(),
    largestArmy: t.hex(),
    largestArmyKnights: t.integer().notNull(),
    winner: t.hex(),
    winnerPoints: t.integer(),
    createdBlock: t.bigint().notNull(),
    finishedBlock: t.bigint(),
    lastBlockSeen: t.bigint().notNull(),
  }),
  (table) => ({
    creatorIdx: index().on(table.creator, table.id),
    stateIdx: index().on(table.state, table.id),
  }),
);

/** A player of a CATAMM game: seat, balances, pieces, cards, awards (what `playerInfo` shows, and the hidden VP). */
export const catammPlayer = onchainTable(
  "catamm_player",
  (t) => ({
    gameId: t.bigint().notNull(),
    player: t.hex().notNull(),
    /** Turn order from the start (before it: join order). */
    seat: t.integer().notNull(),
    /** Resource balances (18 decimals). */
    balances: t.bigint().array().notNull(),
    goldCredits: t.integer().notNull(),
    /** Vertex masks of settlements and cities, edge mask of roads. */
    settlements: t.bigint().notNull(),
    cities: t.bigint().notNull(),
    roads: t.bigint().notNull(),
    roadLength: t.integer().notNull(),
    knights: t.integer().notNull(),
    /** Ports owned (bit p: port p). */
    ports: t.integer().notNull(),
    /** Settlements, cities, longest road and largest army: the public score. */
    publicVictoryPoints: t.integer().notNull(),
    /** Development cards held per ICatamm.DevCard (drawn, not played; VP cards included). */
    cardsHeld: t.integer().array().notNull(),
    cardsBought: t.integer().notNull(),
    discardOwed: t.integer().notNull(),
    trades: t.integer().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.gameId, table.player] }),
    playerIdx: index().on(table.player, table.gameId),
  }),
);

/** A pool of a game's market: reserves, shares, port. */
export const catammPool = onchainTable(
  "catamm_pool",
  (t) => ({
    gameId: t.bigint().notNull(),
    pool: t.integer().notNull(),
    reserve0: t.bigint().notNull(),
    reserve1: t.bigint().notNull(),
    /** Shares players hold (the bank's opening liquidity is locked and holds none). */
    playerShares: t.bigint().notNull(),
    /** The port it serves (15: none, the missing pool). */
    port: t.integer().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.gameId, table.pool] }) }),
);

/** A player's liquidity shares in one pool. */
export const catammLiquidity = onchainTable(
  "catamm_liquidity",
  (t) => ({
    gameId: t.bigint().notNull(),
    player: t.hex().notNull(),
    pool: t.integer().notNull(),
    shares: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.gameId, table.player, table.pool] }) }),
);

/** The price series: every change of a pool's reserves (opening, swap, deposit, withdrawal, steal, flip). */
export const catammPrice = onchainTable(
  "catamm_price",
  (t) => ({
    id: t.text().primaryKey(),
    gameId: t.bigint().notNull(),
    pool: t.integer().notNull(),
    /** "open", "swap", "deposit", "withdrawal", "steal", "flip". */
    kind: t.text().notNull(),
    reserve0: t.bigint().notNull(),
    reserve1: t.bigint().notNull(),
    player: t.hex(),
    /** Swap: the resource sold, amounts in and out and the fee burned. */
    resourceIn: t.integer(),
    amountIn: t.bigint(),
    amountOut: t.bigint(),
    fee: t.bigint(),
    turn: t.integer().notNull(),
    block: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({ poolIdx: index().on(table.gameId, table.pool, table.block, table.logIndex) }),
);

/** A turn: whose, its dice, whether it timed out. */
export const catammTurn = onchainTable(
  "catamm_turn",
  (t) => ({
    gameId: t.bigint().notNull(),
    turn: t.integer().notNull(),
    player: t.hex().notNull(),
    die1: t.integer(),
    die2: t.integer(),
    timedOut: t.boolean().notNull(),
    startedBlock: t.bigint().notNull(),
    endedBlock: t.bigint(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.gameId, table.turn] }) }),
);

/** Every event of a CATAMM game, in order: builds, cards, the ghost ship, steals, production, trades (its history). */
export const catammLog = onchainTable(
  "catamm_log",
  (t) => ({
    id: t.text().primaryKey(),
    gameId: t.bigint().notNull(),
    turn: t.integer().notNull(),
    name: t.text().notNull(),
    actor: t.hex(),
    args: t.json().notNull(),
    block: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    tx: t.hex().notNull(),
  }),
  (table) => ({
    gameIdx: index().on(table.gameId, table.block, table.logIndex),
    nameIdx: index().on(table.gameId, table.name),
    actorIdx: index().on(table.actor),
  }),
);
