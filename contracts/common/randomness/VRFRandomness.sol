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
///      What a request needs is recorded when it is made: its stale block (`block.number + staleAfter` then), the
///      coordinator it was sent to and the consumer that made it. Lowering `staleAfter` later changes no pending
///      request, and a coordinator repointed later (`setCoordinator`, owner or coordinator only) can only fulfil the
///      requests sent to it.
///
///      No config freezes a game ({setConfig} bounds every field): the callback gas covers the callback's worst case
///      ({MIN_CALLBACK_GAS}, measured with a wide margin: the callback writes one word), so a delivery never runs out
///      of gas; a request that is not delivered (the coordinator failed, or was late) turns {Status.Stale} within
///      {MAX_STALE_AFTER} blocks, and then anyone may replace it through the game, without the owner.
///
///      Re-requests keep a delivery in flight ({rerequest}): the replacement is linked to the request it replaces,
///      and whichever of the chain is delivered first gives the latest request its value (later deliveries are
///      ignored). So once a request is stale, both orders give the same value: a delivery that lands late, or a
///      re-request made first by a player who saw that delivery coming in the mempool and disliked it. The value of
///      a request is chosen by no player; only a block producer ordering two deliveries that are both in flight
///      could pick between them.
contract VRFRandomness is RandomnessSource, VRFConsumerBaseV2Plus, ReentrancyGuardTransient {
    /// @notice VRF request parameters, set by the owner within the bounds below; they apply to requests made from
    ///         then on.
    /// @param callbackGasLimit Gas the coordinator gives the callback: {MIN_CALLBACK_GAS} to {MAX_CALLBACK_GAS}.
    /// @param requestConfirmations Blocks the coordinator waits before answering: at most {MAX_CONFIRMATIONS}.
    /// @param staleAfter Blocks after which an undelivered request may be replaced: from `requestConfirmations +`
    ///        {MIN_DELIVERY_BLOCKS} to {MAX_STALE_AFTER}.
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

    /// @dev Per request, fixed when it is made: the block after which it is stale unless served, the coordinator it
    ///      was sent to (the only one that may fulfil it) and the consumer that made it (the only one that may
    ///      replace it); then the word, once delivered.
    struct Request {
        uint64 staleAt;
        address coordinator;
        uint32 consumer;
        uint256 word;
    }

    /// @dev An authorised consumer and its number (from 1, given at its first authorisation, kept for ever).
    struct Consumer {
        bool allowed;
        uint32 index;
    }

    /// @notice Least callback gas: the callback's worst case (a late delivery passed on to the request that replaced
    ///         it: three cold reads, one new word, one event) measured at about 33,000 gas, with a wide margin
    ///         (test/common/randomness/VRFBounds.test.ts measures it).
    uint32 public constant MIN_CALLBACK_GAS = 80_000;

    /// @notice Most callback gas: Chainlink's coordinators refuse a request above their `maxGasLimit` (2,500,000 on
    ///         every network they document), which would make every request revert.
    uint32 public constant MAX_CALLBACK_GAS = 2_500_000;

    /// @notice Most request confirmations: the coordinator refuses more (`MAX_REQUEST_CONFIRMATIONS`).
    uint16 public constant MAX_CONFIRMATIONS = 200;

    /// @notice Least blocks between the coordinator's confirmations and the stale block.
    uint32 public constant MIN_DELIVERY_BLOCKS = 10;

    /// @notice Longest stale window: a request nobody delivers can be replaced at most this many blocks after it
    ///         was made (about a day at 12 seconds a block).
    uint32 public constant MAX_STALE_AFTER = 7_200;

    /// @notice The current VRF request parameters.
    Config public config;

    /// @notice Prepaid native wei from which `account`'s requests are paid.
    mapping(address account => uint256) public requestCredit;

    mapping(address consumer => Consumer) private _consumers;
    uint32 private _consumerCount;

    mapping(uint256 id => Request) private _requests;

    /// @dev For a request that replaced another: the first request of its chain (its root).
    mapping(uint256 id => uint256) private _rootOf;

    /// @dev For a chain's root: its latest request (the one the game waits on), if it was ever replaced.
    mapping(uint256 root => uint256) private _headOf;

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

    /// @notice Stale request `id` was replaced by `newId`; whichever of their chain is delivered first serves `newId`.
    event RequestReplaced(uint256 indexed id, uint256 indexed newId);

    /// @notice {request} was called by an address the owner has not authorised.
    error UnauthorisedConsumer(address caller);

    /// @notice A config whose callback gas is outside [{MIN_CALLBACK_GAS}, {MAX_CALLBACK_GAS}].
    error CallbackGasOutOfRange(uint256 gas, uint256 min, uint256 max);

    /// @notice A config asking for more confirmations than the coordinator accepts.
    error TooManyConfirmations(uint256 confirmations, uint256 max);

    /// @notice A config whose stale window is outside [confirmations + {MIN_DELIVERY_BLOCKS}, {MAX_STALE_AFTER}].
    error StaleWindowOutOfRange(uint256 blocks, uint256 min, uint256 max);

    /// @notice A config with a request fee but without native payment (the fee would not pay the request).
    error FeeWithoutNativePayment(uint256 fee);

    /// @notice {rerequest} of a request that the caller did not make, that is not stale, or that was already
    ///         replaced.
    error RequestNotReplaceable(uint256 id, address caller);

    /// @notice A credit deposit of zero wei, or a withdrawal of zero or above the credit.
    /// @param amount The amount asked.
    /// @param credit The account's credit.
    error InvalidCreditAmount(uint256 amount, uint256 credit);

    /// @param coordinator The VRF v2.5 coordinator.
    /// @param initialConfig The request parameters.
    constructor(address coordinator, Config memory initialConfig) VRFConsumerBaseV2Plus(coordinator) {
        _setConfig(initialConfig);
    }

    /// @notice Sets the VRF request parameters (owner only, within the bounds of {Config}); pending requests keep
    ///         what they were made with.
    function setConfig(Config calldata newConfig) external onlyOwner {
        _setConfig(newConfig);
    }

    /// @notice Allows or disallows a consumer (owner only).
    function setConsumer(address consumer, bool allowed) external onlyOwner {
        Consumer storage c = _consumers[consumer];
        if (c.index == 0) c.index = ++_consumerCount;
        c.allowed = allowed;
        emit ConsumerSet(consumer, allowed);
    }

    /// @notice Whether `consumer` may call {request}.
    function isConsumer(address consumer) external view returns (bool) {
        return _consumers[consumer].allowed;
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
    function requestFee() external view override returns (uint256) {
        return config.requestFee;
    }

    /// @inheritdoc IRandomness
    /// @dev Authorised consumers only (the project's games, which take only from a player joining them).
    function takeRequestCredit(address from, uint256 amount) external override {
        _consumerIndex();
        _moveCredit(from, msg.sender, amount);
    }

    /// @inheritdoc IRandomness
    function giveRequestCredit(address to, uint256 amount) external override {
        _moveCredit(msg.sender, to, amount);
    }

    /// @inheritdoc IRandomness
    /// @dev Charges `payer`'s credit the request fee and forwards it to the subscription (see the contract's notes).
    function request(address payer) external nonReentrant returns (uint256 id) {
        id = _request(payer, _consumerIndex());
    }

    /// @inheritdoc IRandomness
    /// @dev Only the consumer that made `id`, only while `id` is stale and not yet replaced. Charged as {request}.
    function rerequest(uint256 id, address payer) external nonReentrant returns (uint256 newId) {
        uint32 consumer = _consumerIndex();
        uint256 root = _rootOf[id];
        if (root == 0) root = id;
        uint256 head = _headOf[root];
        (Status s, ) = valueIfReady(id);
        if (_requests[id].consumer != consumer || s != Status.Stale || (head != 0 && head != id)) {
            revert RequestNotReplaceable(id, msg.sender);
        }
        newId = _request(payer, consumer);
        _rootOf[newId] = root;
        _headOf[root] = newId;
        emit RequestReplaced(id, newId);
    }

    /// @inheritdoc IRandomness
    function status(uint256 id) external view returns (Status s) {
        (s, ) = valueIfReady(id);
    }

    /// @inheritdoc IRandomness
    /// @dev A request that was replaced stays {Status.Stale}: its chain's value goes to the request that replaced it.
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

    /// @notice The request that now stands for request `id`: `id` itself, or the latest request of the chain that
    ///         replaced it (where its delivery goes).
    function latestRequest(uint256 id) external view returns (uint256) {
        uint256 root = _rootOf[id];
        uint256 head = _headOf[root == 0 ? id : root];
        return head == 0 ? id : head;
    }

    /// @dev The coordinator's callback: stores the word, nothing else, in the latest request of the delivered
    ///      request's chain, unless that one already has a word (the chain's first delivery wins; a value never
    ///      changes once stored). Ids unknown or sent to another coordinator than the caller are ignored (never
    ///      reverting keeps the coordinator's accounting simple). The base contract has already checked that the
    ///      caller is the current coordinator.
    function fulfillRandomWords(uint256 requestId, uint256[] calldata randomWords) internal override {
        if (_requests[requestId].coordinator != msg.sender || randomWords.length == 0) return;
        uint256 root = _rootOf[requestId];
        uint256 target = _headOf[root == 0 ? requestId : root];
        if (target == 0) target = requestId;
        Request storage t = _requests[target];
        if (t.word != 0) return;
        // Zero means "no value": map a zero word to 1.
        uint256 word = randomWords[0] == 0 ? 1 : randomWords[0];
        t.word = word;
        emit RandomnessFulfilled(target, word);
    }

    /// @dev The caller's consumer number; reverts unless it is authorised.
    function _consumerIndex() private view returns (uint32) {
        Consumer memory c = _consumers[msg.sender];
        if (!c.allowed) revert UnauthorisedConsumer(msg.sender);
        return c.index;
    }

    /// @dev Sends a request for `consumer`, paid by `payer` (see the contract's notes), and records it.
    function _request(address payer, uint32 consumer) private returns (uint256 id) {
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
        r.consumer = consumer;
        emit RandomnessRequested(id, msg.sender);
        if (fee != 0) emit RequestPaid(id, payer, fee);
    }

    function _moveCredit(address from, address to, uint256 amount) private {
        uint256 credit = requestCredit[from];
        if (credit < amount) revert InsufficientRequestCredit(from, credit, amount);
        requestCredit[from] = credit - amount;
        requestCredit[to] += amount;
        emit RequestCreditMoved(from, to, amount);
    }

    function _setConfig(Config memory c) private {
        if (c.callbackGasLimit < MIN_CALLBACK_GAS || c.callbackGasLimit > MAX_CALLBACK_GAS) {
            revert CallbackGasOutOfRange(c.callbackGasLimit, MIN_CALLBACK_GAS, MAX_CALLBACK_GAS);
        }
        if (c.requestConfirmations > MAX_CONFIRMATIONS) {
            revert TooManyConfirmations(c.requestConfirmations, MAX_CONFIRMATIONS);
        }
        uint256 minStale = uint256(c.requestConfirmations) + MIN_DELIVERY_BLOCKS;
        if (c.staleAfter < minStale || c.staleAfter > MAX_STALE_AFTER) {
            revert StaleWindowOutOfRange(c.staleAfter, minStale, MAX_STALE_AFTER);
        }
        if (c.requestFee != 0 && !c.nativePayment) revert FeeWithoutNativePayment(c.requestFee);
        config = c;
        emit ConfigSet(c);
    }
}
