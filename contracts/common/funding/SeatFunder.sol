// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ISeatFunder} from "./ISeatFunder.sol";

/// @title SeatFunder
/// @notice Funds many accounts with ETH in one transaction: a teacher's class sheet gives each seat (a burner key
///         made in the teacher's browser) the play ETH a whole tournament costs. {fund} sends the same amount to
///         every seat; {topUp} brings every seat up to a balance and refunds the rest, so a teacher who resumes an
///         interrupted funding never pays a seat twice. Nothing is held: every call passes on all it receives.
/// @dev Batches are bounded ({MAX_SEATS}: about 37k gas per new account, ~9.5M for a full batch). A seat that refuses
///      ETH (a contract without a receive function) reverts the whole batch (OpenZeppelin's `Address.sendValue`:
///      `FailedCall`). Sweeping a seat back is its own key's plain transfer: no contract is involved.
contract SeatFunder is ISeatFunder, ReentrancyGuardTransient {
    /// @notice Most seats per call.
    uint256 public constant MAX_SEATS = 256;

    /// @notice Sends `each` wei to every seat; `msg.value` must be exactly `each * seats.length`.
    /// @param seats The seats' accounts (1..{MAX_SEATS}, no zero address; a seat listed twice is paid twice).
    /// @param each Wei per seat (above zero).
    function fund(address[] calldata seats, uint256 each) external payable nonReentrant {
        _checkSeats(seats);
        if (each == 0) revert ZeroFundingAmount();
        uint256 expected = each * seats.length;
        if (msg.value != expected) revert WrongFundingValue(msg.value, expected);
        for (uint256 i; i < seats.length; ++i) {
            emit SeatFunded(msg.sender, seats[i], each);
            Address.sendValue(payable(seats[i]), each);
        }
    }

    /// @notice Brings every seat whose balance is below `target` up to it, and refunds the rest of `msg.value` to the
    ///         caller. Seats already at or above `target` get nothing (and no event). `msg.value` must cover
    ///         {shortfall}`(seats, target)`; `target * seats.length` always does.
    /// @param seats The seats' accounts (1..{MAX_SEATS}, no zero address). A seat listed twice is topped up once, but
    ///        counts twice in {shortfall}: the excess comes back.
    /// @param target The balance each seat should hold, in wei (above zero).
    function topUp(address[] calldata seats, uint256 target) external payable nonReentrant {
        _checkSeats(seats);
        if (target == 0) revert ZeroFundingAmount();
        (uint256 needed, ) = _shortfall(seats, target);
        if (msg.value < needed) revert InsufficientFunding(msg.value, needed);
        uint256 spent;
        for (uint256 i; i < seats.length; ++i) {
            // Read again: a seat listed earlier in the list already holds `target`.
            uint256 balance = seats[i].balance;
            if (balance >= target) continue;
            spent += target - balance;
            emit SeatFunded(msg.sender, seats[i], target - balance);
            Address.sendValue(payable(seats[i]), target - balance);
        }
        if (msg.value > spent) Address.sendValue(payable(msg.sender), msg.value - spent);
    }

    /// @notice What {topUp} needs now: the wei the seats lack to reach `target`, and how many lack some (a seat
    ///         listed twice counts twice).
    /// @param seats The seats' accounts.
    /// @param target The balance each seat should hold, in wei.
    /// @return total Wei needed. @return count Seats below `target`.
    function shortfall(address[] calldata seats, uint256 target) external view returns (uint256 total, uint256 count) {
        return _shortfall(seats, target);
    }

    function _shortfall(address[] calldata seats, uint256 target) private view returns (uint256 total, uint256 count) {
        for (uint256 i; i < seats.length; ++i) {
            uint256 balance = seats[i].balance;
            if (balance >= target) continue;
            total += target - balance;
            ++count;
        }
    }

    function _checkSeats(address[] calldata seats) private pure {
        if (seats.length == 0) revert NoSeats();
        if (seats.length > MAX_SEATS) revert TooManySeats(seats.length, MAX_SEATS);
        for (uint256 i; i < seats.length; ++i) if (seats[i] == address(0)) revert ZeroSeat(i);
    }
}
