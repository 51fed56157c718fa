// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BlockTargetIds} from "../common/randomness/BlockTargetIds.sol";
import {IRandomness} from "../common/randomness/IRandomness.sol";
import {RandomnessSource} from "../common/randomness/RandomnessSource.sol";

/// @notice Test and simulation source. TEST-ONLY: its values are known in advance; NEVER deploy it for real stakes.
///         It keeps {BlockhashRandomness}'s timing and costs (an id is `sequence << 64 | target block`, the value is
///         ready from the block after the target and stale 256 blocks after it, a request updates one word) but
///         derives values from a fixed seed and the request's sequence number, `keccak256(seed, sequence)` (not the
///         block), so a seeded simulation, bench or bot game replays exactly at any chain height. A test may also
///         script the next values ({script}).
contract SeededRandomness is RandomnessSource {
    /// @notice How far back a value stays readable (as with block hashes).
    uint256 public constant HORIZON = BlockTargetIds.HORIZON;

    /// @notice The seed every unscripted value derives from.
    uint256 public immutable seed;

    /// @dev One word: requests made, scripted values used, scripted values queued.
    uint128 public requests;
    uint64 private _used;
    uint64 private _queued;

    mapping(uint256 index => uint256) private _queue;
    mapping(uint256 id => uint256) private _scripted;

    /// @notice Values were queued for the next requests.
    event Scripted(uint256 first, uint256 count);

    constructor(uint256 seed_) {
        seed = seed_;
    }

    /// @notice Queues `values` (non-zero) for the next requests, in order.
    function script(uint256[] calldata values) external {
        uint64 queued_ = _queued;
        for (uint256 i; i < values.length; ++i) _queue[queued_ + i] = values[i];
        _queued = queued_ + uint64(values.length);
        emit Scripted(queued_, values.length);
    }

    /// @notice Scripted values not yet handed to a request.
    function queued() external view returns (uint256) {
        return _queued - _used;
    }

    /// @inheritdoc IRandomness
    function request(address) external returns (uint256 id) {
        id = _request();
    }

    /// @inheritdoc IRandomness
    /// @dev As the block-hash source: a plain new request.
    function rerequest(uint256, address) external returns (uint256 newId) {
        newId = _request();
    }

    function _request() private returns (uint256 id) {
        id = BlockTargetIds.next(++requests);
        uint64 used = _used;
        if (used < _queued) {
            _scripted[id] = _queue[used];
            _used = used + 1;
        }
        emit RandomnessRequested(id, msg.sender);
    }

    /// @inheritdoc IRandomness
    function status(uint256 id) public view returns (Status) {
        return BlockTargetIds.status(id, requests);
    }

    /// @inheritdoc IRandomness
    function valueIfReady(uint256 id) public view override returns (Status s, uint256 v) {
        s = status(id);
        if (s != Status.Ready) return (s, 0);
        v = _scripted[id];
        if (v == 0) v = uint256(keccak256(abi.encode(seed, id >> 64)));
        // Zero means "no value" to callers.
        if (v == 0) v = 1;
    }
}
