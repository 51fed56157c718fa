// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Placement} from "../catamm/libraries/Placement.sol";

/// @notice Exposes {Placement} for tests.
contract CatammPlacementHarness {
    function distanceRuleOk(uint256 occupied, uint256 v) external pure returns (bool) {
        return Placement.distanceRuleOk(occupied, v);
    }

    function requireSettlementSpot(uint256 occupied, uint256 ownRoads, uint256 v, bool needsRoad) external pure {
        Placement.requireSettlementSpot(occupied, ownRoads, v, needsRoad);
    }

    function roadConnects(uint256 own, uint256 opponents, uint256 ownRoads, uint256 e) external pure returns (bool) {
        return Placement.roadConnects(own, opponents, ownRoads, e);
    }

    function requireRoadSpot(
        uint256 own,
        uint256 opponents,
        uint256 ownRoads,
        uint256 allRoads,
        uint256 e
    ) external pure {
        Placement.requireRoadSpot(own, opponents, ownRoads, allRoads, e);
    }

    function settlementSpots(uint256 occupied, uint256 ownRoads, bool needsRoad) external pure returns (uint256) {
        return Placement.settlementSpots(occupied, ownRoads, needsRoad);
    }

    function roadSpots(
        uint256 own,
        uint256 opponents,
        uint256 ownRoads,
        uint256 allRoads
    ) external pure returns (uint256) {
        return Placement.roadSpots(own, opponents, ownRoads, allRoads);
    }

    function edgeTouches(uint256 e, uint256 v) external pure returns (bool) {
        return Placement.edgeTouches(e, v);
    }

    function ownsPort(uint256 own, uint256 p) external pure returns (bool) {
        return Placement.ownsPort(own, p);
    }

    function countOnHex(uint256 buildings, uint256 h) external pure returns (uint256) {
        return Placement.countOnHex(buildings, h);
    }

    function pips(uint256 number) external pure returns (uint256) {
        return Placement.pips(number);
    }

    function vertexPips(uint256 board, uint256 v) external pure returns (uint256) {
        return Placement.vertexPips(board, v);
    }

    function pipTable(uint256 board) external pure returns (uint256) {
        return Placement.pipTable(board);
    }

    function autoSettlementVertex(uint256 table, uint256 occupied) external pure returns (uint256) {
        return Placement.autoSettlementVertex(table, occupied);
    }

    function autoRoadEdge(uint256 allRoads, uint256 v) external pure returns (uint256) {
        return Placement.autoRoadEdge(allRoads, v);
    }

    /// @notice Gas used inside the call by the checks a game runs on each build and at creation/time-outs.
    function measure(
        uint256 board,
        uint256 occupied,
        uint256 ownRoads,
        uint256 v,
        uint256 e
    )
        external
        view
        returns (uint256 settlementSpot, uint256 roadSpot, uint256 table, uint256 autoPick, uint256 ownsPort)
    {
        uint256 g = gasleft();
        Placement.requireSettlementSpot(occupied, ownRoads, v, true);
        settlementSpot = g - gasleft();
        g = gasleft();
        Placement.requireRoadSpot(occupied, 0, ownRoads, ownRoads, e);
        roadSpot = g - gasleft();
        g = gasleft();
        uint256 pipTable_ = Placement.pipTable(board);
        table = g - gasleft();
        g = gasleft();
        Placement.autoSettlementVertex(pipTable_, occupied);
        autoPick = g - gasleft();
        g = gasleft();
        Placement.ownsPort(occupied, 4);
        ownsPort = g - gasleft();
    }
}
