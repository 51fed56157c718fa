// Sentences for every CATAMM error (contracts/catamm/ICatamm.sol, ICatammMarket.sol and the libraries whose errors
// the game's ABI carries), naming the values involved. Amounts read in cards (1 card = 1e18).
import { itIs, type ErrorTexts } from "../texts";

export const CATAMM_ERRORS: ErrorTexts = {
  // Lobby
  UnknownGame: (a) => `there is no CATAMM game ${a.gameId}`,
  TurnBlocksOutOfRange: (a) =>
    `${a.turnBlocks} blocks per waiting state is not allowed: it must be ${a.minBlocks} to ${a.maxBlocks}`,
  OpenBlocksOutOfRange: (a) =>
    `an open window of ${a.openBlocks} blocks is not allowed: it must be ${a.minBlocks} to ${a.maxBlocks}`,
  CreatorCannotLeave: (a) => `the creator of game ${a.gameId} cannot leave it: cancel it instead (catamm:cancel)`,
  CannotCancelYet: (a, ctx) =>
    `only the creator may cancel game ${a.gameId} before its open window ends at block ${a.openDeadline}, not ` +
    `${a.caller}${itIs(ctx)}`,
  GameIsCancelled: (a) => `game ${a.gameId} was cancelled before it started`,
  GameIsAbandoned: (a) => `game ${a.gameId} was ended as abandoned: its players had stopped playing`,
  GameNotAbandoned: (a) =>
    `game ${a.gameId} may still be played: it can be ended as abandoned once ${a.players} turns in a row time out ` +
    `with nobody acting (${a.absentTurns} so far), or from block ${a.endableFrom} if nothing happens until then`,
  GameFull: (a) => `game ${a.gameId} already has ${a.maxPlayers} players`,
  AlreadyJoined: (a) => `${a.player} has already joined game ${a.gameId}`,
  GameAlreadyStarted: (a) => `game ${a.gameId} has already started`,
  NotCreator: (a) => `only the game's creator ${a.creator} may start it, not ${a.caller}`,
  NotEnoughPlayers: (a) => `the game has ${a.players} player(s); it needs at least ${a.minPlayers} to start`,
  GameOver: (a) => `game ${a.gameId} is over: ${a.winner} won`,
  // Turns
  WrongPhase: (a, ctx) => `the game is in phase ${a.current}: this action does not fit it${itIs(ctx)}`,
  NotAPlayer: (a) => `${a.account} is not a player of game ${a.gameId}`,
  NotYourTurn: (a) => `it is ${a.current}'s turn (or pick), not ${a.caller}'s`,
  RandomnessPending: (a) =>
    `the game waits for random value ${a.requestId}, which is not ready yet: mine or wait for a block, then ` +
    "catamm:advance (or catamm:rerequest if it went stale)",
  NothingPending: (a) => `game ${a.gameId} waits for no random value: nothing to re-request`,
  DeadlineNotReached: (a) =>
    `nothing to advance before the deadline at block ${a.deadline} (it is block ${a.blockNumber})`,
  // Building
  RoadMustTouchSettlement: (a) => `the draft's road on edge ${a.edge} must end at the settlement on vertex ${a.vertex}`,
  PieceLimitReached: (a) => `no ${a.piece} left to build: the limit is ${a.limit}`,
  NotYourSettlement: (a) => `vertex ${a.vertex} holds none of your settlements: a city replaces one`,
  InvalidHex: (a) => `there is no hex ${a.hexId}: hexes are 0 to 18`,
  InvalidVertex: (a) => `there is no vertex ${a.vertex}: vertices are 0 to 53 (catamm:show prints them)`,
  InvalidEdge: (a) => `there is no edge ${a.edge}: edges are 0 to 71 (catamm:show prints them)`,
  VertexOccupied: (a) => `vertex ${a.vertex} already holds a building`,
  DistanceRuleViolated: (a) =>
    `vertex ${a.vertex} is next to the building on vertex ${a.neighbour}: settlements need a free vertex between them`,
  SettlementNotConnected: (a) => `vertex ${a.vertex} is not touched by one of your roads`,
  EdgeOccupied: (a) => `edge ${a.edge} already holds a road`,
  RoadNotConnected: (a) =>
    `a road on edge ${a.edge} would not connect to your buildings or roads (an opponent's building cuts the way)`,
  // Cards
  DeckEmpty: () => "no development card is left to buy",
  CardAlreadyPlayedThisTurn: () => "you already played a development card this turn",
  NoSuchCard: (a) => `you hold no ${a.card} card`,
  CardBoughtThisTurn: (a) => `your ${a.card} card was bought this turn: play it from your next turn`,
  // Ghost ship and discards
  GhostShipMustMove: (a) => `the ghost ship is already at ${a.place}: it must move elsewhere`,
  VictimRequired: (a) => `someone on hex ${a.hexId} can be robbed: name a victim`,
  InvalidVictim: (a) => `${a.victim} is not another player of this game`,
  VictimNotOnHex: (a) => `${a.victim} has no settlement or city on hex ${a.hexId}`,
  VictimHasNoCards: (a) => `${a.victim} holds no whole card to steal`,
  NoDiscardOwed: (a) => `${a.player} owes no discard`,
  WrongDiscardCount: (a) => `you owe ${a.owed} cards but discarded ${a.given}`,
  NotEnoughGold: (a) => `you hold ${a.held} gold credit(s), fewer than the ${a.wanted} you asked to convert`,
  // Markets
  ZeroAmount: () => "the amount must be above zero",
  UnknownResource: (a) => `there is no resource ${a.resource}: resources are 0 to 4 (wood, brick, sheep, ore, wheat)`,
  SameResource: (a) => `a swap from ${a.resource} to ${a.resource} trades nothing: pick two different resources`,
  UnknownPool: (a) => `there is no ${a.pool}: pools are 0 to 9`,
  UnknownPort: (a) => `there is no port ${a.port}: ports are 0 to 8`,
  PoolMissing: (a) => `pool ${a.pool} is the missing pool this game: trade through the other pools`,
  ZeroOutput: (a) => `the operation in pool ${a.pool} would pay nothing (the amount rounds to zero)`,
  OutputBelowMinimum: (a) =>
    `the trade would pay ${a.amountOut}, less than your minimum ${a.minAmountOut} (prices moved: quote again)`,
  InsufficientShares: (a) => `you hold ${a.held} in pool ${a.pool}, fewer than the ${a.requested} requested`,
  MarketsAlreadyOpen: (a) => `the markets of game ${a.gameId} are already open`,
  DepthOutOfRange: (a) =>
    `a pool depth of ${a.depthCards} cards is not allowed: it must be ${a.minCards} to ${a.maxCards}`,
  UnknownFeePreset: (a) => `there is no fee ${a.preset}: presets are 0 (classic) and 1 (defi)`,
  HostDataTooWide: (a) => `host data ${a.value} does not fit the market's field for it (88 bits, or 25 low bits)`,
  GameIdTooLarge: (a) => `game id ${a.gameId} does not fit the market's 39 bits for it`,
  // AMM math and balances
  EmptyReserve: (a) => `a pool side is empty (reserves ${a.reserveIn} in, ${a.reserveOut} out)`,
  OutputExceedsReserve: (a) => `${a.amountOut} is all of the pool's ${a.reserveOut} or more: no input buys it`,
  FeeTooHigh: (a) => `a fee of ${a.feeBps} leaves nothing to trade`,
  BankCounterOverflow: (_a, _ctx, raw) =>
    `the bank's ${raw.word === 0n ? "issued" : "received"} counters would reach 2^50 cards`,
  BalanceOverflow: (a) => `crediting ${a.amount} of ${a.resource} to a balance of ${a.balance} would overflow`,
  InsufficientBalance: (a) => `you hold ${a.balance} of ${a.resource}, less than the ${a.needed} needed`,
  PortMaskTooWide: (a) => `port mask ${a.mask} names more than nine ports`,
  HostTagTooWide: (a) => `seat tag ${a.tag} is too wide`,
};
