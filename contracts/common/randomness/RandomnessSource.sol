// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "./IRandomness.sol";

/// @title RandomnessSource
/// @notice What every {IRandomness} source shares: {value} is {valueIfReady} that reverts unless the request is ready,
///         so a source writes its read once, in {valueIfReady}; and a free source's side of request credit (no fee,
///         no credit held: only zero amounts move), which a paid source overrides.
abstract contract RandomnessSource is IRandomness {
    /// @inheritdoc IRandomness
    function valueIfReady(uint256 id) public view virtual returns (Status, uint256);

    /// @inheritdoc IRandomness
    function value(uint256 id) public view returns (uint256 v) {
        Status s;
        (s, v) = valueIfReady(id);
        if (s != Status.Ready) revert RandomnessNotReady(id, s);
    }

    /// @inheritdoc IRandomness
    /// @dev Free: requests cost players nothing.
    function requestFee() external view virtual returns (uint256) {
        return 0;
    }

    /// @inheritdoc IRandomness
    /// @dev Nobody holds credit here: anything but zero is more than `from` has.
    function takeRequestCredit(address from, uint256 amount) external virtual {
        if (amount != 0) revert InsufficientRequestCredit(from, 0, amount);
    }

    /// @inheritdoc IRandomness
    /// @dev Nobody holds credit here: anything but zero is more than the caller has.
    function giveRequestCredit(address, uint256 amount) external virtual {
        if (amount != 0) revert InsufficientRequestCredit(msg.sender, 0, amount);
    }
}
