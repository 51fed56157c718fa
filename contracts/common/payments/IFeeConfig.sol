// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IFeeConfig
/// @notice The developer-fund settings every game reads: a fee in basis points (read once per game, at creation)
///         and the fund's current recipient (who withdraws the fund's credits in every game).
interface IFeeConfig {
    /// @notice The fee changed. Running games keep the fee they read at creation.
    event FeeBpsSet(uint16 previousBps, uint16 newBps);

    /// @notice The fund recipient changed; it now withdraws every game's fund credits.
    event FundRecipientSet(address indexed previousRecipient, address indexed newRecipient);

    /// @notice A fee above {MAX_FEE_BPS}.
    error FeeTooHigh(uint256 bps, uint256 maxBps);

    /// @notice The zero address where an account is required.
    error ZeroAddress();

    /// @notice The highest fee the owner can set: 10%.
    function MAX_FEE_BPS() external view returns (uint16);

    /// @notice The fee, in basis points, that games created from now on will charge.
    function feeBps() external view returns (uint16);

    /// @notice The account that withdraws the developer fund's credits.
    function fundRecipient() external view returns (address);
}
