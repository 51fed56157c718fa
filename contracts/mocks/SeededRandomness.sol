// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "../common/randomness/IRandomness.sol";

/// @notice Test and simulation source: behaves like {BlockhashRandomness} (a request is Ready from two blocks after
///         it, Stale after 256 more) but derives values from a fixed seed instead of block hashes, so a seeded
///         simulation or bench replays exactly. Predictable by design: NEVER deploy it for real stakes.
contract SeededRandomness is IRandomness {
    uint256 public constant HORIZON = 256;
    uint256 public immutable seed;
    uint192 public requests;

    constructor(uint256 seed_) {
        seed = seed_;
    }

    /// @inheritdoc IRandomness
    function request() external returns (uint256 id) {
        uint192 sequence = ++requests;
        id = (uint256(sequence) << 64) | (block.number + 1);
        emit RandomnessRequested(id, msg.sender);
    }

    /// @inheritdoc IRandomness
    function status(uint256 id) public view returns (Status) {
        uint256 sequence = id >> 64;
        if (sequence == 0 || sequence > requests) return Status.Unknown;
        uint256 target = uint64(id);
        if (block.number <= target) return Status.Pending;
        if (block.number - target > HORIZON) return Status.Stale;
        return Status.Ready;
    }

    /// @inheritdoc IRandomness
    function value(uint256 id) external view returns (uint256 v) {
        Status s = status(id);
        if (s != Status.Ready) revert RandomnessNotReady(id, s);
        // The sequence number (not the target block) keys the value: the same request order replays the same values.
        v = uint256(keccak256(abi.encode(seed, id >> 64)));
        if (v == 0) v = 1;
    }
}
