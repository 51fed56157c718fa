// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "./IRandomness.sol";

/// @title BlockTargetIds
/// @notice The request ids of the sources whose values come with a future block ({BlockhashRandomness}, and the
///         test source that keeps its timing): `id = sequence << 64 | target`, where `target` is the block after
///         the request's; the value is readable from the block after the target for {HORIZON} blocks (how far back
///         `blockhash` sees). The id alone says where a request stands: no storage per request.
library BlockTargetIds {
    /// @notice How far back a target block stays usable.
    uint256 internal constant HORIZON = 256;

    /// @notice The id of request number `sequence` (from 1) made in this block.
    function next(uint256 sequence) internal view returns (uint256) {
        return (sequence << 64) | (block.number + 1);
    }

    /// @notice Where request `id` stands by its target block, `requests` having been made so far.
    function status(uint256 id, uint256 requests) internal view returns (IRandomness.Status) {
        uint256 sequence = id >> 64;
        if (sequence == 0 || sequence > requests) return IRandomness.Status.Unknown;
        uint256 target = uint64(id);
        if (block.number <= target) return IRandomness.Status.Pending;
        if (block.number - target > HORIZON) return IRandomness.Status.Stale;
        return IRandomness.Status.Ready;
    }
}
