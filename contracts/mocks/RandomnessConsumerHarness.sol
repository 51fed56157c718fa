// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "../common/randomness/IRandomness.sol";
import {RandomnessConsumer} from "../common/randomness/RandomnessConsumer.sol";
import {RandomDraw} from "../common/randomness/RandomDraw.sol";

/// @notice Exposes {RandomnessConsumer} and {RandomDraw} for tests.
contract RandomnessConsumerHarness is RandomnessConsumer {
    uint256 public pending;

    event Consumed(uint256 id, uint256 value);

    constructor(IRandomness source) RandomnessConsumer(source) {}

    function ask() external {
        pending = _requestRandomness();
    }

    function rerequest() external {
        pending = _rerequest(pending);
    }

    function consume() external {
        (IRandomness.Status s, uint256 v) = _readRandomness(pending);
        if (s != IRandomness.Status.Ready) revert IRandomness.RandomnessNotReady(pending, s);
        emit Consumed(pending, v);
    }

    function ready() external view returns (bool) {
        (, uint256 v) = _readRandomness(pending);
        return v != 0;
    }

    function uniform(uint256 seed, uint256 salt, uint256 n) external pure returns (uint256) {
        return RandomDraw.uniform(seed, salt, n);
    }

    function weighted(uint256 seed, uint256 salt, uint256[] calldata w, uint256 total) external pure returns (uint256) {
        return RandomDraw.weighted(seed, salt, w, total);
    }

    function permutation(uint256 seed, uint256 salt, uint256 n) external pure returns (uint256[] memory) {
        return RandomDraw.permutation(seed, salt, n);
    }
}
