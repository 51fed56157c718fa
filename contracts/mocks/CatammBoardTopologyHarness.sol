// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BoardTopology} from "../catamm/libraries/BoardTopology.sol";
import {HEX_COUNT, VERTEX_COUNT, EDGE_COUNT, PORT_COUNT, NONE} from "../catamm/libraries/BoardTypes.sol";

/// @notice Exposes {BoardTopology} for tests, one lookup at a time and whole tables at once. Lookups the games do
///         not make (a hex's corner by index, a vertex's neighbours as a list, a port's vertices) are derived here
///         from the library functions the games do call, so every table test checks code that a game runs.
contract CatammBoardTopologyHarness {
    /// @notice A corner index outside 0–5.
    error InvalidCorner(uint256 corner);
    /// @notice A port id outside 0–8.
    error InvalidPort(uint256 port);

    /// @notice Corner `corner` (0-5, clockwise from the top) of hex `h`, from the record behind {hexVertexMask}.
    function hexCorner(uint256 h, uint256 corner) public pure returns (uint256) {
        BoardTopology.hexVertexMask(h); // range check
        if (corner >= 6) revert InvalidCorner(corner);
        return (BoardTopology.hexCornerField(h) >> (6 * corner)) & 63;
    }

    function hexVertexMask(uint256 h) external pure returns (uint256) {
        return BoardTopology.hexVertexMask(h);
    }

    /// @notice The neighbours of vertex `v`, ascending (NONE for a missing third), from {vertexNeighbourMask}.
    function vertexNeighbours(uint256 v) public pure returns (uint256, uint256, uint256) {
        uint256[3] memory out = _idsOf(BoardTopology.vertexNeighbourMask(v));
        return (out[0], out[1], out[2]);
    }

    function vertexNeighbourMask(uint256 v) external pure returns (uint256) {
        return BoardTopology.vertexNeighbourMask(v);
    }

    function vertexEdges(uint256 v) external pure returns (uint256, uint256, uint256) {
        return BoardTopology.vertexEdges(v);
    }

    function vertexEdgeMask(uint256 v) external pure returns (uint256) {
        return BoardTopology.vertexEdgeMask(v);
    }

    function vertexHexes(uint256 v) external pure returns (uint256, uint256, uint256) {
        return BoardTopology.vertexHexes(v);
    }

    function edgeVertices(uint256 e) external pure returns (uint256, uint256) {
        return BoardTopology.edgeVertices(e);
    }

    function edgeVertexMask(uint256 e) external pure returns (uint256) {
        return BoardTopology.edgeVertexMask(e);
    }

    /// @notice The two vertices of port `p`, ascending: the vertices whose {vertexPort} is `p`.
    function portVertices(uint256 p) public pure returns (uint256, uint256) {
        uint256[3] memory out = _idsOf(portVertexMask(p));
        return (out[0], out[1]);
    }

    /// @notice The vertices whose {vertexPort} is `p`, as a mask.
    function portVertexMask(uint256 p) public pure returns (uint256 mask) {
        if (p >= PORT_COUNT) revert InvalidPort(p);
        for (uint256 v; v < VERTEX_COUNT; ++v) if (BoardTopology.vertexPort(v) == p) mask |= 1 << v;
    }

    function vertexPort(uint256 v) external pure returns (uint256) {
        return BoardTopology.vertexPort(v);
    }

    /// @notice Every hex's corners, clockwise from the top.
    function allHexCorners() external pure returns (uint256[6][HEX_COUNT] memory out) {
        for (uint256 h; h < HEX_COUNT; ++h) {
            for (uint256 i; i < 6; ++i) out[h][i] = hexCorner(h, i);
        }
    }

    /// @notice Every vertex's neighbours, edges and hexes (NONE where absent) and port (NONE if none).
    function allVertices()
        external
        pure
        returns (
            uint256[3][VERTEX_COUNT] memory neighbours,
            uint256[3][VERTEX_COUNT] memory edges,
            uint256[3][VERTEX_COUNT] memory hexes,
            uint256[VERTEX_COUNT] memory ports
        )
    {
        for (uint256 v; v < VERTEX_COUNT; ++v) {
            (neighbours[v][0], neighbours[v][1], neighbours[v][2]) = vertexNeighbours(v);
            (edges[v][0], edges[v][1], edges[v][2]) = BoardTopology.vertexEdges(v);
            (hexes[v][0], hexes[v][1], hexes[v][2]) = BoardTopology.vertexHexes(v);
            ports[v] = BoardTopology.vertexPort(v);
        }
    }

    /// @notice Every edge's vertices.
    function allEdges() external pure returns (uint256[2][EDGE_COUNT] memory out) {
        for (uint256 e; e < EDGE_COUNT; ++e) (out[e][0], out[e][1]) = BoardTopology.edgeVertices(e);
    }

    /// @notice Every port's vertices.
    function allPorts() external pure returns (uint256[2][PORT_COUNT] memory out) {
        for (uint256 p; p < PORT_COUNT; ++p) (out[p][0], out[p][1]) = portVertices(p);
    }

    /// @dev The (at most three) ids set in `mask`, ascending, NONE after the last.
    function _idsOf(uint256 mask) private pure returns (uint256[3] memory out) {
        uint256 n;
        for (uint256 i; i < 256 && n < 3; ++i) {
            if (mask & (1 << i) != 0) {
                out[n] = i;
                ++n;
            }
        }
        for (; n < 3; ++n) out[n] = NONE;
    }
}
