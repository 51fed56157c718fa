// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "../common/randomness/IRandomness.sol";
import {Catamm} from "../catamm/Catamm.sol";
import {CatammState} from "../catamm/CatammState.sol";

/// @notice The CATAMM game with test-only setters, so tests and the bench can reach a position (resources, pieces)
///         without playing dozens of turns. TEST-ONLY: anyone may call the setters. Every setter keeps the books
///         straight: resources come from the bank's `issued` counter, piece counters follow the masks.
contract CatammGameHarness is Catamm {
    constructor(IRandomness randomness_) Catamm(randomness_) {}

    /// @notice The bank issues `amount` of `resource` to `player` (counted as issued).
    function harnessIssue(uint256 gameId, address player, uint8 resource, uint256 amount) external {
        CatammState.issue(_games[gameId], player, resource, amount);
    }

    /// @notice The bank takes `amount` of `resource` from `player` (counted as received).
    function harnessCollect(uint256 gameId, address player, uint8 resource, uint256 amount) external {
        CatammState.collect(_games[gameId], player, resource, amount);
    }

    /// @notice Sets seat `seat`'s pieces (vertex masks of settlements and cities, edge mask of roads) and the
    ///         counters that follow them. Ports, road lengths and awards are not recomputed.
    function harnessSetPieces(uint256 gameId, uint256 seat, uint64 settlements, uint64 cities, uint128 roads) external {
        CatammState.Game storage g = _games[gameId];
        g.pieces[seat] = CatammState.Pieces(settlements, cities, roads);
        CatammState.Seat storage s = g.seats[seat];
        s.settlements = uint8(CatammState.popcount(settlements));
        s.cities = uint8(CatammState.popcount(cities));
        s.roads = uint8(CatammState.popcount(roads));
    }

    /// @notice Gives seat `seat` `count` development cards of kind `card` (taken from the deck).
    function harnessGiveCard(uint256 gameId, uint256 seat, uint8 card, uint8 count) external {
        CatammState.Game storage g = _games[gameId];
        uint40 one = uint40(1) << (8 * card);
        g.table.deck -= one * count;
        g.cards[seat].held += one * count;
    }

    /// @notice Gives seat `seat` `credits` gold credits.
    function harnessGiveGold(uint256 gameId, uint256 seat, uint16 credits) external {
        _games[gameId].seats[seat].gold += credits;
    }
}
