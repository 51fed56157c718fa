// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BoardSetup} from "../catamm/libraries/BoardSetup.sol";
import {HexKind} from "../catamm/libraries/BoardTypes.sol";

/// @notice Exposes {BoardSetup} for tests, including many boards per call for statistics.
contract CatammBoardSetupHarness {
    function generate(uint256 seed) external pure returns (uint256 board, uint256 desert) {
        return BoardSetup.generate(seed);
    }

    /// @notice The boards for seeds `first`, `first + 1`, ..., `first + count - 1`.
    function generateMany(uint256 first, uint256 count) external pure returns (uint256[] memory boards) {
        boards = new uint256[](count);
        for (uint256 i; i < count; ++i) (boards[i], ) = BoardSetup.generate(first + i);
    }

    function kindOf(uint256 board, uint256 h) external pure returns (HexKind) {
        return BoardSetup.kindOf(board, h);
    }

    function numberOf(uint256 board, uint256 h) external pure returns (uint256) {
        return BoardSetup.numberOf(board, h);
    }

    function hexesWithNumber(uint256 board, uint256 n) external pure returns (uint256, uint256) {
        return BoardSetup.hexesWithNumber(board, n);
    }

    /// @notice Gas of one board generation, measured inside the call.
    function generateGas(uint256 seed) external view returns (uint256 used) {
        used = gasleft();
        BoardSetup.generate(seed);
        used -= gasleft();
    }
}
