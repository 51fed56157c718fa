// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IForkingHex} from "../hex/IForkingHex.sol";
import {HexBoard} from "../hex/libraries/HexBoard.sol";

/// @notice Exposes the pure {HexBoard} library for the path-verifier fuzz test.
contract HexBoardHarness {
    /// @notice {HexBoard.checkPath}.
    function checkPath(
        uint256 n,
        bool red,
        uint256 maxLength,
        uint16[] calldata path
    ) external pure returns (uint256 lo, uint256 hi) {
        return HexBoard.checkPath(n, red, maxLength, path);
    }

    /// @notice {HexBoard.checkPath}, then the colour check against a bitmap of the colour's stones
    ///         (`stonesLo`/`stonesHi`) with {HexBoard.firstIn} naming the first cell that is not one; the game does
    ///         the colour check by walking the position's ancestors instead. Returns normally for a valid winning
    ///         path.
    function verify(
        uint256 n,
        bool red,
        uint256 stonesLo,
        uint256 stonesHi,
        uint256 maxLength,
        uint16[] calldata path
    ) external pure returns (bool) {
        (uint256 lo, uint256 hi) = HexBoard.checkPath(n, red, maxLength, path);
        (lo, hi) = (lo & ~stonesLo, hi & ~stonesHi);
        if (lo | hi != 0) revert IForkingHex.PathCellWrongColour(HexBoard.firstIn(path, lo, hi));
        return true;
    }
}
