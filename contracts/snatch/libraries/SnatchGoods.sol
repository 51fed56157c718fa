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

    /// @notice An escrow to release is larger than what the seat's escrow cells hold (never, while rooms are
    ///         consistent: it guards the packed arithmetic of {releaseEscrow}).
    /// @param seat The offerer's seat.
    /// @param held Its three escrow cells (good g at bit 8g).
    /// @param escrowed The offer's packed escrow.
    error EscrowShort(uint256 seat, uint256 held, uint256 escrowed);

    /// @dev Bit offset of cell (seat, good). Unchecked (~60 gas a cell access): seats and goods are below 3 (every
    ///      caller loops over goods below GOODS and seats below 3), so the offset is at most 64.
    function _shift(uint256 seat, uint256 good) private pure returns (uint256) {
        unchecked {
            return 8 * (3 * seat + good);
        }
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
        unchecked {
            // seat < 3 (see {_shift}).
            return (uint256(grid) >> (24 * seat)) & 0xffffff != 0;
        }
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
        unchecked {
            // good < GOODS (see {_shift}).
            return (uint256(packed) >> (8 * good)) & 0xff;
        }
    }

    /// @notice Amount of `good` in a packed uint96 of three uint32 (an offer's request).
    function requestOf(uint96 packed, uint256 good) internal pure returns (uint256) {
        unchecked {
            // good < GOODS (see {_shift}).
            return (uint256(packed) >> (32 * good)) & 0xffffffff;
        }
    }

    /// @notice Sum of the three amounts of a packed escrow.
    function escrowSum(uint24 packed) internal pure returns (uint256) {
        unchecked {
            // Three bytes: at most 765.
            return escrowOf(packed, 0) + escrowOf(packed, 1) + escrowOf(packed, 2);
        }
    }

    /// @notice A requested amount shrunk by the ratio escrowed / offered, rounded down (6 corn for 6 coffee with 5
    ///         corn escrowed asks 5 coffee). `offered` is never zero (an offer offers at least one good).
    /// @dev requested < 2^32 and escrowed <= 20, so the product cannot overflow.
    function shrink(uint256 requested, uint256 escrowed, uint256 offered) internal pure returns (uint256) {
        return (requested * escrowed) / offered;
    }

    /// @notice An offer's request per good (packed `requested`), each shrunk by escrowed / offered ({shrink}):
    ///         what an accept, and a G4 inverse sanction, ask of the target.
    function shrunkRequest(
        uint96 requested,
        uint24 escrowed,
        uint256 offered
    ) internal pure returns (uint256[3] memory wanted) {
        uint256 escrowedSum = escrowSum(escrowed);
        for (uint256 g; g < GOODS; ++g) wanted[g] = shrink(requestOf(requested, g), escrowedSum, offered);
    }

    /// @notice Moves an offer's whole escrow (`escrowed`, held in `from`'s escrow cells) to `to`'s free cells: the
    ///         target's on an accept or a snatch, the offerer's own when the offer is rejected, cancelled or expires.
    /// @dev All three goods in one subtraction and one addition: a packed escrow (good g at bit 8g) has the layout of
    ///      a seat's three cells, so shifted by 24 * seat it lines up with that seat's cells. No cell holds more than
    ///      20 goods, so the addition never carries into a neighbouring cell (SafeCast-free: the sum stays below
    ///      2^72). The subtraction would borrow across cells only if a cell held less than its amount: the check
    ///      before it refuses that, as {sub} would (a SWAR test: with bit 7 of every held byte set, `held - amount`
    ///      keeps that bit exactly where the cell held enough, all values being below 128).
    /// @return The free grid after. @return The escrow grid after.
    function releaseEscrow(
        uint72 free,
        uint72 escrow,
        uint256 from,
        uint256 to,
        uint24 escrowed
    ) internal pure returns (uint72, uint72) {
        // Unchecked (~250 gas a release): seats are below 3; `e`'s cells are at most 20 (a cell's most), so
        // `held | 0x808080` (at least 0x808080) minus `e` (at most 0x141414) cannot wrap; the addition cannot carry
        // and, once the check passed, the subtraction cannot borrow (above).
        unchecked {
            uint256 e = escrowed;
            uint256 held = (uint256(escrow) >> (24 * from)) & 0xffffff;
            if (((held | 0x808080) - e) & 0x808080 != 0x808080) revert EscrowShort(from, held, e);
            return (uint72(uint256(free) + (e << (24 * to))), uint72(uint256(escrow) - (e << (24 * from))));
        }
    }

    /// @notice `payer` gives `payee`, per good, `wanted` or what it holds free of it if less: an accept's payment,
    ///         and the restitutions of a confirmed report and a G4 reversal.
    /// @return The grid after. @return paid The amounts given, per good.
    function payUpTo(
        uint72 free,
        uint256 payer,
        uint256 payee,
        uint256[3] memory wanted
    ) internal pure returns (uint72, uint256[3] memory paid) {
        for (uint256 g; g < GOODS; ++g) {
            uint256 want = wanted[g];
            if (want == 0) continue;
            uint256 held = get(free, payer, g);
            uint256 give = want < held ? want : held;
            free = move(free, payer, payee, g, give);
            paid[g] = give;
        }
        return (free, paid);
    }

    /// @notice An accept's payment: `payer` gives `payee`, per good, the request shrunk by escrowed / offered
    ///         ({shrunkRequest}) or what it holds free of it if less; the same result as {payUpTo} of {shrunkRequest}.
    /// @dev Packed and unchecked, which saves ~2,600 gas an accept against the two memory-array loops: requested <
    ///      2^32 and the escrow sum <= 60 cannot overflow the product; each amount given is at most the payer's cell,
    ///      so the packed subtraction never borrows across cells, and no cell ever holds more than 20 goods, so the
    ///      packed addition never carries (see {releaseEscrow}).
    /// @return The grid after. @return paid The amounts given, packed as an escrow (good g at bit 8g).
    function payShrunk(
        uint72 free,
        uint256 payer,
        uint256 payee,
        uint96 requested,
        uint24 escrowed,
        uint256 offered
    ) internal pure returns (uint72, uint256 paid) {
        uint256 escrowedSum = escrowSum(escrowed);
        uint256 grid = free;
        uint256 payerCells = grid >> (24 * payer);
        unchecked {
            for (uint256 g; g < GOODS; ++g) {
                uint256 want = (requestOf(requested, g) * escrowedSum) / offered;
                uint256 held = (payerCells >> (8 * g)) & 0xff;
                paid |= (want < held ? want : held) << (8 * g);
            }
            return (uint72(grid - (paid << (24 * payer)) + (paid << (24 * payee))), paid);
        }
    }

    /// @notice The three amounts of a packed escrow.
    function escrowAmounts(uint24 escrowed) internal pure returns (uint256[3] memory amounts) {
        for (uint256 g; g < GOODS; ++g) amounts[g] = escrowOf(escrowed, g);
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
        // Unchecked: a room holds at most 20 goods, so `held` is at most 40 and the total at most 240.
        unchecked {
            for (uint256 g; g < GOODS; ++g) {
                uint256 held = get(free, seat, g) + get(escrow, seat, g);
                total += g == own ? held : 2 * held;
            }
        }
    }
}
