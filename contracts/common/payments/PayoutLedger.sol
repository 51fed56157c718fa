// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IFeeConfig} from "./IFeeConfig.sol";
import {IPayoutLedger} from "./IPayoutLedger.sol";

/// @title PayoutLedger
/// @notice The pull-payment ledger and stake intake every game inherits.
/// @dev Stakes come in through {_collect}: ETH (`token == address(0)`) must match `msg.value` exactly; an ERC-20 game
///      rejects any `msg.value` and checks that its balance grew by exactly the amount pulled, so fee-on-transfer
///      tokens are rejected whenever they charge. Rebasing tokens are NOT supported (a rebase would make the books
///      disagree with the balance). Payouts go out only through the `nonReentrant` withdrawals below, after the
///      credit is zeroed. Nothing here lets the owner of {feeConfig} move anyone's credits.
///      The ledger counts what it owes per token (`_owed`: raised by every stake taken in, lowered by every payout),
///      so that whatever it holds above that (ETH forced in by `selfdestruct` or a block reward, tokens transferred
///      straight to it, a positive rebase) can be {sweep}ed to the fund, and never a wei of what it owes. `_owed` may
///      run ahead of what is owed, never behind: a game may count stakes before it takes them ({_collectCounted},
///      to write the counter once per several stakes) and release what it counted ahead once it knows
///      ({_releaseOwed}); meanwhile that margin is simply not swept. Tokens reachable at more than one address
///      (a "double entry point": two contracts sharing one balance) are NOT supported either: `_owed` is kept per
///      address, so a sweep through one address would count the stakes held through the other as surplus.
abstract contract PayoutLedger is IPayoutLedger, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice Where the fee and the fund recipient are read.
    IFeeConfig public immutable feeConfig;

    mapping(address token => mapping(address account => uint256)) private _credits;
    mapping(address token => uint256) private _fundCredits;
    /// @dev What the ledger owes per token: stakes taken in minus payouts made.
    mapping(address token => uint256) private _owed;

    constructor(IFeeConfig feeConfig_) {
        feeConfig = feeConfig_;
    }

    /// @inheritdoc IPayoutLedger
    function credits(address token, address account) external view returns (uint256) {
        return _credits[token][account];
    }

    /// @inheritdoc IPayoutLedger
    function fundCredits(address token) external view returns (uint256) {
        return _fundCredits[token];
    }

    /// @inheritdoc IPayoutLedger
    function owed(address token) external view returns (uint256) {
        return _owed[token];
    }

    /// @inheritdoc IPayoutLedger
    function sweep(address token) external nonReentrant returns (uint256 amount) {
        uint256 balance = token == address(0) ? address(this).balance : IERC20(token).balanceOf(address(this));
        uint256 owedNow = _owed[token];
        if (balance <= owedNow) revert NothingToSweep(token, balance, owedNow);
        amount = balance - owedNow;
        // The surplus becomes owed: to the fund.
        _owed[token] = balance;
        emit Swept(token, msg.sender, amount);
        _creditFund(token, amount);
    }

    /// @inheritdoc IPayoutLedger
    function withdraw(address token) external nonReentrant returns (uint256 amount) {
        amount = _withdraw(token, msg.sender);
    }

    /// @inheritdoc IPayoutLedger
    function withdrawTo(address token, address to) external nonReentrant returns (uint256 amount) {
        if (to == address(0) || to == address(this)) revert InvalidRecipient(to);
        amount = _withdraw(token, to);
    }

    /// @inheritdoc IPayoutLedger
    function withdrawFund(address token) external nonReentrant returns (uint256 amount) {
        address recipient = feeConfig.fundRecipient();
        if (msg.sender != recipient) revert NotFundRecipient(msg.sender, recipient);
        amount = _fundCredits[token];
        if (amount == 0) revert NothingToWithdraw(token, recipient);
        _fundCredits[token] = 0;
        emit FundWithdrawn(token, recipient, amount);
        _send(token, recipient, amount);
    }

    /// @dev Credits `amount` of `token` to `account`: a storage write, no external call.
    function _credit(address token, address account, uint256 amount) internal {
        if (amount == 0) return;
        _credits[token][account] += amount;
        emit Credited(token, account, amount);
    }

    /// @dev Credits `amount` of `token` to the developer fund.
    function _creditFund(address token, uint256 amount) internal {
        if (amount == 0) return;
        _fundCredits[token] += amount;
        emit FundCredited(token, amount);
    }

    /// @dev Lowers what the ledger owes by `amount` counted ahead by {_collectCounted} and never taken in.
    function _releaseOwed(address token, uint256 amount) internal {
        if (amount != 0) _owed[token] -= amount;
    }

    /// @dev The fee for games created now, to be stored in the game and never read again for it.
    function _currentFeeBps() internal view returns (uint16) {
        return feeConfig.feeBps();
    }

    /// @dev Takes a payment of `amount` of `token` from the caller. For ETH, `msg.value` must equal `amount`; for a
    ///      token, `msg.value` must be zero and exactly `amount` must arrive. Callers moving tokens must be
    ///      `nonReentrant` and must have updated their state before calling (checks-effects-interactions).
    function _collect(address token, uint256 amount) internal {
        _collectCounted(token, amount, amount);
    }

    /// @dev {_collect}, adding `counted` instead of `amount` to what the ledger owes (0 when it was counted ahead,
    ///      more to count ahead). The caller keeps the count at or above what it holds for players.
    function _collectCounted(address token, uint256 amount, uint256 counted) internal {
        if (counted != 0) _owed[token] += counted;
        if (token == address(0)) {
            if (msg.value != amount) revert WrongEthAmount(msg.value, amount);
            return;
        }
        if (msg.value != 0) revert UnexpectedEth(msg.value);
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        if (received != amount) revert TransferAmountMismatch(token, amount, received);
    }

    function _withdraw(address token, address to) private returns (uint256 amount) {
        amount = _credits[token][msg.sender];
        if (amount == 0) revert NothingToWithdraw(token, msg.sender);
        _credits[token][msg.sender] = 0;
        emit Withdrawn(token, msg.sender, to, amount);
        _send(token, to, amount);
    }

    function _send(address token, address to, uint256 amount) private {
        _owed[token] -= amount;
        if (token == address(0)) Address.sendValue(payable(to), amount);
        else IERC20(token).safeTransfer(to, amount);
    }
}
