// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Placement} from "../catamm/libraries/Placement.sol";

/// @notice Exposes {Placement} for tests.
contract CatammPlacementHarness {
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

    function pips(uint256 number) external pure returns (uint256) {
        return Placement.pips(number);
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
        returns (uint256 settlementGas, uint256 roadGas, uint256 tableGas, uint256 autoPickGas, uint256 autoRoadGas)
    {
        uint256 g = gasleft();
        Placement.requireSettlementSpot(occupied, ownRoads, v, true);
        settlementGas = g - gasleft();
        g = gasleft();
        Placement.requireRoadSpot(occupied, 0, ownRoads, ownRoads, e);
        roadGas = g - gasleft();
        g = gasleft();
        uint256 table = Placement.pipTable(board);
        tableGas = g - gasleft();
        g = gasleft();
        Placement.autoSettlementVertex(table, occupied);
        autoPickGas = g - gasleft();
        g = gasleft();
        Placement.autoRoadEdge(ownRoads, v);
        autoRoadGas = g - gasleft();
    }
}
