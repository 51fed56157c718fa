// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {DisplayName} from "../common/names/DisplayName.sol";

/// @notice Exposes DisplayName for tests.
contract DisplayNameHarness {
    function check(string calldata name) external pure {
        DisplayName.check(name);
    }

    /// @dev The same check on raw bytes (any byte string, not only what ethers encodes from a JS string).
    function checkBytes(bytes calldata name) external pure {
        DisplayName.check(string(name));
    }

    function roundTrip(string calldata name) external pure returns (bytes32 word, string memory back) {
        DisplayName.check(name);
        word = DisplayName.toWord(name);
        back = DisplayName.fromWord(word);
    }

    function maxLength() external pure returns (uint256) {
        return DisplayName.MAX_LENGTH;
    }
}
