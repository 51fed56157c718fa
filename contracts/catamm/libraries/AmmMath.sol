// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title AmmMath
/// @notice Constant-product pricing with a burned fee (DECISIONS.md, CATAMM "Swaps"). Pure functions.
/// @dev Every rounding favours the pool: the fee rounds up, the output down, a required input up.
///      Exact for reserves and amounts below 2^112 (pool reserves are uint112): every product formed then stays
///      below 2^239, so plain checked arithmetic never overflows (cheaper than {Math.mulDiv} on the swap path); the
///      one product that could exceed 256 bits (price impact × 1e18) uses {Math.mulDiv}. Larger inputs may revert
///      with a Solidity panic.
library AmmMath {
    /// @notice A quote against a pool side holding nothing (pools always hold at least 1 wei of each side).
    error EmptyReserve(uint256 reserveIn, uint256 reserveOut);
    /// @notice Asking for all of a reserve or more: a constant-product pool cannot pay it for any input.
    error OutputExceedsReserve(uint256 amountOut, uint256 reserveOut);
    /// @notice A fee of 100% or more: no input would buy anything.
    error FeeTooHigh(uint256 feeBps);

    /// @dev Fees are in basis points.
    uint256 internal constant BPS = 10_000;
    /// @dev Prices and price impact are fixed-point with 18 decimals.
    uint256 internal constant WAD = 1e18;

    /// @notice The burned fee on `amountIn`: `ceil(amountIn × feeBps / 10000)`.
    function fee(uint256 amountIn, uint256 feeBps) internal pure returns (uint256) {
        // amountIn × feeBps < 2^126 for amountIn < 2^112 and feeBps < 2^14.
        return Math.ceilDiv(amountIn * feeBps, BPS);
    }

    /// @notice What the pool pays for `netIn` (the input after the fee) with no fee left to take:
    ///         `floor(reserveOut × netIn / (reserveIn + netIn))`.
    function amountOutNet(uint256 netIn, uint256 reserveIn, uint256 reserveOut) internal pure returns (uint256) {
        if (reserveIn == 0 || reserveOut == 0) revert EmptyReserve(reserveIn, reserveOut);
        // reserveOut × netIn < 2^224.
        return (reserveOut * netIn) / (reserveIn + netIn);
    }

    /// @notice The output of swapping `amountIn` at `feeBps`: the fee ({fee}) is burned and the rest trades at
    ///         constant product. Equals Uniswap V2's `getAmountOut` when `amountIn × feeBps` is a multiple of
    ///         10,000 (0.3% = 30 bps) and never exceeds it otherwise.
    /// @return amountOut The output, rounded down.
    /// @return feeAmount The burned fee, rounded up.
    function getAmountOut(
        uint256 amountIn,
        uint256 reserveIn,
        uint256 reserveOut,
        uint256 feeBps
    ) internal pure returns (uint256 amountOut, uint256 feeAmount) {
        if (feeBps >= BPS) revert FeeTooHigh(feeBps);
        feeAmount = fee(amountIn, feeBps);
        amountOut = amountOutNet(amountIn - feeAmount, reserveIn, reserveOut);
    }

    /// @notice The smallest input whose {getAmountOut} is at least `amountOut`.
    /// @dev Net input: `ceil(reserveIn × amountOut / (reserveOut − amountOut))`, the least `n` with
    ///      `floor(reserveOut × n / (reserveIn + n)) ≥ amountOut`. Gross input: the least `g` with
    ///      `g − ceil(g × f / 10000) ≥ n`, i.e. `floor(g × (10000 − f) / 10000) ≥ n`, i.e.
    ///      `g = ceil(n × 10000 / (10000 − f))`. Both are exact minima (Uniswap V2's adds 1 regardless).
    function getAmountIn(
        uint256 amountOut,
        uint256 reserveIn,
        uint256 reserveOut,
        uint256 feeBps
    ) internal pure returns (uint256 amountIn) {
        if (feeBps >= BPS) revert FeeTooHigh(feeBps);
        if (reserveIn == 0 || reserveOut == 0) revert EmptyReserve(reserveIn, reserveOut);
        if (amountOut >= reserveOut) revert OutputExceedsReserve(amountOut, reserveOut);
        // reserveIn × amountOut < 2^224, so netIn < 2^224 and netIn × 10000 < 2^238.
        uint256 netIn = Math.ceilDiv(reserveIn * amountOut, reserveOut - amountOut);
        amountIn = Math.ceilDiv(netIn * BPS, BPS - feeBps);
    }

    /// @notice The marginal price of the input side in units of the output side, `reserveOut / reserveIn`, with
    ///         18 decimals, rounded down.
    function spotPrice(uint256 reserveIn, uint256 reserveOut) internal pure returns (uint256) {
        if (reserveIn == 0 || reserveOut == 0) revert EmptyReserve(reserveIn, reserveOut);
        // reserveOut × 1e18 < 2^172.
        return (reserveOut * WAD) / reserveIn;
    }

    /// @notice The spec's price impact of a trade that put `netIn` (after the fee) in and took `amountOut` out,
    ///         against the reserves before it: `1 − amountOut / (netIn × spotPrice)` with 18 decimals, i.e.
    ///         `(netIn × reserveOut − amountOut × reserveIn) / (netIn × reserveOut)`, rounded up (never shown
    ///         smaller than it is). Zero for a zero input. The fee is not part of it.
    function priceImpact(
        uint256 netIn,
        uint256 amountOut,
        uint256 reserveIn,
        uint256 reserveOut
    ) internal pure returns (uint256) {
        if (reserveIn == 0 || reserveOut == 0) revert EmptyReserve(reserveIn, reserveOut);
        if (netIn == 0) return 0;
        uint256 ideal = netIn * reserveOut;
        // amountOut ≤ netIn × reserveOut / (reserveIn + netIn) < ideal / reserveIn, so this never underflows.
        return Math.mulDiv(ideal - amountOut * reserveIn, WAD, ideal, Math.Rounding.Ceil);
    }
}
