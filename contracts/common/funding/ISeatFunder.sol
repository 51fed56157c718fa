// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title ISeatFunder
/// @notice Events and errors of SeatFunder: a teacher funds a class's seats (burner accounts) with play ETH in one
///         transaction.
interface ISeatFunder {
    /// @notice A seat received play ETH. @param funder Who paid. @param seat The seat's account. @param amount Wei
    ///         sent.
    event SeatFunded(address indexed funder, address indexed seat, uint256 amount);
    /// @notice A seat refused the ETH sent to it (its account runs code that reverts, or needs more gas than a
    ///         transfer is given): the amount is held for it, and the seat's key pulls it with {SeatFunder.withdraw}.
    /// @param funder Who paid. @param seat The seat's account. @param amount Wei held for it.
    event SeatFundingHeld(address indexed funder, address indexed seat, uint256 amount);
    /// @notice A seat pulled what was held for it. @param seat The seat's account. @param to Where the ETH went.
    /// @param amount Wei sent.
    event HeldFundsWithdrawn(address indexed seat, address indexed to, uint256 amount);

    /// @notice An empty list of seats.
    error NoSeats();
    /// @notice More seats than one batch takes. @param count Seats given. @param max The most per call.
    error TooManySeats(uint256 count, uint256 max);
    /// @notice A seat is the zero address (its ETH would be lost). @param index Its place in the list.
    error ZeroSeat(uint256 index);
    /// @notice An amount of zero per seat (or a target balance of zero).
    error ZeroFundingAmount();
    /// @notice {fund} takes exactly `each` times the number of seats. @param sent The value sent.
    /// @param expected The value it takes.
    error WrongFundingValue(uint256 sent, uint256 expected);
    /// @notice {topUp} got less than the seats lack. @param sent The value sent. @param needed What the seats lack.
    error InsufficientFunding(uint256 sent, uint256 needed);
    /// @notice Nothing is held for the caller. @param seat The caller.
    error NothingHeld(address seat);
    /// @notice A withdrawal to the zero address or to the funder itself. @param to The recipient given.
    error InvalidRecipient(address to);
}
