// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {LongestRoad} from "../catamm/libraries/LongestRoad.sol";

/// @notice Exposes {LongestRoad} for tests.
contract CatammLongestRoadHarness {
    function length(uint256 roads, uint256 blockers) external pure returns (uint256) {
        return LongestRoad.length(roads, blockers);
    }

    /// @notice The length and the gas the computation used, measured inside the call.
    function measure(uint256 roads, uint256 blockers) external view returns (uint256 len, uint256 used) {
        used = gasleft();
        len = LongestRoad.length(roads, blockers);
        used -= gasleft();
    }
}
