// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {HexBoard} from "../hex/libraries/HexBoard.sol";

/// @notice Exposes the pure {HexBoard} library for the path-verifier fuzz test.
contract HexBoardHarness {
    /// @notice {HexBoard.adjacent}.
    function adjacent(uint256 n, uint256 a, uint256 b) external pure returns (bool) {
        return HexBoard.adjacent(n, a, b);
    }

    /// @notice {HexBoard.checkPath}.
    function checkPath(
        uint256 n,
        bool red,
        uint256 maxLength,
        uint16[] calldata path
    ) external pure returns (uint256 lo, uint256 hi) {
        return HexBoard.checkPath(n, red, maxLength, path);
    }

    /// @notice {HexBoard.verify}: reverts naming the first problem, returns normally for a valid winning path.
    function verify(
        uint256 n,
        bool red,
        uint256 stonesLo,
        uint256 stonesHi,
        uint256 maxLength,
        uint16[] calldata path
    ) external pure returns (bool) {
        HexBoard.verify(n, red, stonesLo, stonesHi, maxLength, path);
        return true;
    }
}
