// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Dice} from "../catamm/libraries/Dice.sol";

/// @notice Exposes {Dice} for tests, including many rolls per call for statistics.
contract CatammDiceHarness {
    function roll(uint256 value) external pure returns (uint256, uint256) {
        return Dice.roll(value);
    }

    /// @notice How often each ordered pair (index `6 * (d1 - 1) + (d2 - 1)`) comes up over `count` random values
    ///         `keccak256(seed, i)`, as a random source would deliver them.
    function pairCounts(uint256 seed, uint256 count) external pure returns (uint256[36] memory counts) {
        for (uint256 i; i < count; ++i) {
            uint256 value;
            // keccak256(abi.encode(seed, i)) hashed in the scratch space (0x00–0x3f): abi.encode would allocate
            // fresh memory on every one of the many iterations.
            assembly ("memory-safe") {
                mstore(0x00, seed)
                mstore(0x20, i)
                value := keccak256(0x00, 0x40)
            }
            (uint256 d1, uint256 d2) = Dice.roll(value);
            ++counts[6 * (d1 - 1) + (d2 - 1)];
        }
    }
}
