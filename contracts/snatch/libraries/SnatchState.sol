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
    mapping(uint256 roomId => mapping(uint256 offerId => ISnatchRooms.Offer)) offers;
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

    /// @notice Whether the per-seat flag at `offset` is set for `seat`.
    function flag(uint32 bits, uint256 offset, uint256 seat) internal pure returns (bool) {
        return (bits >> (offset + seat)) & 1 != 0;
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
        return (roles >> (2 * seat)) & 3;
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
