// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IPayoutLedger} from "../common/payments/IPayoutLedger.sol";
import {IForkingHex} from "../hex/IForkingHex.sol";
import {HexPlayerHarness} from "./HexPlayerHarness.sol";

/// @notice Test-only driver of many {HexPlayerHarness} players: runs a list of their calls in one transaction, so a
///         property test builds a game tree in a few blocks. The game under test is the real contract.
contract HexPlayersHarness {
    /// @notice One player's call.
    struct Step {
        uint256 player;
        address target;
        uint256 value;
        bytes data;
    }

    /// @notice The players, by index.
    HexPlayerHarness[] public players;

    /// @param count Number of players to create.
    constructor(uint256 count) {
        for (uint256 i; i < count; ++i) players.push(new HexPlayerHarness());
    }

    /// @notice The players' addresses.
    function playerAddresses() external view returns (address[] memory out) {
        out = new address[](players.length);
        for (uint256 i; i < players.length; ++i) out[i] = address(players[i]);
    }

    /// @notice Splits the ETH sent equally among the players.
    function fund() external payable {
        uint256 each = msg.value / players.length;
        for (uint256 i; i < players.length; ++i) payable(address(players[i])).transfer(each);
    }

    /// @notice Runs `steps` in order; any failing step reverts the whole batch with its own error.
    function run(Step[] calldata steps) external {
        for (uint256 i; i < steps.length; ++i) {
            Step calldata s = steps[i];
            players[s.player].exec(s.target, s.value, s.data);
        }
    }

    /// @notice Everything a property test checks after a game, in one call: each player's {IForkingHex.payoutOf} and
    ///         ledger credits, the fund's credits and the game contract's balance of `token`.
    function readout(
        IForkingHex game,
        uint256 gameId,
        address token
    )
        external
        view
        returns (IForkingHex.Payout[] memory payouts, uint256[] memory credits, uint256 fundCredits, uint256 balance)
    {
        uint256 count = players.length;
        payouts = new IForkingHex.Payout[](count);
        credits = new uint256[](count);
        for (uint256 i; i < count; ++i) {
            payouts[i] = game.payoutOf(gameId, address(players[i]));
            credits[i] = IPayoutLedger(address(game)).credits(token, address(players[i]));
        }
        fundCredits = IPayoutLedger(address(game)).fundCredits(token);
        balance = token == address(0) ? address(game).balance : IERC20(token).balanceOf(address(game));
    }
}
