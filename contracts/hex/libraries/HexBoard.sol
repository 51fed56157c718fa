// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IForkingHex} from "../IForkingHex.sol";

/// @title HexBoard
/// @notice Board geometry and winning-path checks (pure). Cell = row * n + col on an n×n rhombus. Neighbours of
///         (r, c): (r-1, c), (r-1, c+1), (r, c-1), (r, c+1), (r+1, c-1), (r+1, c). Red joins row 0 to row n-1; Blue
///         joins column 0 to column n-1.
/// @dev Path cell sets are bitmaps split over two words: bit c of `lo` for c < 256, bit c - 256 of `hi` otherwise
///      (19 × 19 = 361 cells).
library HexBoard {
    /// @notice Smallest and largest board sides.
    uint256 internal constant MIN_SIZE = 2;
    uint256 internal constant MAX_SIZE = 19;

    /// @notice Checks everything about a path except the stones' colour, in this order: at least n cells (no
    ///         edge-to-edge path is shorter: the most basic problem, reported first), at most `maxLength` cells (the
    ///         colour's stones on the board), all on the board, none twice, each a neighbour of the next, the first on
    ///         the colour's first edge (Red: row 0, Blue: column 0) and the last on the opposite edge. Reverts with
    ///         the {IForkingHex} error naming the first problem.
    /// @return lo The path's cells below 256, as a bitmap.
    /// @return hi The path's cells from 256 up, as a bitmap (bit c - 256).
    function checkPath(
        uint256 n,
        bool red,
        uint256 maxLength,
        uint16[] calldata path
    ) internal pure returns (uint256 lo, uint256 hi) {
        uint256 len = path.length;
        if (len < n) revert IForkingHex.PathTooShort(len, n);
        if (len > maxLength) revert IForkingHex.PathTooLong(len, maxLength);
        uint256 cells = n * n;
        uint256 problem;
        uint256 prev;
        uint256 bad;
        (lo, hi, problem, prev, bad) = _scan(n, cells, path);
        if (problem == 1) revert IForkingHex.CellOffBoard(bad, cells);
        if (problem == 2) revert IForkingHex.CellRepeated(bad);
        if (problem == 3) revert IForkingHex.CellsNotAdjacent(prev, bad);
        uint256 first = path[0];
        bool ok = red ? (first < n && prev / n == n - 1) : (first % n == 0 && prev % n == n - 1);
        if (!ok) revert IForkingHex.PathNotEdgeToEdge(first, prev);
    }

    /// @notice The first cell of `path` (in path order) whose bit is set in the bitmap (`lo`, `hi`).
    /// @dev Used to name the offending cell once a colour check found stones missing.
    function firstIn(uint16[] calldata path, uint256 lo, uint256 hi) internal pure returns (uint256) {
        for (uint256 i; i < path.length; ++i) {
            uint256 c = path[i];
            if (c < 256 ? (lo >> c) & 1 != 0 : (hi >> (c - 256)) & 1 != 0) return c;
        }
        return type(uint256).max;
    }

    /// @dev One pass over the path: the cell bitmaps, and the first problem found (0 none, 1 off the board,
    ///      2 repeated, 3 not adjacent to `prev`) with the offending cell `bad`; without a problem `prev` is the last
    ///      cell.
    ///      The per-cell cost of a proof is this loop, so it is in assembly. ABI decoding has checked that the array
    ///      lies within calldata; a value that is not a valid uint16 is ≥ n² and reported as off the board.
    ///      Adjacency: with dr = row - prevRow + 1 and dc = col - prevCol + 1 (wrapping), the six neighbours are the
    ///      (dr, dc) pairs (0,1) (0,2) (1,0) (1,2) (2,0) (2,1), i.e. the set bits 1, 2, 3, 5, 6, 7 of 0xEE
    ///      at 3·dr + dc.
    function _scan(
        uint256 n,
        uint256 cells,
        uint16[] calldata path
    ) private pure returns (uint256 lo, uint256 hi, uint256 problem, uint256 prev, uint256 bad) {
        assembly ("memory-safe") {
            let prevRow := 0
            let prevCol := 0
            for {
                let i := 0
            } lt(i, path.length) {
                i := add(i, 1)
            } {
                let c := calldataload(add(path.offset, shl(5, i)))
                bad := c
                if iszero(lt(c, cells)) {
                    problem := 1
                    break
                }
                switch lt(c, 256)
                case 1 {
                    let bit := shl(c, 1)
                    if and(lo, bit) {
                        problem := 2
                        break
                    }
                    lo := or(lo, bit)
                }
                default {
                    let bit := shl(sub(c, 256), 1)
                    if and(hi, bit) {
                        problem := 2
                        break
                    }
                    hi := or(hi, bit)
                }
                let row := div(c, n)
                let col := sub(c, mul(row, n))
                if i {
                    let dr := sub(add(row, 1), prevRow)
                    let dc := sub(add(col, 1), prevCol)
                    if iszero(and(and(lt(dr, 3), lt(dc, 3)), shr(add(mul(dr, 3), dc), 0xEE))) {
                        problem := 3
                        break
                    }
                }
                prev := c
                prevRow := row
                prevCol := col
            }
        }
    }
}
