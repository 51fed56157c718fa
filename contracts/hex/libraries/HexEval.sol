// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {HexWords} from "./HexWords.sol";

/// @title HexEval
/// @notice One position's evaluation, shared by settlement and the payout view so both apply the same rules.
/// @dev Positions are evaluated children first (descending ids). A position receives from its non-void children the
///      accumulator word of {HexWords}: "a child is winning" and, per colour, the sum of the reward shares of the
///      losing positions of that colour in its subtree. Then:
///      - it is winning if proven or if no child is winning (minimax; no children = winning), else losing;
///      - its mover's reward is the sum owed to its own colour: a Red move collects the shares of every losing
///        Blue-made position below it, and vice versa (each losing L pays floor(net / k) to each of the k
///        opposite-colour moves on its path, which are exactly its opposite-colour ancestors);
///      - a winning move gets its stake back; a losing move at depth d forfeits it: fee = floor(stake × feeBps /
///        10000) and the remainder net − k·floor(net / k) go to the fund, k = floor(d / 2) shares of floor(net / k)
///        go up the tree; with k = 0 (position 1) the whole stake goes to the fund.
library HexEval {
    /// @notice Evaluates one non-void position.
    /// @param depth The position's depth (odd: Red made it).
    /// @param proven Whether it was proven.
    /// @param acc What its non-void children passed up, merged.
    /// @param stake The game's stake.
    /// @param feeBps The game's fee.
    /// @return pay What the position's mover gets for this move: stake back if winning, plus rewards.
    /// @return fund What goes to the developer fund.
    /// @return up What to merge into the parent's accumulator (sums, and bit 255 if this position is winning).
    /// @return reward The rewards part of `pay`.
    function evaluate(
        uint256 depth,
        bool proven,
        uint256 acc,
        uint256 stake,
        uint256 feeBps
    ) internal pure returns (uint256 pay, uint256 fund, uint256 up, uint256 reward) {
        // Unchecked: stake < 2^96 and feeBps ≤ 10^4, so no product overflows; fee ≤ stake and share · k ≤ net; sums
        // stay below 2^120 (the game's total stake).
        unchecked {
            bool red = depth & 1 == 1;
            // Red movers collect Blue-made losses (high field), Blue movers Red-made ones (low field).
            reward = red ? (acc >> 120) & HexWords.M120 : acc & HexWords.M120;
            up = acc & HexWords.ACC_SUMS;
            if (proven || acc & HexWords.ACC_WIN == 0) {
                pay = stake + reward;
                up |= HexWords.ACC_WIN;
            } else {
                pay = reward;
                uint256 k = depth >> 1;
                if (k == 0) {
                    fund = stake;
                } else {
                    uint256 fee = (stake * feeBps) / 10_000;
                    uint256 net = stake - fee;
                    uint256 share = net / k;
                    fund = fee + (net - share * k);
                    up += red ? share : share << 120;
                }
            }
        }
    }

    /// @notice Merges what a child passes up into its parent's accumulator.
    function merge(uint256 acc, uint256 up) internal pure returns (uint256) {
        // The sums never carry across fields nor overflow (see HexWords); the winning bit is OR-ed.
        unchecked {
            return (acc + (up & HexWords.ACC_SUMS)) | (up & HexWords.ACC_WIN);
        }
    }
}
