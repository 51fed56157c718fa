// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {RandomDraw} from "../../common/randomness/RandomDraw.sol";
import {CatammMarket} from "../CatammMarket.sol";
import {CatammState} from "../CatammState.sol";
import {ONE_CARD, PORT_COUNT, RESOURCE_COUNT} from "../CatammTypes.sol";
import {ICatamm} from "../ICatamm.sol";
import {ICatammMarket} from "../ICatammMarket.sol";
import {BoardSetup} from "../libraries/BoardSetup.sol";
import {BoardTopology} from "../libraries/BoardTopology.sol";
import {HEX_COUNT, InvalidHex} from "../libraries/BoardTypes.sol";
import {ResourceBalances} from "../libraries/ResourceBalances.sol";

/// @title CatammGhost
/// @notice The ghost ship (linked library; runs on the game's storage by delegatecall), moved after a 7 or a Knight
///         by the player whose turn it is (the game checked the sender).
/// @dev Rules:
///      - The ship sits on a hex (blocking its production; the desert blocks nothing) or at a port (after a flip).
///        Every move must change its place, which lifts the previous block.
///      - Option A, {blockHex}: move to another hex and name a victim: another player with a settlement or city on
///        it and at least one whole card. The victim may be omitted only if nobody there qualifies. One whole card
///        is then stolen, its resource drawn in proportion to the victim's whole cards at the draw.
///      - Option B, {flipPort}: the port's pool becomes the missing one at once (nobody trades in it meanwhile) and
///        the missing pool takes the port; one card is then stolen from the pool that left, its side drawn in
///        proportion to the reserves (CatammMarket.stealFromPool).
///      - Either steal uses a random value the game requests after the choice; until it is used nothing else
///        happens in the game (no trade, card or gold conversion can reshape what is drawn from).
///      - A player who lets the deadline pass (or whose turn was rolled for them) gets the default move
///        ({defaultMove}): to the desert, or, from the desert, to the lowest-id hex without any building (the
///        lowest hex other than the desert if every hex has one); no steal.
library CatammGhost {
    using CatammMarket for CatammMarket.State;
    using ResourceBalances for ResourceBalances.Balances;

    /// @dev Domain separator of hex steals.
    uint256 private constant SALT_STEAL = uint256(keccak256("CATAMM.game.steal"));

    /// @notice Option A: the ship blocks `hexId`; `victim` (or address(0) when nobody there can be robbed) will
    ///         lose a card. Returns whether a steal must be drawn.
    function blockHex(
        CatammState.Game storage g,
        uint256 gameId,
        uint256 hexId,
        address victim
    ) external returns (bool steal) {
        if (hexId >= HEX_COUNT) revert InvalidHex(hexId);
        CatammState.Table storage tb = g.table;
        if (hexId == tb.ghost) revert ICatamm.GhostShipMustMove(hexId);
        CatammState.Turn memory t = CatammState.loadTurn(g);
        uint256 corners = BoardTopology.hexVertexMask(hexId);
        if (victim == address(0)) {
            for (uint256 i; i < t.players; ++i) {
                if (i != t.seat && _robbable(g, i, corners)) revert ICatamm.VictimRequired(hexId);
            }
        } else {
            uint256 tag = CatammState.tagOf(g, victim);
            if (tag == 0 || tag == t.seat + 1) revert ICatamm.InvalidVictim(victim);
            if (CatammState.buildingsOf(g, tag - 1) & corners == 0) revert ICatamm.VictimNotOnHex(victim, hexId);
            (, uint256 whole) = CatammState.wholeCards(g, victim);
            if (whole == 0) revert ICatamm.VictimHasNoCards(victim);
            tb.stealTarget = uint8(tag - 1);
            steal = true;
        }
        tb.ghost = uint8(hexId);
        emit ICatamm.GhostShipMoved(gameId, g.seats[t.seat].account, hexId, victim, false);
        if (!steal) CatammState.returnFromGhostShip(g, t);
    }

    /// @notice Option B: flips `port`'s market; a card will be stolen from the pool that left.
    function flipPort(CatammState.Game storage g, uint256 gameId, uint8 port) external {
        if (port >= PORT_COUNT) revert ICatammMarket.UnknownPort(port);
        CatammState.Table storage tb = g.table;
        uint256 place = CatammState.PORT_PLACE + port;
        if (place == tb.ghost) revert ICatamm.GhostShipMustMove(place);
        (uint8 leaving, ) = g.market.flipPort(port);
        tb.ghost = uint8(place);
        tb.stealTarget = leaving;
        emit ICatamm.GhostShipMoved(gameId, g.seats[CatammState.loadTurn(g).seat].account, place, address(0), false);
    }

    /// @notice Draws the pending steal with `value` (a hex steal, or the pool steal after a flip) for the current
    ///         player, then the turn goes on.
    function resolveSteal(CatammState.Game storage g, uint256 gameId, uint256 value, bool fromPool) external {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        address thief = g.seats[t.seat].account;
        uint8 target = g.table.stealTarget;
        if (fromPool) {
            g.market.stealFromPool(g.balances[thief], thief, target, value);
        } else {
            address victim = g.seats[target].account;
            (uint256[5] memory whole, uint256 total) = CatammState.wholeCards(g, victim);
            // The victim cannot act while the steal is pending, so they still hold a whole card; stay safe anyway.
            if (total != 0) {
                uint256[] memory weights = new uint256[](RESOURCE_COUNT);
                for (uint256 r; r < RESOURCE_COUNT; ++r) weights[r] = whole[r];
                uint8 resource = uint8(RandomDraw.weighted(value, SALT_STEAL, weights, total));
                g.balances[victim].debit(resource, ONE_CARD);
                g.balances[thief].credit(resource, ONE_CARD);
                emit ICatamm.Stolen(gameId, thief, victim, resource, ONE_CARD);
            }
        }
        CatammState.returnFromGhostShip(g, t);
    }

    /// @notice The move made for a player who did not move the ship in time (see the rules above).
    function defaultMove(CatammState.Game storage g, uint256 gameId) external {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        CatammState.Table storage tb = g.table;
        uint256 desert = BoardSetup.desertOf(tb.board);
        uint256 target = desert;
        if (tb.ghost == desert) {
            uint256 occupied;
            for (uint256 i; i < t.players; ++i) occupied |= CatammState.buildingsOf(g, i);
            target = desert == 0 ? 1 : 0;
            for (uint256 h; h < HEX_COUNT; ++h) {
                if (h != desert && occupied & BoardTopology.hexVertexMask(h) == 0) {
                    target = h;
                    break;
                }
            }
        }
        tb.ghost = uint8(target);
        emit ICatamm.GhostShipMoved(gameId, g.seats[t.seat].account, target, address(0), true);
        CatammState.returnFromGhostShip(g, t);
    }

    /// @dev Whether seat `i` has a building among `corners` and a whole card.
    function _robbable(CatammState.Game storage g, uint256 i, uint256 corners) private view returns (bool) {
        if (CatammState.buildingsOf(g, i) & corners == 0) return false;
        (, uint256 whole) = CatammState.wholeCards(g, g.seats[i].account);
        return whole != 0;
    }
}
