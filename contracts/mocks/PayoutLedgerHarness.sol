// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IFeeConfig} from "../common/payments/IFeeConfig.sol";
import {PayoutLedger} from "../common/payments/PayoutLedger.sol";

/// @notice Exposes {PayoutLedger}'s internals so the ledger can be tested without a game.
contract PayoutLedgerHarness is PayoutLedger {
    constructor(IFeeConfig feeConfig_) PayoutLedger(feeConfig_) {}

    /// @notice Takes a stake of `amount` of `token` and credits it to `account` (a stand-in for a game).
    function deposit(address token, uint256 amount, address account) external payable nonReentrant {
        _credit(token, account, amount);
        _collect(token, amount);
    }

    /// @notice Takes a stake of `amount` of `token` and credits it to the fund.
    function depositToFund(address token, uint256 amount) external payable nonReentrant {
        _creditFund(token, amount);
        _collect(token, amount);
    }

    /// @notice The fee a game created now would read.
    function currentFeeBps() external view returns (uint16) {
        return _currentFeeBps();
    }
}
