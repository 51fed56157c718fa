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
///      So: search from every odd or blocked vertex of the network, then measure the roads those searches cannot
///      reach (found by a flood fill), which form simple cycles, by walking around them. An open trail's two ends
///      are both such start vertices and the search from either finds it, so the last start is skipped unless it
///      is blocked (a loop through an opponent's building starts and ends there). A search stops early once a
///      trail uses every road.
library LongestRoad {
    /// @notice The longest road of a player with roads `roads` (72-bit edge mask) when opponents' buildings stand
    ///         on `blockers` (54-bit vertex mask; the player's own buildings never break a road).
    function length(uint256 roads, uint256 blockers) internal pure returns (uint256 best) {
        if (roads >> EDGE_COUNT != 0) revert InvalidEdge(Math.log2(roads));
        bytes memory table = BoardTopology.linkTable();

        // Vertices of the network, and those of odd degree (each road flips the parity of both its ends).
        uint256 net;
        uint256 odd;
        uint256 total;
        for (uint256 r = roads; r != 0; r &= r - 1) {
            uint256 f = BoardTopology.edgeVertexField(_lowestBit(r));
            uint256 ends = (1 << (f & 63)) | (1 << (f >> 6));
            net |= ends;
            odd ^= ends;
            ++total;
        }
        uint256 starts = odd | (net & blockers);

        for (uint256 left = starts; left != 0; left &= left - 1) {
            uint256 v = _lowestBit(left);
            // The last start can be skipped unless blocked: its trails end at other starts, searched already.
            if (left & (left - 1) == 0 && (blockers >> v) & 1 == 0) break;
            uint256 found = _walk(table, v, roads, blockers, total);
            if (found > best) {
                best = found;
                if (best == total) return best;
            }
        }

        // What the searches did not reach: components where every vertex has degree 2 and no block, i.e. simple
        // cycles, each as long as its number of roads. They hold none of the best trail's roads, so when fewer than
        // 6 roads (the shortest cycle on this board, a hexagon) or no more than `best` are off it, no cycle can be
        // longer and the flood fill (~3,000 gas for a dozen roads) is skipped.
        uint256 off = total - best;
        if (off < 6 || off <= best) return best;
        uint256 rest = roads & ~_reach(table, roads, blockers, starts);
        while (rest != 0) {
            uint256 f = BoardTopology.edgeVertexField(_lowestBit(rest));
            rest &= rest - 1;
            uint256 origin = f & 63;
            uint256 at = f >> 6;
            uint256 n = 1;
            // Follow the cycle: at each vertex exactly one unwalked road of it is left.
            while (at != origin) {
                uint256 next = _step(table, rest, at);
                if (next == type(uint256).max) break; // unreachable for a simple cycle; never loop forever
                rest &= ~(1 << (next >> 8));
                at = next & 0xff;
                ++n;
            }
            if (n > best) best = n;
        }
    }

    /// @dev The longest trail from vertex `u` over roads `avail` (the player's roads not yet on the trail), at most
    ///      `remaining` long (the roads left: the search returns as soon as it reaches that). A road into a blocked
    ///      vertex ends the trail there.
    ///      `links` is `u`'s record in the link table (BoardTopology.linksOf): slot i (0–2) at bits
    ///      [40 - 16i, 48 - 16i) the road, [32 - 16i, 40 - 16i) the vertex across it; a missing third slot reads
    ///      road 0xff, which is never available (`avail` has no bit 255), so it needs no separate test.
    function _walk(
        bytes memory table,
        uint256 u,
        uint256 avail,
        uint256 blockers,
        uint256 remaining
    ) private pure returns (uint256 longest) {
        uint256 links = BoardTopology.linksOf(table, u);
        unchecked {
            for (uint256 shift = 40; shift < 256; shift -= 16) {
                uint256 e = (links >> shift) & 0xff;
                if ((avail >> e) & 1 == 0) continue;
                uint256 w = (links >> (shift - 8)) & 0xff;
                uint256 x = 1;
                if ((blockers >> w) & 1 == 0) x += _walk(table, w, avail & ~(1 << e), blockers, remaining - 1);
                if (x > longest) {
                    longest = x;
                    if (longest == remaining) return longest;
                }
            }
        }
    }

    /// @dev The roads reachable from `starts` (which include every blocked vertex of the network) without passing
    ///      through a blocked vertex, by a flood fill: exactly the roads the searches from `starts` traverse.
    function _reach(
        bytes memory table,
        uint256 roads,
        uint256 blockers,
        uint256 starts
    ) private pure returns (uint256 reached) {
        uint256 seen = starts;
        for (uint256 frontier = starts; frontier != 0;) {
            uint256 v = _lowestBit(frontier);
            frontier &= frontier - 1;
            uint256 links = BoardTopology.linksOf(table, v);
            unchecked {
                for (uint256 shift = 40; shift < 256; shift -= 16) {
                    uint256 e = (links >> shift) & 0xff;
                    if ((roads >> e) & 1 == 0) continue;
                    reached |= 1 << e;
                    uint256 w = (links >> (shift - 8)) & 0xff;
                    if ((seen >> w) & 1 == 0 && (blockers >> w) & 1 == 0) {
                        seen |= 1 << w;
                        frontier |= 1 << w;
                    }
                }
            }
        }
    }

    /// @dev The first road of `rest` at vertex `v`, as `edge << 8 | vertex across it`, or type(uint256).max.
    function _step(bytes memory table, uint256 rest, uint256 v) private pure returns (uint256) {
        uint256 links = BoardTopology.linksOf(table, v);
        for (uint256 shift = 48; shift > 0; shift -= 16) {
            uint256 pair = (links >> (shift - 16)) & 0xffff;
            if (pair != 0xffff && (rest >> (pair >> 8)) & 1 == 1) return pair;
        }
        return type(uint256).max;
    }

    /// @dev Index of the lowest set bit of a non-zero `x` below 2^128 (edge and vertex masks): a de Bruijn multiply of
    ///      the isolated bit (`x & -x`) and a 64-entry table, cheaper than a logarithm for the search's dozens of
    ///      lookups a road.
    function _lowestBit(uint256 x) private pure returns (uint256 i) {
        unchecked {
            x &= ~x + 1;
            if (x >> 64 != 0) {
                x >>= 64;
                i = 64;
            }
            uint256 k = ((x * DE_BRUIJN) >> 58) & 63;
            i += ((k < 32 ? DE_BRUIJN_LOW : DE_BRUIJN_HIGH) >> (8 * (31 - (k & 31)))) & 0xff;
        }
    }

    /// @dev The de Bruijn sequence of {_lowestBit}, and its table (byte `k`: the bit whose product's top six bits are
    ///      `k`), bytes 0–31 then 32–63.
    uint256 private constant DE_BRUIJN = 0x022fdd63cc95386d;
    uint256 private constant DE_BRUIJN_LOW = 0x000102350307361b042629082237301c3e05272e2c2a160918233b3831121d0b;
    uint256 private constant DE_BRUIJN_HIGH = 0x3f34061a2528212f3d2d2b15173a110a331924203c143910321f130f1e0e0d0c;
}
