// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IDisplayName} from "../common/names/IDisplayName.sol";

/// @title ISnatchRooms
/// @notice Types, events and errors of the Snatch or Share / SnatchGame rooms contract (one contract serves the
///         3-player Snatch or Share game and the 2-player SnatchGame variants G1..G5).
/// @dev Seats are 0..2 in join order (or in the order a factory gave). Goods are indexed Turkey 0, Coffee 1, Corn 2;
///      amounts in events are per good in that order. Block numbers are deadlines: a window accepts actions while
///      `block.number <= deadline`.
interface ISnatchRooms is IDisplayName {
    // ------------------------------------------------------------------------------------------------ enums

    /// @notice The three goods; a producer's own good is worth 1 point, every other good 2.
    enum Good {
        Turkey,
        Coffee,
        Corn
    }

    /// @notice What a round's rules are. 3-player: Anarchy (rounds 1-2), NoReject (round 3), ShameTokens (round 4),
    ///         Judge (round 5). 2-player: G1Plain .. G5CheapTalk.
    enum RuleSet {
        None,
        Anarchy,
        NoReject,
        ShameTokens,
        Judge,
        G1Plain,
        G2Forced,
        G3Shame,
        G4Report,
        G5CheapTalk
    }

    /// @notice Where a room stands. Trading/Judging are 3-player phases; Talk/Offering/Responding/Deciding are the
    ///         2-player windows of a round. Cancelled: closed before it filled (by its creator, or by anyone after its
    ///         fill window); nothing more happens in it.
    enum Phase {
        None,
        Open,
        AwaitingRoles,
        Trading,
        Judging,
        Talk,
        Offering,
        Responding,
        Deciding,
        Finished,
        Cancelled
    }

    /// @notice The life of an offer. Pending until answered; Snatched may go on to Reported, then Confirmed or
    ///         Dismissed (3-player judge round), or to Reversed (G4 report).
    enum OfferStatus {
        None,
        Pending,
        Accepted,
        Rejected,
        Snatched,
        Cancelled,
        Expired,
        Reported,
        Confirmed,
        Dismissed,
        Reversed
    }

    /// @notice Why a 2-player round had no offer.
    enum NoOfferReason {
        Passed,
        TimedOut,
        Refused
    }

    // ---------------------------------------------------------------------------------------------- structs

    /// @notice Window lengths in blocks. 3-player formats use trading (a round's length), closing (its last blocks,
    ///         in which no offer may be made; at least 1, at most 65,535 and below trading) and judging. 2-player
    ///         formats use talk (G5 rounds), offer, response and decision (after a snatch in G3/G4 rounds).
    struct Windows {
        uint24 trading;
        uint24 closing;
        uint24 judging;
        uint24 talk;
        uint24 offer;
        uint24 response;
        uint24 decision;
    }

    /// @notice A stored format (one storage slot): the player count, the rounds and the windows.
    /// @dev `ruleSets` holds round r's RuleSet in bits [4(r-1), 4r).
    struct Format {
        uint8 playerCount;
        uint8 roundCount;
        uint64 ruleSets;
        uint24 trading;
        uint24 closing;
        uint24 judging;
        uint24 talk;
        uint24 offer;
        uint24 response;
        uint24 decision;
    }

    /// @notice A room's storage: two slots.
    /// @dev Slot 0 (identity and progress): player ids (0 = empty seat), format (32 bits: format ids cannot run out,
    ///      see SnatchFormats), round (0 before round 1), phase, the current round's rule set, the current window's
    ///      deadline, `closing`: the format's closing window (3-player) or a 2-player room's compact schedule (bit 15
    ///      set: roundCount - 1 in bits 11-14, the one window W in bits 0-10; 0 if the format's does not fit, see
    ///      SnatchFormats.roomClosing; SnatchRooms.roomData answers the format's closing for a 2-player room), roles
    ///      (seat s's own good in bits [2s, 2s+2); the next judge seat in bits [6, 8)), the factory index of the
    ///      observer (0 = none) and `roundBits` (per-round flags and the round's judge seat, see SnatchLayout in
    ///      libraries/SnatchState.sol). Slot 1 (goods and counters): `free` and `escrow` are 3x3 grids of uint8 cells
    ///      (seat, good) at bit 8 * (3 * seat + good): a room never holds more than 20 goods, so a cell cannot
    ///      overflow. `shame` holds three uint8 shame-token counts (3-player). Offers are numbered 1..offerCount per
    ///      room (so `offerCount` is also the room's offers counter of {Stats}); the current round's offers are those
    ///      from `firstOffer` on. Then the room's other counters, and `batchIndex`: a factory room's
    ///      position in the `createRooms` call that created it (0 for other rooms), so that the factory's callback can
    ///      name the batch (`roomId - batchIndex` is the batch's first room).
    ///      (solhint's packing heuristic misreads this struct: the compiler's storage layout is exactly 2 slots, which
    ///      test/snatch/SnatchRooms.layout.test.ts checks.)
    // solhint-disable-next-line gas-struct-packing
    struct Room {
        uint32 player0;
        uint32 player1;
        uint32 player2;
        uint32 format;
        uint8 round;
        Phase phase;
        RuleSet rules;
        uint40 deadline;
        uint16 closing;
        uint8 roles;
        uint8 observer;
        uint32 roundBits;
        uint72 free;
        uint72 escrow;
        uint24 shame;
        uint8 offerCount;
        uint8 firstOffer;
        uint8 accepts;
        uint8 rejects;
        uint8 snatches;
        uint8 shames;
        uint8 reports;
        uint8 refusals;
        uint16 batchIndex;
    }

    /// @notice A stored offer (one storage slot); the full offer (offered amounts included) is in {OfferMade}.
    /// @dev `escrowed` holds three uint8 amounts (good g at bit 8g); `requested` three uint32 (good g at bit 32g);
    ///      `offeredSum` is the sum of the offered amounts (for the shrink ratio escrowed / offered); `madeAt` the
    ///      block the offer was made in (a 3-player `done` is refused in that block by the offer's target, see
    ///      {OfferJustMade}); `id` the offer's id: a room's offers live in a ring of slots (SnatchLayout.ring), so a
    ///      slot holds the latest of the ids it serves, and an earlier id finds a later one there ({OfferOverwritten}).
    ///      One slot (checked by test/snatch/SnatchRooms.layout.test.ts).
    // solhint-disable-next-line gas-struct-packing
    struct Offer {
        uint8 from;
        uint8 to;
        OfferStatus status;
        uint24 escrowed;
        uint96 requested;
        uint40 offeredSum;
        uint40 madeAt;
        uint8 id;
    }

    /// @notice A player's profile, kept across rooms; `g3Shame` counts shame received in G3 rounds.
    struct Profile {
        uint32 id;
        uint32 g3Shame;
    }

    /// @notice A room's counters: offers made, accepted (round-3 closes included), rejected (timeouts included),
    ///         snatched, shames given (3-player tokens and G3 shame), reports filed, G2 refusals.
    struct Stats {
        uint8 offers;
        uint8 accepts;
        uint8 rejects;
        uint8 snatches;
        uint8 shames;
        uint8 reports;
        uint8 refusals;
    }

    /// @notice Everything a UI shows about a room, per seat where it applies.
    struct RoomView {
        uint32 format;
        uint8 playerCount;
        uint8 roundCount;
        uint8 round;
        Phase phase;
        RuleSet rules;
        uint40 deadline;
        uint40 offersUntil;
        uint8 judge;
        bool forced;
        address observer;
        uint256 rolesRequest;
        address[3] players;
        Good[3] roles;
        uint8[3][3] free;
        uint8[3][3] escrow;
        uint256[3] points;
        uint8[3] shameTokens;
        uint32[3] profileShame;
        bool[3] done;
        bool[3] suspended;
        bool[3] suspendedNext;
        bool[3] shamedOut;
        uint8 firstOffer;
        uint8 offerCount;
        Stats stats;
    }

    /// @notice One offer, with addresses.
    struct OfferView {
        address from;
        address to;
        OfferStatus status;
        uint8[3] escrowed;
        uint32[3] requested;
        uint40 offeredSum;
        uint40 madeAt;
    }

    /// @notice A room, raw, with its latest offer and its seats' G3 shame (SnatchRoomsLens.roomBriefs).
    struct RoomBrief {
        Room room;
        Offer lastOffer;
        uint32[3] g3Shame;
    }

    // ----------------------------------------------------------------------------------------------- events

    /// @notice A format was stored. @param format Its id. @param playerCount 2 or 3. @param rounds Rule set per round.
    /// @param windows Its window lengths.
    event FormatCreated(uint32 indexed format, uint8 playerCount, RuleSet[] rounds, Windows windows);
    /// @notice The owner allowed or disallowed a factory. @param factory The factory. @param index Its observer index.
    /// @param allowed Whether it may create rooms (and receives {ISnatchRoomsObserver.onRoomFinished}).
    event FactorySet(address indexed factory, uint8 index, bool allowed);
    /// @notice A player got a profile. @param player The account. @param id Its player id.
    event ProfileCreated(address indexed player, uint32 id);
    /// @notice A room was created. @param roomId The room. @param format Its format. @param creator Who created it
    /// (the factory for factory rooms). @param byFactory Whether a factory created it with players and roles given.
    event RoomCreated(uint256 indexed roomId, uint32 indexed format, address indexed creator, bool byFactory);
    /// @notice A player took a seat. @param roomId The room. @param player The player. @param seat Its seat.
    /// @param name The display name it took the seat with ("" for none; see DisplayName). Emitted, not stored.
    event PlayerJoined(uint256 indexed roomId, address indexed player, uint8 seat, string name);
    /// @notice A player left an open room; its seat is free again. @param roomId The room. @param player The player.
    /// @param seat The seat it left.
    event PlayerLeft(uint256 indexed roomId, address indexed player, uint8 seat);
    /// @notice An open room was cancelled before it filled: by its creator, or by anyone once its fill window passed.
    /// @param roomId The room. @param by Who cancelled it. @param expired The fill window had passed.
    event RoomCancelled(uint256 indexed roomId, address indexed by, bool expired);
    /// @notice The room filled and asked for the randomness that assigns roles. @param roomId The room.
    /// @param requestId The randomness request.
    event RolesRequested(uint256 indexed roomId, uint256 requestId);
    /// @notice A stale roles request was replaced. @param roomId The room. @param oldRequest The stale request.
    /// @param newRequest The new one.
    event RolesRerequested(uint256 indexed roomId, uint256 oldRequest, uint256 newRequest);
    /// @notice Roles were assigned and starting goods given (5 of the own good in 3-player rooms; 10 turkeys to P1 and
    /// 10 corn to P2 in 2-player rooms). @param roomId The room. @param players Per seat. @param roles Own good per
    /// seat (2-player: Turkey = P1, Corn = P2). @param firstJudge Seat of the first judge (3-player).
    event RolesAssigned(uint256 indexed roomId, address[3] players, Good[3] roles, uint8 firstJudge);
    /// @notice A round started, with its first phase. @param roomId The room. @param round 1-based. @param rules Its
    /// rule set. @param judge The judge's seat (3 = none). @param phase Its first phase (Trading; 2-player: Talk in G5,
    /// else Offering). @param deadline That phase's last block.
    event RoundStarted(uint256 indexed roomId, uint8 round, RuleSet rules, uint8 judge, Phase phase, uint40 deadline);
    /// @notice A later phase of a round (3-player judging, 2-player windows after the first) opened. @param roomId The
    /// room. @param round The round. @param phase The phase. @param deadline Its last block.
    event PhaseStarted(uint256 indexed roomId, uint8 round, Phase phase, uint40 deadline);
    /// @notice A player started a round with 2+ shame tokens: goods burned, 2 tokens removed, offers barred this round.
    /// @param roomId The room. @param player The player. @param burned Goods burned. @param tokensLeft Tokens left.
    event ShamePenaltyApplied(uint256 indexed roomId, address indexed player, uint256[3] burned, uint8 tokensLeft);
    /// @notice An offer was made and its goods escrowed. @param roomId The room. @param offerId Its id in the room.
    /// @param from Offerer. @param to Target. @param offering Offered. @param requesting Requested.
    /// @param escrowed What the offerer held of the offer, now in escrow.
    event OfferMade(
        uint256 indexed roomId,
        uint256 indexed offerId,
        address indexed from,
        address to,
        uint256[3] offering,
        uint256[3] requesting,
        uint256[3] escrowed
    );
    /// @notice An offer was accepted. @param roomId The room. @param offerId The offer. @param toTarget The escrow,
    /// now the target's. @param toOfferer What the target gave (shrunk request, up to its free holdings).
    /// @param atClose Executed by the round-3 rule at the round's close.
    event OfferAccepted(
        uint256 indexed roomId,
        uint256 indexed offerId,
        uint256[3] toTarget,
        uint256[3] toOfferer,
        bool atClose
    );
    /// @notice An offer was rejected and its escrow returned. @param roomId The room. @param offerId The offer.
    /// @param byDefault The response window expired.
    event OfferRejected(uint256 indexed roomId, uint256 indexed offerId, bool byDefault);
    /// @notice An offer was snatched: the escrow went to the target, nothing came back. @param roomId The room.
    /// @param offerId The offer. @param taken The goods taken.
    event OfferSnatched(uint256 indexed roomId, uint256 indexed offerId, uint256[3] taken);
    /// @notice The offerer cancelled and got the escrow back. @param roomId The room. @param offerId The offer.
    event OfferCancelled(uint256 indexed roomId, uint256 indexed offerId);
    /// @notice The round closed with the offer unanswered: escrow returned. @param roomId The room.
    /// @param offerId The offer.
    event OfferExpired(uint256 indexed roomId, uint256 indexed offerId);
    /// @notice A 2-player round had no offer. @param roomId The room. @param round The round. @param reason Why.
    event NoOffer(uint256 indexed roomId, uint8 round, NoOfferReason reason);
    /// @notice P2 set whether P1 must offer this round (G2). @param roomId The room. @param round The round.
    /// @param forced The new setting.
    event ForceSet(uint256 indexed roomId, uint8 round, bool forced);
    /// @notice A player said it is done with the round (3-player) or the talk window (G5). @param roomId The room.
    /// @param round The round. @param player The player.
    event PlayerDone(uint256 indexed roomId, uint8 round, address indexed player);
    /// @notice An offer (its {OfferMade} follows in the same transaction) is made to a player who had said done: its
    /// done is taken back, so the round cannot close by `done` before it answers or says done again (it may offer
    /// again too).
    /// @param roomId The room. @param round The round. @param player The offer's target.
    event DoneCleared(uint256 indexed roomId, uint8 round, address indexed player);
    /// @notice P1 made no shame/report decision after a snatch (G3/G4). @param roomId The room. @param round The
    /// round. @param byDefault The decision window expired (otherwise P1 declined).
    event DecisionDeclined(uint256 indexed roomId, uint8 round, bool byDefault);
    /// @notice Shame was given. @param roomId The room. @param round The round. @param from Giver. @param to Receiver.
    /// @param total The receiver's room shame tokens (3-player) or profile G3 shame (2-player) after it.
    event ShameGiven(uint256 indexed roomId, uint8 round, address indexed from, address indexed to, uint256 total);
    /// @notice A victim reported a snatch to the judge. @param roomId The room. @param offerId The snatched offer.
    /// @param victim The offerer.
    event SnatchReported(uint256 indexed roomId, uint256 indexed offerId, address indexed victim);
    /// @notice A report was confirmed: snatched goods returned and 3 goods forfeited to the victim.
    /// @param roomId The room. @param offerId The offer. @param returned Snatched goods returned (up to what the
    /// snatcher held). @param forfeited Goods forfeited to the victim. @param automatic The victim is the judge.
    /// @param suspended The judge suspended the snatcher for the next round. @param suspensionEffective There is a
    /// next round for the suspension to apply to.
    event ReportConfirmed(
        uint256 indexed roomId,
        uint256 indexed offerId,
        uint256[3] returned,
        uint256[3] forfeited,
        bool automatic,
        bool suspended,
        bool suspensionEffective
    );
    /// @notice A report was dismissed. @param roomId The room. @param offerId The offer. @param byDefault Undecided
    /// when the judging phase closed.
    event ReportDismissed(uint256 indexed roomId, uint256 indexed offerId, bool byDefault);
    /// @notice A G4 report reversed a snatch and applied the inverse sanction. @param roomId The room.
    /// @param offerId The offer. @param returned Goods returned to P1. @param sanction Goods P1 received from P2.
    event SnatchReversed(uint256 indexed roomId, uint256 indexed offerId, uint256[3] returned, uint256[3] sanction);
    /// @notice A cheap-talk message (G5; non-binding). @param roomId The room. @param round The round.
    /// @param from The sender. @param text The message.
    event MessageSent(uint256 indexed roomId, uint8 round, address indexed from, string text);
    /// @notice The room finished; points are final. @param roomId The room. @param points Per seat.
    event RoomFinished(uint256 indexed roomId, uint256[3] points);

    // ----------------------------------------------------------------------------------------------- errors

    /// @notice No format with this id. @param format The id.
    error UnknownFormat(uint256 format);
    /// @notice A format needs 1..16 rounds. @param count The number given.
    error BadRoundCount(uint256 count);
    /// @notice A rule set is None or of another player count than the format's first round. @param round 1-based.
    /// @param rules The rule set.
    error RuleSetMismatch(uint256 round, RuleSet rules);
    /// @notice A window the format needs is zero (3-player: the closing window too), or closing is not below trading
    /// (or above 65,535).
    /// @param windows The windows given.
    error InvalidWindows(Windows windows);
    /// @notice Too many formats (2^32 - 1: unreachable in practice, see SnatchFormats). @param count The current count.
    error TooManyFormats(uint256 count);
    /// @notice No room with this id. @param roomId The id.
    error UnknownRoom(uint256 roomId);
    /// @notice The room does not take players (full, started or finished). @param roomId The room.
    /// @param phase Its phase.
    error RoomNotOpen(uint256 roomId, Phase phase);
    /// @notice A fill window of zero blocks or longer than the limit. @param blocks The window given.
    /// @param max The limit.
    error FillWindowOutOfRange(uint256 blocks, uint256 max);
    /// @notice The room's creator cannot leave it: it cancels the room instead. @param roomId The room.
    error CreatorCannotLeave(uint256 roomId);
    /// @notice Only the creator may cancel an open room before its fill window has passed. @param roomId The room.
    /// @param account The caller. @param fillDeadline The last block of the fill window.
    error CannotCancelYet(uint256 roomId, address account, uint256 fillDeadline);
    /// @notice The account already sits in this room. @param roomId The room. @param player The account.
    error AlreadyMember(uint256 roomId, address player);
    /// @notice The caller has no seat in this room. @param roomId The room. @param account The caller.
    error NotAMember(uint256 roomId, address account);
    /// @notice The call does not fit the room's current phase. @param roomId The room. @param phase Its phase.
    error WrongPhase(uint256 roomId, Phase phase);
    /// @notice The action belongs to the other player (2-player). @param roomId The room. @param account The caller.
    error NotYourTurn(uint256 roomId, address account);
    /// @notice The round's rule set does not have this action. @param roomId The room. @param round The round.
    /// @param rules Its rule set.
    error RuleNotInRound(uint256 roomId, uint8 round, RuleSet rules);
    /// @notice An offer or shame addressed to the caller itself.
    error SelfTarget();
    /// @notice The target has no seat in this room. @param roomId The room. @param target The target.
    error TargetNotMember(uint256 roomId, address target);
    /// @notice The target is suspended this round. @param roomId The room. @param target The target.
    error TargetSuspended(uint256 roomId, address target);
    /// @notice Already 2 offers to this opponent this round. @param roomId The room. @param target The opponent.
    /// @param limit The limit.
    error OfferLimitReached(uint256 roomId, address target, uint256 limit);
    /// @notice The round is in its closing window: no new offers. @param roomId The room. @param lastBlock The last
    /// block that accepted offers.
    error OffersClosed(uint256 roomId, uint256 lastBlock);
    /// @notice An amount above 2^32 - 1. @param amount The amount.
    error AmountTooLarge(uint256 amount);
    /// @notice An offer must offer at least one good.
    error NothingOffered();
    /// @notice The good is not traded in this room (coffee in 2-player rooms). @param good The good.
    error GoodNotInRoom(Good good);
    /// @notice The offer is not pending (answered, cancelled, closed, or unknown). @param roomId The room.
    /// @param offerId The offer. @param status Its status.
    error OfferNotPending(uint256 roomId, uint256 offerId, OfferStatus status);
    /// @notice The offer's storage slot now holds a later offer of the room: the offer was resolved rounds ago (its
    /// history is in the events), nothing can act on it and its stored data is gone. @param roomId The room.
    /// @param offerId The offer.
    error OfferOverwritten(uint256 roomId, uint256 offerId);
    /// @notice Only the offer's target may answer it. @param roomId The room. @param offerId The offer.
    /// @param account The caller.
    error NotTarget(uint256 roomId, uint256 offerId, address account);
    /// @notice Only the offerer may cancel. @param roomId The room. @param offerId The offer.
    /// @param account The caller.
    error NotOfferer(uint256 roomId, uint256 offerId, address account);
    /// @notice Rejecting is not allowed this round (round 3). @param roomId The room. @param round The round.
    error RejectNotAllowed(uint256 roomId, uint8 round);
    /// @notice The judge may not snatch. @param roomId The room. @param judge The judge.
    error JudgeCannotSnatch(uint256 roomId, address judge);
    /// @notice The caller already gave shame this round. @param roomId The room. @param round The round.
    error AlreadyShamed(uint256 roomId, uint8 round);
    /// @notice The player is suspended this round (no offers, no responses). @param roomId The room.
    /// @param player The player. @param round The round.
    error Suspended(uint256 roomId, address player, uint8 round);
    /// @notice The player started the round shamed out: it may only respond. @param roomId The room.
    /// @param player The player. @param round The round.
    error ShamedOut(uint256 roomId, address player, uint8 round);
    /// @notice The player already said it is done. @param roomId The room. @param player The player.
    error AlreadyDone(uint256 roomId, address player);
    /// @notice A pending offer to the caller was made in this very block, so the caller cannot have seen it: `done`
    /// must wait for a later block (a round never closes on an offer its target had no block to answer).
    /// @param roomId The room. @param offerId The offer.
    error OfferJustMade(uint256 roomId, uint256 offerId);
    /// @notice Only the judge may do this. @param roomId The room. @param account The caller.
    error NotJudge(uint256 roomId, address account);
    /// @notice The offer was not snatched (or was already reported). @param roomId The room. @param offerId The offer.
    /// @param status Its status.
    error NotASnatch(uint256 roomId, uint256 offerId, OfferStatus status);
    /// @notice Only the snatched offerer may report. @param roomId The room. @param offerId The offer.
    /// @param account The caller.
    error NotVictim(uint256 roomId, uint256 offerId, address account);
    /// @notice Only this round's snatches may be reported. @param roomId The room. @param offerId The offer.
    error OfferNotThisRound(uint256 roomId, uint256 offerId);
    /// @notice The offer has no undecided report. @param roomId The room. @param offerId The offer.
    /// @param status Its status.
    error NotReported(uint256 roomId, uint256 offerId, OfferStatus status);
    /// @notice P2 forced P1 to offer this round (G2): passing is not possible (unless P1 holds no goods).
    /// @param roomId The room.
    error OfferForced(uint256 roomId);
    /// @notice A forced offer (G2) must escrow at least one good: naming goods P1 does not hold would dodge the force.
    /// @param roomId The room.
    error ForcedOfferEmpty(uint256 roomId);
    /// @notice A forced offer (G2) cannot be cancelled: it stands until P2 answers or the response window expires
    /// (default: reject). @param roomId The room. @param offerId The offer.
    error ForcedOfferFinal(uint256 roomId, uint256 offerId);
    /// @notice P1's offer or pass in the talk window (G5) ends the talk only once P2 said done: the other player is
    /// still talking. @param roomId The room.
    error TalkNotOver(uint256 roomId);
    /// @notice Messages only in the talk window (G5). @param roomId The room. @param phase The room's phase.
    error MessageOutsideWindow(uint256 roomId, Phase phase);
    /// @notice A message above the length limit. @param length Its length. @param max The limit.
    error MessageTooLong(uint256 length, uint256 max);
    /// @notice Nothing is due in this room. @param roomId The room. @param phase Its phase. @param deadline Its
    /// current deadline.
    error NothingToAdvance(uint256 roomId, Phase phase, uint256 deadline);
    /// @notice The caller is not an allowed factory. @param account The caller.
    error NotFactory(address account);
    /// @notice Too many factories (255).
    error TooManyFactories();
    /// @notice A factory's player list is empty, not a multiple of the format's player count, or for more than 65,536
    /// rooms. @param length Its length. @param playerCount The format's player count.
    error BadPlayerList(uint256 length, uint256 playerCount);
    /// @notice A player appears twice in one room, or is the zero address. @param player The player.
    error InvalidPlayer(address player);
    /// @notice A factory's player id is not one of a profile (0, or above the profile count). @param id The id.
    error UnknownPlayerId(uint256 id);
}
