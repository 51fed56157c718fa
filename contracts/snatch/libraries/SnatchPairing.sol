// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {RandomDraw} from "../../common/randomness/RandomDraw.sol";

/// @title SnatchPairing
/// @notice The tournament's random pairing: a uniformly random permutation of the registered players
///         ({RandomDraw.permutation} with salt 0) drawn from one random value; pair k is positions 2k (P1) and 2k + 1
///         (P2); with an odd number of players, the last position sits the phase out.
/// @dev Every permutation of n players is equally likely (see {RandomDraw.permutation}), hence every pairing is
///      equally likely (each pairing, with its P1/P2 roles and sat-out player, is the image of the same number of
///      permutations), each player is P1 or P2 with probability 1/2, and each player is equally likely to sit out.
///      The shuffle is pure: the tournament stores only the seed and recomputes it (rooms created in several batches,
///      and the views) over the same, closed list of players.
library SnatchPairing {
    /// @notice The permutation of registration positions 0..n-1 drawn from `seed`: `order[i]` is the position of
    ///         the player at place i of the shuffle.
    /// @param seed The random value.
    /// @param n Number of players.
    function shuffle(uint256 seed, uint256 n) internal pure returns (uint256[] memory order) {
        return RandomDraw.permutation(seed, 0, n);
    }

    /// @notice Where registration position `player` stands in `order`.
    /// @param order A permutation from {shuffle}.
    /// @param player A registration position (0-based).
    /// @return place Its place in the shuffle (pair place / 2; P1 if even).
    function placeOf(uint256[] memory order, uint256 player) internal pure returns (uint256 place) {
        for (; place < order.length; ++place) {
            if (order[place] == player) return place;
        }
        // Unreachable for a position below order.length: the shuffle is a permutation.
        return type(uint256).max;
    }
}
