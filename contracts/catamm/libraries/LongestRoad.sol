// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {EDGE_COUNT, InvalidEdge} from "./BoardTypes.sol";
import {BoardTopology} from "./BoardTopology.sol";

/// @title LongestRoad
/// @notice The length of a player's longest road: the longest trail (a walk that never uses an edge twice) in
///         their road network, where a vertex holding an opponent's settlement or city breaks continuity: a trail
///         may start or end there but not pass through. A trail may visit a free vertex twice (a loop plus a tail
///         counts in full), as in the official rules.
/// @dev Depth-first search over bitmasks, exhaustive, exponential in the number of roads: a game must cap roads at
///      15 per player (the piece limit), where the worst networks found cost a few hundred visits (see the
///      test log for the gas). Only vertices where a longest trail can start are tried:
///      - a trail that cannot be extended, if open, starts where every edge of the start vertex is used by it, an
///        odd number of times: at a vertex of odd degree (1 or 3), or at a blocked vertex (split into one end per
///        road, each of degree 1);
///      - if closed, it uses every edge of every vertex it meets, so it is a whole component in which every vertex
///        has degree 2 and none is blocked: a simple cycle, whose length is its number of edges.
///      So: search from every odd or blocked vertex of the network, mark each edge the searches traverse (they
///      reach every edge of their components), and measure the unmarked edges, which form simple cycles, by
///      walking around them. The search stops early once a trail uses every road.
library LongestRoad {
    /// @dev Search state shared by the recursive walk (memory, passed by reference).
    struct Search {
        uint256 roads;
        uint256 blockers;
        uint256 total;
        uint256 covered;
        uint256 best;
    }

    /// @notice The longest road of a player with roads `roads` (72-bit edge mask) when opponents' buildings stand
    ///         on `blockers` (54-bit vertex mask; the player's own buildings never break a road).
    function length(uint256 roads, uint256 blockers) internal pure returns (uint256) {
        if (roads >> EDGE_COUNT != 0) revert InvalidEdge(Math.log2(roads));
        Search memory s = Search(roads, blockers, 0, 0, 0);

        // Vertices of the network, and those of odd degree (each road flips the parity of both its ends).
        uint256 net;
        uint256 odd;
        for (uint256 r = roads; r != 0; r &= r - 1) {
            uint256 f = BoardTopology.edgeVertexField(_lowestBit(r));
            uint256 ends = (1 << (f & 63)) | (1 << (f >> 6));
            net |= ends;
            odd ^= ends;
            ++s.total;
        }

        for (uint256 starts = odd | (net & blockers); starts != 0; starts &= starts - 1) {
            _walk(s, _lowestBit(starts), 0, 0);
            if (s.best == s.total) return s.best;
        }

        // What no search reached: components where every vertex has degree 2 and no block, i.e. simple cycles.
        uint256 rest = roads & ~s.covered;
        while (rest != 0) {
            uint256 e = _lowestBit(rest);
            rest &= rest - 1;
            uint256 f = BoardTopology.edgeVertexField(e);
            uint256 origin = f & 63;
            uint256 at = f >> 6;
            uint256 n = 1;
            // Follow the cycle: at each vertex exactly one unwalked edge of it is left.
            while (at != origin) {
                e = _nextEdge(rest, at);
                if (e == type(uint256).max) break; // unreachable for a simple cycle; never loop forever
                rest &= ~(1 << e);
                ++n;
                f = BoardTopology.edgeVertexField(e);
                at = (f & 63) == at ? f >> 6 : f & 63;
            }
            if (n > s.best) s.best = n;
        }
        return s.best;
    }

    /// @dev Extends the trail that reached vertex `u` with `len` roads, `used` marking them, by every unused road at
    ///      `u`; a road into a blocked vertex ends the trail there.
    function _walk(Search memory s, uint256 u, uint256 used, uint256 len) private pure {
        if (len > s.best) s.best = len;
        if (s.best == s.total) return;
        uint256 f = BoardTopology.vertexEdgeField(u);
        for (uint256 i; i < 3; ++i) {
            uint256 e = (f >> (7 * i)) & 127;
            if (e == 127) break; // ids are ascending and missing ones (127) come last
            if ((s.roads >> e) & 1 == 0 || (used >> e) & 1 == 1) continue;
            s.covered |= 1 << e;
            uint256 ends = BoardTopology.edgeVertexField(e);
            uint256 w = ends & 63;
            if (w == u) w = ends >> 6;
            if ((s.blockers >> w) & 1 == 1) {
                if (len + 1 > s.best) s.best = len + 1;
            } else {
                _walk(s, w, used | (1 << e), len + 1);
            }
        }
    }

    /// @dev The lowest road of `rest` at vertex `v`, or type(uint256).max.
    function _nextEdge(uint256 rest, uint256 v) private pure returns (uint256) {
        uint256 f = BoardTopology.vertexEdgeField(v);
        for (uint256 i; i < 3; ++i) {
            uint256 e = (f >> (7 * i)) & 127;
            if (e != 127 && (rest >> e) & 1 == 1) return e;
        }
        return type(uint256).max;
    }

    /// @dev Index of the lowest set bit of a non-zero `x` (`x & (~x + 1)`, i.e. `x & -x`, isolates it).
    function _lowestBit(uint256 x) private pure returns (uint256) {
        unchecked {
            return Math.log2(x & (~x + 1));
        }
    }
}
