// Sentences for every Snatch or Share / SnatchGame error (contracts/snatch/ISnatchRooms.sol) and every tournament
// error (ISnatchTournament.sol) and class-session error (ISnatchSession.sol), naming the values involved. The session
// shares BatchSizeOutOfRange, WindowTooLong, ZeroBatch and NotRooms (same arguments) with the tournament.
import { itIs, type ErrorTexts } from "../texts";
import { describeGoods } from "./names";

/** Three goods packed 8 bits each (good g at bit 8g), as SnatchGoods keeps escrow cells. */
function unpack8(value: unknown): bigint[] {
  const v = BigInt(value as bigint);
  return [0, 1, 2].map((g) => (v >> BigInt(8 * g)) & 0xffn);
}

export const SNATCH_ERRORS: ErrorTexts = {
  // Formats
  UnknownFormat: (a) => `there is no format ${a.format} (presets: 1 Snatch or Share, 2..6 SnatchGame G1..G5)`,
  BadRoundCount: (a) => `a format needs 1 to 16 rounds, not ${a.count}`,
  RuleSetMismatch: (a) =>
    `round ${a.round}'s rule set "${a.rules}" does not fit the format (none, or made for another player count ` +
    "than the first round's)",
  InvalidWindows: (a) =>
    `the windows ${a.windows} are not allowed: every window the format uses must be above zero, and the closing ` +
    "window shorter than trading",
  TooManyFormats: (a) => `no more formats can be stored (${a.count} exist)`,
  // Rooms and seats
  UnknownRoom: (a) => `there is no room ${a.roomId}`,
  RoomNotOpen: (a) => `room ${a.roomId} takes no more players: its phase is ${a.phase}`,
  FillWindowOutOfRange: (a) => `a fill window of ${a.blocks} blocks is not allowed: it must be 1 to ${a.max}`,
  CreatorCannotLeave: (a) => `the creator of room ${a.roomId} cannot leave it: cancel it instead (snatch:cancelRoom)`,
  CannotCancelYet: (a, ctx) =>
    `only the creator may cancel room ${a.roomId} before its fill window ends at block ${a.fillDeadline}, not ` +
    `${a.account}${itIs(ctx)}`,
  AlreadyMember: (a) => `${a.player} already sits in room ${a.roomId}`,
  NotAMember: (a) => `${a.account} has no seat in room ${a.roomId}`,
  WrongPhase: (a, ctx) => `room ${a.roomId} is in phase "${a.phase}": this call does not fit it${itIs(ctx)}`,
  NotYourTurn: (a) => `in room ${a.roomId} this action belongs to the other player, not ${a.account}`,
  RuleNotInRound: (a) => `round ${a.round} of room ${a.roomId} plays "${a.rules}", which has no such action`,
  // Offers
  SelfTarget: () => "an offer or shame must name another player, not yourself",
  TargetNotMember: (a) => `${a.target} has no seat in room ${a.roomId}`,
  TargetSuspended: (a) => `${a.target} is suspended this round in room ${a.roomId}: no offers to them`,
  OfferLimitReached: (a) =>
    `you already made ${a.limit} offers to ${a.target} this round in room ${a.roomId} (the limit)`,
  OffersClosed: (a, ctx) =>
    `room ${a.roomId} is in its closing window: the last block for new offers was ${a.lastBlock}${itIs(ctx)}`,
  AmountTooLarge: (a) => `an amount of ${a.amount} is too large (at most 4,294,967,295)`,
  NothingOffered: () => "an offer must offer at least one good",
  GoodNotInRoom: (a) => `${a.good} is not traded in this room (2-player rooms trade turkey and corn)`,
  OfferNotPending: (a) =>
    `offer ${a.offerId} in room ${a.roomId} is ${a.status}, not pending: it can no longer be answered or cancelled`,
  NotTarget: (a) => `only the target of offer ${a.offerId} in room ${a.roomId} may answer it, not ${a.account}`,
  NotOfferer: (a) => `only the maker of offer ${a.offerId} in room ${a.roomId} may cancel it, not ${a.account}`,
  RejectNotAllowed: (a) =>
    `round ${a.round} of room ${a.roomId} does not allow rejecting: pending offers execute at the close`,
  JudgeCannotSnatch: (a) => `${a.judge} judges this round in room ${a.roomId} and may not snatch`,
  // Sanctions and turns
  AlreadyShamed: (a) => `you already gave shame in round ${a.round} of room ${a.roomId}`,
  Suspended: (a) => `${a.player} is suspended in round ${a.round} of room ${a.roomId}: no offers, no answers`,
  ShamedOut: (a) => `${a.player} started round ${a.round} of room ${a.roomId} shamed out: it may only answer offers`,
  AlreadyDone: (a) => `${a.player} already said it is done in room ${a.roomId} this round`,
  OfferJustMade: (a) =>
    `offer ${a.offerId} to you in room ${a.roomId} was made in this very block: wait a block before saying done`,
  NotJudge: (a) => `only this round's judge in room ${a.roomId} may do this, not ${a.account}`,
  NotASnatch: (a) => `offer ${a.offerId} in room ${a.roomId} is ${a.status}: it is not an unreported snatch`,
  NotVictim: (a) => `only the snatched offerer may report offer ${a.offerId} in room ${a.roomId}, not ${a.account}`,
  OfferOverwritten: (a) =>
    `offer ${a.offerId} in room ${a.roomId} was resolved rounds ago and the room no longer stores it: see the room's history`,
  OfferNotThisRound: (a) => `offer ${a.offerId} in room ${a.roomId} was made in an earlier round: too late to report`,
  NotReported: (a) => `offer ${a.offerId} in room ${a.roomId} is ${a.status}: it has no undecided report`,
  OfferForced: (a) => `P2 forced P1 to offer this round in room ${a.roomId}: passing is not possible`,
  ForcedOfferEmpty: (a) =>
    `the forced offer in room ${a.roomId} must escrow at least one good P1 holds (naming goods P1 lacks dodges the force)`,
  ForcedOfferFinal: (a) =>
    `offer ${a.offerId} in room ${a.roomId} was forced: it stands until P2 answers or the response window ends`,
  TalkNotOver: (a) =>
    `the other player is still talking in room ${a.roomId} (P1's offer or pass ends the talk once P2 says done)`,
  MessageOutsideWindow: (a) => `room ${a.roomId} is in phase "${a.phase}": messages only in the G5 talk window`,
  MessageTooLong: (a) => `the message has ${a.length} bytes; at most ${a.max} are allowed`,
  NothingToAdvance: (a, ctx, raw) =>
    Number(raw.phase) === 9
      ? `room ${a.roomId} has finished: nothing is due`
      : Number(raw.phase) === 2
        ? `room ${a.roomId} waits for its roles randomness, which is not ready yet: mine a block (npx hardhat mine) ` +
          `or wait for one, then advance again${itIs(ctx)}`
        : `nothing is due in room ${a.roomId}: its phase "${a.phase}" runs until block ${a.deadline}${itIs(ctx)}`,
  EscrowShort: (a, _ctx, raw) =>
    `seat ${a.seat}'s escrow holds ${describeGoods(unpack8(raw.held))}, less than the ` +
    `${describeGoods(unpack8(raw.escrowed))} an offer escrowed (an inconsistent room: please report it)`,
  // Factories
  NotFactory: (a) => `${a.account} is not an allowed room factory`,
  TooManyFactories: () => "no more factories can be allowed (255)",
  BadPlayerList: (a) =>
    `a list of ${a.length} players does not fill rooms of ${a.playerCount} (empty, not a multiple, or over 65,536 rooms)`,
  InvalidPlayer: (a) => `${a.player} cannot sit in the room (the zero address, or listed twice)`,
  UnknownPlayerId: (a) => `player id ${a.id} is not a player's profile: ids start at 1 and go up to the profiles made`,
  // Tournament
  UnknownTournament: (a) => `there is no tournament ${a.tournamentId}`,
  CapOutOfRange: (a) => `a cap of ${a.cap} players is not allowed: it must be 2 to ${a.max}`,
  BatchSizeOutOfRange: (a) => `a batch of ${a.size} rooms is not allowed: it must be 1 to ${a.max}`,
  RegistrationTooLong: (a) => `a registration period of ${a.blocks} blocks is longer than the maximum ${a.max}`,
  RegistrationTooShort: (a) =>
    `a registration period of ${a.blocks} blocks is shorter than the minimum ${a.min}: others must have time to ` +
    "register before anyone may close or start the tournament",
  GraceTooLong: (a) => `a grace period of ${a.blocks} blocks is longer than the maximum ${a.max}`,
  WindowTooLong: (a) => `a room window of ${a.blocks} blocks is longer than the maximum ${a.max}`,
  NotOrganiser: (a) => `only the organiser of tournament ${a.tournamentId} may do this, not ${a.account}`,
  ZeroOrganiser: () => "the zero address cannot organise a tournament",
  TournamentCanStart: (a) =>
    `tournament ${a.tournamentId} has ${a.players} players: start phase 1 instead of closing it`,
  RegistrationStillOpen: (a, ctx) =>
    `tournament ${a.tournamentId} can be closed from block ${a.closableFrom}, after its registration window${itIs(ctx)}`,
  RegistrationClosed: (a) => `registration for tournament ${a.tournamentId} is closed (stage: ${a.stage})`,
  AlreadyRegistered: (a) => `${a.player} is already registered in tournament ${a.tournamentId}`,
  TournamentFull: (a) => `tournament ${a.tournamentId} is full (${a.cap} players)`,
  NotEnoughPlayers: (a) => `tournament ${a.tournamentId} has ${a.players} players: phase 1 needs at least 2`,
  UnknownPhase: (a) => `there is no phase ${a.phase}: phases are 1 to 5`,
  PhaseAlreadyStarted: (a) => `phase ${a.phase} of tournament ${a.tournamentId} was started already`,
  PhaseOutOfOrder: (a) =>
    `phases start in order: tournament ${a.tournamentId}'s next phase is ${a.next}, not ${a.phase}`,
  PhaseNotEnded: (a) =>
    `phase ${a.phase} of tournament ${a.tournamentId} has not ended: ${a.finished} of ${a.rooms} rooms finished`,
  StartReservedToOrganiser: (a, ctx) =>
    `until block ${a.openToAllFrom} only the organiser may start phase ${a.phase} of tournament ` +
    `${a.tournamentId}${itIs(ctx)}`,
  TournamentIsFinal: (a) => `tournament ${a.tournamentId} is final: nothing changes any more`,
  WrongStage: (a) => `tournament ${a.tournamentId} is at stage "${a.stage}": this call does not fit it`,
  PairingNotReady: (a) =>
    `the pairing randomness of tournament ${a.tournamentId} (request ${a.requestId}) is ${a.status}: wait for a ` +
    "block (or re-request it if stale)",
  PairingAlreadyDrawn: (a) =>
    `the pairing of phase ${a.phase} of tournament ${a.tournamentId} was drawn already: nothing to re-request`,
  PhaseNotTimedOut: (a, ctx) =>
    `phase ${a.phase} of tournament ${a.tournamentId} runs until block ${a.deadline}: rooms can be closed after ` +
    `that${itIs(ctx)}`,
  ZeroBatch: () => "a batch must hold at least one room",
  NothingToRecord: (a) =>
    `pairs ${a.fromPair} to ${a.toPair} of phase ${a.phase} of tournament ${a.tournamentId} hold no finished, ` +
    "unrecorded room",
  NotRooms: (a) => `only the rooms contract calls back its factories (tournament, session), not ${a.account}`,
  UnknownBatch: (a) => `no tournament created the batch of rooms starting at room ${a.batchFirstRoom}`,
  NoSuchRoom: (a) => `phase ${a.phase} of tournament ${a.tournamentId} has no room for pair ${a.pair} (yet)`,
  NotRegistered: (a) => `${a.player} is not registered in tournament ${a.tournamentId}`,
  // Class session (three players)
  UnknownSession: (a) => `there is no session ${a.sessionId}`,
  RoomCountOutOfRange: (a) => `a session of ${a.rooms} rooms is not allowed: it must be 1 to ${a.max} rooms of three`,
  JoinWindowTooShort: (a) =>
    `a join window of ${a.blocks} blocks is shorter than the minimum ${a.min}: players must have time to join ` +
    "before anyone may start or close the session",
  JoinWindowTooLong: (a) => `a join window of ${a.blocks} blocks is longer than the maximum ${a.max}`,
  SeatCountOutOfRange: (a) =>
    `${a.seats} seats would be listed: this session takes ${a.min} to ${a.max} listed seats (3 per room, 240 at ` +
    "most), or none for first come",
  SeatingIsListed: (a) => `the teacher lists the seats of session ${a.sessionId}: players do not join it themselves`,
  NotTeacher: (a) => `only session ${a.sessionId}'s teacher lists its seats, not ${a.caller}`,
  SeatingIsFirstCome: (a) => `session ${a.sessionId} is first come, first seated: players join it themselves`,
  NamesMismatch: (a) => `${a.seats} seats were listed with ${a.names} names: give one name per seat ("" for none)`,
  ZeroSeat: () => "the zero address cannot take a seat",
  AlreadySeated: (a) => `${a.player} already has a seat in session ${a.sessionId}`,
  SeatingClosed: (a) => `session ${a.sessionId} takes no more players (stage: ${a.stage})`,
  SessionFull: (a) => `session ${a.sessionId} is full (${a.capacity} seats)`,
  TooFewPlayers: (a) => `session ${a.sessionId} has ${a.players} players: it needs at least 3 to start`,
  JoinWindowOpen: (a, ctx) =>
    `until block ${a.openToAllFrom} (the end of its join window) only the teacher may start session ` +
    `${a.sessionId}, and nobody may close it${itIs(ctx)}`,
  SessionCanStart: (a) => `session ${a.sessionId} has ${a.players} players: start it instead of closing it`,
  SessionWrongStage: (a) => `session ${a.sessionId} is at stage "${a.stage}": this call does not fit it`,
  DrawNotReady: (a) =>
    `the seating randomness of session ${a.sessionId} (request ${a.requestId}) is ${a.status}: wait for a block ` +
    "(or re-request it if stale)",
  SessionNotTimedOut: (a, ctx) =>
    `session ${a.sessionId} runs until block ${a.deadline}: its rooms can be closed after that${itIs(ctx)}`,
  NoRoomToRecord: (a) =>
    `rooms ${a.fromRoom} to ${a.toRoom} of session ${a.sessionId} hold no finished, unrecorded room`,
  NotSessionBatch: (a) => `no session created the batch of rooms starting at room ${a.batchFirstRoom}`,
  NotSeated: (a) => `${a.player} has no seat in session ${a.sessionId}`,
};
