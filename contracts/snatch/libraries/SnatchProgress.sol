// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {RandomDraw} from "../../common/randomness/RandomDraw.sol";
import {ISnatchRooms} from "../ISnatchRooms.sol";
import {SnatchFormats} from "./SnatchFormats.sol";
import {SnatchGoods} from "./SnatchGoods.sol";
import {SnatchSanctions} from "./SnatchSanctions.sol";
import {Factory, SnatchLayout, SnatchState} from "./SnatchState.sol";

/// @title SnatchProgress
/// @notice How a room moves on: roles and starting goods, round starts (suspensions, shame penalties, the judge),
///         phase deadlines, closing a round's trading (pending offers expire, or execute in a no-reject round),
///         closing judging, the defaults of expired windows, and the end of the room.
/// @dev A linked library: its public functions run by DELEGATECALL on SnatchRooms' storage (`SnatchState`) and emit
///      SnatchRooms' events. SnatchRooms calls it only when a transition is due, so plain actions do not pay for the
///      call. Timing: a window opened at block `start` with length `w` has deadline `start + w`; a window that expired
///      is closed as if at its deadline, so the next one opens from there and an abandoned room's schedule is fixed.
library SnatchProgress {
    using SnatchGoods for uint72;
    using SnatchGoods for uint24;
    using SnatchGoods for uint96;

    /// @notice A 3-player producer's starting amount of its own good.
    uint256 internal constant START_3P = 5;
    /// @notice A 2-player starting amount (P1 turkeys, P2 corn).
    uint256 internal constant START_2P = 10;
    /// @notice Roles of a 2-player room: seat 0 is P1 (Turkey) and seat 1 P2 (Corn), or the reverse.
    uint8 internal constant ROLES_P1_FIRST = 0x08;
    uint8 internal constant ROLES_P1_SECOND = 0x02;
    /// @notice The 6 permutations of (Turkey, Coffee, Corn) over 3 seats, one role byte each, identity first.
    uint48 internal constant PERMUTATIONS = 0x061209211824;

    // ========================================================================================== public (linked)

    /// @notice Creates started rooms with players and roles given (see SnatchRooms.createRooms).
    /// @param s SnatchRooms' storage.
    /// @param format A stored format.
    /// @param players The players, `playerCount` per room, in seat order.
    /// @param observer The calling factory's observer index.
    /// @return firstRoomId The first new room's id; the others follow consecutively.
    function createRooms(
        SnatchState storage s,
        uint32 format,
        address[] calldata players,
        uint8 observer
    ) public returns (uint256 firstRoomId) {
        (uint16 closing, uint256 n, uint8 roles) = _checkBatch(s, format, players.length);
        uint256 roomId = s.roomCount;
        firstRoomId = roomId + 1;
        for (uint256 i; i < players.length; i += n) {
            address[3] memory seated = [players[i], players[i + 1], n == 3 ? players[i + 2] : address(0)];
            uint32[3] memory ids = [
                profileId(s, seated[0]),
                profileId(s, seated[1]),
                seated[2] == address(0) ? 0 : profileId(s, seated[2])
            ];
            _createRoom(s, ++roomId, firstRoomId, format, closing, observer, roles, ids, seated);
        }
        s.roomCount = uint64(roomId);
    }

    /// @notice {createRooms} with the players given by their ids (see SnatchRooms.createRoomsOfIds).
    /// @param s SnatchRooms' storage.
    /// @param format A stored format.
    /// @param ids Existing player ids, `playerCount` per room, in seat order.
    /// @param observer The calling factory's observer index.
    /// @return firstRoomId The first new room's id; the others follow consecutively.
    function createRoomsOfIds(
        SnatchState storage s,
        uint32 format,
        uint256[] calldata ids,
        uint8 observer
    ) public returns (uint256 firstRoomId) {
        (uint16 closing, uint256 n, uint8 roles) = _checkBatch(s, format, ids.length);
        uint256 roomId = s.roomCount;
        firstRoomId = roomId + 1;
        if (n == 2) {
            roomId = _createRooms2(s, format, ids, observer, closing, roomId);
        } else {
            for (uint256 i; i < ids.length; i += n) {
                (uint32[3] memory seat, address[3] memory seated) = _seatsOf(s, ids[i:i + n]);
                _createRoom(s, ++roomId, firstRoomId, format, closing, observer, roles, seat, seated);
            }
        }
        s.roomCount = uint64(roomId);
    }

    /// @notice Consumes the roles randomness: a uniformly random permutation of the roles over the seats (3-player:
    ///         and a random first judge), then starts round 1 now.
    /// @param s SnatchRooms' storage.
    /// @param roomId A room waiting for its roles.
    /// @param seed The random value.
    function assignRoles(SnatchState storage s, uint256 roomId, uint256 seed) public {
        ISnatchRooms.Room storage r = s.rooms[roomId];
        delete s.rolesRequest[roomId];
        uint8 roles;
        uint8 firstJudge;
        if (r.player2 != 0) {
            roles = uint8(PERMUTATIONS >> (8 * RandomDraw.uniform(seed, 0, 6)));
            firstJudge = uint8(RandomDraw.uniform(seed, 1, 3));
        } else {
            roles = RandomDraw.uniform(seed, 0, 2) == 0 ? ROLES_P1_FIRST : ROLES_P1_SECOND;
        }
        setUp(s, roomId, playersOf(s, r), roles, firstJudge);
    }

    /// @notice Stores roles and starting goods and starts round 1 now.
    /// @param s SnatchRooms' storage.
    /// @param roomId The room (players seated).
    /// @param seated Its players by seat.
    /// @param roles Own good per seat (see {SnatchLayout}).
    /// @param firstJudge The first judge's seat (3-player).
    function setUp(
        SnatchState storage s,
        uint256 roomId,
        address[3] memory seated,
        uint8 roles,
        uint8 firstJudge
    ) internal {
        ISnatchRooms.Room storage r = s.rooms[roomId];
        bool three = seated[2] != address(0);
        uint256 amount = three ? START_3P : START_2P;
        uint72 free;
        ISnatchRooms.Good[3] memory goods;
        for (uint256 seat; seat < (three ? 3 : 2); ++seat) {
            uint8 role = SnatchLayout.role(roles, seat);
            goods[seat] = ISnatchRooms.Good(role);
            free = free.set(seat, role, amount);
        }
        r.roles = roles | (firstJudge << SnatchLayout.NEXT_JUDGE);
        r.free = free;
        emit ISnatchRooms.RolesAssigned(roomId, seated, goods, firstJudge);
        startRound(s, roomId, 1, block.number);
    }

    /// @notice Closes every expired window of a room with its default, in order, until one is still open (or the room
    ///         finished). Bounded: each pass moves the room one phase on (at most 4 per round, 16 rounds).
    /// @param s SnatchRooms' storage.
    /// @param roomId The room (in a timed phase past its deadline).
    function expire(SnatchState storage s, uint256 roomId) public {
        ISnatchRooms.Room storage r = s.rooms[roomId];
        while (true) {
            ISnatchRooms.Phase phase = r.phase;
            uint256 start = r.deadline;
            if (phase == ISnatchRooms.Phase.Finished || block.number <= start) return;
            if (phase == ISnatchRooms.Phase.Trading) {
                closeTrading(s, roomId, start);
            } else if (phase == ISnatchRooms.Phase.Judging) {
                closeJudging(s, roomId, start);
            } else if (phase == ISnatchRooms.Phase.Talk) {
                openPhase(r, roomId, ISnatchRooms.Phase.Offering, start + s.formats[r.format].offer);
            } else if (phase == ISnatchRooms.Phase.Offering) {
                // No offer; a forced P1 (G2) that stayed silent is recorded as refusing.
                bool forced = forcedToOffer(r);
                if (forced) ++r.refusals;
                emit ISnatchRooms.NoOffer(
                    roomId,
                    r.round,
                    forced ? ISnatchRooms.NoOfferReason.Refused : ISnatchRooms.NoOfferReason.TimedOut
                );
                startRound(s, roomId, r.round + 1, start);
            } else if (phase == ISnatchRooms.Phase.Responding) {
                uint256 offerId = r.offerCount;
                rejectOffer(r, SnatchLayout.offerSlot(s, roomId, r, offerId), roomId, offerId, true);
                startRound(s, roomId, r.round + 1, start);
            } else {
                // Deciding: no shame, no report.
                emit ISnatchRooms.DecisionDeclined(roomId, r.round, true);
                startRound(s, roomId, r.round + 1, start);
            }
        }
    }

    /// @notice Starts round `round` as if at block `start`, or finishes the room after its last round. 3-player: the
    ///         suspensions decided last round take effect, players with 2+ shame tokens pay the penalty, and a judge
    ///         round seats the next judge (the seat rotates each judge round; a seat suspended for the round is
    ///         passed over, and the rotation goes on from the seat that judges).
    /// @param s SnatchRooms' storage.
    /// @param roomId The room.
    /// @param round The round to start (1-based).
    /// @param start The block the round starts at.
    function startRound(SnatchState storage s, uint256 roomId, uint256 round, uint256 start) public {
        ISnatchRooms.Room storage r = s.rooms[roomId];
        ISnatchRooms.Format memory f = s.formats[r.format];
        if (round > f.roundCount) {
            _finish(s, roomId, r);
            return;
        }
        ISnatchRooms.RuleSet rules = SnatchFormats.ruleAt(f.ruleSets, round);
        r.round = uint8(round);
        r.rules = rules;
        r.firstOffer = r.offerCount + 1;
        if (f.playerCount == 3) {
            uint256 suspended = (r.roundBits >> SnatchLayout.SUSPENDED_NEXT) & 7;
            uint256 shamedOut = r.shame == 0 ? 0 : _shamePenalties(s, roomId, r);
            uint8 judge = SnatchLayout.NO_SEAT;
            if (rules == ISnatchRooms.RuleSet.Judge) {
                uint8 roles = r.roles;
                judge = SnatchLayout.nextJudge(roles);
                // A player suspended for this round does not judge it: the next seat in rotation does. (At most two
                // seats are suspended: a judge never suspends itself, so this stops within two steps.)
                while ((suspended >> judge) & 1 == 1) judge = (judge + 1) % 3;
                r.roles = (roles & 0x3f) | (((judge + 1) % 3) << SnatchLayout.NEXT_JUDGE);
            }
            r.roundBits = uint32(
                (suspended << SnatchLayout.SUSPENDED) |
                    (suspended << SnatchLayout.DONE) |
                    (shamedOut << SnatchLayout.SHAMED_OUT) |
                    (uint256(judge) << SnatchLayout.JUDGE)
            );
            _openRound(r, roomId, rules, judge, ISnatchRooms.Phase.Trading, start + f.trading);
        } else {
            uint256 forced = rules == ISnatchRooms.RuleSet.G2Forced ? 1 << SnatchLayout.FORCED : 0;
            r.roundBits = uint32(forced | (uint256(SnatchLayout.NO_SEAT) << SnatchLayout.JUDGE));
            if (rules == ISnatchRooms.RuleSet.G5CheapTalk) {
                _openRound(r, roomId, rules, SnatchLayout.NO_SEAT, ISnatchRooms.Phase.Talk, start + f.talk);
            } else {
                _openRound(r, roomId, rules, SnatchLayout.NO_SEAT, ISnatchRooms.Phase.Offering, start + f.offer);
            }
        }
    }

    /// @notice Finishes a room after its last round ({startRound} of round roundCount + 1, without the format's read:
    ///         SnatchRooms' 2-player rounds know the round count already, from the room's compact schedule or the
    ///         format word they read; the format's word is a cold read, 2,100 gas, on each finishing response).
    /// @param s SnatchRooms' storage.
    /// @param roomId The room.
    function finish(SnatchState storage s, uint256 roomId) public {
        _finish(s, roomId, s.rooms[roomId]);
    }

    /// @notice Closes a 3-player round's trading as if at block `start`: pending offers execute as accepted in offer-id
    ///         order (no-reject round) or expire with their escrow returned. Then, in a judge round, the judge's own
    ///         reports are confirmed automatically (now that no escrow is left, the snatcher returns what it holds of
    ///         the loot). A judge round with a snatch of another victim this round goes on to judging; otherwise the
    ///         next round starts. Loops over the round's offers only (at most 12), twice if the judge reported.
    /// @param s SnatchRooms' storage.
    /// @param roomId The room.
    /// @param start The block the round closes at.
    function closeTrading(SnatchState storage s, uint256 roomId, uint256 start) public {
        ISnatchRooms.Room storage r = s.rooms[roomId];
        bool noReject = r.rules == ISnatchRooms.RuleSet.NoReject;
        // Reports only exist in judge rounds; NO_SEAT elsewhere.
        uint8 judge = SnatchLayout.judge(r.roundBits);
        bool snatched;
        bool judgeReported;
        uint256 first = r.firstOffer;
        uint256 last = r.offerCount;
        for (uint256 id = first; id <= last; ++id) {
            ISnatchRooms.Offer storage o = SnatchLayout.offerSlot(s, roomId, r, id);
            ISnatchRooms.OfferStatus status = o.status;
            if (status == ISnatchRooms.OfferStatus.Pending) {
                if (noReject) {
                    acceptOffer(r, o, roomId, id, true);
                } else {
                    releaseOffer(r, o, ISnatchRooms.OfferStatus.Expired, 0);
                    emit ISnatchRooms.OfferExpired(roomId, id);
                }
            } else if (status == ISnatchRooms.OfferStatus.Reported && o.from == judge) {
                judgeReported = true;
            } else if (status == ISnatchRooms.OfferStatus.Snatched || status == ISnatchRooms.OfferStatus.Reported) {
                snatched = true;
            }
        }
        if (judgeReported) {
            for (uint256 id = first; id <= last; ++id) {
                ISnatchRooms.Offer storage o = SnatchLayout.offerSlot(s, roomId, r, id);
                if (o.status == ISnatchRooms.OfferStatus.Reported && o.from == judge) {
                    confirmReport(s, roomId, id, true, false);
                }
            }
        }
        if (snatched && r.rules == ISnatchRooms.RuleSet.Judge) {
            openPhase(r, roomId, ISnatchRooms.Phase.Judging, start + s.formats[r.format].judging);
        } else {
            startRound(s, roomId, r.round + 1, start);
        }
    }

    /// @notice Confirms a report (3-player judge round): the snatcher returns the snatched goods, per good, up to what
    ///         it holds free, then forfeits 3 goods (own good first, then its largest holding) to the victim; the judge
    ///         may also suspend it for the next round (no effect after the last round, which the event says).
    /// @param s SnatchRooms' storage.
    /// @param roomId The room.
    /// @param offerId A reported offer.
    /// @param automatic The victim is the judge (confirmed without a decision, never with suspension).
    /// @param suspend Suspend the snatcher for the next round.
    function confirmReport(
        SnatchState storage s,
        uint256 roomId,
        uint256 offerId,
        bool automatic,
        bool suspend
    ) public {
        ISnatchRooms.Room storage r = s.rooms[roomId];
        ISnatchRooms.Offer storage o = SnatchLayout.offerSlot(s, roomId, r, offerId);
        uint8 snatcher = o.to;
        (uint72 free, uint256[3] memory returned, uint256[3] memory forfeited) = SnatchSanctions.confirm(
            r.free,
            o.from,
            snatcher,
            o.escrowed,
            SnatchLayout.role(r.roles, snatcher)
        );
        r.free = free;
        o.status = ISnatchRooms.OfferStatus.Confirmed;
        bool effective;
        if (suspend) {
            r.roundBits |= uint32(1 << (SnatchLayout.SUSPENDED_NEXT + snatcher));
            effective = r.round < s.formats[r.format].roundCount;
        }
        emit ISnatchRooms.ReportConfirmed(roomId, offerId, returned, forfeited, automatic, suspend, effective);
    }

    /// @notice Closes judging as if at block `start`: undecided reports are dismissed; the next round starts.
    /// @param s SnatchRooms' storage.
    /// @param roomId The room.
    /// @param start The block judging closes at.
    function closeJudging(SnatchState storage s, uint256 roomId, uint256 start) public {
        ISnatchRooms.Room storage r = s.rooms[roomId];
        uint256 last = r.offerCount;
        for (uint256 id = r.firstOffer; id <= last; ++id) {
            ISnatchRooms.Offer storage o = SnatchLayout.offerSlot(s, roomId, r, id);
            if (o.status == ISnatchRooms.OfferStatus.Reported) {
                o.status = ISnatchRooms.OfferStatus.Dismissed;
                emit ISnatchRooms.ReportDismissed(roomId, id, true);
            }
        }
        startRound(s, roomId, r.round + 1, start);
    }

    // ================================================================================ internal (inlined in callers)

    /// @notice Opens a phase with its deadline.
    function openPhase(
        ISnatchRooms.Room storage r,
        uint256 roomId,
        ISnatchRooms.Phase phase,
        uint256 deadline
    ) internal {
        r.phase = phase;
        r.deadline = uint40(deadline);
        emit ISnatchRooms.PhaseStarted(roomId, r.round, phase, uint40(deadline));
    }

    /// @notice Executes an accept: the escrow goes to the target, then the target gives from its free holdings what it
    ///         has of the request shrunk by escrowed / offered (rounded down).
    function acceptOffer(
        ISnatchRooms.Room storage r,
        ISnatchRooms.Offer storage o,
        uint256 roomId,
        uint256 offerId,
        bool atClose
    ) internal {
        uint256 ow = SnatchLayout.offerWord(o);
        (uint8 from, uint8 to, uint24 esc) = SnatchLayout.offerParts(ow);
        uint256 w = SnatchLayout.goodsWord(r);
        (uint72 free, uint72 escrow) = uint72(w).releaseEscrow(uint72(w >> SnatchLayout.ESCROW_SHIFT), from, to, esc);
        uint256 paid;
        (free, paid) = free.payShrunk(to, from, uint96(ow >> 48), esc, uint40(ow >> 144));
        SnatchLayout.setGoods(r, w, free, escrow, SnatchLayout.ONE_ACCEPT);
        SnatchLayout.setStatus(o, ow, ISnatchRooms.OfferStatus.Accepted);
        _emitAccepted(roomId, offerId, esc, paid, atClose);
    }

    /// @dev Emits {ISnatchRooms.OfferAccepted} from the packed amounts (good g at bit 8g), encoded in place: the same
    ///      log as `emit`, without its two memory arrays and their encoding loops (~2,300 gas an accept).
    function _emitAccepted(uint256 roomId, uint256 offerId, uint256 toTarget, uint256 toOfferer, bool atClose) private {
        bytes32 topic = ISnatchRooms.OfferAccepted.selector;
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, and(toTarget, 0xff))
            mstore(add(m, 0x20), and(shr(8, toTarget), 0xff))
            mstore(add(m, 0x40), and(shr(16, toTarget), 0xff))
            mstore(add(m, 0x60), and(toOfferer, 0xff))
            mstore(add(m, 0x80), and(shr(8, toOfferer), 0xff))
            mstore(add(m, 0xa0), and(shr(16, toOfferer), 0xff))
            mstore(add(m, 0xc0), atClose)
            log3(m, 0xe0, topic, roomId, offerId)
        }
    }

    /// @notice Whether P1 must offer now (G2): P2 forces it and P1 holds goods to offer. A P1 holding nothing (e.g.
    ///         everything it offered was snatched) cannot make a forced offer, which must escrow a good: it is not
    ///         bound (it may pass, and its silence is a plain timeout, not a refusal). 2-player rooms only (the flag is
    ///         unused in 3-player rooms); called in the offer window, when P1 has no open offer.
    function forcedToOffer(ISnatchRooms.Room storage r) internal view returns (bool) {
        if (!SnatchLayout.flag(r.roundBits, SnatchLayout.FORCED, 0)) return false;
        // P1 is the seat producing turkey (seat 0's role bits are 0), its goods are all free.
        return r.free.holdsAny(SnatchLayout.role(r.roles, 0) == uint8(ISnatchRooms.Good.Turkey) ? 0 : 1);
    }

    /// @notice Rejects an offer, by its target or (2-player) by the response window's expiry: the escrow returns to
    ///         the offerer and the room counts a reject.
    function rejectOffer(
        ISnatchRooms.Room storage r,
        ISnatchRooms.Offer storage o,
        uint256 roomId,
        uint256 offerId,
        bool timedOut
    ) internal {
        releaseOffer(r, o, ISnatchRooms.OfferStatus.Rejected, SnatchLayout.ONE_REJECT);
        emit ISnatchRooms.OfferRejected(roomId, offerId, timedOut);
    }

    /// @notice Returns an offer's escrow to the offerer and sets its final status; `count` is added to the room's
    ///         counters word (SnatchLayout.ONE_REJECT, or 0).
    function releaseOffer(
        ISnatchRooms.Room storage r,
        ISnatchRooms.Offer storage o,
        ISnatchRooms.OfferStatus status,
        uint256 count
    ) internal {
        uint256 ow = SnatchLayout.offerWord(o);
        (uint8 from, , uint24 esc) = SnatchLayout.offerParts(ow);
        uint256 w = SnatchLayout.goodsWord(r);
        (uint72 free, uint72 escrow) = uint72(w).releaseEscrow(uint72(w >> SnatchLayout.ESCROW_SHIFT), from, from, esc);
        SnatchLayout.setGoods(r, w, free, escrow, count);
        SnatchLayout.setStatus(o, ow, status);
    }

    /// @notice Points by seat: own good x 1 + each other good x 2, escrowed goods included (zero before round 1).
    function points(ISnatchRooms.Room storage r) internal view returns (uint256[3] memory pts) {
        if (r.round == 0) return pts;
        uint72 free = r.free;
        uint72 escrow = r.escrow;
        uint8 roles = r.roles;
        uint256 n = r.player2 == 0 ? 2 : 3;
        for (uint256 seat; seat < n; ++seat) pts[seat] = free.points(escrow, seat, SnatchLayout.role(roles, seat));
    }

    /// @notice `player`'s id, creating its profile if needed.
    function profileId(SnatchState storage s, address player) internal returns (uint32 id) {
        if (player == address(0)) revert ISnatchRooms.InvalidPlayer(player);
        id = s.profiles[player].id;
        if (id != 0) return id;
        id = ++s.profileCount;
        s.profiles[player].id = id;
        s.playerById[id] = player;
        emit ISnatchRooms.ProfileCreated(player, id);
    }

    /// @notice The room's players by seat.
    function playersOf(SnatchState storage s, ISnatchRooms.Room storage r) internal view returns (address[3] memory p) {
        p[0] = s.playerById[r.player0];
        p[1] = s.playerById[r.player1];
        if (r.player2 != 0) p[2] = s.playerById[r.player2];
    }

    // ============================================================================================== private

    /// @dev A factory's batch checks: the format exists and the list is whole rooms, at most 65,536 of them (a room's
    ///      position in its batch is stored in 16 bits). Returns the rooms' `closing` field (SnatchFormats.roomClosing:
    ///      the closing window, or a 2-player room's compact schedule), the player count and the roles.
    function _checkBatch(
        SnatchState storage s,
        uint32 format,
        uint256 length
    ) private view returns (uint16 closing, uint256 n, uint8 roles) {
        ISnatchRooms.Format memory f = s.formats[format];
        n = f.playerCount;
        if (n == 0) revert ISnatchRooms.UnknownFormat(format);
        if (length == 0 || length % n != 0 || length / n > 1 << 16) revert ISnatchRooms.BadPlayerList(length, n);
        return (SnatchFormats.roomClosing(f), n, n == 3 ? uint8(PERMUTATIONS) : ROLES_P1_FIRST);
    }

    /// @dev A room's seats from their player ids (2 or 3): each id known, and its account.
    function _seatsOf(
        SnatchState storage s,
        uint256[] calldata ids
    ) private view returns (uint32[3] memory seat, address[3] memory seated) {
        uint256 known = s.profileCount;
        for (uint256 k; k < ids.length; ++k) {
            uint256 id = ids[k];
            if (id == 0 || id > known) revert ISnatchRooms.UnknownPlayerId(id);
            seat[k] = uint32(id);
            seated[k] = s.playerById[id];
        }
    }

    /// @dev {createRoomsOfIds}' 2-player rooms (a tournament's): the same checks, storage and events as {_createRoom}
    ///      then {setUp} and {startRound} (round 1) give them, but each room's two words are written once, whole, and
    ///      its three events (RoomCreated, RolesAssigned, RoundStarted) are logged in place: field by field, each of
    ///      the ~15 fields set read and rewrote its word, and the events were encoded from memory arrays (~8,800 gas
    ///      less a room). Every room of the batch shares word 1 but for its players, and word 2 but for its batch
    ///      index: roles P1 first (seat 0 Turkey, seat 1 Corn: ROLES_P1_FIRST, 0x08), 10 of each own good, round 1 of
    ///      the format with its first window (Talk in G5, else Offering), no judge (3), P1 forced in G2, first offer 1.
    ///      Layouts: Solidity's for {ISnatchRooms.Room} (word 1: player0 0, player1 32, player2 64, format 96, round
    ///      128, phase 136, rules 144, deadline 152, closing 192, roles 208, observer 216, roundBits 224; word 2: free
    ///      0 with cell (seat, good) at 8 * (3 * seat + good), firstOffer 176, batchIndex 232), pinned by
    ///      SnatchRooms.layout.test.ts; `roundBits` as {SnatchLayout} (forced 27, judge 28). Bounds: ids are checked
    ///      below 2^32 (at most profileCount), the deadline is below 2^40 (a block number plus a 24-bit window), the
    ///      batch index below 2^16 (_checkBatch). Returns the last room's id.
    function _createRooms2(
        SnatchState storage s,
        uint32 format,
        uint256[] calldata ids,
        uint8 observer,
        uint16 closing,
        uint256 roomId
    ) private returns (uint256) {
        (uint256 w0, uint256 ev) = _rooms2Template(s, format, observer, closing);
        return _seatRooms2(s, ids, w0, ev, roomId);
    }

    /// @dev {_createRooms2}' shared word 1 (players left zero) and its events' data, allocated in memory at `ev`:
    ///      RoomCreated's (true) at ev, RolesAssigned's at ev + 32 (players a, b, none; goods Turkey 0, Corn 2, 0;
    ///      first judge 0: the players are written per room) and RoundStarted's at ev + 256 (round 1, the rules, no
    ///      judge 3, the phase, its deadline).
    function _rooms2Template(
        SnatchState storage s,
        uint32 format,
        uint8 observer,
        uint16 closing
    ) private view returns (uint256 w0, uint256 ev) {
        // Round 1, roles 0x08 (P1 first).
        w0 =
            (uint256(format) << 96) |
            (uint256(closing) << 192) |
            (uint256(observer) << 216) |
            0x80000000000000000000100000000000000000000000000000000;
        uint256 rules;
        uint256 phase;
        uint256 deadline;
        {
            ISnatchRooms.Format memory f = s.formats[format];
            rules = uint256(SnatchFormats.ruleAt(f.ruleSets, 1));
            bool talk = rules == uint256(ISnatchRooms.RuleSet.G5CheapTalk);
            phase = uint256(talk ? ISnatchRooms.Phase.Talk : ISnatchRooms.Phase.Offering);
            // Cut to the field's 40 bits, as every other deadline written (a longer one would spill into `closing`).
            deadline = uint40(block.number + (talk ? f.talk : f.offer));
        }
        // roundBits (bit 224): the judge seat 3 (none) at 28, P1 forced (bit 27) in G2.
        w0 |=
            (phase << 136) |
            (rules << 144) |
            (deadline << 152) |
            (uint256(rules == uint256(ISnatchRooms.RuleSet.G2Forced) ? 0x38000000 : 0x30000000) << 224);
        assembly ("memory-safe") {
            ev := mload(0x40)
            mstore(0x40, add(ev, 416))
            mstore(ev, 1)
            mstore(add(ev, 96), 0)
            mstore(add(ev, 128), 0)
            mstore(add(ev, 160), 2)
            mstore(add(ev, 192), 0)
            mstore(add(ev, 224), 0)
            mstore(add(ev, 256), 1)
            mstore(add(ev, 288), rules)
            mstore(add(ev, 320), 3)
            mstore(add(ev, 352), phase)
            mstore(add(ev, 384), deadline)
        }
    }

    /// @dev {_createRooms2}' rooms: ids checked as {_seatsOf} and {_createRoom} check them (in the same order), the two
    ///      words written, the three events logged from `ev`. Room i / 2 of the batch has batch index i / 2.
    function _seatRooms2(
        SnatchState storage s,
        uint256[] calldata ids,
        uint256 w0,
        uint256 ev,
        uint256 roomId
    ) private returns (uint256) {
        uint256 known = s.profileCount;
        for (uint256 i; i < ids.length; i += 2) {
            uint256 a = ids[i];
            if (a == 0 || a > known) revert ISnatchRooms.UnknownPlayerId(a);
            uint256 b = ids[i + 1];
            if (b == 0 || b > known) revert ISnatchRooms.UnknownPlayerId(b);
            {
                address pa = s.playerById[a];
                address pb = s.playerById[b];
                if (a == b) revert ISnatchRooms.InvalidPlayer(pb);
                assembly ("memory-safe") {
                    mstore(add(ev, 32), pa)
                    mstore(add(ev, 64), pb)
                }
            }
            ++roomId;
            ISnatchRooms.Room storage r = s.rooms[roomId];
            assembly ("memory-safe") {
                sstore(r.slot, or(w0, or(a, shl(32, b))))
                // free: 10 turkeys for seat 0 (cell 0), 10 corn for seat 1 (cell 5, bit 40); firstOffer 1 (bit 176);
                // the batch index (bit 232) i / 2, i even: i << 231.
                sstore(add(r.slot, 1), or(0x1000000000000000000000000000000000a000000000a, shl(231, i)))
                // RoomCreated(uint256 indexed roomId, uint32 indexed format, address indexed creator, bool byFactory):
                // keccak256("RoomCreated(uint256,uint32,address,bool)"); the format from word 1 (bits 96-127).
                log4(
                    ev,
                    32,
                    0x194eea39f1ced16d510c079201be1ce90da0972269d0c9ae2369336e362ba4a3,
                    roomId,
                    and(shr(96, w0), 0xffffffff),
                    caller()
                )
                // RolesAssigned(uint256 indexed roomId, address[3] players, Good[3] roles, uint8 firstJudge):
                // keccak256("RolesAssigned(uint256,address[3],uint8[3],uint8)").
                log2(add(ev, 32), 224, 0x5acb4cd289089e84bd8fa6d7fd2ac58163a6142089758d5edf5bc4bee852607e, roomId)
                // RoundStarted(uint256 indexed roomId, uint8 round, RuleSet rules, uint8 judge, Phase phase, uint40
                // deadline): keccak256("RoundStarted(uint256,uint8,uint8,uint8,uint8,uint40)").
                log2(add(ev, 256), 160, 0x47bf67812202ab5bbc1d2e064ff5023e512d623417130375c94bd198fbaa6dce, roomId)
            }
        }
        return roomId;
    }

    /// @dev One factory room: its seats' ids (distinct) and accounts, format, observer, position in its batch, then
    ///      roles, goods and round 1.
    function _createRoom(
        SnatchState storage s,
        uint256 roomId,
        uint256 firstRoomId,
        uint32 format,
        uint16 closing,
        uint8 observer,
        uint8 roles,
        uint32[3] memory ids,
        address[3] memory seated
    ) private {
        (uint32 a, uint32 b, uint32 c) = (ids[0], ids[1], ids[2]);
        if (a == b) revert ISnatchRooms.InvalidPlayer(seated[1]);
        if (c != 0 && (c == a || c == b)) revert ISnatchRooms.InvalidPlayer(seated[2]);
        ISnatchRooms.Room storage r = s.rooms[roomId];
        r.player0 = a;
        r.player1 = b;
        r.player2 = c;
        r.format = format;
        r.closing = closing;
        r.observer = observer;
        // Below 2^16 (checked in _checkBatch). Word 1 is written by setUp anyway (the starting goods).
        r.batchIndex = uint16(roomId - firstRoomId);
        emit ISnatchRooms.RoomCreated(roomId, format, msg.sender, true);
        setUp(s, roomId, seated, roles, 0);
    }

    /// @dev Opens a round's first phase (one event for the round and its phase).
    function _openRound(
        ISnatchRooms.Room storage r,
        uint256 roomId,
        ISnatchRooms.RuleSet rules,
        uint8 judge,
        ISnatchRooms.Phase phase,
        uint256 deadline
    ) private {
        r.phase = phase;
        r.deadline = uint40(deadline);
        emit ISnatchRooms.RoundStarted(roomId, r.round, rules, judge, phase, uint40(deadline));
    }

    /// @dev Every seat with 2+ shame tokens burns 2 goods (own first, then largest), loses 2 tokens and is shamed out
    ///      for the round. Runs at a round's start, when no offer is open (escrow is empty).
    function _shamePenalties(
        SnatchState storage s,
        uint256 roomId,
        ISnatchRooms.Room storage r
    ) private returns (uint256 shamedOut) {
        uint24 tokens = r.shame;
        uint72 free = r.free;
        for (uint256 seat; seat < 3; ++seat) {
            uint256 t = (tokens >> (8 * seat)) & 0xff;
            if (t < 2) continue;
            uint256[3] memory burned;
            (free, burned) = free.takeUnits(seat, SnatchLayout.role(r.roles, seat), 2);
            tokens -= uint24(2 << (8 * seat));
            shamedOut |= 1 << seat;
            r.free = free;
            r.shame = tokens;
            address player = s.playerById[SnatchLayout.playerIdAt(r, seat)];
            emit ISnatchRooms.ShamePenaltyApplied(roomId, player, burned, uint8(t - 2));
        }
    }

    /// @dev Final points; calls the observing factory if it is still allowed (and is a contract).
    function _finish(SnatchState storage s, uint256 roomId, ISnatchRooms.Room storage r) private {
        r.phase = ISnatchRooms.Phase.Finished;
        r.roundBits |= uint32(uint256(SnatchLayout.NO_SEAT) << SnatchLayout.JUDGE);
        uint256[3] memory pts = points(r);
        emit ISnatchRooms.RoomFinished(roomId, pts);
        uint8 observer = r.observer;
        if (observer != 0) {
            Factory memory factory = s.factories[observer];
            // An allowed factory without code (an operator's account) is not called.
            if (factory.allowed && factory.account.code.length != 0) _callObserver(s, factory.account, roomId, r, pts);
        }
    }

    /// @dev `onRoomFinished(roomId, batchFirstRoom, players, points, stats)` to `account` (which has code: checked by
    ///      the caller, so the call skips Solidity's own code-size check). Its arguments are all static (15 words),
    ///      written in place from one read of each room word, where the high-level call read each field apart (ten
    ///      reads of the two words) and encoded memory arrays and a struct: ~1,500 gas less per finished factory room.
    ///      Word 1: player ids at bits 0, 32, 64; word 2: offerCount 168, accepts 184, rejects 192, snatches 200,
    ///      shames 208, reports 216, refusals 224 (8 bits each), batchIndex 232 (16 bits): Solidity's layout of
    ///      {ISnatchRooms.Room}, pinned by SnatchRooms.layout.test.ts. `roomId - batchIndex` does not underflow: a
    ///      room's batchIndex is its position after its batch's first room. A revert of the observer is passed on.
    function _callObserver(
        SnatchState storage s,
        address account,
        uint256 roomId,
        ISnatchRooms.Room storage r,
        uint256[3] memory pts
    ) private {
        uint256 w;
        uint256 m;
        // The call's arguments are written past the free memory pointer (scratch, not allocated: nothing else is
        // allocated before the call).
        assembly ("memory-safe") {
            w := sload(r.slot)
            m := mload(0x40)
        }
        address p = s.playerById[uint32(w)];
        assembly ("memory-safe") {
            mstore(add(m, 68), p)
        }
        p = s.playerById[uint32(w >> 32)];
        assembly ("memory-safe") {
            mstore(add(m, 100), p)
        }
        w = uint32(w >> 64);
        p = w == 0 ? address(0) : s.playerById[w];
        assembly ("memory-safe") {
            mstore(add(m, 132), p)
            w := sload(add(r.slot, 1))
            // ISnatchRoomsObserver.onRoomFinished.selector: keccak256 of
            // "onRoomFinished(uint256,uint256,address[3],uint256[3],(uint8,uint8,uint8,uint8,uint8,uint8,uint8))" (a
            // wrong one would revert every tournament's and session's finishing room in the tests: no fallback).
            mstore(m, shl(224, 0x6f125892))
            mstore(add(m, 4), roomId)
            mstore(add(m, 36), sub(roomId, and(shr(232, w), 0xffff)))
            mstore(add(m, 164), mload(pts))
            mstore(add(m, 196), mload(add(pts, 32)))
            mstore(add(m, 228), mload(add(pts, 64)))
            mstore(add(m, 260), and(shr(168, w), 0xff))
            mstore(add(m, 292), and(shr(184, w), 0xff))
            mstore(add(m, 324), and(shr(192, w), 0xff))
            mstore(add(m, 356), and(shr(200, w), 0xff))
            mstore(add(m, 388), and(shr(208, w), 0xff))
            mstore(add(m, 420), and(shr(216, w), 0xff))
            mstore(add(m, 452), and(shr(224, w), 0xff))
            if iszero(call(gas(), account, 0, m, 484, 0, 0)) {
                returndatacopy(m, 0, returndatasize())
                revert(m, returndatasize())
            }
        }
    }
}
