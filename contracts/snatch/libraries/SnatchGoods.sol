// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @title SnatchGoods
/// @notice Pure arithmetic on a room's goods: 3x3 grids of uint8 cells (seat, good), offers' packed amounts, the
///         shrink rule, the "own good first, then the largest holding" selection and points.
/// @dev A grid is a uint72 with cell (seat, good) at bit 8 * (3 * seat + good). A room never holds more than 20 goods
///      (goods only move, or burn), so a cell never exceeds 20; `add` still checks (SafeCast) and `sub` underflow
///      reverts, so a bug could never silently corrupt a neighbouring cell.
library SnatchGoods {
    /// @notice Number of goods (Turkey, Coffee, Corn).
    uint256 internal constant GOODS = 3;

    /// @dev Bit offset of cell (seat, good).
    function _shift(uint256 seat, uint256 good) private pure returns (uint256) {
        return 8 * (3 * seat + good);
    }

    /// @notice The amount in cell (seat, good).
    function get(uint72 grid, uint256 seat, uint256 good) internal pure returns (uint256) {
        return (uint256(grid) >> _shift(seat, good)) & 0xff;
    }

    /// @notice `grid` with cell (seat, good) set to `amount` (at most 255).
    function set(uint72 grid, uint256 seat, uint256 good, uint256 amount) internal pure returns (uint72) {
        uint256 shift = _shift(seat, good);
        uint256 cleared = uint256(grid) & ~(uint256(0xff) << shift);
        return uint72(cleared | (uint256(SafeCast.toUint8(amount)) << shift));
    }

    /// @notice `grid` with `amount` added to cell (seat, good).
    function add(uint72 grid, uint256 seat, uint256 good, uint256 amount) internal pure returns (uint72) {
        return set(grid, seat, good, get(grid, seat, good) + amount);
    }

    /// @notice `grid` with `amount` taken from cell (seat, good); reverts (underflow) if the cell holds less.
    function sub(uint72 grid, uint256 seat, uint256 good, uint256 amount) internal pure returns (uint72) {
        return set(grid, seat, good, get(grid, seat, good) - amount);
    }

    /// @notice Whether `seat` holds any good in `grid` (its three cells are bits [24 * seat, 24 * seat + 24)).
    function holdsAny(uint72 grid, uint256 seat) internal pure returns (bool) {
        return (uint256(grid) >> (24 * seat)) & 0xffffff != 0;
    }

    /// @notice Moves `amount` of `good` from `fromSeat` to `toSeat` within one grid.
    function move(
        uint72 grid,
        uint256 fromSeat,
        uint256 toSeat,
        uint256 good,
        uint256 amount
    ) internal pure returns (uint72) {
        if (amount == 0) return grid;
        return add(sub(grid, fromSeat, good, amount), toSeat, good, amount);
    }

    /// @notice Amount of `good` in a packed uint24 of three uint8 (an offer's escrow).
    function escrowOf(uint24 packed, uint256 good) internal pure returns (uint256) {
        return (uint256(packed) >> (8 * good)) & 0xff;
    }

    /// @notice Amount of `good` in a packed uint96 of three uint32 (an offer's request).
    function requestOf(uint96 packed, uint256 good) internal pure returns (uint256) {
        return (uint256(packed) >> (32 * good)) & 0xffffffff;
    }

    /// @notice Sum of the three amounts of a packed escrow.
    function escrowSum(uint24 packed) internal pure returns (uint256) {
        return escrowOf(packed, 0) + escrowOf(packed, 1) + escrowOf(packed, 2);
    }

    /// @notice A requested amount shrunk by the ratio escrowed / offered, rounded down (6 corn for 6 coffee with 5
    ///         corn escrowed asks 5 coffee). `offered` is never zero (an offer offers at least one good).
    /// @dev requested < 2^32 and escrowed <= 20, so the product cannot overflow.
    function shrink(uint256 requested, uint256 escrowed, uint256 offered) internal pure returns (uint256) {
        return (requested * escrowed) / offered;
    }

    /// @notice Takes up to `n` goods from `seat`'s cells one at a time: its own good while it has any, otherwise the
    ///         good it holds most of (ties go to the lowest good: Turkey, then Coffee, then Corn).
    /// @return The grid after taking. @return taken The amounts taken per good (less than `n` in all if the seat ran
    ///         out).
    function takeUnits(
        uint72 grid,
        uint256 seat,
        uint256 own,
        uint256 n
    ) internal pure returns (uint72, uint256[3] memory taken) {
        for (uint256 i; i < n; ++i) {
            uint256 good = own;
            if (get(grid, seat, own) == 0) {
                good = largest(grid, seat);
                if (get(grid, seat, good) == 0) break;
            }
            grid = sub(grid, seat, good, 1);
            ++taken[good];
        }
        return (grid, taken);
    }

    /// @notice The good `seat` holds most of; ties go to the lowest good.
    function largest(uint72 grid, uint256 seat) internal pure returns (uint256 best) {
        for (uint256 g = 1; g < GOODS; ++g) {
            if (get(grid, seat, g) > get(grid, seat, best)) best = g;
        }
    }

    /// @notice Points of `seat`: own good x 1 + every other good x 2, escrowed goods included (they are still its own).
    function points(uint72 free, uint72 escrow, uint256 seat, uint256 own) internal pure returns (uint256 total) {
        for (uint256 g; g < GOODS; ++g) {
            uint256 held = get(free, seat, g) + get(escrow, seat, g);
            total += g == own ? held : 2 * held;
        }
    }
}
