// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Test stake token that makes one configured call from inside `transferFrom` (before moving the tokens) and
///         records its outcome: lets Forking Hex tests see the game's state at the moment it pulls a stake
///         (checks-effects-interactions) and try to re-enter it. Not for deployment on a real network.
contract HexProbeERC20 is ERC20 {
    /// @notice Where the probe call goes (address(0): no probe).
    address public probeTarget;
    /// @notice The probe call's calldata.
    bytes public probeData;
    /// @notice Whether the last probe call succeeded.
    bool public probeOk;
    /// @notice What the last probe call returned (or its revert data).
    bytes public probeResult;

    constructor() ERC20("Probe", "PRB") {}

    /// @notice Mints `amount` to `to`.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Sets the call made from inside the next transfers (`target` 0 to stop).
    function setProbe(address target, bytes calldata data) external {
        probeTarget = target;
        probeData = data;
    }

    /// @notice Makes the probe call, records it, then transfers as usual.
    function transferFrom(address from, address to, uint256 value) public override returns (bool) {
        address target = probeTarget;
        if (target != address(0)) {
            // solhint-disable-next-line avoid-low-level-calls
            (probeOk, probeResult) = target.call(probeData);
        }
        return super.transferFrom(from, to, value);
    }
}
