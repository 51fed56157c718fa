// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {VRFConsumerBaseV2Plus} from "@chainlink/contracts/src/v0.8/vrf/dev/VRFConsumerBaseV2Plus.sol";
import {VRFV2PlusClient} from "@chainlink/contracts/src/v0.8/vrf/dev/libraries/VRFV2PlusClient.sol";
import {IRandomness} from "./IRandomness.sol";
import {RandomnessSource} from "./RandomnessSource.sol";

/// @title VRFRandomness
/// @notice Production randomness: Chainlink VRF v2.5 behind the {IRandomness} pull interface.
/// @dev The coordinator's callback only stores the word: no game logic runs in it, so a callback can never fail
///      for a game's reasons (a callback the coordinator drops, e.g. out of gas, leaves the request Pending until it
///      turns {Status.Stale} after `staleAfter` blocks, and the game requests again). Only consumers the owner
///      authorised may request, since each request is paid by the owner's subscription. Ownership is Chainlink's
///      two-step `ConfirmedOwner`, which `VRFConsumerBaseV2Plus` brings.
contract VRFRandomness is RandomnessSource, VRFConsumerBaseV2Plus {
    /// @notice VRF request parameters, set by the owner.
    struct Config {
        bytes32 keyHash;
        uint256 subscriptionId;
        uint32 callbackGasLimit;
        uint16 requestConfirmations;
        bool nativePayment;
        uint32 staleAfter;
    }

    /// @dev Per request: the block it was made in, and the word once the coordinator delivered it.
    struct Request {
        uint64 requestedAt;
        uint256 word;
    }

    /// @notice The current VRF request parameters.
    Config public config;

    /// @notice Whether `consumer` may call {request}.
    mapping(address consumer => bool) public isConsumer;

    mapping(uint256 id => Request) private _requests;

    /// @notice The owner changed the VRF parameters.
    event ConfigSet(Config config);

    /// @notice The owner allowed or disallowed a consumer.
    event ConsumerSet(address indexed consumer, bool allowed);

    /// @notice {request} was called by an address the owner has not authorised.
    error UnauthorisedConsumer(address caller);

    /// @notice A config with a zero callback gas limit or zero stale window.
    error InvalidConfig();

    /// @param coordinator The VRF v2.5 coordinator.
    /// @param initialConfig The request parameters.
    constructor(address coordinator, Config memory initialConfig) VRFConsumerBaseV2Plus(coordinator) {
        _setConfig(initialConfig);
    }

    /// @notice Sets the VRF request parameters (owner only).
    function setConfig(Config calldata newConfig) external onlyOwner {
        _setConfig(newConfig);
    }

    /// @notice Allows or disallows a consumer (owner only).
    function setConsumer(address consumer, bool allowed) external onlyOwner {
        isConsumer[consumer] = allowed;
        emit ConsumerSet(consumer, allowed);
    }

    /// @inheritdoc IRandomness
    function request() external returns (uint256 id) {
        if (!isConsumer[msg.sender]) revert UnauthorisedConsumer(msg.sender);
        Config memory c = config;
        id = s_vrfCoordinator.requestRandomWords(
            VRFV2PlusClient.RandomWordsRequest({
                keyHash: c.keyHash,
                subId: c.subscriptionId,
                requestConfirmations: c.requestConfirmations,
                callbackGasLimit: c.callbackGasLimit,
                numWords: 1,
                extraArgs: VRFV2PlusClient._argsToBytes(VRFV2PlusClient.ExtraArgsV1({nativePayment: c.nativePayment}))
            })
        );
        _requests[id].requestedAt = uint64(block.number);
        emit RandomnessRequested(id, msg.sender);
    }

    /// @inheritdoc IRandomness
    function status(uint256 id) external view returns (Status s) {
        (s, ) = valueIfReady(id);
    }

    /// @inheritdoc IRandomness
    function valueIfReady(uint256 id) public view override returns (Status, uint256) {
        Request storage r = _requests[id];
        uint256 word = r.word;
        if (word != 0) return (Status.Ready, word);
        if (r.requestedAt == 0) return (Status.Unknown, 0);
        return (block.number > r.requestedAt + config.staleAfter ? Status.Stale : Status.Pending, 0);
    }

    /// @dev The coordinator's callback: stores the word, nothing else. Unknown or already served ids are ignored
    ///      (never reverting keeps the coordinator's accounting simple).
    function fulfillRandomWords(uint256 requestId, uint256[] calldata randomWords) internal override {
        Request storage r = _requests[requestId];
        if (r.requestedAt == 0 || r.word != 0 || randomWords.length == 0) return;
        // Zero means "no value": map a zero word to 1.
        uint256 word = randomWords[0] == 0 ? 1 : randomWords[0];
        r.word = word;
        emit RandomnessFulfilled(requestId, word);
    }

    function _setConfig(Config memory c) private {
        if (c.callbackGasLimit == 0 || c.staleAfter == 0) revert InvalidConfig();
        config = c;
        emit ConfigSet(c);
    }
}
