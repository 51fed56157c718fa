// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice A test player: forwards calls from its driver (so many players can act in one transaction).
contract HexPlayerHarness {
    /// @notice A call from anyone but the driver.
    error NotDriver();

    address private immutable _driver;

    constructor() {
        _driver = msg.sender;
    }

    /// @notice Accepts ETH (withdrawals, funding).
    receive() external payable {}

    /// @notice Calls `target` with `data`, sending `value` of this player's ETH; bubbles up any revert.
    function exec(address target, uint256 value, bytes calldata data) external returns (bytes memory) {
        if (msg.sender != _driver) revert NotDriver();
        (bool ok, bytes memory ret) = target.call{value: value}(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
        return ret;
    }
}
