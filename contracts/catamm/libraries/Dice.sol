// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Dice
/// @notice Two independent six-sided dice from one random value.
/// @dev The dice are the two lowest base-6 digits of the value, plus one: `d1 = v % 6 + 1`, `d2 = (v / 6) % 6 + 1`.
///      For a uniform 256-bit `v` each of the 36 ordered pairs comes up with probability 1/36 up to a bias below
///      36 / 2^256, so the sum follows the true 2d6 distribution (7 six times as likely as 2). The value should be
///      dedicated to the roll (a game requests one per roll); other draws from the same value should go through
///      `RandomDraw` with their own salts, which hashes it first.
library Dice {
    /// @notice The two dice (each 1–6) for `randomValue`.
    function roll(uint256 randomValue) internal pure returns (uint256 d1, uint256 d2) {
        unchecked {
            d1 = (randomValue % 6) + 1;
            d2 = ((randomValue / 6) % 6) + 1;
        }
    }
}
