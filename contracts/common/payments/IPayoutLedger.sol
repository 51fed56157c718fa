// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IPayoutLedger
/// @notice Pull payments shared by every game: games credit accounts (a storage write, never an external call) and
///         accounts withdraw. `token == address(0)` means native ETH. Developer-fund fees are credited to one fund
///         account per token that the current fund recipient withdraws.
interface IPayoutLedger {
    /// @notice `amount` of `token` was credited to `account`.
    event Credited(address indexed token, address indexed account, uint256 amount);

    /// @notice `amount` of `token` was credited to the developer fund.
    event FundCredited(address indexed token, uint256 amount);

    /// @notice `account` withdrew all its `token` credits, `amount`, paid to `to`.
    event Withdrawn(address indexed token, address indexed account, address indexed to, uint256 amount);

    /// @notice The fund recipient withdrew the fund's `token` credits.
    event FundWithdrawn(address indexed token, address indexed recipient, uint256 amount);

    /// @notice What the ledger held above what it owes in `token` (sent straight to it, a positive rebase) was credited
    ///         to the developer fund.
    /// @param token The token (address(0): ETH).
    /// @param caller Who swept.
    /// @param amount The surplus, now fund credits.
    event Swept(address indexed token, address indexed caller, uint256 amount);

    /// @notice A withdrawal with nothing credited (including a second claim).
    error NothingToWithdraw(address token, address account);

    /// @notice A payout to the zero address or to the ledger itself (tokens sent there would be held but owed to
    ///         nobody).
    error InvalidRecipient(address to);

    /// @notice The fund was withdrawn by someone other than the current fund recipient.
    error NotFundRecipient(address caller, address recipient);

    /// @notice ETH was sent with a call that takes `token` (an ERC-20), or with a call that takes no payment.
    error UnexpectedEth(uint256 value);

    /// @notice An ETH payment of the wrong amount.
    error WrongEthAmount(uint256 sent, uint256 expected);

    /// @notice The contract received a different amount than was transferred (a fee-on-transfer token).
    error TransferAmountMismatch(address token, uint256 expected, uint256 received);

    /// @notice A sweep with nothing above what the ledger owes.
    /// @param token The token.
    /// @param balance What the ledger holds of it.
    /// @param owed What it owes in it (stakes in play, credits, the fund's credits).
    error NothingToSweep(address token, uint256 balance, uint256 owed);

    /// @notice What `account` can withdraw in `token`.
    function credits(address token, address account) external view returns (uint256);

    /// @notice What the developer fund can withdraw in `token`.
    function fundCredits(address token) external view returns (uint256);

    /// @notice What the ledger counts as owed in `token`: every stake it took in and has not paid out (stakes in
    ///         running games, players' credits, the fund's credits), plus what a game counted ahead of stakes it has
    ///         not taken yet. It is never below what is truly owed, but may be above the balance while games run:
    ///         Forking Hex counts each game's stakes 32 positions at a time (`OWED_BLOCK`), so `owed` exceeds the
    ///         balance by up to 31 stakes per running game, and releases that margin when the game is cancelled or
    ///         settled. What is truly owed never exceeds the balance.
    function owed(address token) external view returns (uint256);

    /// @notice Credits to the developer fund whatever the ledger holds of `token` above {owed} (ETH or tokens sent
    ///         straight to it, a positive rebase). Never touches what is owed: since {owed} may run ahead of what is
    ///         truly owed while games run, a surplus smaller than that margin is not sweepable until those games
    ///         close (it is never lost: it stays held, and a later sweep takes it). Anyone may call it.
    /// @return amount The surplus swept.
    function sweep(address token) external returns (uint256 amount);

    /// @notice Pays the caller all its `token` credits.
    /// @return amount What was paid.
    function withdraw(address token) external returns (uint256 amount);

    /// @notice Pays all the caller's `token` credits to `to`.
    /// @return amount What was paid.
    function withdrawTo(address token, address to) external returns (uint256 amount);

    /// @notice Pays the developer fund's `token` credits to the current fund recipient (callable by it only).
    /// @return amount What was paid.
    function withdrawFund(address token) external returns (uint256 amount);
}
