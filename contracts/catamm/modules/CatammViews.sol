// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {CatammMarket} from "../CatammMarket.sol";
import {CatammState} from "../CatammState.sol";
import {ONE_CARD, RESOURCE_COUNT} from "../CatammTypes.sol";
import {ICatamm} from "../ICatamm.sol";
import {ResourceBalances} from "../libraries/ResourceBalances.sol";

/// @title CatammViews
/// @notice The game's large views, assembled outside the game contract to keep it under the size limit (linked
///         library; the game calls it by delegatecall from its own views).
library CatammViews {
    using CatammMarket for CatammMarket.State;
    using ResourceBalances for ResourceBalances.Balances;

    /// @notice Game `g` as {ICatamm.GameInfo}.
    function gameInfo(CatammState.Game storage g) external view returns (ICatamm.GameInfo memory info) {
        CatammState.Settings memory s = g.settings;
        CatammState.Turn memory t = CatammState.loadTurn(g);
        CatammState.Table memory tb = g.table;
        info.creator = s.creator;
        info.depthCards = s.depthCards;
        info.feePreset = s.feePreset;
        info.turnBlocks = s.turnBlocks;
        info.playerCount = s.joined;
        for (uint256 i; i < s.joined; ++i) info.players[i] = g.seats[i].account;
        info.phase = t.phase;
        info.currentSeat = t.seat;
        info.pending = t.pending;
        info.requestId = g.request;
        info.deadline = t.deadline;
        info.turn = t.number;
        info.setupPick = t.pick;
        info.cardPlayed = t.cardPlayed;
        info.board = tb.board;
        info.ghostShip = tb.ghost;
        info.lastRoll = t.lastRoll;
        for (uint8 i; i < CatammState.DEV_CARD_KINDS; ++i) info.deck[i] = CatammState.cardCount(tb.deck, i);
        info.longestRoad = _account(g, tb.longestRoad);
        info.largestArmy = _account(g, tb.largestArmy);
        info.winner = _account(g, tb.winner);
        for (uint256 i; i < s.joined; ++i) info.requestCredit[i] = g.requestCredit[i];
        info.absentTurns = t.absentTurns;
    }

    /// @notice What is public about `player` (see {ICatamm.PlayerInfo}); reverts if they are not in the game.
    function playerInfo(
        CatammState.Game storage g,
        uint256 gameId,
        address player
    ) external view returns (ICatamm.PlayerInfo memory info) {
        uint256 tag = CatammState.tagOf(g, player);
        if (tag == 0) revert ICatamm.NotAPlayer(gameId, player);
        uint256 seat = tag - 1;
        CatammState.Seat memory s = g.seats[seat];
        info.seat = seat;
        (info.settlements, info.cities, info.roads) = CatammState.piecesOf(g, seat);
        info.roadLength = CatammState.roadLengthIn(g.roads, seat);
        info.knights = s.knights;
        info.goldCredits = s.gold;
        info.discardOwed = s.discardOwed;
        info.publicVictoryPoints = CatammState.publicPoints(g, seat);
        (, uint256 whole) = CatammState.wholeCards(g, player);
        info.hand = whole + s.gold;
        info.balances = g.balances[player].all();
        uint256 held = g.cards[seat].held;
        for (uint8 i; i < CatammState.DEV_CARD_KINDS; ++i) {
            if (i != uint8(ICatamm.DevCard.VictoryPoint)) info.cardsHeld[i] = CatammState.cardCount(held, i);
        }
    }

    /// @notice Public victory points by seat (see the game's `scores`).
    function scores(CatammState.Game storage g) external view returns (uint256[4] memory points) {
        uint256 n = CatammState.loadTurn(g).players;
        for (uint256 i; i < n; ++i) points[i] = CatammState.publicPoints(g, i);
    }

    /// @notice `player`'s development cards by kind, and how many were drawn this turn (see the game's `devCards`).
    function devCards(
        CatammState.Game storage g,
        uint256 gameId,
        address player
    ) external view returns (uint256[5] memory held, uint256[5] memory drawnThisTurn) {
        uint256 tag = CatammState.tagOf(g, player);
        if (tag == 0) revert ICatamm.NotAPlayer(gameId, player);
        CatammState.Cards storage c = g.cards[tag - 1];
        bool fresh = CatammState.loadTurn(g).freshCards;
        for (uint8 i; i < CatammState.DEV_CARD_KINDS; ++i) {
            held[i] = CatammState.cardCount(c.held, i);
            if (fresh) drawnThisTurn[i] = CatammState.cardCount(c.fresh, i);
        }
    }

    /// @notice The bank's counters per resource, in wei: issued and received (see {ICatamm}'s `bank`).
    function bankCounters(
        CatammState.Game storage g
    ) external view returns (uint256[5] memory issued, uint256[5] memory received) {
        for (uint256 r; r < RESOURCE_COUNT; ++r) {
            issued[r] = CatammState.bankCounter(g, CatammState.ISSUED, r) * ONE_CARD;
            received[r] = CatammState.bankCounter(g, CatammState.RECEIVED, r) * ONE_CARD;
        }
    }

    /// @notice What is in play of each resource, in wei: the players' balances plus the ten pools' reserves.
    ///         Only seated players ever hold resources, so the seats' balances are all of them.
    function inGame(CatammState.Game storage g) external view returns (uint256[5] memory out) {
        out = g.market.reserveTotals();
        uint256 n = g.settings.joined;
        for (uint256 i; i < n; ++i) {
            uint256[5] memory b = g.balances[g.seats[i].account].all();
            for (uint256 r; r < RESOURCE_COUNT; ++r) out[r] += b[r];
        }
    }

    function _account(CatammState.Game storage g, uint256 seatPlusOne) private view returns (address) {
        return seatPlusOne == 0 ? address(0) : g.seats[seatPlusOne - 1].account;
    }
}
