// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BlockTargetIds} from "./BlockTargetIds.sol";
import {IRandomness} from "./IRandomness.sol";
import {RandomnessSource} from "./RandomnessSource.sol";

/// @title BlockhashRandomness
/// @notice The default randomness source, FOR LOCAL AND TEST NETWORKS ONLY.
/// @dev A request commits to the hash of the next block (`block.number + 1`), which nobody knows when the request is
///      made. The value is derived lazily as `keccak256(blockhash(target), id)` from block `target + 1` on, so no
///      fulfil transaction is needed. Trust model: whoever sees the committed block's hash first (its producer) may
///      decline to publish the block or to use the value; on a network with real stakes use {VRFRandomness}.
///      `blockhash` only reaches back 256 blocks: a request not read (or {fulfil}led) by then is {Status.Stale}.
///
///      No storage per request: the id itself encodes the request's sequence number and its target block,
///      `id = sequence << 64 | target`, so a request costs one counter update. Only {fulfil} writes a slot, to keep a
///      value readable past the 256-block horizon.
contract BlockhashRandomness is RandomnessSource {
    /// @notice How far back `blockhash` can see.
    uint256 public constant HORIZON = BlockTargetIds.HORIZON;

    /// @dev Number of requests made so far; the next request gets sequence `requests + 1`.
    uint192 public requests;

    /// @dev Values pinned by {fulfil}, readable forever.
    mapping(uint256 id => uint256) private _pinned;

    /// @inheritdoc IRandomness
    function request() external returns (uint256 id) {
        id = BlockTargetIds.next(++requests);
        emit RandomnessRequested(id, msg.sender);
    }

    /// @notice Stores the value of a ready request so it stays readable after the 256-block horizon.
    /// @dev Optional and permissionless; games never need it if they read the value within 256 blocks.
    /// @param id A {Status.Ready} request.
    /// @return v The value, now pinned.
    function fulfil(uint256 id) external returns (uint256 v) {
        v = value(id);
        if (_pinned[id] == 0) {
            _pinned[id] = v;
            emit RandomnessFulfilled(id, v);
        }
    }

    /// @inheritdoc IRandomness
    function status(uint256 id) external view returns (Status) {
        // Only a ready request is ever pinned.
        return _pinned[id] != 0 ? Status.Ready : BlockTargetIds.status(id, requests);
    }

    /// @inheritdoc IRandomness
    function valueIfReady(uint256 id) public view override returns (Status s, uint256 v) {
        v = _pinned[id];
        if (v != 0) return (Status.Ready, v);
        s = BlockTargetIds.status(id, requests);
        if (s != Status.Ready) return (s, 0);
        v = uint256(keccak256(abi.encode(blockhash(uint64(id)), id)));
        // Zero means "no value" to callers; map the (2^-256 likely) zero hash to 1.
        if (v == 0) v = 1;
    }

    /// @notice The block whose hash request `id` commits to.
    function targetBlock(uint256 id) external pure returns (uint256) {
        return uint64(id);
    }
}
