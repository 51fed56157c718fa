// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ISnatchRooms} from "../ISnatchRooms.sol";

/// @notice A factory (one slot): its account and whether it may create rooms now.
struct Factory {
    address account;
    bool allowed;
}

/// @notice All of SnatchRooms' storage in one struct, so that the linked SnatchProgress library can work on it.
/// @dev Room and offer layouts are documented on {ISnatchRooms.Room} and {ISnatchRooms.Offer}; `roundBits` on
///      {SnatchLayout}.
struct SnatchState {
    /// Number of formats (ids 1..formatCount), profiles (ids 1..profileCount) and rooms (ids 1..roomCount).
    uint32 formatCount;
    uint32 profileCount;
    uint64 roomCount;
    /// Number of factories ever allowed (observer indexes 1..factoryCount).
    uint8 factoryCount;
    mapping(uint256 format => ISnatchRooms.Format) formats;
    mapping(uint256 roomId => ISnatchRooms.Room) rooms;
    /// A room's offers, in a ring of slots (offer id modulo SnatchLayout.ring: see there why a slot is free again).
    mapping(uint256 roomId => ISnatchRooms.Offer[12]) offers;
    mapping(address player => ISnatchRooms.Profile) profiles;
    /// The pending randomness request of a room waiting for its roles (deleted once consumed).
    mapping(uint256 roomId => uint256 requestId) rolesRequest;
    mapping(uint256 id => address player) playerById;
    /// Every factory ever allowed, by observer index (1-based), with whether it is allowed now: one slot answers
    /// both questions a finishing room asks (which factory, still allowed?).
    mapping(uint256 index => Factory) factories;
    /// A factory's observer index (0: never allowed).
    mapping(address factory => uint8) factoryIndex;
}

/// @title SnatchLayout
/// @notice Bit layouts shared by SnatchRooms, SnatchProgress and SnatchRoomsLens.
/// @dev `Room.roundBits`, 3-player rooms:
///        bits  0..11  offers made this round per ordered pair (from, to): 2 bits at
///                     2 * (2 * from + (to > from ? to - 1 : to))
///        bits 12..14  done (one bit per seat; suspended seats start done)
///        bits 15..17  shame given this round
///        bits 18..20  suspended this round
///        bits 21..23  suspended next round
///        bits 24..26  shamed out this round (may only respond)
///        bits 28..29  this round's judge seat (3 = none; all rooms, every round, and 3 once finished)
///      2-player rooms: bits 12..13 done talking (G5), bit 27 P1 is forced to offer (G2).
///      `Room.roles`: seat s's own good in bits [2s, 2s + 2); bits 6..7: the seat that judges the next judge round
///      (3-player; it rotates each judge round).
///      (The judge seats live in these spare bits so that a room's first word has room for a 32-bit format id.)
library SnatchLayout {
    uint8 internal constant NO_SEAT = 3;
    uint256 internal constant DONE = 12;
    uint256 internal constant SHAME_GIVEN = 15;
    uint256 internal constant SUSPENDED = 18;
    uint256 internal constant SUSPENDED_NEXT = 21;
    uint256 internal constant SHAMED_OUT = 24;
    uint256 internal constant FORCED = 27;
    uint256 internal constant JUDGE = 28;
    uint8 internal constant NEXT_JUDGE = 6;

    // ---- whole-word access to the two words a response rewrites, so that it reads and writes each once (field by
    // field, Solidity reads and rewrites a packed slot for every field: ~100-200 gas a field). The layouts are
    // Solidity's for {ISnatchRooms.Room}'s second slot and {ISnatchRooms.Offer}, pinned by SnatchRooms.layout.test.ts.

    /// @dev Room word 2: free 0-71, escrow 72-143, shame 144-167, offerCount 168-175, firstOffer 176-183, accepts
    ///      184-191, rejects 192-199, snatches 200-207, shames 208-215, reports 216-223, refusals 224-231, batchIndex
    ///      232-247.
    uint256 internal constant ESCROW_SHIFT = 72;
    uint256 internal constant OFFER_COUNT_SHIFT = 168;
    uint256 internal constant GOODS_MASK = (1 << 144) - 1;
    /// @dev One more accept, reject or snatch in room word 2. Each counter is a uint8 that never passes 60 (at most
    ///      12 offers a round, 5 rounds), so adding one never carries into the next field.
    uint256 internal constant ONE_ACCEPT = 1 << 184;
    uint256 internal constant ONE_REJECT = 1 << 192;
    uint256 internal constant ONE_SNATCH = 1 << 200;
    /// @dev Offer word: from 0-7, to 8-15, status 16-23, escrowed 24-47, requested 48-143, offeredSum 144-183, madeAt
    ///      184-223, id 224-231.
    uint256 internal constant STATUS_SHIFT = 16;
    uint256 internal constant OFFER_ID_SHIFT = 224;

    /// @dev Offers a player may make to each opponent per round (3-player); counted in 2 bits of `roundBits`.
    uint256 internal constant OFFERS_PER_TARGET = 2;
    /// @dev Slots in a 3-player room's ring of offers: the most offers a round can hold (6 ordered pairs x
    ///      OFFERS_PER_TARGET). A 2-player round holds one offer (P1's, in the offer window), so its ring is 1.
    ///      Written as a literal (a product of typed constants is checked arithmetic at run time, ~+90 gas an offer
    ///      and a response); SnatchRooms.ring.test.ts checks it equals 6 x OFFERS_PER_TARGET.
    uint256 internal constant RING_3P = 12;
    uint256 internal constant RING_2P = 1;

    /// @notice The size of a room's ring of offer slots (offer `id` lives in slot `id % ring`), so that a room's
    ///         offers after its first `ring` ones update a used word (5,000 gas) instead of writing a new one (22,100).
    /// @dev Why a slot's previous occupant, offer `id - ring`, is always resolved and out of reach when offer `id` is
    ///      made: (1) a round's offers have consecutive ids `firstOffer..offerCount`, and a round holds at most `ring`
    ///      of them (3-player: OFFERS_PER_TARGET per ordered pair, counted in `roundBits`; 2-player: P1's one offer
    ///      moves the room from Offering to Responding, and every way out of Responding, accept, reject, snatch,
    ///      cancel or the window's expiry, resolves it and starts the next round or the decision window, which takes
    ///      no offer). So offer `id - ring` is of an earlier round. (2) A round ends only once its offers are
    ///      resolved: `closeTrading` executes or expires every pending offer of the round, a 2-player round ends with
    ///      its offer's answer. (3) Nothing acts on an earlier round's offer: a report needs `offerId >= firstOffer`,
    ///      the judge decides in the judging phase of the very round (`closeJudging` dismisses what is left before the
    ///      next round), and the loops over offers (`closeTrading`, `closeJudging`, `_checkNoOfferThisBlock`) walk the
    ///      current round only. test/snatch/SnatchRooms.ring.test.ts plays full rounds into reused slots.
    function ring(ISnatchRooms.Room storage r) internal view returns (uint256) {
        return r.player2 == 0 ? RING_2P : RING_3P;
    }

    /// @notice {ring} of a room read into memory.
    function ringOf(ISnatchRooms.Room memory r) internal pure returns (uint256) {
        return r.player2 == 0 ? RING_2P : RING_3P;
    }

    /// @notice The slot of offer `offerId` of the current round (no check: a current round's offer is always stored).
    function offerSlot(
        SnatchState storage s,
        uint256 roomId,
        ISnatchRooms.Room storage r,
        uint256 offerId
    ) internal view returns (ISnatchRooms.Offer storage) {
        return offerSlotIn(s, roomId, ring(r), offerId);
    }

    /// @notice The slot of offer `offerId` in a ring of `size` slots (RING_2P or RING_3P).
    function offerSlotIn(
        SnatchState storage s,
        uint256 roomId,
        uint256 size,
        uint256 offerId
    ) internal view returns (ISnatchRooms.Offer storage o) {
        ISnatchRooms.Offer[12] storage slots = s.offers[roomId];
        // The size is 1 or 12 (never 0) and the index below it: no zero-divisor or bounds check (~60 gas a lookup).
        assembly ("memory-safe") {
            o.slot := add(slots.slot, mod(offerId, size))
        }
    }

    /// @notice The slot of offer `offerId` and that offer's status: None if the slot does not hold it (not made yet, or
    ///         id 0). Reverts with OfferOverwritten if the slot holds a later offer (`offerId` was made and its slot
    ///         reused since). The word is read once for its id and status (field by field: a read each).
    function findOffer(
        SnatchState storage s,
        uint256 roomId,
        ISnatchRooms.Room storage r,
        uint256 offerId
    ) internal view returns (ISnatchRooms.Offer storage o, ISnatchRooms.OfferStatus status) {
        (o, , status) = findOfferIn(s, roomId, ring(r), offerId);
    }

    /// @notice {findOffer} in a ring of `size` slots (RING_2P or RING_3P), with the slot's word.
    function findOfferIn(
        SnatchState storage s,
        uint256 roomId,
        uint256 size,
        uint256 offerId
    ) internal view returns (ISnatchRooms.Offer storage o, uint256 w, ISnatchRooms.OfferStatus status) {
        o = offerSlotIn(s, roomId, size, offerId);
        assembly ("memory-safe") {
            w := sload(o.slot)
        }
        uint256 id = uint8(w >> OFFER_ID_SHIFT);
        if (id == offerId && id != 0) {
            // A stored status is always a valid OfferStatus (written from the enum).
            assembly ("memory-safe") {
                status := and(shr(STATUS_SHIFT, w), 0xff)
            }
        } else if (id > offerId && offerId != 0) {
            revert ISnatchRooms.OfferOverwritten(roomId, offerId);
        }
    }

    /// @notice Room word 2 (goods and counters).
    function goodsWord(ISnatchRooms.Room storage r) internal view returns (uint256 w) {
        assembly ("memory-safe") {
            w := sload(add(r.slot, 1))
        }
    }

    /// @notice Writes room word 2 `w` with `free` and `escrow` as the goods, and `count` added (a ONE_* or 0).
    function setGoods(ISnatchRooms.Room storage r, uint256 w, uint72 free, uint72 escrow, uint256 count) internal {
        // Unchecked: `count` adds one to a counter that cannot carry (see ONE_ACCEPT), so the word cannot overflow.
        unchecked {
            w = ((w & ~GOODS_MASK) | uint256(free) | (uint256(escrow) << ESCROW_SHIFT)) + count;
        }
        assembly ("memory-safe") {
            sstore(add(r.slot, 1), w)
        }
    }

    /// @notice An offer's word.
    function offerWord(ISnatchRooms.Offer storage o) internal view returns (uint256 w) {
        assembly ("memory-safe") {
            w := sload(o.slot)
        }
    }

    /// @notice Writes offer word `w` with status `status`.
    function setStatus(ISnatchRooms.Offer storage o, uint256 w, ISnatchRooms.OfferStatus status) internal {
        w = (w & ~(uint256(0xff) << STATUS_SHIFT)) | (uint256(status) << STATUS_SHIFT);
        assembly ("memory-safe") {
            sstore(o.slot, w)
        }
    }

    /// @notice An offer word's offerer and target seats and escrow.
    function offerParts(uint256 w) internal pure returns (uint8 from, uint8 to, uint24 escrowed) {
        return (uint8(w), uint8(w >> 8), uint24(w >> 24));
    }

    /// @notice Whether the per-seat flag at `offset` is set for `seat`.
    function flag(uint32 bits, uint256 offset, uint256 seat) internal pure returns (bool) {
        unchecked {
            // offset <= FORCED (27) and seat <= 2: no overflow (~40 gas a flag checked).
            return (bits >> (offset + seat)) & 1 != 0;
        }
    }

    /// @notice This round's judge seat (NO_SEAT: none), from `Room.roundBits`.
    function judge(uint32 bits) internal pure returns (uint8) {
        return uint8(bits >> JUDGE) & 3;
    }

    /// @notice The seat that judges the next judge round, from `Room.roles`.
    function nextJudge(uint8 roles) internal pure returns (uint8) {
        return roles >> NEXT_JUDGE;
    }

    /// @notice Seat `seat`'s own good.
    function role(uint8 roles, uint256 seat) internal pure returns (uint8) {
        unchecked {
            // seat <= 2: no overflow (~40 gas a role read).
            return (roles >> (2 * seat)) & 3;
        }
    }

    /// @notice The player id in seat `seat` (0 if empty).
    function playerId(ISnatchRooms.Room memory r, uint256 seat) internal pure returns (uint32) {
        if (seat == 0) return r.player0;
        if (seat == 1) return r.player1;
        if (seat == 2) return r.player2;
        return 0;
    }

    /// @notice The player id in seat `seat` of a stored room (0 if empty).
    function playerIdAt(ISnatchRooms.Room storage r, uint256 seat) internal view returns (uint32) {
        if (seat == 0) return r.player0;
        if (seat == 1) return r.player1;
        if (seat == 2) return r.player2;
        return 0;
    }
}
