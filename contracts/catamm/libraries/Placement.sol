// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {EDGE_COUNT, HEX_COUNT, VERTEX_COUNT, NONE} from "./BoardTypes.sol";
import {
    VertexOccupied,
    DistanceRuleViolated,
    SettlementNotConnected,
    EdgeOccupied,
    RoadNotConnected
} from "./BoardTypes.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {BoardTopology} from "./BoardTopology.sol";

/// @title Placement
/// @notice Building rules over a compact occupancy representation: bit `v` of a 54-bit vertex mask marks a
///         building on vertex `v`, bit `e` of a 72-bit edge mask a road on edge `e` (BoardTopology numbering).
///         A game keeps, per player, a settlement mask, a city mask and a road mask; "buildings" below means
///         settlements | cities, "occupied" the buildings of all players, "opponents" those of the other players.
/// @dev Pure functions; the `require*` variants revert with the errors of BoardTypes.sol, the others return bools.
library Placement {
    /// @notice Reverts unless a settlement may go on vertex `v`: free, the distance rule, and (`needsRoad`, i.e.
    ///         after the initial placement) touched by one of the player's roads.
    function requireSettlementSpot(uint256 occupied, uint256 ownRoads, uint256 v, bool needsRoad) internal pure {
        uint256 neighbours = BoardTopology.vertexNeighbourMask(v);
        if ((occupied >> v) & 1 == 1) revert VertexOccupied(v);
        uint256 blocking = occupied & neighbours;
        if (blocking != 0) revert DistanceRuleViolated(v, _lowestBit(blocking));
        if (needsRoad && ownRoads & BoardTopology.vertexEdgeMask(v) == 0) revert SettlementNotConnected(v);
    }

    /// @notice Whether a road on edge `e` connects to the player's network: one of its ends holds the player's
    ///         building, or holds no opponent's building and touches another of the player's roads (an
    ///         opponent's building on a vertex cuts the network there).
    function roadConnects(uint256 own, uint256 opponents, uint256 ownRoads, uint256 e) internal pure returns (bool) {
        (uint256 a, uint256 b) = BoardTopology.edgeVertices(e);
        uint256 others = ownRoads & ~(1 << e);
        return _endConnects(own, opponents, others, a) || _endConnects(own, opponents, others, b);
    }

    /// @notice Reverts unless a road may go on edge `e`: no road there (`allRoads`: every player's) and it
    ///         connects to the player's network (see {roadConnects}).
    function requireRoadSpot(
        uint256 own,
        uint256 opponents,
        uint256 ownRoads,
        uint256 allRoads,
        uint256 e
    ) internal pure {
        if ((allRoads >> e) & 1 == 1) revert EdgeOccupied(e);
        if (!roadConnects(own, opponents, ownRoads, e)) revert RoadNotConnected(e);
    }

    /// @notice Every vertex where {requireSettlementSpot} passes with the same arguments, as a vertex mask: free, the
    ///         distance rule, and (`needsRoad`) touched by one of the player's roads. For views (a 54-step scan).
    function settlementSpots(uint256 occupied, uint256 ownRoads, bool needsRoad) internal pure returns (uint256 spots) {
        unchecked {
            for (uint256 v; v < VERTEX_COUNT; ++v) {
                // Free, and no building next to it: the checks of {requireSettlementSpot}.
                if (occupied & ((1 << v) | BoardTopology.vertexNeighbourMask(v)) != 0) continue;
                if (needsRoad && ownRoads & BoardTopology.vertexEdgeMask(v) == 0) continue;
                spots |= 1 << v;
            }
        }
    }

    /// @notice Every edge where {requireRoadSpot} passes with the same arguments, as an edge mask: no road there and
    ///         connected to the player's network ({roadConnects}). For views (a 72-step scan).
    function roadSpots(
        uint256 own,
        uint256 opponents,
        uint256 ownRoads,
        uint256 allRoads
    ) internal pure returns (uint256 spots) {
        unchecked {
            for (uint256 e; e < EDGE_COUNT; ++e) {
                if ((allRoads >> e) & 1 == 0 && roadConnects(own, opponents, ownRoads, e)) spots |= 1 << e;
            }
        }
    }

    /// @notice Whether edge `e` ends at vertex `v` (the initial placement's road must touch the settlement just
    ///         placed).
    function edgeTouches(uint256 e, uint256 v) internal pure returns (bool) {
        return (BoardTopology.edgeVertexMask(e) >> v) & 1 == 1;
    }

    /// @notice The pips of a number token: the ways to roll it with two dice (2 and 12: 1, ..., 6 and 8: 5), 0 for
    ///         no token (the desert) or 7.
    function pips(uint256 number) internal pure returns (uint256) {
        if (number < 2 || number > 12 || number == 7) return 0;
        return number < 7 ? number - 1 : 13 - number;
    }

    /// @notice The pip totals of all 54 vertices, 4 bits each (vertex `v` at bit `4v`; the maximum, 5 + 5 + 5, fits).
    ///         A game may compute it once at creation instead of recomputing pips during placement.
    /// @dev Adds each hex's pips to its six corners: no field can carry into the next, as no total exceeds 15.
    function pipTable(uint256 board) internal pure returns (uint256 table) {
        unchecked {
            for (uint256 h; h < HEX_COUNT; ++h) {
                uint256 p = pips((board >> (7 * h + 3)) & 15);
                if (p == 0) continue;
                uint256 corners = BoardTopology.hexCornerField(h);
                for (uint256 i; i < 36; i += 6) table += p << (4 * ((corners >> i) & 63));
            }
        }
    }

    /// @notice The automatic settlement for a timed-out initial pick: the vertex that passes the distance rule
    ///         with the highest pip total (from `table`, see {pipTable}), the lowest id on ties; NONE if no vertex
    ///         is legal (impossible with at most 8 initial settlements). A fixed 54-step scan.
    function autoSettlementVertex(uint256 table, uint256 occupied) internal pure returns (uint256 best) {
        best = NONE;
        uint256 bestPips;
        bytes memory links = BoardTopology.linkTable();
        unchecked {
            for (uint256 v; v < VERTEX_COUNT; ++v) {
                uint256 p = (table >> (4 * v)) & 15;
                if (best != NONE && p <= bestPips) continue;
                // The vertex and its neighbours (the bytes at 32, 16 and 0 of its link record; a missing third
                // neighbour reads 255, a bit no vertex mask has).
                uint256 r = BoardTopology.linksOf(links, v);
                uint256 around = (1 << v) | (1 << ((r >> 32) & 0xff)) | (1 << ((r >> 16) & 0xff)) | (1 << (r & 0xff));
                if (occupied & around == 0) {
                    best = v;
                    bestPips = p;
                }
            }
        }
    }

    /// @notice The automatic road for a timed-out initial pick: the lowest-id edge at vertex `v` without a road
    ///         (`allRoads`: every player's), or NONE.
    function autoRoadEdge(uint256 allRoads, uint256 v) internal pure returns (uint256) {
        (uint256 a, uint256 b, uint256 c) = BoardTopology.vertexEdges(v);
        if ((allRoads >> a) & 1 == 0) return a;
        if ((allRoads >> b) & 1 == 0) return b;
        if (c != NONE && (allRoads >> c) & 1 == 0) return c;
        return NONE;
    }

    /// @dev One end `v` of a new road connects if it holds the player's building, or holds no opponent's building
    ///      and touches another of the player's roads (`others`).
    function _endConnects(uint256 own, uint256 opponents, uint256 others, uint256 v) private pure returns (bool) {
        if ((own >> v) & 1 == 1) return true;
        if ((opponents >> v) & 1 == 1) return false;
        return others & BoardTopology.vertexEdgeMask(v) != 0;
    }

    /// @dev Index of the lowest set bit of a non-zero `x` (`x & (~x + 1)`, i.e. `x & -x`, isolates it).
    function _lowestBit(uint256 x) private pure returns (uint256) {
        unchecked {
            return Math.log2(x & (~x + 1));
        }
    }
}
