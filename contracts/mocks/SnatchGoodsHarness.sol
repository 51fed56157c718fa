// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SnatchGoods} from "../snatch/libraries/SnatchGoods.sol";

/// @notice Exposes SnatchGoods for tests.
contract SnatchGoodsHarness {
    function get(uint72 grid, uint256 seat, uint256 good) external pure returns (uint256) {
        return SnatchGoods.get(grid, seat, good);
    }

    function set(uint72 grid, uint256 seat, uint256 good, uint256 amount) external pure returns (uint72) {
        return SnatchGoods.set(grid, seat, good, amount);
    }

    function sub(uint72 grid, uint256 seat, uint256 good, uint256 amount) external pure returns (uint72) {
        return SnatchGoods.sub(grid, seat, good, amount);
    }

    function shrink(uint256 requested, uint256 escrowed, uint256 offered) external pure returns (uint256) {
        return SnatchGoods.shrink(requested, escrowed, offered);
    }

    function shrunkRequest(
        uint96 requested,
        uint24 escrowed,
        uint256 offered
    ) external pure returns (uint256[3] memory) {
        return SnatchGoods.shrunkRequest(requested, escrowed, offered);
    }

    function releaseEscrow(
        uint72 f,
        uint72 e,
        uint256 from,
        uint256 to,
        uint24 esc
    ) external pure returns (uint72, uint72) {
        return SnatchGoods.releaseEscrow(f, e, from, to, esc);
    }

    function payUpTo(
        uint72 f,
        uint256 payer,
        uint256 payee,
        uint256[3] calldata w
    ) external pure returns (uint72, uint256[3] memory) {
        return SnatchGoods.payUpTo(f, payer, payee, w);
    }

    function payShrunk(
        uint72 f,
        uint256 payer,
        uint256 payee,
        uint96 requested,
        uint24 escrowed,
        uint256 offered
    ) external pure returns (uint72, uint256) {
        return SnatchGoods.payShrunk(f, payer, payee, requested, escrowed, offered);
    }

    function escrowAmounts(uint24 escrowed) external pure returns (uint256[3] memory) {
        return SnatchGoods.escrowAmounts(escrowed);
    }

    function takeUnits(
        uint72 grid,
        uint256 seat,
        uint256 own,
        uint256 n
    ) external pure returns (uint72, uint256[3] memory) {
        return SnatchGoods.takeUnits(grid, seat, own, n);
    }

    function points(uint72 free, uint72 escrow, uint256 seat, uint256 own) external pure returns (uint256) {
        return SnatchGoods.points(free, escrow, seat, own);
    }
}
