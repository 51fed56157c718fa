// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPayoutLedger} from "../common/payments/IPayoutLedger.sol";

/// @notice Test account that tries to withdraw again from inside the ETH it receives.
contract ReentrantReceiver {
    IPayoutLedger public immutable ledger;
    bool public reentered;
    bytes public reentryError;

    constructor(IPayoutLedger ledger_) {
        ledger = ledger_;
    }

    /// @notice Starts a withdrawal of the ETH credited to this contract.
    function attack() external {
        ledger.withdraw(address(0));
    }

    // solhint-disable-next-line no-complex-fallback
    receive() external payable {
        if (reentered) return;
        reentered = true;
        try ledger.withdraw(address(0)) {} catch (bytes memory err) {
            reentryError = err;
        }
    }
}
