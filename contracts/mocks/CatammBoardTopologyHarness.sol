// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BoardTopology} from "../catamm/libraries/BoardTopology.sol";
import {HEX_COUNT, VERTEX_COUNT, EDGE_COUNT, PORT_COUNT} from "../catamm/libraries/BoardTypes.sol";

/// @notice Exposes {BoardTopology} for tests, one lookup at a time and whole tables at once.
contract CatammBoardTopologyHarness {
    function hexCorner(uint256 h, uint256 corner) external pure returns (uint256) {
        return BoardTopology.hexCorner(h, corner);
    }

    function hexVertexMask(uint256 h) external pure returns (uint256) {
        return BoardTopology.hexVertexMask(h);
    }

    function vertexNeighbours(uint256 v) external pure returns (uint256, uint256, uint256) {
        return BoardTopology.vertexNeighbours(v);
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

    function portVertices(uint256 p) external pure returns (uint256, uint256) {
        return BoardTopology.portVertices(p);
    }

    function portVertexMask(uint256 p) external pure returns (uint256) {
        return BoardTopology.portVertexMask(p);
    }

    function vertexPort(uint256 v) external pure returns (uint256) {
        return BoardTopology.vertexPort(v);
    }

    /// @notice Every hex's corners, clockwise from the top.
    function allHexCorners() external pure returns (uint256[6][HEX_COUNT] memory out) {
        for (uint256 h; h < HEX_COUNT; ++h) {
            for (uint256 i; i < 6; ++i) out[h][i] = BoardTopology.hexCorner(h, i);
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
            (neighbours[v][0], neighbours[v][1], neighbours[v][2]) = BoardTopology.vertexNeighbours(v);
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
        for (uint256 p; p < PORT_COUNT; ++p) (out[p][0], out[p][1]) = BoardTopology.portVertices(p);
    }
}
