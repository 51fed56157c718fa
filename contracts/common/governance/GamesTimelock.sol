// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";

/// @title GamesTimelock
/// @notice OpenZeppelin's `TimelockController`, unchanged: on public networks it owns `FeeConfig`, the randomness
///         source and `SnatchRooms`, so every owner call (a fee change, a new fund recipient, new VRF settings, a
///         repointed coordinator, an allowed factory) is scheduled in public and can run only after `minDelay`
///         seconds (2 days by default): players see any change coming and can leave before it applies.
contract GamesTimelock is TimelockController {
    /// @param minDelay Seconds between scheduling and executing a call.
    /// @param proposers Who may schedule (and cancel) calls.
    /// @param executors Who may execute ready calls (`address(0)`: anyone).
    /// @param admin An optional admin of the roles (`address(0)`: none; the timelock administers itself).
    constructor(
        uint256 minDelay,
        address[] memory proposers,
        address[] memory executors,
        address admin
    ) TimelockController(minDelay, proposers, executors, admin) {}
}
