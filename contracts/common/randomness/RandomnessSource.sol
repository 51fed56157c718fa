// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "./IRandomness.sol";

/// @title RandomnessSource
/// @notice What every {IRandomness} source shares: {value} is {valueIfReady} that reverts unless the request is ready,
///         so a source writes its read once, in {valueIfReady}.
abstract contract RandomnessSource is IRandomness {
    /// @inheritdoc IRandomness
    function valueIfReady(uint256 id) public view virtual returns (Status, uint256);

    /// @inheritdoc IRandomness
    function value(uint256 id) public view returns (uint256 v) {
        Status s;
        (s, v) = valueIfReady(id);
        if (s != Status.Ready) revert RandomnessNotReady(id, s);
    }
}
