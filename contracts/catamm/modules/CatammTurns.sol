// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IRandomness} from "../../common/randomness/IRandomness.sol";
import {CatammCredit} from "../CatammCredit.sol";
import {CatammMarket} from "../CatammMarket.sol";
import {CatammState} from "../CatammState.sol";
import {RESOURCE_COUNT} from "../CatammTypes.sol";
import {ICatamm} from "../ICatamm.sol";
import {BoardSetup} from "../libraries/BoardSetup.sol";
import {BoardTopology} from "../libraries/BoardTopology.sol";
import {HexKind, NONE} from "../libraries/BoardTypes.sol";
import {Dice} from "../libraries/Dice.sol";

/// @title CatammTurns
/// @notice Dice, production, the discards after a 7 and the end of a turn (linked library; runs on the game's
///         storage by delegatecall).
/// @dev Rules:
///      - The dice are the random value's two lowest base-6 digits (Dice.sol): a true 2d6.
///      - Production: each hex carrying the number, unless the ghost ship blocks it, gives each player one card of
///        its resource per settlement and two per city at its corners; the gold hex gives each player with a
///        building there one gold credit (whatever the number of buildings).
///      - A 7: every player whose hand (whole cards + gold credits) exceeds 7 owes half of it, rounded down, to the
///        bank; when nobody owes (or all have paid) the roller moves the ghost ship. A player pays with whole cards
///        and gold credits of their choice; after the deadline anyone has the rest paid automatically ({autoDiscard}).
library CatammTurns {
    using CatammMarket for CatammMarket.State;

    /// @notice Rolls the dice with `value` for the player whose turn it is and produces, or starts a 7.
    function resolveRoll(CatammState.Game storage g, uint256 gameId, uint256 value) external {
        // The turn word read and written as a word on the common path: decoding and encoding the whole turn cost
        // ~1,000 gas for the three fields a roll changes.
        uint256 w = g.market.hostData();
        uint256 total;
        {
            (uint256 d1, uint256 d2) = Dice.roll(value);
            total = d1 + d2;
            emit ICatamm.DiceRolled(gameId, g.seats[(w >> CatammState.SEAT_SHIFT) & 3].account, d1, d2);
        }
        if (total == 7) {
            CatammState.Turn memory t = CatammState.loadTurn(g);
            t.lastRoll = 7;
            t.deadline = CatammState.deadlineFromNow(g);
            _seven(g, gameId, t);
            return;
        }
        _produceRoll(g, gameId, total, (w >> CatammState.PLAYERS_SHIFT) & 7);
        g.market.setHostData(CatammState.rolledToMain(w, CatammState.deadlineFromNow(g), total));
    }

    /// @notice `seat` pays the discard it owes: `cards` whole cards of each resource and `gold` gold credits.
    function discard(
        CatammState.Game storage g,
        uint256 gameId,
        uint256 seat,
        uint256[5] calldata cards,
        uint256 gold
    ) external {
        CatammState.Seat storage s = g.seats[seat];
        address player = s.account;
        uint256 owed = s.discardOwed;
        if (owed == 0) revert ICatamm.NoDiscardOwed(player);
        uint256 given = gold;
        for (uint256 r; r < RESOURCE_COUNT; ++r) given = Math.saturatingAdd(given, cards[r]);
        if (given != owed) revert ICatamm.WrongDiscardCount(owed, given);
        if (gold > s.gold) revert ICatamm.NotEnoughGold(s.gold, gold);
        _payDiscard(g, gameId, s, player, cards, gold, false);
        _afterDiscards(g, gameId);
    }

    /// @notice After the discard deadline: every player who still owes pays from their largest holdings, one card
    ///         at a time, ties in the order Wood, Brick, Sheep, Ore, Wheat, gold credits.
    /// @dev Computed in one pass, not card by card: find the lowest level `L` such that cutting every holding down
    ///      to `L` takes at most the owed count, cut them, then take one more from each holding at `L`, in order,
    ///      until the count is paid. This is exactly what taking one from the largest holding (first in order on
    ///      ties) each time does.
    function autoDiscard(CatammState.Game storage g, uint256 gameId) external {
        uint256 players = CatammState.loadTurn(g).players;
        for (uint256 seat; seat < players; ++seat) {
            CatammState.Seat storage s = g.seats[seat];
            uint256 owed = s.discardOwed;
            if (owed == 0) continue;
            address player = s.account;
            (uint256[5] memory whole, ) = CatammState.wholeCards(g, player);
            uint256[6] memory take = discardPlan(whole, s.gold, owed);
            _payDiscard(g, gameId, s, player, [take[0], take[1], take[2], take[3], take[4]], take[5], true);
        }
        _afterDiscards(g, gameId);
    }

    /// @notice Ends the current turn and begins the next player's.
    /// @notice The turn timed out before its roll (the game checked the deadline): rolls for its absent player, paid
    ///         from the request credit held for them (CatammCredit), or, when that does not cover a request, ends the
    ///         turn without a roll. Whoever called `advance` pays nothing.
    function rollForAbsent(CatammState.Game storage g, uint256 gameId, IRandomness randomness) external {
        if (CatammCredit.rollForAbsent(g, gameId, randomness)) return;
        CatammState.Turn memory t = CatammState.loadTurn(g);
        emit ICatamm.TurnTimedOut(gameId, g.seats[t.seat].account, t.number, false);
        endTurn(g, gameId);
    }

    function endTurn(CatammState.Game storage g, uint256 gameId) public {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        if (t.freshCards) g.cards[t.seat].fresh = 0;
        emit ICatamm.TurnEnded(gameId, g.seats[t.seat].account, t.number);
        CatammState.beginTurn(g, gameId, t, uint8((t.seat + 1) % t.players));
    }

    /// @notice The automatic discard of `owed` cards from holdings `whole` (resources) and `gold` (see
    ///         {autoDiscard}): how many of each resource and gold credits (index 5) go.
    function discardPlan(
        uint256[5] memory whole,
        uint256 gold,
        uint256 owed
    ) public pure returns (uint256[6] memory take) {
        uint256[6] memory h = [whole[0], whole[1], whole[2], whole[3], whole[4], gold];
        uint256 lo;
        uint256 hi;
        for (uint256 i; i < 6; ++i) hi = Math.max(hi, h[i]);
        // The lowest level whose cut takes at most `owed` (the cut shrinks as the level rises).
        while (lo < hi) {
            uint256 mid = (lo + hi) / 2;
            if (_cut(h, mid) <= owed) hi = mid;
            else lo = mid + 1;
        }
        uint256 left = owed;
        for (uint256 i; i < 6; ++i) {
            if (h[i] > lo) {
                take[i] = h[i] - lo;
                left -= take[i];
            }
        }
        // Fewer than the holdings at the level remain (the cut one level lower would exceed `owed`).
        for (uint256 i; i < 6 && left != 0; ++i) {
            if (h[i] >= lo && lo != 0) {
                ++take[i];
                --left;
            }
        }
    }

    /// @dev Cards taken by cutting every holding down to `level`.
    function _cut(uint256[6] memory h, uint256 level) private pure returns (uint256 total) {
        for (uint256 i; i < 6; ++i) if (h[i] > level) total += h[i] - level;
    }

    /// @dev Production of a roll of `total` (not 7): the hexes carrying it that the ghost ship does not block.
    function _produceRoll(CatammState.Game storage g, uint256 gameId, uint256 total, uint256 players) private {
        uint256 board = g.table.board;
        uint256 blocked = g.table.ghost;
        (uint256 first, uint256 second) = BoardSetup.hexesWithNumber(board, total);
        if (first == blocked) first = NONE;
        if (second == blocked) second = NONE;
        // Each seat's buildings worked out once for both hexes (they were for each hex).
        uint256 buildings = g.buildings;
        uint256[4] memory own;
        for (uint256 seat; seat < players; ++seat) own[seat] = CatammState.buildingsIn(buildings, seat);
        if (first != NONE) _produce(g, gameId, board, first, own, buildings);
        if (second != NONE) _produce(g, gameId, board, second, own, buildings);
    }

    /// @dev Production of hex `hexId` for every seat with buildings at its corners (`own`: each seat's buildings,
    ///      `w`: the buildings word).
    function _produce(
        CatammState.Game storage g,
        uint256 gameId,
        uint256 board,
        uint256 hexId,
        uint256[4] memory own,
        uint256 w
    ) private {
        HexKind kind = BoardSetup.kindOf(board, hexId);
        uint256 corners = BoardTopology.hexVertexMask(hexId);
        if (w & corners == 0) return;
        uint256 cityMask = CatammState.citiesIn(w);
        for (uint256 seat; seat < 4; ++seat) {
            uint256 here = own[seat] & corners;
            if (here == 0) continue;
            CatammState.Seat storage s = g.seats[seat];
            uint256 cards = CatammState.popcount(here) + CatammState.popcount(here & cityMask);
            CatammState.produce(g, gameId, s, s.account, hexId, kind, cards);
        }
    }

    /// @dev A 7: record what each large hand owes; straight to the ghost ship if nobody owes.
    function _seven(CatammState.Game storage g, uint256 gameId, CatammState.Turn memory t) private {
        bool owing;
        for (uint256 seat; seat < t.players; ++seat) {
            CatammState.Seat storage s = g.seats[seat];
            (, uint256 whole) = CatammState.wholeCards(g, s.account);
            uint256 hand = whole + s.gold;
            if (hand <= CatammState.HAND_LIMIT) continue;
            // Below 2^32: see {CatammState.Seat}.
            s.discardOwed = uint32(hand / 2);
            owing = true;
            emit ICatamm.DiscardRequired(gameId, s.account, hand / 2, t.deadline);
        }
        t.afterRoll = true;
        if (owing) {
            t.phase = ICatamm.Phase.Discard;
            CatammState.storeTurn(g, t);
        } else {
            CatammState.awaitGhostShip(g, gameId, t);
        }
    }

    /// @dev Once nobody owes a discard, the roller moves the ghost ship.
    function _afterDiscards(CatammState.Game storage g, uint256 gameId) private {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        for (uint256 seat; seat < t.players; ++seat) {
            if (g.seats[seat].discardOwed != 0) return;
        }
        CatammState.awaitGhostShip(g, gameId, t);
    }

    /// @dev Pays a discard (chosen or automatic): the cards and gold credits go to the bank; nothing is owed after.
    function _payDiscard(
        CatammState.Game storage g,
        uint256 gameId,
        CatammState.Seat storage s,
        address player,
        uint256[5] memory cards,
        uint256 gold,
        bool automatic
    ) private {
        for (uint8 r; r < RESOURCE_COUNT; ++r) {
            if (cards[r] != 0) CatammState.collect(g, player, r, cards[r]);
        }
        s.gold -= uint16(gold);
        s.discardOwed = 0;
        emit ICatamm.Discarded(gameId, player, cards, gold, automatic);
    }
}
