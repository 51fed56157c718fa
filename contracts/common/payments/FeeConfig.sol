// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IFeeConfig} from "./IFeeConfig.sol";

/// @title FeeConfig
/// @notice One owner (two-step ownership) sets the developer-fund fee and its recipient for all games.
/// @dev The owner has no other power: it cannot change a running game's fee (games copy the fee at creation) and
///      cannot touch players' credits (the ledger pays credits only to their owners).
contract FeeConfig is IFeeConfig, Ownable2Step {
    /// @inheritdoc IFeeConfig
    uint16 public constant MAX_FEE_BPS = 1_000;

    /// @inheritdoc IFeeConfig
    uint16 public feeBps;

    /// @inheritdoc IFeeConfig
    address public fundRecipient;

    /// @param owner_ The first owner.
    /// @param recipient The first fund recipient.
    /// @param bps The first fee, in basis points (at most 10%).
    constructor(address owner_, address recipient, uint16 bps) Ownable(owner_) {
        _setFundRecipient(recipient);
        _setFeeBps(bps);
    }

    /// @notice Sets the fee for games created from now on (owner only; at most {MAX_FEE_BPS}).
    function setFeeBps(uint16 bps) external onlyOwner {
        _setFeeBps(bps);
    }

    /// @notice Sets who withdraws the fund's credits (owner only; not the zero address).
    function setFundRecipient(address recipient) external onlyOwner {
        _setFundRecipient(recipient);
    }

    function _setFeeBps(uint16 bps) private {
        if (bps > MAX_FEE_BPS) revert FeeTooHigh(bps, MAX_FEE_BPS);
        uint16 previous = feeBps;
        feeBps = bps;
        emit FeeBpsSet(previous, bps);
    }

    function _setFundRecipient(address recipient) private {
        if (recipient == address(0)) revert ZeroAddress();
        address previous = fundRecipient;
        fundRecipient = recipient;
        emit FundRecipientSet(previous, recipient);
    }
}
