// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "../common/randomness/IRandomness.sol";
import {CatammState} from "./CatammState.sol";
import {ICatamm} from "./ICatamm.sol";

/// @title CatammCredit
/// @notice Who pays for an absent player's dice. Internal functions, inlined in the linked modules that run on the
///         game's storage by delegatecall (CatammSetup: the lobby; CatammTurns: the timed-out roll), so that the game
///         itself is the account that holds the credit at the randomness source.
/// @dev With a paid randomness source (Chainlink VRF with a request fee), each request is charged to the player whose
///      action asks for it. A timed-out turn is rolled by whoever calls `advance`, so without this module the honest
///      player who advances paid for every roll of an absent one. Rules:
///      - Joining (or creating) a game sets aside {CatammState.TIMEOUT_ROLLS_HELD} request fees of the player's
///        request credit (the fee when the game was created; the same amount for every seat): the source moves it to
///        the game's own credit (`takeRequestCredit`). A player without that much credit cannot join.
///      - A roll for a player whose turn timed out is paid from what is held for that player (the game is the
///        payer). When what is left is less than a request fee (the fee rose, or the player timed out that many
///        turns), the turn ends without a roll: nobody else pays for it.
///      - What is left goes back to the player's request credit when they leave, when the game is cancelled or ended
///        as abandoned, and, after a win, through anyone's `releaseRequestCredit`.
///      Every wei is accounted for: the game's credit at the source always equals the sum held for its seats.
///      With a free source (block hashes, or a VRF fee of 0) nothing is held and every timed-out turn is rolled.
library CatammCredit {
    /// @notice Sets aside the credit a player joining seat `seat` of game `gameId` (the creator: seat 0) must hold:
    ///         {CatammState.TIMEOUT_ROLLS_HELD} request fees for the creator, the creator's amount for the others.
    function hold(CatammState.Game storage g, uint256 gameId, IRandomness randomness, uint256 seat) internal {
        uint256 amount = seat == 0 ? randomness.requestFee() * CatammState.TIMEOUT_ROLLS_HELD : g.requestCredit[0];
        if (amount == 0) return;
        g.requestCredit[seat] = uint128(amount);
        emit ICatamm.RequestCreditHeld(gameId, msg.sender, amount);
        randomness.takeRequestCredit(msg.sender, amount);
    }

    /// @notice The sender left the open game (its seat now holds the player who joined last): gives back what was
    ///         held for it (every seat holds the same amount before the start).
    function returnOnLeave(CatammState.Game storage g, uint256 gameId, IRandomness randomness) internal {
        uint256 last = g.settings.joined; // the freed last seat (already counted out)
        uint256 amount = g.requestCredit[last];
        if (amount == 0) return;
        g.requestCredit[last] = 0;
        emit ICatamm.RequestCreditReturned(gameId, msg.sender, amount);
        randomness.giveRequestCredit(msg.sender, amount);
    }

    /// @notice The current turn timed out before its roll: rolls for its absent player, paid from what is held for
    ///         them, and returns true; returns false (nothing done) when that does not cover a request.
    function rollForAbsent(CatammState.Game storage g, uint256 gameId, IRandomness randomness) internal returns (bool) {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        address player = g.seats[t.seat].account;
        uint256 fee = randomness.requestFee();
        uint256 held = g.requestCredit[t.seat];
        if (held < fee) return false;
        if (fee != 0) {
            g.requestCredit[t.seat] = uint128(held - fee);
            emit ICatamm.RequestCreditCharged(gameId, player, fee);
        }
        uint256 id = randomness.request(address(this));
        g.request = id;
        t.autoEnd = true;
        t.phase = ICatamm.Phase.RollPending;
        t.pending = ICatamm.Pending.Roll;
        CatammState.storeTurn(g, t);
        emit ICatamm.RandomnessRequested(gameId, ICatamm.Pending.Roll, id);
        emit ICatamm.TurnTimedOut(gameId, player, t.number, true);
        return true;
    }

    /// @notice Gives every seat of the finished, cancelled or abandoned game what is still held for it. Anyone may call
    ///         it; a second call finds nothing left and does nothing.
    function release(CatammState.Game storage g, uint256 gameId, IRandomness randomness) internal {
        ICatamm.Phase phase = CatammState.loadTurn(g).phase;
        if (phase != ICatamm.Phase.Finished && phase != ICatamm.Phase.Cancelled && phase != ICatamm.Phase.Abandoned) {
            revert ICatamm.WrongPhase(phase);
        }
        uint256 n = g.settings.joined;
        for (uint256 i; i < n; ++i) {
            uint256 amount = g.requestCredit[i];
            if (amount == 0) continue;
            g.requestCredit[i] = 0;
            address player = g.seats[i].account;
            emit ICatamm.RequestCreditReturned(gameId, player, amount);
            randomness.giveRequestCredit(player, amount);
        }
    }
}
