// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IRandomness
/// @notice The one pull interface through which every game gets randomness (roles, boards, dice, pairings, draws).
/// @dev A game calls {request} when it commits to an action, keeps the id, and reads {valueIfReady} in its next
///      action: one call answers both "is it ready?" and "what is it?" (games never call {status} then {value}).
///      A source never returns zero and never returns two different values for the same id. A request that can no
///      longer be served is {Status.Stale}; the game then asks for a new id (every game exposes an anyone-callable
///      way to do so). A ready value never becomes stale by being left unused while it can still be served (so
///      nobody waiting on it can get another by doing nothing; see each source's notes). Games must not know which
///      source they use.
interface IRandomness {
    /// @notice Where a request stands.
    /// @param Unknown No such request was ever made.
    /// @param Pending Requested, value not available yet.
    /// @param Ready {value} returns the value.
    /// @param Stale The value can no longer be produced: request again.
    enum Status {
        Unknown,
        Pending,
        Ready,
        Stale
    }

    /// @notice A request was recorded.
    /// @param id The request id, unique within this source.
    /// @param requester The contract or account that asked.
    event RandomnessRequested(uint256 indexed id, address indexed requester);

    /// @notice A value was stored for `id` (the VRF callback, or pinning a block-hash value).
    /// @param id The request id.
    /// @param value The random value (never zero).
    event RandomnessFulfilled(uint256 indexed id, uint256 value);

    /// @notice `account`'s request credit was moved to `to`'s: a consumer holding it for requests it will make on the
    ///         account's behalf ({takeRequestCredit}), or a consumer giving held credit back ({giveRequestCredit}).
    /// @param from Whose credit it was.
    /// @param to Whose credit it is.
    /// @param amount Wei moved.
    event RequestCreditMoved(address indexed from, address indexed to, uint256 amount);

    /// @notice {value} was read for a request that is not {Status.Ready}.
    /// @param id The request id.
    /// @param status Its current status.
    error RandomnessNotReady(uint256 id, Status status);

    /// @notice The payer's request credit does not cover what is charged (a request's fee, or credit moved).
    /// @param payer The account charged.
    /// @param credit Its credit.
    /// @param fee What it must cover.
    error InsufficientRequestCredit(address payer, uint256 credit, uint256 fee);

    /// @notice Records a request for one random value.
    /// @param payer The account whose action asked for the value: a source that charges for requests (Chainlink VRF
    ///        with a request fee) debits its prepaid credit, so whoever triggers requests pays for them. Games pass
    ///        `msg.sender`.
    /// @return id The id to pass to {valueIfReady}, {status} and {value}; never zero.
    function request(address payer) external returns (uint256 id);

    /// @notice Replaces request `id`, which must be {Status.Stale}, with a new request, charged to `payer` as
    ///         {request} is. A source whose stale requests may still be served late (Chainlink VRF: a delivery already
    ///         on its way) links the two: whichever of them is served first gives the new request its value, so that
    ///         replacing a request never discards a delivery in flight (nobody who sees it coming can have it thrown
    ///         away). A source whose stale requests can never be served (block hashes) simply makes a new request.
    ///         Games call it through {RandomnessConsumer}, which checks that `id` is stale.
    /// @return newId The id that replaces `id`.
    function rerequest(uint256 id, address payer) external returns (uint256 newId);

    /// @notice Wei one request charges its payer's request credit (0: requests are free to players).
    function requestFee() external view returns (uint256);

    /// @notice Moves `amount` of `from`'s request credit to the caller's (an authorised consumer), which holds it
    ///         for the requests it will make on `from`'s behalf (a game charging an absent player's timed-out turns
    ///         to that player). A free source holds no credit: only `amount == 0` succeeds there.
    function takeRequestCredit(address from, uint256 amount) external;

    /// @notice Moves `amount` of the caller's request credit to `to` (a game giving back what it held for `to`).
    function giveRequestCredit(address to, uint256 amount) external;

    /// @notice The status of request `id`.
    function status(uint256 id) external view returns (Status);

    /// @notice The random value of request `id`; reverts with {RandomnessNotReady} unless it is ready.
    function value(uint256 id) external view returns (uint256);

    /// @notice One read of request `id`: its status and, when that is {Status.Ready}, its value.
    /// @dev Never reverts. `value` is non-zero exactly when `status` is {Status.Ready} (a source never returns a zero
    ///      value), so a caller may test either.
    /// @return The status of the request (what {status} returns).
    /// @return The random value (what {value} returns) when ready, else zero.
    function valueIfReady(uint256 id) external view returns (Status, uint256);
}
