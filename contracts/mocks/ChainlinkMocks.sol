// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

// Makes Chainlink's VRF v2.5 coordinator mock available to tests and local deployments.
// solhint-disable-next-line no-unused-import
import {VRFCoordinatorV2_5Mock} from "@chainlink/contracts/src/v0.8/vrf/mocks/VRFCoordinatorV2_5Mock.sol";
