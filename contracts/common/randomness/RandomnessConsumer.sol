// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "./IRandomness.sol";

/// @title RandomnessConsumer
/// @notice What every game inherits to use an {IRandomness} source without knowing which one it is.
/// @dev Pattern: request when committing to an action (store the id), and consume the value in the next
///      state-advancing call, whoever makes it (deadline paths included). If the request went stale, any caller
///      may replace it through the game's own re-request entry point, which uses {_rerequest}.
abstract contract RandomnessConsumer {
    /// @notice The source this contract draws from.
    IRandomness public immutable randomness;

    /// @notice A re-request of a request that is not stale.
    /// @param id The request.
    /// @param status Its status.
    error RandomnessNotStale(uint256 id, IRandomness.Status status);

    constructor(IRandomness randomness_) {
        randomness = randomness_;
    }

    /// @dev Asks the source for a value, charged to the caller (`msg.sender`: the player whose action asks for it);
    ///      returns the id to store.
    function _requestRandomness() internal returns (uint256) {
        return randomness.request(msg.sender);
    }

    /// @dev One read of request `id`: its status and, when ready, its value (zero otherwise; a value is never zero).
    function _readRandomness(uint256 id) internal view returns (IRandomness.Status, uint256) {
        return randomness.valueIfReady(id);
    }

    /// @dev Replaces a stale request with a new one, charged to the caller (the source links them: a late delivery of
    ///      the old one still serves the new one, see {IRandomness.rerequest}); reverts with {RandomnessNotStale}
    ///      otherwise.
    function _rerequest(uint256 id) internal returns (uint256 newId) {
        IRandomness.Status s = randomness.status(id);
        if (s != IRandomness.Status.Stale) revert RandomnessNotStale(id, s);
        newId = randomness.rerequest(id, msg.sender);
    }
}
