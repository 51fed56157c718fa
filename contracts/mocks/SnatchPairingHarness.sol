// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SnatchPairing} from "../snatch/libraries/SnatchPairing.sol";

/// @notice Exposes SnatchPairing's pure functions to tests.
contract SnatchPairingHarness {
    function shuffle(uint256 seed, uint256 n) external pure returns (uint256[] memory) {
        return SnatchPairing.shuffle(seed, n);
    }

    function placeOf(uint256[] calldata order, uint256 player) external pure returns (uint256) {
        return SnatchPairing.placeOf(order, player);
    }
}
