// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SeatFunder} from "../common/funding/SeatFunder.sol";

/// @title RefusingSeat
/// @notice A seat whose account runs code (as any account may since EIP-7702) for SeatFunder's tests: it refuses ETH
///         (reverting, or burning every gas unit it is given) until told to accept it, and pulls what SeatFunder holds
///         for it.
contract RefusingSeat {
    /// @notice How the seat answers a payment.
    enum Mode {
        Accept,
        Revert,
        BurnGas
    }

    Mode public mode;

    /// @notice The seat's answer to a payment while it refuses ETH.
    error NoEthHere();

    constructor(Mode mode_) {
        mode = mode_;
    }

    /// @notice Changes how the seat answers payments.
    function setMode(Mode mode_) external {
        mode = mode_;
    }

    /// @notice Pulls what `funder` holds for this seat, to `to`.
    function pull(SeatFunder funder, address payable to) external returns (uint256) {
        return funder.withdraw(to);
    }

    // solhint-disable-next-line no-complex-fallback
    receive() external payable {
        Mode m = mode;
        if (m == Mode.Revert) revert NoEthHere();
        if (m == Mode.BurnGas) {
            while (true) {} // solhint-disable-line no-empty-blocks
        }
    }
}
