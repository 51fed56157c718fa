// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Catamm} from "./Catamm.sol";
import {CatammState} from "./CatammState.sol";
import {ICatamm} from "./ICatamm.sol";
import {Placement} from "./libraries/Placement.sol";

/// @title CatammLens
/// @notice Read-only answers for interfaces (the web app) about a CATAMM game, from the game's own views and the
///         same rule functions the game builds with: where a player's pieces may go now.
/// @dev Separate from Catamm so that the game's bytecode, size and the gas of every game call stay as they are; it
///      holds no state and only reads `gameInfo` and `playerInfo`. Meant for `eth_call`.
contract CatammLens {
    /// @notice The game this lens reads.
    Catamm public immutable game;

    /// @param game_ The game contract.
    constructor(Catamm game_) {
        game = game_;
    }

    /// @notice Where `player`'s pieces may go now by the placement rules the game checks when they build
    ///         (Placement.sol, the same functions with the same arguments, see CatammBuild and CatammSetup). During the
    ///         draft: the spots of a draft pick's settlement (free, the distance rule, no road needed; its road is any
    ///         free edge ending there, so `roads` is empty). From the first turn: the settlement spots touching the
    ///         player's roads, the road spots connected to the player's network (an opponent's building cuts it), and
    ///         the player's settlements a city may replace, each empty once that piece's limit is reached (15 roads,
    ///         5 settlements, 4 cities). All empty before the start and after the end (or a cancellation). Whose turn
    ///         it is, the phase and the cost are checked when building. Reverts with the game's `NotAPlayer` if
    ///         `player` is not in it.
    /// @param gameId The game.
    /// @param player The player.
    /// @return settlements Vertex mask (bit v = vertex v).
    /// @return roads Edge mask (bit e = edge e).
    /// @return cities Vertex mask of the player's settlements a city may replace.
    function legalSpots(
        uint256 gameId,
        address player
    ) external view returns (uint256 settlements, uint256 roads, uint256 cities) {
        ICatamm.GameInfo memory info = game.gameInfo(gameId);
        if (info.phase < ICatamm.Phase.Setup || info.phase >= ICatamm.Phase.Finished) return (0, 0, 0);
        ICatamm.PlayerInfo memory me = game.playerInfo(gameId, player);
        uint256 own = me.settlements | me.cities;
        uint256 opponents;
        uint256 allRoads;
        for (uint256 i; i < info.playerCount; ++i) {
            if (info.players[i] == player) {
                allRoads |= me.roads;
                continue;
            }
            ICatamm.PlayerInfo memory other = game.playerInfo(gameId, info.players[i]);
            opponents |= other.settlements | other.cities;
            allRoads |= other.roads;
        }
        if (info.phase == ICatamm.Phase.Setup) return (Placement.settlementSpots(opponents | own, 0, false), 0, 0);
        // The game's piece counters follow the masks (a city gives its settlement piece back).
        if (CatammState.popcount(me.settlements) < CatammState.SETTLEMENT_LIMIT) {
            settlements = Placement.settlementSpots(opponents | own, me.roads, true);
        }
        if (CatammState.popcount(me.roads) < CatammState.ROAD_LIMIT) {
            roads = Placement.roadSpots(own, opponents, me.roads, allRoads);
        }
        if (CatammState.popcount(me.cities) < CatammState.CITY_LIMIT) cities = me.settlements;
    }
}
