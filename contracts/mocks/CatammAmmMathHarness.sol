// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AmmMath} from "../catamm/libraries/AmmMath.sol";
import {CatammIds, FeePreset} from "../catamm/CatammTypes.sol";

/// @notice Exposes {AmmMath} and {CatammIds} as external views for tests.
contract CatammAmmMathHarness {
    /// @notice {AmmMath.fee}.
    function fee(uint256 amountIn, uint256 feeBps) external pure returns (uint256) {
        return AmmMath.fee(amountIn, feeBps);
    }

    /// @notice {AmmMath.getAmountOut}.
    function getAmountOut(
        uint256 amountIn,
        uint256 reserveIn,
        uint256 reserveOut,
        uint256 feeBps
    ) external pure returns (uint256 amountOut, uint256 feeAmount) {
        return AmmMath.getAmountOut(amountIn, reserveIn, reserveOut, feeBps);
    }

    /// @notice {AmmMath.getAmountIn}.
    function getAmountIn(
        uint256 amountOut,
        uint256 reserveIn,
        uint256 reserveOut,
        uint256 feeBps
    ) external pure returns (uint256) {
        return AmmMath.getAmountIn(amountOut, reserveIn, reserveOut, feeBps);
    }

    /// @notice {AmmMath.spotPrice}.
    function spotPrice(uint256 reserveIn, uint256 reserveOut) external pure returns (uint256) {
        return AmmMath.spotPrice(reserveIn, reserveOut);
    }

    /// @notice {AmmMath.priceImpact}.
    function priceImpact(
        uint256 netIn,
        uint256 amountOut,
        uint256 reserveIn,
        uint256 reserveOut
    ) external pure returns (uint256) {
        return AmmMath.priceImpact(netIn, amountOut, reserveIn, reserveOut);
    }

    /// @notice {CatammIds.poolResources}.
    function poolResources(uint8 pool) external pure returns (uint8, uint8) {
        return CatammIds.poolResources(pool);
    }

    /// @notice {CatammIds.poolOf}.
    function poolOf(uint8 a, uint8 b) external pure returns (uint8, bool) {
        return CatammIds.poolOf(a, b);
    }

    /// @notice {CatammIds.presetFees}.
    function presetFees(FeePreset preset) external pure returns (uint16, uint16) {
        return CatammIds.presetFees(preset);
    }
}
