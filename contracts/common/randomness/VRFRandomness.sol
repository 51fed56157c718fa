// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {VRFConsumerBaseV2Plus} from "@chainlink/contracts/src/v0.8/vrf/dev/VRFConsumerBaseV2Plus.sol";
import {VRFV2PlusClient} from "@chainlink/contracts/src/v0.8/vrf/dev/libraries/VRFV2PlusClient.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IRandomness} from "./IRandomness.sol";
import {RandomnessSource} from "./RandomnessSource.sol";

/// @title VRFRandomness
/// @notice Production randomness: Chainlink VRF v2.5 behind the {IRandomness} pull interface.
/// @dev The coordinator's callback only stores the word: no game logic runs in it, so a callback can never fail
///      for a game's reasons (a callback the coordinator drops, e.g. out of gas, leaves the request Pending until it
///      turns {Status.Stale}, and the game requests again). Only consumers the owner authorised may request.
///      Ownership is Chainlink's two-step `ConfirmedOwner`, which `VRFConsumerBaseV2Plus` brings; on public
///      networks the deploy scripts hand it to a `TimelockController`, so every change below is announced days
///      ahead.
///
///      Who pays. With `requestFee > 0` (the deployed setting), every request is paid by the account whose action
///      asked for it (the `payer` the game names: the player who filled a room, rolled, bought a card, advanced a
///      timed-out turn...): its prepaid {requestCredit} is debited by the fee, which is forwarded at once to the
///      subscription's native balance that pays the coordinator. So filling rooms with one's own accounts costs
///      one's own money, and cannot drain the subscription that serves honest games: the fee (set above a request's
///      cost) brings in at least what the request takes out. Credit is deposited by anyone for any account and
///      withdrawn only by that account; the owner cannot touch it. With `requestFee == 0` the subscription's owner
///      pays for every request (local tests, or an operator who accepts that cost).
///
///      What a request needs is recorded when it is made: its stale block (`block.number + staleAfter` then) and the
///      coordinator it was sent to. Lowering `staleAfter` later changes no pending request, and a coordinator
///      repointed later (`setCoordinator`, owner or coordinator only) can only fulfil the requests sent to it.
contract VRFRandomness is RandomnessSource, VRFConsumerBaseV2Plus, ReentrancyGuardTransient {
    /// @notice VRF request parameters, set by the owner; they apply to requests made from then on.
    /// @param requestFee Native wei debited from the payer's credit per request and forwarded to the subscription
    ///        (0: the subscription's owner pays). A non-zero fee needs `nativePayment`, so that what it brings in
    ///        pays for the request.
    struct Config {
        bytes32 keyHash;
        uint256 subscriptionId;
        uint32 callbackGasLimit;
        uint16 requestConfirmations;
        bool nativePayment;
        uint32 staleAfter;
        uint96 requestFee;
    }

    /// @dev Per request, fixed when it is made: the block after which it is stale unless served, and the coordinator
    ///      it was sent to (the only one that may fulfil it); then the word, once delivered.
    struct Request {
        uint64 staleAt;
        address coordinator;
        uint256 word;
    }

    /// @notice The current VRF request parameters.
    Config public config;

    /// @notice Whether `consumer` may call {request}.
    mapping(address consumer => bool) public isConsumer;

    /// @notice Prepaid native wei from which `account`'s requests are paid.
    mapping(address account => uint256) public requestCredit;

    mapping(uint256 id => Request) private _requests;

    /// @notice The owner changed the VRF parameters (for requests made from now on).
    event ConfigSet(Config config);

    /// @notice The owner allowed or disallowed a consumer.
    event ConsumerSet(address indexed consumer, bool allowed);

    /// @notice `amount` wei of request credit was deposited for `account` by `from`.
    event RequestCreditDeposited(address indexed account, address indexed from, uint256 amount);

    /// @notice `account` withdrew `amount` wei of its request credit to `to`.
    event RequestCreditWithdrawn(address indexed account, address indexed to, uint256 amount);

    /// @notice Request `id` was paid by `payer`'s credit: `fee` wei forwarded to the subscription.
    event RequestPaid(uint256 indexed id, address indexed payer, uint256 fee);

    /// @notice {request} was called by an address the owner has not authorised.
    error UnauthorisedConsumer(address caller);

    /// @notice A config with a zero callback gas limit or zero stale window, or a request fee without native
    ///         payment.
    error InvalidConfig();

    /// @notice The payer's request credit does not cover the fee.
    /// @param payer The account charged.
    /// @param credit Its credit.
    /// @param fee The request fee.
    error InsufficientRequestCredit(address payer, uint256 credit, uint256 fee);

    /// @notice A credit deposit of zero wei, or a withdrawal of zero or above the credit.
    /// @param amount The amount asked.
    /// @param credit The account's credit.
    error InvalidCreditAmount(uint256 amount, uint256 credit);

    /// @param coordinator The VRF v2.5 coordinator.
    /// @param initialConfig The request parameters.
    constructor(address coordinator, Config memory initialConfig) VRFConsumerBaseV2Plus(coordinator) {
        _setConfig(initialConfig);
    }

    /// @notice Sets the VRF request parameters (owner only); pending requests keep what they were made with.
    function setConfig(Config calldata newConfig) external onlyOwner {
        _setConfig(newConfig);
    }

    /// @notice Allows or disallows a consumer (owner only).
    function setConsumer(address consumer, bool allowed) external onlyOwner {
        isConsumer[consumer] = allowed;
        emit ConsumerSet(consumer, allowed);
    }

    /// @notice Adds the sent wei to `account`'s request credit (anyone may pay for anyone).
    /// @param account Whose requests the credit pays.
    function depositRequestCredit(address account) external payable {
        if (msg.value == 0) revert InvalidCreditAmount(0, requestCredit[account]);
        requestCredit[account] += msg.value;
        emit RequestCreditDeposited(account, msg.sender, msg.value);
    }

    /// @notice Withdraws `amount` of the caller's request credit to `to`.
    /// @param amount Wei to withdraw (at most the credit).
    /// @param to The recipient.
    function withdrawRequestCredit(uint256 amount, address payable to) external nonReentrant {
        uint256 credit = requestCredit[msg.sender];
        if (amount == 0 || amount > credit) revert InvalidCreditAmount(amount, credit);
        requestCredit[msg.sender] = credit - amount;
        emit RequestCreditWithdrawn(msg.sender, to, amount);
        Address.sendValue(to, amount);
    }

    /// @inheritdoc IRandomness
    /// @dev Charges `payer`'s credit the request fee and forwards it to the subscription (see the contract's notes).
    function request(address payer) external nonReentrant returns (uint256 id) {
        if (!isConsumer[msg.sender]) revert UnauthorisedConsumer(msg.sender);
        Config memory c = config;
        uint256 fee = c.requestFee;
        if (fee != 0) {
            uint256 credit = requestCredit[payer];
            if (credit < fee) revert InsufficientRequestCredit(payer, credit, fee);
            requestCredit[payer] = credit - fee;
            s_vrfCoordinator.fundSubscriptionWithNative{value: fee}(c.subscriptionId);
        }
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
        Request storage r = _requests[id];
        r.staleAt = uint64(block.number + c.staleAfter);
        r.coordinator = address(s_vrfCoordinator);
        emit RandomnessRequested(id, msg.sender);
        if (fee != 0) emit RequestPaid(id, payer, fee);
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
        uint256 staleAt = r.staleAt;
        if (staleAt == 0) return (Status.Unknown, 0);
        return (block.number > staleAt ? Status.Stale : Status.Pending, 0);
    }

    /// @notice What request `id` was made with: the block after which it is stale unless served, and the
    ///         coordinator it was sent to.
    function requestInfo(uint256 id) external view returns (uint64 staleAt, address coordinator) {
        Request storage r = _requests[id];
        return (r.staleAt, r.coordinator);
    }

    /// @dev The coordinator's callback: stores the word, nothing else. Ids unknown, already served, or sent to
    ///      another coordinator than the caller are ignored (never reverting keeps the coordinator's accounting
    ///      simple). The base contract has already checked that the caller is the current coordinator.
    function fulfillRandomWords(uint256 requestId, uint256[] calldata randomWords) internal override {
        Request storage r = _requests[requestId];
        if (r.coordinator != msg.sender || r.word != 0 || randomWords.length == 0) return;
        // Zero means "no value": map a zero word to 1.
        uint256 word = randomWords[0] == 0 ? 1 : randomWords[0];
        r.word = word;
        emit RandomnessFulfilled(requestId, word);
    }

    function _setConfig(Config memory c) private {
        if (c.callbackGasLimit == 0 || c.staleAfter == 0 || (c.requestFee != 0 && !c.nativePayment)) {
            revert InvalidConfig();
        }
        config = c;
        emit ConfigSet(c);
    }
}
