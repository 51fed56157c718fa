// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {DisplayName} from "../common/names/DisplayName.sol";
import {IRandomness} from "../common/randomness/IRandomness.sol";
import {RandomnessConsumer} from "../common/randomness/RandomnessConsumer.sol";
import {ISnatchRooms} from "./ISnatchRooms.sol";
import {SnatchFormats} from "./libraries/SnatchFormats.sol";
import {SnatchGoods} from "./libraries/SnatchGoods.sol";
import {SnatchProgress} from "./libraries/SnatchProgress.sol";
import {SnatchSanctions} from "./libraries/SnatchSanctions.sol";
import {SnatchLayout, SnatchState} from "./libraries/SnatchState.sol";

/// @title SnatchRooms
/// @notice Rooms for Snatch or Share (3 players, 5 rounds of changing governance) and SnatchGame (2 players, variants
///         G1..G5 of 3 rounds). Goods are held by this contract for each room; players trade them through public offers
///         that can be accepted, rejected or snatched, under each round's rules. A room's format (rounds and windows)
///         is fixed when it is created. See docs/snatch.md for the rules as implemented.
/// @dev Every entry point first applies what is due (`_sync`): it consumes the roles randomness once ready, and closes
///      every expired window with its default (SnatchProgress). The action is then checked against the updated state;
///      if it fails, the whole call reverts, so bad input never changes state. Round and window transitions live in
///      the linked library SnatchProgress, the rare sanctions' arithmetic in SnatchSanctions, format validation in
///      SnatchFormats (all three are linked at deployment); decoded views live in SnatchRoomsLens.
contract SnatchRooms is ISnatchRooms, RandomnessConsumer, Ownable2Step {
    using SnatchGoods for uint72;
    using SnatchGoods for uint24;

    /// @notice Largest amount of a good an offer may offer or request.
    uint256 public constant MAX_AMOUNT = type(uint32).max;
    /// @notice Offers a player may make to each opponent per round (3-player).
    uint256 public constant OFFERS_PER_TARGET = SnatchLayout.OFFERS_PER_TARGET;
    /// @notice Longest cheap-talk message, in bytes.
    uint256 public constant MAX_MESSAGE_LENGTH = 280;
    /// @notice Preset format id of Snatch or Share; the SnatchGame presets G1..G5 are ids 2..6.
    uint32 public constant SNATCH_OR_SHARE = 1;
    /// @notice Longest fill window of an open room, in blocks: after it anyone may cancel a room that did not fill,
    ///         so no seat is held forever.
    uint256 public constant MAX_FILL_BLOCKS = 100_000;

    SnatchState private _s;

    /// @param source The randomness source (roles, first judge).
    /// @param owner_ Who allows factories (two-step ownership).
    constructor(IRandomness source, address owner_) RandomnessConsumer(source) Ownable(owner_) {
        Windows memory w = SnatchFormats.defaultWindows();
        SnatchFormats.create(_s, SnatchFormats.snatchOrShareRounds(), w);
        for (uint8 v = uint8(RuleSet.G1Plain); v <= uint8(RuleSet.G5CheapTalk); ++v) {
            SnatchFormats.create(_s, SnatchFormats.variantRounds(RuleSet(v)), w);
        }
    }

    // ============================================================================================ admin, formats

    /// @notice Allows or disallows a factory to create rooms with players and roles given. A disallowed factory's
    ///         rooms keep playing but no longer call it when they finish.
    /// @param factory The factory contract.
    /// @param allowed Whether it is allowed.
    function setFactory(address factory, bool allowed) external onlyOwner {
        uint8 index = _s.factoryIndex[factory];
        if (index == 0) {
            // Never allowed: nothing to disallow (index 0 stays unused).
            if (!allowed) {
                emit FactorySet(factory, 0, false);
                return;
            }
            if (_s.factoryCount == type(uint8).max) revert TooManyFactories();
            index = ++_s.factoryCount;
            _s.factoryIndex[factory] = index;
            _s.factories[index].account = factory;
        }
        _s.factories[index].allowed = allowed;
        emit FactorySet(factory, index, allowed);
    }

    /// @notice Stores a format anyone can then create rooms with. Rule sets must all be of one player count.
    /// @param rounds Rule set per round (1..16 rounds).
    /// @param windows Window lengths in blocks (see {ISnatchRooms.Windows}).
    /// @return format The new format's id.
    function createFormat(RuleSet[] calldata rounds, Windows calldata windows) external returns (uint32 format) {
        return SnatchFormats.create(_s, rounds, windows);
    }

    /// @notice Creates `player`'s profile if it has none (anyone may pay for it; a tournament does so at registration).
    /// @param player The account.
    /// @return id Its player id.
    function registerPlayer(address player) external returns (uint32 id) {
        return _profileOf(player);
    }

    // ===================================================================================================== rooms

    /// @notice Creates an open room of `format` and seats the caller in seat 0. Until the room fills, players may
    ///         {leave} and the creator may {cancelRoom}; once `fillBlocks` blocks have passed without it filling,
    ///         anyone may cancel it (joining stays possible until someone does).
    /// @param format A stored format.
    /// @param fillBlocks The fill window, 1..{MAX_FILL_BLOCKS} blocks.
    /// @param name The creator's display name for this seat (see {join}).
    /// @return roomId The new room.
    function createRoom(uint32 format, uint256 fillBlocks, string calldata name) external returns (uint256 roomId) {
        _checkName(name);
        Format memory f = _format(format);
        if (fillBlocks == 0 || fillBlocks > MAX_FILL_BLOCKS) revert FillWindowOutOfRange(fillBlocks, MAX_FILL_BLOCKS);
        roomId = ++_s.roomCount;
        Room storage r = _s.rooms[roomId];
        r.format = format;
        r.phase = Phase.Open;
        // An open room's deadline is the end of its fill window.
        r.deadline = uint40(block.number + fillBlocks);
        r.closing = SnatchFormats.roomClosing(f);
        r.player0 = _profileOf(msg.sender);
        emit RoomCreated(roomId, format, msg.sender, false);
        emit PlayerJoined(roomId, msg.sender, 0, name);
    }

    /// @notice Takes the next seat of an open room. The player that fills it requests the randomness that assigns the
    ///         roles; the next state-advancing call in the room (e.g. {advance}) consumes it and starts round 1.
    /// @param roomId The room.
    /// @param name A display name for the seat: at most 32 bytes of UTF-8 text without control characters
    ///        (DisplayName), "" for none. It is emitted with {PlayerJoined}, not stored (read it from the event).
    function join(uint256 roomId, string calldata name) external {
        _checkName(name);
        Room storage r = _room(roomId);
        if (r.phase != Phase.Open) revert RoomNotOpen(roomId, r.phase);
        uint32 id = _profileOf(msg.sender);
        if (id == r.player0 || id == r.player1) revert AlreadyMember(roomId, msg.sender);
        // The first free seat (a seat may have been left).
        uint8 seat;
        if (r.player1 == 0) {
            seat = 1;
            r.player1 = id;
        } else {
            seat = 2;
            r.player2 = id;
        }
        emit PlayerJoined(roomId, msg.sender, seat, name);
        if (r.player1 != 0 && (r.player2 != 0 || _s.formats[r.format].playerCount == 2)) {
            uint256 request = _requestRandomness();
            _s.rolesRequest[roomId] = request;
            r.phase = Phase.AwaitingRoles;
            r.deadline = 0; // the fill window is over; round 1 sets the next deadline
            emit RolesRequested(roomId, request);
        }
    }

    /// @notice Leaves an open room (not its creator, who cancels it instead); the seat is free again.
    /// @param roomId The room.
    function leave(uint256 roomId) external {
        Room storage r = _room(roomId);
        if (r.phase != Phase.Open) revert RoomNotOpen(roomId, r.phase);
        uint8 seat = _seatOf(roomId, _word(r), msg.sender);
        if (seat == 0) revert CreatorCannotLeave(roomId);
        if (seat == 1) r.player1 = 0;
        else r.player2 = 0;
        emit PlayerLeft(roomId, msg.sender, seat);
    }

    /// @notice Cancels an open room: its creator at any time before it fills, anyone once its fill window has passed.
    ///         Nothing more happens in a cancelled room.
    /// @param roomId The room.
    function cancelRoom(uint256 roomId) external {
        Room storage r = _room(roomId);
        if (r.phase != Phase.Open) revert RoomNotOpen(roomId, r.phase);
        bool expired = block.number > r.deadline;
        if (!expired && _s.profiles[msg.sender].id != r.player0) {
            revert CannotCancelYet(roomId, msg.sender, r.deadline);
        }
        r.phase = Phase.Cancelled;
        emit RoomCancelled(roomId, msg.sender, expired);
    }

    /// @notice Creates started rooms whose players and roles are given (no randomness per room): each group of
    ///         `playerCount` consecutive players is one room, in seat order. 3-player: seats 0, 1, 2 produce turkey,
    ///         coffee, corn and seat 0 judges first. 2-player: seat 0 is P1 (10 turkeys), seat 1 is P2 (10 corn).
    ///         The calling factory is called back (`onRoomFinished`) when each room finishes.
    /// @param format A stored format.
    /// @param players The players, room after room.
    /// @return firstRoomId The first new room's id; the others follow consecutively.
    function createRooms(uint32 format, address[] calldata players) external returns (uint256 firstRoomId) {
        uint8 index = _s.factoryIndex[msg.sender];
        if (!_s.factories[index].allowed) revert NotFactory(msg.sender);
        return SnatchProgress.createRooms(_s, format, players, index);
    }

    /// @notice {createRooms} with the players given by their player ids ({profileOf}), for a factory that keeps ids (a
    ///      tournament keeps eight to a word): each seat's account is read from its id instead of its id from its
    ///      account, so no profile is created and the factory need not look the accounts up.
    /// @param format A stored format.
    /// @param ids Existing player ids, room after room.
    /// @return firstRoomId The first new room's id; the others follow consecutively.
    function createRoomsOfIds(uint32 format, uint256[] calldata ids) external returns (uint256 firstRoomId) {
        uint8 index = _s.factoryIndex[msg.sender];
        if (!_s.factories[index].allowed) revert NotFactory(msg.sender);
        return SnatchProgress.createRoomsOfIds(_s, format, ids, index);
    }

    /// @notice Applies everything due in a room: consumes ready roles randomness, closes expired windows with their
    ///         defaults (as many as have expired). Anyone may call it.
    /// @param roomId The room.
    function advance(uint256 roomId) external {
        Room storage r = _room(roomId);
        if (!_sync(roomId, r)) revert NothingToAdvance(roomId, r.phase, r.deadline);
    }

    /// @notice {advance} for many rooms (e.g. a tournament closing timed-out rooms in batches); rooms with nothing due
    ///         are skipped.
    /// @param roomIds The rooms.
    /// @return advanced How many rooms changed.
    function advanceMany(uint256[] calldata roomIds) external returns (uint256 advanced) {
        for (uint256 i; i < roomIds.length; ++i) {
            if (_sync(roomIds[i], _room(roomIds[i]))) ++advanced;
        }
    }

    /// @notice Replaces a room's stale roles request with a new one. Anyone may call it.
    /// @param roomId A room waiting for its roles.
    function rerequestRoles(uint256 roomId) external {
        Room storage r = _room(roomId);
        if (r.phase != Phase.AwaitingRoles) revert WrongPhase(roomId, r.phase);
        uint256 old = _s.rolesRequest[roomId];
        uint256 request = _rerequest(old);
        _s.rolesRequest[roomId] = request;
        emit RolesRerequested(roomId, old, request);
    }

    // ==================================================================================================== offers

    /// @notice Makes a public offer: `offering` for `requesting` (amounts per good: turkey, coffee, corn). Escrows as
    ///         much of each offered good as the caller holds, up to the amount offered. 3-player: during trading,
    ///         before the closing window, at most 2 offers per opponent per round, not when suspended, shamed out or
    ///         done, not to a suspended player; an offer to a player who said done takes its done back
    ///         ({DoneCleared}), so the round cannot close before the target had a chance to answer. 2-player: P1 only,
    ///         in the offer window, to P2; no coffee. G5: in the talk window once P2 said done, the offer is also
    ///         P1's done (see {TalkNotOver}): {PlayerDone} and the offer window's {PhaseStarted} come first, as if P1
    ///         had sent {done} just before.
    /// @param roomId The room.
    /// @param target The opponent.
    /// @param offering Offered amounts (at least one good; each at most 2^32 - 1).
    /// @param requesting Requested amounts (each at most 2^32 - 1).
    /// @return offerId The offer's id in the room.
    function offer(
        uint256 roomId,
        address target,
        uint256[3] calldata offering,
        uint256[3] calldata requesting
    ) external returns (uint256 offerId) {
        (Room storage r, uint256 w) = _synced(roomId);
        uint8 from = _seatOf(roomId, w, msg.sender);
        if (target == msg.sender) revert SelfTarget();
        uint8 to = _targetSeat(roomId, w, target);
        Phase phase = _phase(w);
        if (phase == Phase.Trading) {
            // (It rewrites word 0; `w` is only used below on the 2-player path, where it is current, or after
            // `_endTalk` current but for the phase and deadline, which that path rewrites.)
            _checkOffer3(roomId, r, from, to, target);
        } else if (phase == Phase.Offering) {
            if (SnatchLayout.role(uint8(w >> 208), from) != uint8(Good.Turkey)) revert NotYourTurn(roomId, msg.sender);
        } else if (phase == Phase.Talk) {
            // G5: P1's offer ends the talk once P2 is done (tested only here, off the offer window's path).
            w = _endTalk(roomId, r, w, from);
            phase = Phase.Offering;
        } else {
            revert WrongPhase(roomId, phase);
        }
        uint256 ow;
        (ow, offerId) = _escrow(r, from, to, offering, requesting, phase == Phase.Offering);
        // G2: a forced offer must escrow a good (an offer of goods P1 does not hold would dodge the force).
        if (
            phase == Phase.Offering &&
            uint24(ow >> 24) == 0 &&
            SnatchLayout.flag(uint32(w >> 224), SnatchLayout.FORCED, 0)
        ) {
            revert ForcedOfferEmpty(roomId);
        }
        // The new offer's slot in the room's ring, written whole (field by field: a read and a write per field), with
        // its id. After the room's first `ring` offers the slot is a used one (SnatchLayout.ring: its offer is
        // resolved). (The ring from the phase already at hand: trading is 3-player, the offer window 2-player.)
        Offer storage o = SnatchLayout.offerSlotIn(
            _s,
            roomId,
            phase == Phase.Trading ? SnatchLayout.RING_3P : SnatchLayout.RING_2P,
            offerId
        );
        assembly ("memory-safe") {
            sstore(o.slot, or(ow, shl(224, offerId)))
        }
        _emitOfferMade(roomId, offerId, target, offering, requesting, ow >> 24);
        if (phase == Phase.Offering) _openPhase2p(roomId, r, w, Phase.Responding, _window2p(w, 200));
    }

    /// @notice Accepts an offer addressed to the caller: the escrow becomes the caller's; each requested amount shrinks
    ///         by escrowed / offered (rounded down) and the caller gives what it has of it from its free holdings.
    /// @param roomId The room.
    /// @param offerId A pending offer to the caller.
    function accept(uint256 roomId, uint256 offerId) external {
        (Room storage r, uint256 w, Offer storage o, ) = _response(roomId, offerId);
        SnatchProgress.acceptOffer(r, o, roomId, offerId, false);
        _afterResponse(roomId, r, w, false);
    }

    /// @notice Rejects an offer addressed to the caller; the escrow returns to the offerer. Not in no-reject rounds.
    /// @param roomId The room.
    /// @param offerId A pending offer to the caller.
    function reject(uint256 roomId, uint256 offerId) external {
        (Room storage r, uint256 w, Offer storage o, ) = _response(roomId, offerId);
        if (_rules(w) == RuleSet.NoReject) revert RejectNotAllowed(roomId, uint8(w >> 128));
        SnatchProgress.rejectOffer(r, o, roomId, offerId, false);
        _afterResponse(roomId, r, w, false);
    }

    /// @notice Snatches an offer addressed to the caller: the escrow becomes the caller's and nothing is given back.
    ///         The judge of a judge round may not snatch.
    /// @param roomId The room.
    /// @param offerId A pending offer to the caller.
    function snatch(uint256 roomId, uint256 offerId) external {
        (Room storage r, uint256 w, Offer storage o, uint256 ow) = _response(roomId, offerId);
        (uint8 from, uint8 to, uint24 esc) = SnatchLayout.offerParts(ow);
        if (_rules(w) == RuleSet.Judge && to == SnatchLayout.judge(uint32(w >> 224)))
            revert JudgeCannotSnatch(roomId, msg.sender);
        uint256 gw = SnatchLayout.goodsWord(r);
        (uint72 free, uint72 escrow) = uint72(gw).releaseEscrow(uint72(gw >> SnatchLayout.ESCROW_SHIFT), from, to, esc);
        SnatchLayout.setGoods(r, gw, free, escrow, SnatchLayout.ONE_SNATCH);
        SnatchLayout.setStatus(o, ow, OfferStatus.Snatched);
        // OfferSnatched encoded in place from the packed escrow: the same log as `emit` without a memory array
        // and its encoding loop (~1,200 gas a snatch).
        bytes32 topic = OfferSnatched.selector;
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, and(esc, 0xff))
            mstore(add(m, 0x20), and(shr(8, esc), 0xff))
            mstore(add(m, 0x40), and(shr(16, esc), 0xff))
            log3(m, 0x60, topic, roomId, offerId)
        }
        _afterResponse(roomId, r, w, true);
    }

    /// @notice Cancels the caller's pending offer; the escrow returns. In a 2-player round this ends the round with no
    ///         trade (P1 has one offer per round); a forced offer (G2) cannot be cancelled (else a forced P1 could
    ///         offer and take it back before P2 answers, escaping the force without a recorded refusal).
    /// @param roomId The room.
    /// @param offerId A pending offer of the caller.
    function cancel(uint256 roomId, uint256 offerId) external {
        (Room storage r, uint256 w) = _synced(roomId);
        (Offer storage o, uint256 ow) = _pending(roomId, w, offerId);
        if (_s.profiles[msg.sender].id != _playerIn(w, uint8(ow))) revert NotOfferer(roomId, offerId, msg.sender);
        bool responding = _phase(w) == Phase.Responding;
        if (responding && SnatchLayout.flag(uint32(w >> 224), SnatchLayout.FORCED, 0)) {
            revert ForcedOfferFinal(roomId, offerId);
        }
        SnatchProgress.releaseOffer(r, o, OfferStatus.Cancelled, 0);
        emit OfferCancelled(roomId, offerId);
        if (responding) _nextRound2p(roomId, r, w, true);
    }

    // ============================================================================================ round progress

    /// @notice Says the caller is done: 3-player trading (the round closes when every active player is done; a done
    ///         player makes no more offers but may still respond; an offer to it takes its done back; refused in the
    ///         block a pending offer to the caller was made in, see {OfferJustMade}), G5 talk (the offer window opens
    ///         when both are done; once P2 is, P1's {offer} or {pass} also says P1's done), or, for the judge, the
    ///         judging phase (closes it; undecided reports are dismissed).
    /// @param roomId The room.
    function done(uint256 roomId) external {
        (Room storage r, uint256 w) = _synced(roomId);
        uint8 seat = _seatOf(roomId, w, msg.sender);
        Phase phase = _phase(w);
        uint8 round = uint8(w >> 128);
        uint32 bits = uint32(w >> 224);
        if (phase == Phase.Judging) {
            if (seat != SnatchLayout.judge(bits)) revert NotJudge(roomId, msg.sender);
            emit PlayerDone(roomId, round, msg.sender);
            SnatchProgress.closeJudging(_s, roomId, block.number);
            return;
        }
        if (phase != Phase.Trading && phase != Phase.Talk) revert WrongPhase(roomId, phase);
        if (SnatchLayout.flag(bits, SnatchLayout.DONE, seat)) revert AlreadyDone(roomId, msg.sender);
        if (phase == Phase.Trading) _checkNoOfferThisBlock(roomId, r, seat);
        // The seat is at most 2: the flag is below bit 15. roundBits is the word's top 32 bits, written in place.
        bits |= uint32(1 << (SnatchLayout.DONE + seat));
        w = (w & type(uint224).max) | (uint256(bits) << 224);
        assembly ("memory-safe") {
            sstore(r.slot, w)
        }
        emit PlayerDone(roomId, round, msg.sender);
        uint32 all = uint32(w >> 64) == 0 ? 3 : 7;
        if ((bits >> SnatchLayout.DONE) & all != all) return;
        if (phase == Phase.Trading) {
            SnatchProgress.closeTrading(_s, roomId, block.number);
        } else {
            _openPhase2p(roomId, r, w, Phase.Offering, _window2p(w, 176));
        }
    }

    /// @notice P1 declines its current 2-player decision: no offer this round (not when forced in G2, unless P1 holds
    ///         no goods), or no shame / no report after a snatch (G3/G4). The round closes. G5: in the talk window once
    ///         P2 said done, the pass is also P1's done, as for {offer}.
    /// @param roomId The room.
    function pass(uint256 roomId) external {
        (Room storage r, uint256 w) = _synced(roomId);
        uint8 seat = _seatOf(roomId, w, msg.sender);
        Phase phase = _phase(w);
        if (phase != Phase.Offering && phase != Phase.Deciding) {
            if (phase != Phase.Talk) revert WrongPhase(roomId, phase);
            // G5: P1's pass ends the talk once P2 is done (tested only here, off the offer window's path).
            w = _endTalk(roomId, r, w, seat);
            phase = Phase.Offering;
        }
        if (SnatchLayout.role(uint8(w >> 208), seat) != uint8(Good.Turkey)) revert NotYourTurn(roomId, msg.sender);
        if (phase == Phase.Offering) {
            // FORCED from the word at hand first (roundBits' bit 27): forcedToOffer's read of the field is skipped
            // when P1 is not forced (~150 gas a pass).
            if (SnatchLayout.flag(uint32(w >> 224), SnatchLayout.FORCED, 0) && SnatchProgress.forcedToOffer(r)) {
                revert OfferForced(roomId);
            }
            emit NoOffer(roomId, uint8(w >> 128), NoOfferReason.Passed);
        } else {
            emit DecisionDeclined(roomId, uint8(w >> 128), false);
        }
        // In the offer window no offer was made this round (an offer moves the room on to Responding).
        _nextRound2p(roomId, r, w, phase == Phase.Deciding);
    }

    /// @notice P2 sets whether P1 must offer this round (G2; on by default at each round's start).
    /// @param roomId The room.
    /// @param forced The setting.
    function setForce(uint256 roomId, bool forced) external {
        (Room storage r, uint256 w) = _synced(roomId);
        uint8 seat = _seatOf(roomId, w, msg.sender);
        RuleSet rules = _rules(w);
        uint8 round = uint8(w >> 128);
        if (rules != RuleSet.G2Forced) revert RuleNotInRound(roomId, round, rules);
        if (_phase(w) != Phase.Offering) revert WrongPhase(roomId, _phase(w));
        if (SnatchLayout.role(uint8(w >> 208), seat) != uint8(Good.Corn)) revert NotYourTurn(roomId, msg.sender);
        // FORCED is roundBits' bit 27, the word's bit 251 (roundBits is its top 32 bits).
        w &= ~(uint256(1) << 251);
        if (forced) w |= uint256(1) << 251;
        assembly ("memory-safe") {
            sstore(r.slot, w)
        }
        emit ForceSet(roomId, round, forced);
    }

    /// @notice Sends a non-binding cheap-talk message (G5 talk window only). Messages are events, not stored.
    /// @param roomId The room.
    /// @param text At most {MAX_MESSAGE_LENGTH} bytes.
    function talk(uint256 roomId, string calldata text) external {
        (, uint256 w) = _synced(roomId);
        _seatOf(roomId, w, msg.sender);
        if (_phase(w) != Phase.Talk) revert MessageOutsideWindow(roomId, _phase(w));
        if (bytes(text).length > MAX_MESSAGE_LENGTH) revert MessageTooLong(bytes(text).length, MAX_MESSAGE_LENGTH);
        emit MessageSent(roomId, uint8(w >> 128), msg.sender, text);
    }

    // ================================================================================================ governance

    /// @notice Gives shame. 3-player shame-token round: one token per player per round to another member; a player who
    ///         starts a later round with 2 or more burns 2 goods and may only respond that round. G3: P1 shames the
    ///         snatcher after a snatch; it counts in the snatcher's profile across rooms, without penalty.
    /// @param roomId The room.
    /// @param target The player shamed.
    function shame(uint256 roomId, address target) external {
        (Room storage r, uint256 w) = _synced(roomId);
        uint8 seat = _seatOf(roomId, w, msg.sender);
        if (target == msg.sender) revert SelfTarget();
        uint8 to = _targetSeat(roomId, w, target);
        RuleSet rules = _rules(w);
        uint8 round = uint8(w >> 128);
        if (rules == RuleSet.ShameTokens) {
            if (r.phase != Phase.Trading) revert WrongPhase(roomId, r.phase);
            uint32 bits = r.roundBits;
            if (SnatchLayout.flag(bits, SnatchLayout.SHAME_GIVEN, seat)) revert AlreadyShamed(roomId, round);
            r.roundBits = bits | uint32(1 << (SnatchLayout.SHAME_GIVEN + seat));
            // A seat never holds more than 3 tokens (at most 1 left after a penalty + 2 given in a round): no carry
            // into the next seat's byte.
            uint24 tokens = r.shame + uint24(1 << (8 * to));
            r.shame = tokens;
            ++r.shames;
            emit ShameGiven(roomId, round, msg.sender, target, (tokens >> (8 * to)) & 0xff);
        } else if (rules == RuleSet.G3Shame) {
            if (_phase(w) != Phase.Deciding) revert WrongPhase(roomId, _phase(w));
            if (SnatchLayout.role(uint8(w >> 208), seat) != uint8(Good.Turkey)) revert NotYourTurn(roomId, msg.sender);
            uint32 total = ++_s.profiles[target].g3Shame;
            ++r.shames; // word 1: `w` stays current
            emit ShameGiven(roomId, round, msg.sender, target, total);
            _nextRound2p(roomId, r, w, true);
        } else {
            revert RuleNotInRound(roomId, round, rules);
        }
    }

    /// @notice Reports a snatch of the caller's offer made this round. Judge round (3-player, during trading or
    ///         judging): queued for the judge; a report by the judge itself is confirmed automatically, without
    ///         suspension: at the close of trading if made during trading (once every open offer has returned its
    ///         escrow, so that loot parked in an open offer cannot escape the restitution), at once if made during
    ///         judging. G4 (P1's decision window): the automatic judge reverses the snatch and P1 receives the shrunk
    ///         request from P2's free holdings (inverse sanction); the round closes.
    /// @param roomId The room.
    /// @param offerId The snatched offer.
    function report(uint256 roomId, uint256 offerId) external {
        (Room storage r, uint256 w) = _synced(roomId);
        RuleSet rules = _rules(w);
        Phase phase = _phase(w);
        if (rules == RuleSet.Judge) {
            if (phase != Phase.Trading && phase != Phase.Judging) revert WrongPhase(roomId, phase);
        } else if (rules == RuleSet.G4Report) {
            if (phase != Phase.Deciding) revert WrongPhase(roomId, phase);
        } else {
            revert RuleNotInRound(roomId, r.round, rules);
        }
        (Offer storage o, OfferStatus status) = SnatchLayout.findOffer(_s, roomId, r, offerId);
        if (status != OfferStatus.Snatched) revert NotASnatch(roomId, offerId, status);
        if (offerId < r.firstOffer) revert OfferNotThisRound(roomId, offerId);
        if (_s.profiles[msg.sender].id != SnatchLayout.playerIdAt(r, o.from)) {
            revert NotVictim(roomId, offerId, msg.sender);
        }
        ++r.reports;
        o.status = OfferStatus.Reported;
        emit SnatchReported(roomId, offerId, msg.sender);
        if (rules == RuleSet.G4Report) {
            (uint72 free, uint256[3] memory returned, uint256[3] memory sanction) = SnatchSanctions.reverse(
                r.free,
                o.from,
                o.to,
                SnatchSanctions.Amounts(o.escrowed, o.requested, o.offeredSum)
            );
            r.free = free;
            o.status = OfferStatus.Reversed;
            emit SnatchReversed(roomId, offerId, returned, sanction);
            // (The report wrote word 1 and the offer only: `w` is current.)
            _nextRound2p(roomId, r, w, true);
        } else if (phase == Phase.Judging && o.from == SnatchLayout.judge(r.roundBits)) {
            // (During trading, SnatchProgress.closeTrading confirms the judge's reports when trading closes.)
            SnatchProgress.confirmReport(_s, roomId, offerId, true, false);
        }
    }

    /// @notice The judge confirms a report (judging phase): the snatcher returns the snatched goods (up to what it
    ///         holds) and forfeits 3 goods (own good first, then its largest holding) to the victim.
    /// @param roomId The room.
    /// @param offerId A reported offer.
    /// @param suspend Also suspend the snatcher for the next round (no offers, no responses; no effect in the last
    ///        round, which the event says).
    function confirmReport(uint256 roomId, uint256 offerId, bool suspend) external {
        _judging(roomId, offerId);
        SnatchProgress.confirmReport(_s, roomId, offerId, false, suspend);
    }

    /// @notice The judge dismisses a report (judging phase).
    /// @param roomId The room.
    /// @param offerId A reported offer.
    function dismissReport(uint256 roomId, uint256 offerId) external {
        (, Offer storage o) = _judging(roomId, offerId);
        o.status = OfferStatus.Dismissed;
        emit ReportDismissed(roomId, offerId, false);
    }

    // ===================================================================================================== views

    /// @notice Number of formats (ids 1..formatCount).
    function formatCount() external view returns (uint32) {
        return _s.formatCount;
    }

    /// @notice Number of profiles (ids 1..profileCount).
    function profileCount() external view returns (uint32) {
        return _s.profileCount;
    }

    /// @notice Number of rooms (ids 1..roomCount).
    function roomCount() external view returns (uint64) {
        return _s.roomCount;
    }

    /// @notice A stored format, raw (SnatchRoomsLens.formatOf decodes its rounds).
    /// @param format The id.
    function formatData(uint32 format) external view returns (Format memory) {
        return _format(format);
    }

    /// @notice A player's profile (id 0: none yet).
    /// @param player The account.
    function profileOf(address player) external view returns (Profile memory) {
        return _s.profiles[player];
    }

    /// @notice The account of a player id.
    /// @param id The player id.
    function playerById(uint256 id) external view returns (address) {
        return _s.playerById[id];
    }

    /// @notice The pending randomness request of a room waiting for its roles (0 when none).
    /// @param roomId The room.
    function rolesRequest(uint256 roomId) external view returns (uint256) {
        return _s.rolesRequest[roomId];
    }

    /// @notice The factory with observer index `index + 1`.
    /// @param index Position in the list of factories ever allowed (0-based; the zero address past its end).
    function factories(uint256 index) external view returns (address) {
        return _s.factories[index + 1].account;
    }

    /// @notice Whether `factory` may create rooms.
    /// @param factory The account.
    function isFactory(address factory) external view returns (bool) {
        return _s.factories[_s.factoryIndex[factory]].allowed;
    }

    /// @notice A room's raw storage (two slots); SnatchRoomsLens decodes it. A 2-player room's `closing` is its
    ///         format's (truncated to 16 bits), as stored before: the room's field holds its compact schedule
    ///         (SnatchFormats.roomClosing).
    /// @param roomId The room.
    function roomData(uint256 roomId) external view returns (Room memory room) {
        room = _room(roomId);
        Format storage f = _s.formats[room.format];
        if (f.playerCount == 2) room.closing = uint16(f.closing);
    }

    /// @notice An offer's raw storage (status None if there is no such offer). Reverts with {OfferOverwritten} for an
    ///         offer whose ring slot holds a later offer (its history is in the events).
    /// @param roomId The room.
    /// @param offerId The offer.
    function offerData(uint256 roomId, uint256 offerId) external view returns (Offer memory o) {
        (Offer storage stored, OfferStatus status) = SnatchLayout.findOffer(_s, roomId, _room(roomId), offerId);
        if (status != OfferStatus.None) o = stored;
    }

    /// @notice A room's counters: one storage read.
    /// @param roomId The room.
    function roomStats(uint256 roomId) external view returns (Stats memory) {
        Room storage r = _room(roomId);
        return Stats(r.offerCount, r.accepts, r.rejects, r.snatches, r.shames, r.reports, r.refusals);
    }

    /// @notice A room's players and points by seat (own good x 1 + each other good x 2, escrowed goods included;
    ///         final once `finished`).
    /// @param roomId The room.
    function roomResult(
        uint256 roomId
    ) external view returns (bool finished, address[3] memory players, uint256[3] memory points) {
        Room storage r = _room(roomId);
        return (r.phase == Phase.Finished, SnatchProgress.playersOf(_s, r), SnatchProgress.points(r));
    }

    // ================================================================================================ internal

    /// @dev Applies what is due; returns whether anything changed. The checks are inline so that an action with
    ///      nothing due does not pay for a library call.
    function _sync(uint256 roomId, Room storage r) internal returns (bool) {
        return _syncWord(roomId, _word(r));
    }

    /// @dev A room (reverts with UnknownRoom), synced ({_sync}), and its word 0 as it stands then: the word is read
    ///      once for the existence check, the sync's phase and deadline and the caller's checks (field by field,
    ///      Solidity reads it again for each: ~120 gas a field). Word 0 (Solidity's layout of {ISnatchRooms.Room},
    ///      pinned by SnatchRooms.words.test.ts): player ids at bits 0, 32, 64, format 96-127, round 128-135, phase
    ///      136-143, rules 144-151, deadline 152-191, closing 192-207, roles 208-215, observer 216-223, roundBits
    ///      224-255.
    function _synced(uint256 roomId) internal returns (Room storage r, uint256 w) {
        r = _s.rooms[roomId];
        w = _word(r);
        if (_phase(w) == Phase.None) revert UnknownRoom(roomId);
        if (_syncWord(roomId, w)) w = _word(r);
    }

    /// @dev {_sync} of a room whose word 0 is `w`.
    function _syncWord(uint256 roomId, uint256 w) private returns (bool) {
        Phase phase = _phase(w);
        if (phase == Phase.AwaitingRoles) {
            uint256 request = _s.rolesRequest[roomId];
            (, uint256 seed) = _readRandomness(request);
            if (seed == 0) return false; // not ready: a ready value is never zero
            // Round 1 starts now, so nothing else can be due after this.
            SnatchProgress.assignRoles(_s, roomId, seed);
            return true;
        }
        if (phase == Phase.Open || phase >= Phase.Finished || block.number <= uint40(w >> 152)) return false;
        SnatchProgress.expire(_s, roomId);
        return true;
    }

    /// @dev A room's word 0.
    function _word(Room storage r) private view returns (uint256 w) {
        assembly ("memory-safe") {
            w := sload(r.slot)
        }
    }

    /// @dev The phase in word 0 `w` (a stored phase is always a valid Phase: no range check).
    function _phase(uint256 w) private pure returns (Phase p) {
        assembly ("memory-safe") {
            p := and(shr(136, w), 0xff)
        }
    }

    /// @dev The round's rule set in word 0 `w` (always a valid RuleSet).
    function _rules(uint256 w) private pure returns (RuleSet rules) {
        assembly ("memory-safe") {
            rules := and(shr(144, w), 0xff)
        }
    }

    /// @dev The player id in seat `seat` (0..2) of word 0 `w`.
    function _playerIn(uint256 w, uint256 seat) private pure returns (uint32) {
        unchecked {
            // seat <= 2 (an offer's seats): no overflow.
            return uint32(w >> (32 * seat));
        }
    }

    /// @dev The word of the format of the room whose word 0 is `w` (one slot, Solidity's layout of {Format}, pinned by
    ///      SnatchRooms.words.test.ts: playerCount 0-7, roundCount 8-15, ruleSets 16-79, then the windows, 24 bits
    ///      each: trading 80, closing 104, judging 128, talk 152, offer 176, response 200, decision 224).
    function _formatWord(uint256 w) private view returns (uint256 f) {
        Format storage fs = _s.formats[uint32(w >> 96)];
        assembly ("memory-safe") {
            f := sload(fs.slot)
        }
    }

    /// @dev A 2-player window's length for the room whose word 0 is `w`: from the room's compact schedule if it has one
    ///      (closing's bit 15, the word's bit 207: the window W in bits 192-202, every window the room uses being W,
    ///      see SnatchFormats.roomClosing), else the format's word at bit `shift` (talk 152, offer 176, response 200,
    ///      decision 224). Saves the format's cold read (2,100 gas) on each window a compact room opens.
    function _window2p(uint256 w, uint256 shift) private view returns (uint256) {
        if ((w >> 207) & 1 != 0) return (w >> 192) & 0x7ff;
        return uint24(_formatWord(w) >> shift);
    }

    /// @dev After a response (`w`: word 0, current): a 2-player round closes, unless a snatch in G3/G4 opens P1's
    ///      decision window.
    function _afterResponse(uint256 roomId, Room storage r, uint256 w, bool snatched) internal {
        if (_phase(w) != Phase.Responding) return;
        RuleSet rules = _rules(w);
        if (snatched && (rules == RuleSet.G3Shame || rules == RuleSet.G4Report)) {
            _openPhase2p(roomId, r, w, Phase.Deciding, _window2p(w, 224));
        } else {
            _nextRound2p(roomId, r, w, true);
        }
    }

    /// @dev Opens a 2-player round's later window (`w`: word 0, current): its phase and deadline written in word 0 at
    ///      once, and {PhaseStarted} logged in place (SnatchProgress.openPhase writes them field by field and has
    ///      `emit` encode the event: ~300 gas). The deadline fits its 40 bits as in openPhase (uint40).
    function _openPhase2p(uint256 roomId, Room storage r, uint256 w, Phase phase, uint256 window) private {
        uint256 deadline = uint40(block.number + window);
        // Clear phase (136-143) and deadline (152-191); rules (144-151) stay.
        w =
            (w & 0xffffffffffffffff0000000000ff00ffffffffffffffffffffffffffffffffff) |
            (uint256(phase) << 136) |
            (deadline << 152);
        bytes32 topic = PhaseStarted.selector;
        assembly ("memory-safe") {
            sstore(r.slot, w)
            let m := mload(0x40)
            mstore(m, and(shr(128, w), 0xff))
            mstore(add(m, 0x20), phase)
            mstore(add(m, 0x40), deadline)
            log2(m, 0x60, topic, roomId)
        }
    }

    /// @dev P1's offer or pass in a G5 talk window (`w`: word 0, current; `seat`: the caller's) once P2 said done: it
    ///      is first P1's `done`, as if sent just before in the same block: P1's done flag, {PlayerDone}, then the
    ///      offer window opens ({PhaseStarted}). Before P2 is done: {TalkNotOver}. Word 0 is written once (by
    ///      _openPhase2p), not by the flag too: the same state as `done`'s two writes. Returns `w` with P1's done flag
    ///      but the talk's phase and deadline: the callers' next step rewrites both from it (_openPhase2p,
    ///      _nextRound2p), and a returned word from _openPhase2p cost every 2-player offer ~15 gas.
    function _endTalk(uint256 roomId, Room storage r, uint256 w, uint8 seat) private returns (uint256) {
        if (SnatchLayout.role(uint8(w >> 208), seat) != uint8(Good.Turkey)) revert NotYourTurn(roomId, msg.sender);
        // The talk window is 2-player: P2's seat is seat ^ 1. DONE flags are roundBits' bits 12 + seat (word 236 +).
        if (!SnatchLayout.flag(uint32(w >> 224), SnatchLayout.DONE, seat ^ 1)) revert TalkNotOver(roomId);
        w |= uint256(1) << (236 + seat);
        emit PlayerDone(roomId, uint8(w >> 128), msg.sender);
        _openPhase2p(roomId, r, w, Phase.Offering, _window2p(w, 176));
        return w;
    }

    /// @dev Ends a 2-player round now (every caller is a 2-player phase or rule set: Offering, Responding, Deciding,
    ///      G3, G4): starts the next round here, as SnatchProgress.startRound's 2-player branch does, or, after the
    ///      last round, lets SnatchProgress.finish finish the room (its points and the factory's callback). Inline, a
    ///      round's start costs no call to the linked library (a cold account, 2,600, and the ABI round trip: ~3,500
    ///      gas a round), and each word is read and written once instead of field by field.
    ///      Words (Solidity's layouts, pinned by SnatchRooms.layout.test.ts and SnatchRooms.words.test.ts): room word
    ///      0, round 128-135, phase 136-143, rules 144-151, deadline 152-191, roundBits 224-255; room word 1,
    ///      offerCount 168-175, firstOffer 176-183; the format's word, roundCount 8-15, ruleSets 16-79 (round k's at
    ///      4(k-1)), talk 152-175, offer 176-199, read only when the room has no compact schedule in its closing field
    ///      (192-207, SnatchFormats.roomClosing).
    // (Over solhint's 50 lines by the compact schedule's branch, kept inline: see there.)
    // solhint-disable-next-line function-max-lines
    function _nextRound2p(uint256 roomId, Room storage r, uint256 w, bool offerMade) internal {
        uint256 round;
        unchecked {
            // The round is at most 16 (SnatchFormats.MAX_ROUNDS): no overflow.
            round = uint256(uint8(w >> 128)) + 1;
        }
        uint256 rules;
        uint256 roundCount;
        uint256 window;
        uint256 talkWindow;
        if ((w >> 207) & 1 != 0) {
            // The room's compact schedule (SnatchFormats.roomClosing; closing 192-207): every round has the current
            // round's rule set, roundCount - 1 is in bits 203-206 (at most 15: no overflow), and the talk and offer
            // windows are W (bits 192-202). No read of the format's word (cold: 2,100 gas a round's close). Inline:
            // a private helper returning four values cost ~+170 gas a round.
            rules = (w >> 144) & 0xff;
            roundCount = ((w >> 203) & 0xf) + 1;
            window = (w >> 192) & 0x7ff;
            talkWindow = window;
        } else {
            uint256 f = _formatWord(w);
            unchecked {
                // round <= 17: the shift is at most 80.
                rules = (f >> (12 + 4 * round)) & 0xf; // bits 16 + 4(round - 1)
            }
            roundCount = uint8(f >> 8);
            window = uint24(f >> 176);
            talkWindow = uint24(f >> 152);
        }
        if (round > roundCount) {
            // What startRound does past the last round, without its read of the format's word.
            SnatchProgress.finish(_s, roomId);
            return;
        }
        // G5: the talk window first (Phase.Talk 5), else the offer window (Phase.Offering 6); literals, not enum
        // arithmetic (RuleSet.G5CheapTalk 9, G2Forced 6).
        uint256 phase = 6;
        if (rules == 9) (phase, window) = (5, talkWindow);
        uint256 deadline = uint40(block.number + window);
        // roundBits: the judge seat NO_SEAT (3 << 28), and FORCED (1 << 27) in a G2 round.
        uint256 bits = rules == 6 ? 0x38000000 : 0x30000000;
        // Keep the players, format, closing, roles and observer (bits 0-127, 192-223); replace the rest.
        w =
            (w & 0x00000000ffffffff0000000000000000ffffffffffffffffffffffffffffffff) |
            (round << 128) |
            (phase << 136) |
            (rules << 144) |
            (deadline << 152) |
            (bits << 224);
        bytes32 topic = RoundStarted.selector;
        assembly ("memory-safe") {
            sstore(r.slot, w)
            // firstOffer = offerCount + 1 (at most 16 offers in a 2-player room, one a round: no carry). Without an
            // offer this round it is so already (set at the round's start): word 1 is not touched (a cold read, 2,100).
            if offerMade {
                let slot1 := add(r.slot, 1)
                let w1 := sload(slot1)
                w1 := or(and(w1, not(shl(176, 0xff))), shl(176, add(and(shr(168, w1), 0xff), 1)))
                sstore(slot1, w1)
            }
            // RoundStarted(roomId, round, rules, NO_SEAT, phase, deadline), encoded in place (what `emit` logs).
            let m := mload(0x40)
            mstore(m, round)
            mstore(add(m, 0x20), rules)
            mstore(add(m, 0x40), 3)
            mstore(add(m, 0x60), phase)
            mstore(add(m, 0x80), deadline)
            log2(m, 0xa0, topic, roomId)
        }
    }

    /// @dev 3-player offer checks (after phase and target): not suspended, not shamed out, not done, before the
    ///      closing window, target not suspended, under the per-opponent limit (counted here). Clears the target's
    ///      done flag ({DoneCleared}, emitted before the offer's {OfferMade}): a round closes by `done` only once
    ///      every player said done after the last offer made to it, so no offer executes (round 3) or expires at a
    ///      close its target had no chance to see. The deadline path is covered by the closing window (at least 1
    ///      block, see SnatchFormats).
    function _checkOffer3(uint256 roomId, Room storage r, uint8 from, uint8 to, address target) internal {
        // The room's first word read and written once, not field by field (~400 gas an offer): deadline at bits
        // 152-191, closing 192-207, roundBits 224-255 (Solidity's layout, pinned by SnatchRooms.words.test.ts).
        uint256 w;
        assembly ("memory-safe") {
            w := sload(r.slot)
        }
        uint32 bits = uint32(w >> 224);
        if (SnatchLayout.flag(bits, SnatchLayout.SUSPENDED, from)) revert Suspended(roomId, msg.sender, r.round);
        if (SnatchLayout.flag(bits, SnatchLayout.SHAMED_OUT, from)) revert ShamedOut(roomId, msg.sender, r.round);
        if (SnatchLayout.flag(bits, SnatchLayout.DONE, from)) revert AlreadyDone(roomId, msg.sender);
        uint256 lastBlock = uint40(w >> 152) - uint16(w >> 192);
        if (block.number > lastBlock) revert OffersClosed(roomId, lastBlock);
        if (SnatchLayout.flag(bits, SnatchLayout.SUSPENDED, to)) revert TargetSuspended(roomId, target);
        uint256 shift = 2 * (2 * from + (to > from ? to - 1 : to));
        if ((bits >> shift) & 3 >= OFFERS_PER_TARGET) revert OfferLimitReached(roomId, target, OFFERS_PER_TARGET);
        // The pair's counter is at most 1 here, so the addition never carries into the next pair's bits.
        bits += uint32(1 << shift);
        uint32 targetDone = uint32(1 << (SnatchLayout.DONE + to));
        w = (w & type(uint224).max) | (uint256(bits & ~targetDone) << 224);
        assembly ("memory-safe") {
            sstore(r.slot, w)
        }
        if (bits & targetDone != 0) emit DoneCleared(roomId, uint8(w >> 128), target);
    }

    /// @dev `done` in trading is refused while a pending offer to the caller was made in this very block: the caller
    ///      cannot have seen it (e.g. its `done` was sent earlier and an opponent's offer was placed before it), and
    ///      the round must not close on that offer before its target had a block to answer. Offers are numbered in
    ///      block order, so the walk stops at the first offer of an earlier block (usually one storage read).
    function _checkNoOfferThisBlock(uint256 roomId, Room storage r, uint8 seat) internal view {
        uint256 first = r.firstOffer; // at least 1, so `id` never wraps below
        for (uint256 id = r.offerCount; id >= first; --id) {
            Offer storage o = SnatchLayout.offerSlot(_s, roomId, r, id);
            if (o.madeAt != block.number) return;
            if (o.to == seat && o.status == OfferStatus.Pending) revert OfferJustMade(roomId, id);
        }
    }

    /// @dev Validates amounts and escrows what the offerer holds of each offered good; counts the new offer. Reads
    ///      and writes the room's goods word once; returns the new offer's word (layout in SnatchLayout), its id and
    ///      what it escrowed per good.
    function _escrow(
        Room storage r,
        uint8 from,
        uint8 to,
        uint256[3] calldata offering,
        uint256[3] calldata requesting,
        bool two
    ) internal returns (uint256 ow, uint256 offerId) {
        (uint256 offeredSum, uint256 requested) = _amounts(offering, requesting, two);
        uint256 w = SnatchLayout.goodsWord(r);
        (uint72 free, uint72 escrow, uint256 esc) = _take(
            uint72(w),
            uint72(w >> SnatchLayout.ESCROW_SHIFT),
            from,
            offering
        );
        // offerCount (bits 168-175) + 1: at most 192 offers a room (RING_3P = 12 a round, at most 16 rounds:
        // SnatchFormats.MAX_ROUNDS), so it stays a byte.
        unchecked {
            offerId = ((w >> SnatchLayout.OFFER_COUNT_SHIFT) & 0xff) + 1;
        }
        w = (w & ~(uint256(0xff) << SnatchLayout.OFFER_COUNT_SHIFT)) | (offerId << SnatchLayout.OFFER_COUNT_SHIFT);
        SnatchLayout.setGoods(r, w, free, escrow, 0);
        ow = _offerWord(uint256(from) | (uint256(to) << 8), esc, requested, offeredSum);
    }

    /// @dev A new offer's word (layout in SnatchLayout): its seats (`seats`: from | to << 8), status Pending, escrow,
    ///      request, sum offered (below 2^34) and block.
    function _offerWord(
        uint256 seats,
        uint256 esc,
        uint256 requested,
        uint256 offeredSum
    ) private view returns (uint256) {
        return
            seats |
            (uint256(OfferStatus.Pending) << SnatchLayout.STATUS_SHIFT) |
            (esc << 24) |
            (requested << 48) |
            (offeredSum << 144) |
            (uint256(uint40(block.number)) << 184);
    }

    /// @dev Moves to `from`'s escrow cells what it holds free of each offered good, up to the amount offered; returns
    ///      the grids and the packed escrow (good g at bit 8g).
    ///      Packed and unchecked (~3,000 gas an offer less than cell by cell with a memory array): each amount is at
    ///      most the free cell, so the subtraction never borrows across cells, and no cell holds more than 20 goods, so
    ///      the addition never carries.
    function _take(
        uint72 free,
        uint72 escrow,
        uint8 from,
        uint256[3] calldata offering
    ) private pure returns (uint72, uint72, uint256 esc) {
        unchecked {
            // The three goods unrolled (constant indexes: no bounds checks, ~150 gas an offer); from <= 2.
            uint256 cells = uint256(free) >> (24 * from);
            esc =
                _min(offering[0], cells & 0xff) |
                (_min(offering[1], (cells >> 8) & 0xff) << 8) |
                (_min(offering[2], (cells >> 16) & 0xff) << 16);
            uint256 moved = esc << (24 * from);
            return (uint72(uint256(free) - moved), uint72(uint256(escrow) + moved), esc);
        }
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }

    /// @dev Emits {OfferMade} with the offered and requested amounts copied from calldata and the escrow unpacked
    ///      (good g at bit 8g of `esc`), encoded in place: the same log as `emit`, without its memory arrays and
    ///      encoding loops (~600 gas an offer).
    function _emitOfferMade(
        uint256 roomId,
        uint256 offerId,
        address target,
        uint256[3] calldata offering,
        uint256[3] calldata requesting,
        uint256 esc
    ) private {
        bytes32 topic = OfferMade.selector;
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, target)
            calldatacopy(add(m, 0x20), offering, 0x60)
            calldatacopy(add(m, 0x80), requesting, 0x60)
            mstore(add(m, 0xe0), and(esc, 0xff))
            mstore(add(m, 0x100), and(shr(8, esc), 0xff))
            mstore(add(m, 0x120), and(shr(16, esc), 0xff))
            log4(m, 0x140, topic, roomId, offerId, caller())
        }
    }

    /// @dev Checks an offer's amounts, good by good (each at most {MAX_AMOUNT}, no coffee in a 2-player room, at least
    ///      one good offered); returns the sum offered and the packed request (good g at bit 32g).
    function _amounts(
        uint256[3] calldata offering,
        uint256[3] calldata requesting,
        bool two
    ) private pure returns (uint256 offeredSum, uint256 requested) {
        uint256 give0 = offering[0];
        uint256 give1 = offering[1];
        uint256 give2 = offering[2];
        uint256 want0 = requesting[0];
        uint256 want1 = requesting[1];
        uint256 want2 = requesting[2];
        // Valid amounts without the loop (~350 gas an offer): all at most MAX_AMOUNT = 2^32 - 1 exactly when their OR
        // is, and no coffee in a 2-player room. Otherwise the loop below reverts with the first fault, good by good.
        if ((give0 | give1 | give2 | want0 | want1 | want2) <= MAX_AMOUNT && !(two && (give1 | want1) != 0)) {
            // Unchecked: three amounts below 2^32 sum below 2^34.
            unchecked {
                offeredSum = give0 + give1 + give2;
            }
            if (offeredSum == 0) revert NothingOffered();
            return (offeredSum, want0 | (want1 << 32) | (want2 << 64));
        }
        for (uint256 g; g < SnatchGoods.GOODS; ++g) {
            uint256 give = offering[g];
            uint256 want = requesting[g];
            if (give > MAX_AMOUNT) revert AmountTooLarge(give);
            if (want > MAX_AMOUNT) revert AmountTooLarge(want);
            if (two && g == uint256(Good.Coffee) && (give | want) != 0) revert GoodNotInRoom(Good.Coffee);
            // Unchecked (~150 gas an offer): three amounts below 2^32 sum below 2^34; g < 3.
            unchecked {
                offeredSum += give;
                requested |= want << (32 * g);
            }
        }
        if (offeredSum == 0) revert NothingOffered();
    }

    /// @dev A seat's name: the linked DisplayName library checks it (nothing to check, and no call, for "").
    function _checkName(string calldata name) private pure {
        if (bytes(name).length != 0) DisplayName.check(name);
    }

    function _format(uint256 format) internal view returns (Format memory f) {
        f = _s.formats[format];
        if (f.playerCount == 0) revert UnknownFormat(format);
    }

    function _room(uint256 roomId) internal view returns (Room storage r) {
        r = _s.rooms[roomId];
        if (r.phase == Phase.None) revert UnknownRoom(roomId);
    }

    /// @dev A pending offer of the room whose word 0 is `w`, and its word, or revert (OfferOverwritten for an id whose
    ///      slot holds a later offer). The ring's size from word 0's player2 (SnatchLayout.ring).
    function _pending(uint256 roomId, uint256 w, uint256 offerId) internal view returns (Offer storage o, uint256 ow) {
        OfferStatus status;
        (o, ow, status) = SnatchLayout.findOfferIn(
            _s,
            roomId,
            _playerIn(w, 2) == 0 ? SnatchLayout.RING_2P : SnatchLayout.RING_3P,
            offerId
        );
        if (status != OfferStatus.Pending) revert OfferNotPending(roomId, offerId, status);
    }

    /// @dev Shared checks of accept/reject/snatch: the offer is pending and the caller is its target. A pending offer
    ///      is always of the current round, and its target is never suspended (suspension only changes at a round's
    ///      start, when no offer is open, and offers to suspended players are refused).
    ///      Returns the room's word 0 and the offer's word as they stand.
    function _response(
        uint256 roomId,
        uint256 offerId
    ) internal returns (Room storage r, uint256 w, Offer storage o, uint256 ow) {
        (r, w) = _synced(roomId);
        (o, ow) = _pending(roomId, w, offerId);
        // The target's seat: offer word bits 8-15.
        if (_s.profiles[msg.sender].id != _playerIn(w, uint8(ow >> 8))) revert NotTarget(roomId, offerId, msg.sender);
    }

    /// @dev Shared checks of the judge's decisions.
    function _judging(uint256 roomId, uint256 offerId) internal returns (Room storage r, Offer storage o) {
        uint256 w;
        (r, w) = _synced(roomId);
        if (_phase(w) != Phase.Judging) revert WrongPhase(roomId, _phase(w));
        uint8 judge = SnatchLayout.judge(uint32(w >> 224));
        if (_s.profiles[msg.sender].id != SnatchLayout.playerIdAt(r, judge)) revert NotJudge(roomId, msg.sender);
        OfferStatus status;
        (o, status) = SnatchLayout.findOffer(_s, roomId, r, offerId);
        if (status != OfferStatus.Reported) revert NotReported(roomId, offerId, status);
    }

    /// @dev `player`'s id, creating its profile if needed.
    function _profileOf(address player) internal returns (uint32) {
        return SnatchProgress.profileId(_s, player);
    }

    /// @dev The caller's seat, or revert with NotAMember.
    function _seatOf(uint256 roomId, uint256 w, address account) internal view returns (uint8 seat) {
        seat = _findSeat(w, account);
        if (seat == SnatchLayout.NO_SEAT) revert NotAMember(roomId, account);
    }

    /// @dev A target's seat, or revert with TargetNotMember.
    function _targetSeat(uint256 roomId, uint256 w, address target) internal view returns (uint8 seat) {
        seat = _findSeat(w, target);
        if (seat == SnatchLayout.NO_SEAT) revert TargetNotMember(roomId, target);
    }

    /// @dev The three seats' ids are compared in the room's word 0 `w` (player0, 1, 2 at bits 0, 32, 64: Solidity's
    ///      layout, pinned by SnatchRooms.words.test.ts), not read field by field (~250 gas a lookup).
    function _findSeat(uint256 w, address account) internal view returns (uint8) {
        uint256 id = _s.profiles[account].id;
        if (id != 0) {
            if (id == uint32(w)) return 0;
            if (id == uint32(w >> 32)) return 1;
            if (id == uint32(w >> 64)) return 2;
        }
        return SnatchLayout.NO_SEAT;
    }
}
