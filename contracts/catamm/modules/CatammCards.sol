// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {RandomDraw} from "../../common/randomness/RandomDraw.sol";
import {CatammState} from "../CatammState.sol";
import {RESOURCE_COUNT} from "../CatammTypes.sol";
import {ICatamm} from "../ICatamm.sol";
import {ICatammMarket} from "../ICatammMarket.sol";
import {ResourceBalances} from "../libraries/ResourceBalances.sol";

/// @title CatammCards
/// @notice Development cards (linked library; runs on the game's storage by delegatecall): buying, drawing and
///         playing them, and the largest army. The game checked that the sender is the player whose turn it is.
/// @dev Rules:
///      - A card costs one Ore, one Sheep and one Wheat. It is drawn with a fresh random value requested at the
///        purchase, from the cards left at the draw, each equally likely (no deck order is stored). The draw
///        happens in the buyer's turn (the turn cannot end while it is outstanding).
///      - One card per turn may be played, before or after the roll, never one drawn this turn (a player holding
///        an older card of the same kind may play that one). Victory Point cards are never played: they count,
///        hidden, as soon as they are drawn.
///      - Knight: the ghost ship moves (the game's next step) and the army grows; the largest army (at least 3
///        knights) goes to a player with strictly more knights than its holder. Road Building: the game then
///        builds up to two free roads. Year of Plenty: two cards from the bank (any two resources, equal or not).
///        Monopoly: every other player's whole balance of one resource, fractions included (liquidity positions
///        are not balances).
library CatammCards {
    using ResourceBalances for ResourceBalances.Balances;

    /// @dev Domain separator of card draws.
    uint256 private constant SALT_DRAW = uint256(keccak256("CATAMM.game.draw"));

    /// @notice The current player pays for a development card (the game then requests the draw).
    function buy(CatammState.Game storage g, uint256 gameId) external {
        if (g.table.deck == 0) revert ICatamm.DeckEmpty();
        address player = g.seats[CatammState.loadTurn(g).seat].account;
        CatammState.pay(g, player, CatammState.DEV_CARD_COST);
        emit ICatamm.DevCardBought(gameId, player);
    }

    /// @notice Draws the bought card for the current player with `value`.
    function resolveDraw(CatammState.Game storage g, uint256 gameId, uint256 value) external {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        uint256 deck = g.table.deck;
        uint256[] memory weights = new uint256[](CatammState.DEV_CARD_KINDS);
        uint256 total;
        for (uint8 i; i < CatammState.DEV_CARD_KINDS; ++i) {
            weights[i] = CatammState.cardCount(deck, i);
            total += weights[i];
        }
        uint256 card = RandomDraw.weighted(value, SALT_DRAW, weights, total);
        uint256 one = uint256(1) << (8 * card);
        g.table.deck = uint40(deck - one);
        CatammState.Cards storage c = g.cards[t.seat];
        c.held += uint40(one);
        c.fresh += uint40(one);
        t.freshCards = true;
        CatammState.storeTurn(g, t);
        emit ICatamm.DevCardDrawn(gameId, g.seats[t.seat].account, ICatamm.DevCard(card));
        if (card == uint256(ICatamm.DevCard.VictoryPoint)) {
            ++g.seats[t.seat].bonus;
            CatammState.checkWin(g, gameId, t);
        }
    }

    /// @notice Plays a Knight: the army grows (maybe taking the largest army) and the ghost ship must move.
    function playKnight(CatammState.Game storage g, uint256 gameId) external {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        address player = _play(g, gameId, t, ICatamm.DevCard.Knight);
        CatammState.Seat storage s = g.seats[t.seat];
        uint256 knights = s.knights + 1;
        s.knights = uint8(knights);
        uint256 holder = g.table.largestArmy; // seat + 1
        if (
            holder != t.seat + 1 &&
            knights >= CatammState.LARGEST_ARMY_MIN &&
            (holder == 0 || knights > g.seats[holder - 1].knights)
        ) {
            g.table.largestArmy = t.seat + 1;
            CatammState.moveAward(g, holder, t.seat + 1);
            emit ICatamm.LargestArmyChanged(gameId, player, knights);
        }
        t.afterRoll = t.phase == ICatamm.Phase.Main;
        CatammState.awaitGhostShip(g, gameId, t);
        CatammState.checkWin(g, gameId, t);
    }

    /// @notice Plays Road Building (the game then builds the free roads).
    function playRoadBuilding(CatammState.Game storage g, uint256 gameId) external {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        _play(g, gameId, t, ICatamm.DevCard.RoadBuilding);
        CatammState.storeTurn(g, t);
    }

    /// @notice Plays Year of Plenty: one card of `resource1` and one of `resource2` from the bank.
    function playYearOfPlenty(CatammState.Game storage g, uint256 gameId, uint8 resource1, uint8 resource2) external {
        _requireResource(resource1);
        _requireResource(resource2);
        CatammState.Turn memory t = CatammState.loadTurn(g);
        address player = _play(g, gameId, t, ICatamm.DevCard.YearOfPlenty);
        CatammState.storeTurn(g, t);
        CatammState.issue(g, player, resource1, 1);
        CatammState.issue(g, player, resource2, 1);
        emit ICatamm.YearOfPlenty(gameId, player, resource1, resource2);
    }

    /// @notice Plays Monopoly: every other player's whole balance of `resource` goes to the current player.
    function playMonopoly(CatammState.Game storage g, uint256 gameId, uint8 resource) external {
        _requireResource(resource);
        CatammState.Turn memory t = CatammState.loadTurn(g);
        address player = _play(g, gameId, t, ICatamm.DevCard.Monopoly);
        CatammState.storeTurn(g, t);
        ResourceBalances.Balances storage mine = g.balances[player];
        for (uint256 i; i < t.players; ++i) {
            if (i == t.seat) continue;
            address victim = g.seats[i].account;
            ResourceBalances.Balances storage theirs = g.balances[victim];
            uint256 amount = theirs.balanceOf(resource);
            if (amount == 0) continue;
            theirs.debit(resource, amount);
            mine.credit(resource, amount);
            emit ICatamm.Stolen(gameId, player, victim, resource, amount);
        }
    }

    /// @dev Takes one playable `card` from the current player, marks the turn's card as played (the caller stores
    ///      `t`) and returns the player.
    function _play(
        CatammState.Game storage g,
        uint256 gameId,
        CatammState.Turn memory t,
        ICatamm.DevCard card
    ) private returns (address player) {
        if (t.cardPlayed) revert ICatamm.CardAlreadyPlayedThisTurn();
        CatammState.Cards storage c = g.cards[t.seat];
        uint256 held = CatammState.cardCount(c.held, uint8(card));
        if (held == 0) revert ICatamm.NoSuchCard(card);
        if (held == CatammState.cardCount(c.fresh, uint8(card))) revert ICatamm.CardBoughtThisTurn(card);
        c.held -= uint40(1 << (8 * uint256(card)));
        t.cardPlayed = true;
        player = g.seats[t.seat].account;
        emit ICatamm.DevCardPlayed(gameId, player, card);
    }

    function _requireResource(uint8 resource) private pure {
        if (resource >= RESOURCE_COUNT) revert ICatammMarket.UnknownResource(resource);
    }
}
