// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice What a hex produces. The five resources come first, in the order every CATAMM contract shares
///         (Wood, Brick, Sheep, Ore, Wheat), so `uint8(kind) < 5` is the resource id; then Gold (a credit turned into
///         any resource later) and Desert (nothing; the ghost ship starts there).
enum HexKind {
    Wood,
    Brick,
    Sheep,
    Ore,
    Wheat,
    Gold,
    Desert
}

/// @dev Board size: 19 hexes (rows 3-4-5-4-3), 54 vertices, 72 edges, 9 ports. The numbering is documented in
///      docs/catamm-board.md and in BoardTopology.sol.
uint256 constant HEX_COUNT = 19;
uint256 constant VERTEX_COUNT = 54;
uint256 constant EDGE_COUNT = 72;
uint256 constant PORT_COUNT = 9;

/// @dev Returned where an id is absent (a vertex with only two neighbours, a vertex without a port, ...).
uint256 constant NONE = type(uint256).max;

/// @notice A hex id outside 0–18.
error InvalidHex(uint256 hexId);
/// @notice A vertex id outside 0–53.
error InvalidVertex(uint256 vertex);
/// @notice An edge id outside 0–71.
error InvalidEdge(uint256 edge);

/// @notice A settlement on a vertex that already holds a building.
error VertexOccupied(uint256 vertex);
/// @notice A settlement next to a building (`neighbour`): the distance rule.
error DistanceRuleViolated(uint256 vertex, uint256 neighbour);
/// @notice A settlement (after the initial placement) not touched by one of the player's roads.
error SettlementNotConnected(uint256 vertex);
/// @notice A road on an edge that already holds one.
error EdgeOccupied(uint256 edge);
/// @notice A road that touches neither the player's building nor, through a vertex free of opponents' buildings,
///         another of the player's roads.
error RoadNotConnected(uint256 edge);
