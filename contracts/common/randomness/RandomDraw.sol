// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title RandomDraw
/// @notice Derives many independent draws from one random value.
/// @dev `keccak256(seed, salt)` gives a fresh 256-bit word per salt; reducing it modulo `n` has a bias below
///      n / 2^256, negligible for any game size.
library RandomDraw {
    /// @notice A uniform draw in `[0, n)` from `seed`, independent for each `salt`. `n` must be non-zero.
    function uniform(uint256 seed, uint256 salt, uint256 n) internal pure returns (uint256) {
        return uint256(keccak256(abi.encode(seed, salt))) % n;
    }

    /// @notice A draw in `[0, total)` mapped to the index `i` of `weights` with
    ///         `sum(weights[0..i)) <= draw < sum(weights[0..i])`: index `i` comes up with probability
    ///         `weights[i] / total`. `total` must equal the sum of `weights` and be non-zero.
    function weighted(
        uint256 seed,
        uint256 salt,
        uint256[] memory weights,
        uint256 total
    ) internal pure returns (uint256) {
        uint256 r = uniform(seed, salt, total);
        for (uint256 i; i < weights.length; ++i) {
            if (r < weights[i]) return i;
            r -= weights[i];
        }
        // Unreachable when `total` is the sum of `weights`.
        return weights.length - 1;
    }

    /// @notice A uniformly random permutation of 0..n-1 drawn from `seed` (Fisher–Yates, Durstenfeld's version): for
    ///         i = n-1 down to 1, place i swaps with place `j = uniform(seed, salt + i, i + 1)`. Every game's shuffle
    ///         (tournament pairings, CATAMM's ports and turn order) is this one, each with its own `salt`.
    /// @dev Every permutation is equally likely (up to the modulo bias of {uniform}, below n / 2^256): step i draws j
    ///      uniformly in [0, i], and the n! sequences of draws map one-to-one onto the n! permutations. `salt + i`
    ///      wraps (a salt is usually a hash, possibly near 2^256).
    /// @param seed The random value.
    /// @param salt The domain separator of this shuffle.
    /// @param n Number of items.
    /// @return order `order[i]` is the item at place i.
    function permutation(uint256 seed, uint256 salt, uint256 n) internal pure returns (uint256[] memory order) {
        order = new uint256[](n);
        for (uint256 i; i < n; ++i) order[i] = i;
        for (uint256 i = n; i > 1;) {
            uint256 j;
            unchecked {
                --i; // i >= 2 before, so no underflow
                j = uniform(seed, salt + i, i + 1);
            }
            (order[i], order[j]) = (order[j], order[i]);
        }
    }
}
