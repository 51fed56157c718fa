// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ISeatFunder} from "./ISeatFunder.sol";

/// @title SeatFunder
/// @notice Funds many accounts with ETH in one transaction: a teacher's class sheet gives each seat (a burner key
///         made in the teacher's browser) the play ETH a whole tournament costs. {fund} sends the same amount to
///         every seat; {topUp} brings every seat up to a balance and refunds the rest, so a teacher who resumes an
///         interrupted funding never pays a seat twice. A seat that refuses its ETH does not stop the others: the
///         amount is held for it ({SeatFundingHeld}) and its key pulls it later ({withdraw}). Nothing else is held:
///         every call passes on all it receives.
/// @dev Batches are bounded ({MAX_SEATS}: about 37k gas per new account, ~9.6M for a full batch). Any account can
///      refuse ETH: a contract without a receive function, and since EIP-7702 any key's account delegated to such
///      code. Each seat is therefore paid by a call that may fail, given {SEND_GAS} (plus the 2,300 a value transfer
///      adds), enough for a wallet's receive hook and little enough that a seat burning all it gets costs the batch
///      a bounded amount; no return data is copied. A failed send is held for the seat. Sweeping a seat back is its
///      own key's plain transfer: no contract is involved.
contract SeatFunder is ISeatFunder, ReentrancyGuardTransient {
    /// @notice Most seats per call.
    uint256 public constant MAX_SEATS = 256;
    /// @notice Gas each seat's payment forwards to the seat's code, if it has any (a plain account runs nothing).
    uint256 public constant SEND_GAS = 10_000;

    /// @notice Wei held for a seat that refused its payment, until its key {withdraw}s it.
    mapping(address seat => uint256) public held;

    /// @notice Sends `each` wei to every seat; `msg.value` must be exactly `each * seats.length`. A seat that refuses
    ///         it gets it held instead ({SeatFundingHeld}).
    /// @param seats The seats' accounts (1..{MAX_SEATS}, no zero address; a seat listed twice is paid twice).
    /// @param each Wei per seat (above zero).
    function fund(address[] calldata seats, uint256 each) external payable nonReentrant {
        _checkSeats(seats);
        if (each == 0) revert ZeroFundingAmount();
        uint256 expected = each * seats.length;
        if (msg.value != expected) revert WrongFundingValue(msg.value, expected);
        for (uint256 i; i < seats.length; ++i) _pay(seats[i], each);
    }

    /// @notice Brings every seat whose balance (with what is held for it) is below `target` up to it, and refunds the
    ///         rest of `msg.value` to the caller. Seats already at or above `target` get nothing (and no event).
    ///         `msg.value` must cover {shortfall}`(seats, target)`; `target * seats.length` always does.
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
            uint256 has = _holding(seats[i], target);
            if (has >= target) continue;
            spent += target - has;
            _pay(seats[i], target - has);
        }
        if (msg.value > spent) Address.sendValue(payable(msg.sender), msg.value - spent);
    }

    /// @notice Sends what is held for the caller (a seat that refused its payment) to `to`.
    /// @param to Where to send it (the seat itself once it accepts ETH, or any other account).
    /// @return amount Wei sent.
    function withdraw(address payable to) external nonReentrant returns (uint256 amount) {
        if (to == address(0) || to == address(this)) revert InvalidRecipient(to);
        amount = held[msg.sender];
        if (amount == 0) revert NothingHeld(msg.sender);
        held[msg.sender] = 0;
        emit HeldFundsWithdrawn(msg.sender, to, amount);
        Address.sendValue(to, amount);
    }

    /// @notice What {topUp} needs now: the wei the seats lack to reach `target` (counting what is held for them), and
    ///         how many lack some (a seat listed twice counts twice).
    /// @param seats The seats' accounts.
    /// @param target The balance each seat should hold, in wei.
    /// @return total Wei needed. @return count Seats below `target`.
    function shortfall(address[] calldata seats, uint256 target) external view returns (uint256 total, uint256 count) {
        return _shortfall(seats, target);
    }

    /// @dev Pays `amount` to `seat`, or holds it for the seat if the seat refuses it.
    function _pay(address seat, uint256 amount) private {
        bool sent;
        // A bounded call that copies no return data: a refusing or gas-burning seat costs the batch at most
        // SEND_GAS, and a seat returning a huge buffer costs nothing to copy.
        assembly ("memory-safe") {
            sent := call(SEND_GAS, seat, amount, 0, 0, 0, 0)
        }
        if (sent) {
            emit SeatFunded(msg.sender, seat, amount);
        } else {
            held[seat] += amount;
            emit SeatFundingHeld(msg.sender, seat, amount);
        }
    }

    /// @dev A seat's balance plus what is held for it (not read when the balance alone reaches `target`: a funded
    ///      seat costs no storage read).
    function _holding(address seat, uint256 target) private view returns (uint256 has) {
        has = seat.balance;
        if (has < target) has += held[seat];
    }

    function _shortfall(address[] calldata seats, uint256 target) private view returns (uint256 total, uint256 count) {
        for (uint256 i; i < seats.length; ++i) {
            uint256 has = _holding(seats[i], target);
            if (has >= target) continue;
            total += target - has;
            ++count;
        }
    }

    function _checkSeats(address[] calldata seats) private pure {
        if (seats.length == 0) revert NoSeats();
        if (seats.length > MAX_SEATS) revert TooManySeats(seats.length, MAX_SEATS);
        for (uint256 i; i < seats.length; ++i) if (seats[i] == address(0)) revert ZeroSeat(i);
    }
}
