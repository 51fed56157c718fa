// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {CatammState} from "../CatammState.sol";
import {ICatamm} from "../ICatamm.sol";
import {BoardTopology} from "../libraries/BoardTopology.sol";
import {VERTEX_COUNT, InvalidVertex} from "../libraries/BoardTypes.sol";
import {LongestRoad} from "../libraries/LongestRoad.sol";
import {Placement} from "../libraries/Placement.sol";

/// @title CatammBuild
/// @notice Roads, settlements and cities, and the longest road they change (linked library; runs on the game's
///         storage by delegatecall). The game checked that the sender is the player whose turn it is, after the roll.
/// @dev Rules, checked in this order: the piece limit (15 roads, 5 settlements, 4 cities on the board; a city gives
///      its settlement back), the placement (Placement.sol: a road connects to the player's network, which an
///      opponent's building cuts; a settlement keeps the distance rule and touches the player's road; a city
///      replaces the player's settlement), then the cost (paid to the bank; Road Building's roads are free).
///      The longest road is recomputed for the builder after a road, and for every opponent with two or more roads
///      at a new settlement's vertex (the only roads it can cut); the award then follows CatammState's rules.
library CatammBuild {
    /// @notice A road on `edge` for the current player (`free`: Road Building).
    function buildRoad(CatammState.Game storage g, uint256 gameId, uint256 edge, bool free) external {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        uint256 seat = t.seat;
        uint256 w = g.buildings;
        uint256 r = g.roads;
        uint256 roads = CatammState.roadsIn(r, seat);
        if (CatammState.popcountWide(roads) >= CatammState.ROAD_LIMIT) {
            revert ICatamm.PieceLimitReached(CatammState.PIECE_ROAD, CatammState.ROAD_LIMIT);
        }
        uint256 own = CatammState.buildingsIn(w, seat);
        uint256 opponents = w & ((1 << VERTEX_COUNT) - 1) & ~own;
        Placement.requireRoadSpot(own, opponents, roads, CatammState.allRoadsIn(r), edge);
        address player = g.seats[seat].account;
        if (!free) CatammState.pay(g, player, CatammState.ROAD_COST);
        r = CatammState.withRoad(r, seat, edge);
        emit ICatamm.RoadBuilt(gameId, player, edge, free);
        uint256 length = LongestRoad.length(roads | (1 << edge), opponents);
        if (length == CatammState.roadLengthIn(r, seat)) {
            g.roads = r;
            return;
        }
        g.roads = CatammState.withRoadLength(r, seat, length);
        emit ICatamm.RoadLengthChanged(gameId, player, length);
        // A road never shortens its builder's road, so below the award's minimum the builder neither holds nor takes
        // it, and every other length is as the last award left them: the award and the points stand. Skipping the
        // award's check saves reading the table and the points (~5k gas on most roads of a game).
        if (length < CatammState.LONGEST_ROAD_MIN) return;
        CatammState.updateLongestRoad(g, gameId, t.players);
        CatammState.checkWin(g, gameId, t);
    }

    /// @notice A settlement on `vertex` for the current player.
    function buildSettlement(CatammState.Game storage g, uint256 gameId, uint256 vertex) external {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        CatammState.Seat storage s = g.seats[t.seat];
        if (s.settlements >= CatammState.SETTLEMENT_LIMIT) {
            revert ICatamm.PieceLimitReached(CatammState.PIECE_SETTLEMENT, CatammState.SETTLEMENT_LIMIT);
        }
        uint256 w = g.buildings;
        uint256 r = g.roads;
        uint256 occupied = w & ((1 << VERTEX_COUNT) - 1);
        Placement.requireSettlementSpot(occupied, CatammState.roadsIn(r, t.seat), vertex, true);
        address player = s.account;
        CatammState.pay(g, player, CatammState.SETTLEMENT_COST);
        g.buildings = CatammState.withSettlement(w, t.seat, vertex);
        ++s.settlements;
        emit ICatamm.SettlementBuilt(gameId, player, vertex);
        CatammState.addPort(g, gameId, player, vertex);
        if (_cutRoads(g, gameId, t, w, r, occupied | (1 << vertex), vertex)) {
            CatammState.updateLongestRoad(g, gameId, t.players);
        }
        CatammState.checkWin(g, gameId, t);
    }

    /// @notice Upgrades the current player's settlement on `vertex` to a city.
    function buildCity(CatammState.Game storage g, uint256 gameId, uint256 vertex) external {
        if (vertex >= VERTEX_COUNT) revert InvalidVertex(vertex);
        CatammState.Turn memory t = CatammState.loadTurn(g);
        uint256 w = g.buildings;
        if (((CatammState.buildingsIn(w, t.seat) & ~CatammState.citiesIn(w)) >> vertex) & 1 == 0) {
            revert ICatamm.NotYourSettlement(vertex);
        }
        CatammState.Seat storage s = g.seats[t.seat];
        if (s.cities >= CatammState.CITY_LIMIT) {
            revert ICatamm.PieceLimitReached(CatammState.PIECE_CITY, CatammState.CITY_LIMIT);
        }
        address player = s.account;
        CatammState.pay(g, player, CatammState.CITY_COST);
        g.buildings = w | (1 << (64 + vertex)); // the city bit (see CatammState.Game.buildings)
        --s.settlements;
        ++s.cities;
        emit ICatamm.CityBuilt(gameId, player, vertex);
        CatammState.checkWin(g, gameId, t);
    }

    /// @dev Recomputes the longest road of every opponent with two or more roads at `vertex`, where a settlement
    ///      now stands (`w` and `r`: the buildings and roads words before it; `buildings`: every building, the new one
    ///      included). Stores the roads word if any length changed, and returns whether one did.
    function _cutRoads(
        CatammState.Game storage g,
        uint256 gameId,
        CatammState.Turn memory t,
        uint256 w,
        uint256 r,
        uint256 buildings,
        uint256 vertex
    ) private returns (bool changed) {
        uint256 atVertex = BoardTopology.vertexEdgeMask(vertex);
        if (CatammState.popcount(CatammState.allRoadsIn(r) & atVertex) < 2) return false;
        for (uint256 i; i < t.players; ++i) {
            if (i == t.seat) continue;
            uint256 roads = CatammState.roadsIn(r, i);
            if (CatammState.popcount(roads & atVertex) < 2) continue;
            uint256 length = LongestRoad.length(roads, buildings & ~CatammState.buildingsIn(w, i));
            if (length == CatammState.roadLengthIn(r, i)) continue;
            r = CatammState.withRoadLength(r, i, length);
            emit ICatamm.RoadLengthChanged(gameId, g.seats[i].account, length);
            changed = true;
        }
        if (changed) g.roads = r;
    }
}
