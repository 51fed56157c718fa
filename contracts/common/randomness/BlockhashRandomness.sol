// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BlockTargetIds} from "./BlockTargetIds.sol";
import {IRandomness} from "./IRandomness.sol";
import {RandomnessSource} from "./RandomnessSource.sol";

/// @title BlockhashRandomness
/// @notice The default randomness source, FOR LOCAL AND TEST NETWORKS ONLY (the deploy scripts refuse it elsewhere
///         unless told otherwise).
/// @dev A request commits to the hash of the next block (`block.number + 1`), which nobody knows when the request is
///      made. The value is derived lazily as `keccak256(blockhash(target), id)` from block `target + 1` on, so no
///      fulfil transaction is needed. Trust model: whoever sees the committed block's hash first (its producer) may
///      decline to publish the block; on a network with real stakes use {VRFRandomness}.
///
///      A value must never change once it could be seen, or a player who dislikes a ready value could leave it
///      unused until it is lost and have a new one drawn (re-rolling by waiting). So a value stays readable:
///      - for 256 blocks through `blockhash`;
///      - for {HISTORY_HORIZON} blocks on chains that keep the history of block hashes (EIP-2935, Prague: the
///        history contract at {HISTORY_CONTRACT}), read when `blockhash` no longer reaches;
///      - forever once {fulfil}led (pinned): a keeper (`npx hardhat randomness:keeper`) pins every ready request
///        the deployed games still wait on well before that horizon. Running it is REQUIRED with this source.
///      Only a request that nobody served, pinned or could read within that horizon is {Status.Stale}, and only
///      then can a game ask for a new one.
///
///      No storage per request: the id itself encodes the request's sequence number and its target block,
///      `id = sequence << 64 | target`, so a request costs one counter update. Only {fulfil} writes a slot.
contract BlockhashRandomness is RandomnessSource {
    /// @notice How far back `blockhash` can see.
    uint256 public constant HORIZON = BlockTargetIds.HORIZON;

    /// @notice How far back the EIP-2935 history contract serves block hashes (its ring buffer).
    uint256 public constant HISTORY_HORIZON = 8191;

    /// @notice The EIP-2935 block-hash history contract (Prague and later; absent or unusable elsewhere, where the
    ///         horizon stays 256 blocks).
    address public constant HISTORY_CONTRACT = 0x0000F90827F1C53a10cb7A02335B175320002935;

    /// @dev Number of requests made so far; the next request gets sequence `requests + 1`.
    uint192 public requests;

    /// @dev Values pinned by {fulfil}, readable forever.
    mapping(uint256 id => uint256) private _pinned;

    /// @inheritdoc IRandomness
    /// @dev Free: `payer` is not charged.
    function request(address) external returns (uint256 id) {
        id = _request();
    }

    /// @inheritdoc IRandomness
    /// @dev A stale request's block hash is gone for good (nothing can serve it late): a plain new request, free.
    function rerequest(uint256, address) external returns (uint256 newId) {
        newId = _request();
    }

    /// @notice Stores the value of a ready request so it stays readable forever (see the contract's notes: a keeper
    ///         must do this for every request still awaited before its block hash is lost).
    /// @dev Permissionless; pinning twice changes nothing.
    /// @param id A {Status.Ready} request.
    /// @return v The value, now pinned.
    function fulfil(uint256 id) external returns (uint256 v) {
        v = value(id);
        if (_pinned[id] == 0) {
            _pinned[id] = v;
            emit RandomnessFulfilled(id, v);
        }
    }

    /// @notice Whether request `id`'s value is pinned (readable forever).
    function isPinned(uint256 id) external view returns (bool) {
        return _pinned[id] != 0;
    }

    /// @inheritdoc IRandomness
    function status(uint256 id) external view returns (Status s) {
        (s, ) = valueIfReady(id);
    }

    /// @inheritdoc IRandomness
    function valueIfReady(uint256 id) public view override returns (Status, uint256) {
        uint256 v = _pinned[id];
        if (v != 0) return (Status.Ready, v);
        // Where the id stands by `blockhash`'s reach; past it, the history may still have the hash.
        Status s = BlockTargetIds.status(id, requests);
        bytes32 hash;
        if (s == Status.Ready) hash = blockhash(uint64(id));
        else if (s == Status.Stale) hash = _historicHash(uint64(id));
        else return (s, 0);
        if (hash == 0) return (Status.Stale, 0);
        v = uint256(keccak256(abi.encode(hash, id)));
        // Zero means "no value" to callers; map the (2^-256 likely) zero hash to 1.
        return (Status.Ready, v == 0 ? 1 : v);
    }

    /// @notice The block whose hash request `id` commits to.
    function targetBlock(uint256 id) external pure returns (uint256) {
        return uint64(id);
    }

    function _request() private returns (uint256 id) {
        id = BlockTargetIds.next(++requests);
        emit RandomnessRequested(id, msg.sender);
    }

    /// @dev The hash of `blockNumber` from the EIP-2935 history contract, or zero when it is out of reach: older than
    ///      {HISTORY_HORIZON}, or no usable contract (pre-Prague chains have no code there: the call then returns no
    ///      data; a contract that reverts, like Hardhat 2's placeholder, counts as none).
    function _historicHash(uint256 blockNumber) private view returns (bytes32 hash) {
        if (block.number - blockNumber > HISTORY_HORIZON) return 0;
        (bool ok, bytes memory data) = HISTORY_CONTRACT.staticcall(abi.encode(blockNumber));
        if (ok && data.length == 32) hash = abi.decode(data, (bytes32));
    }
}
