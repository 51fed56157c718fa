// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "../common/randomness/IRandomness.sol";
import {Catamm} from "../catamm/Catamm.sol";
import {ICatamm} from "../catamm/ICatamm.sol";
import {CatammState} from "../catamm/CatammState.sol";
import {ResourceBalances} from "../catamm/libraries/ResourceBalances.sol";

/// @notice The CATAMM game with test-only setters, so tests and the bench can reach a position (resources, pieces)
///         without playing dozens of turns. TEST-ONLY: anyone may call the setters. Every setter keeps the books
///         straight: resources come from the bank (its own counters, in wei, since the game's count whole cards and
///         tests issue fractions too; {bank} adds them), piece counters follow the masks.
contract CatammGameHarness is Catamm {
    using ResourceBalances for ResourceBalances.Balances;

    /// @dev What the harness issued and took, per game and resource (wei).
    mapping(uint256 gameId => uint256[5]) private _harnessIssued;
    mapping(uint256 gameId => uint256[5]) private _harnessReceived;

    constructor(IRandomness randomness_) Catamm(randomness_) {}

    /// @notice The bank issues `amount` (wei) of `resource` to `player` (counted as issued).
    function harnessIssue(uint256 gameId, address player, uint8 resource, uint256 amount) external {
        _games[gameId].balances[player].credit(resource, amount);
        _harnessIssued[gameId][resource] += amount;
    }

    /// @notice The bank takes `amount` (wei) of `resource` from `player` (counted as received).
    function harnessCollect(uint256 gameId, address player, uint8 resource, uint256 amount) external {
        _games[gameId].balances[player].debit(resource, amount);
        _harnessReceived[gameId][resource] += amount;
    }

    /// @notice Adds `lanes` (whole cards, one 51-bit lane per resource) to the bank's counter word `word` as a payment
    ///         or a production does: its overflow check, reached without a game of a quadrillion cards.
    function harnessAddToBank(uint256 gameId, uint256 word, uint256 lanes) external {
        CatammState.addToBank(_games[gameId], word, lanes);
    }

    /// @dev The game's bank counters plus what the harness issued and took (the game's `bank` derives the burned
    ///      fees from them).
    function _bankCounters(
        uint256 gameId
    ) internal view override returns (uint256[5] memory issued, uint256[5] memory received) {
        (issued, received) = super._bankCounters(gameId);
        for (uint256 r; r < 5; ++r) {
            issued[r] += _harnessIssued[gameId][r];
            received[r] += _harnessReceived[gameId][r];
        }
    }

    /// @notice Sets seat `seat`'s pieces (vertex masks of settlements and cities, edge mask of roads) and the
    ///         counters that follow them. Ports, road lengths and awards are not recomputed.
    function harnessSetPieces(uint256 gameId, uint256 seat, uint64 settlements, uint64 cities, uint128 roads) external {
        CatammState.setPieces(_games[gameId], seat, settlements, cities, roads);
    }

    /// @notice Gives seat `seat` `count` development cards of kind `card` (taken from the deck).
    function harnessGiveCard(uint256 gameId, uint256 seat, uint8 card, uint8 count) external {
        CatammState.Game storage g = _games[gameId];
        uint40 one = uint40(1) << (8 * card);
        g.table.deck -= one * count;
        g.cards[seat].held += one * count;
        if (card == uint8(ICatamm.DevCard.VictoryPoint)) g.seats[seat].bonus += count;
    }

    /// @notice Gives seat `seat` `credits` gold credits.
    function harnessGiveGold(uint256 gameId, uint256 seat, uint16 credits) external {
        _games[gameId].seats[seat].gold += credits;
    }
}
