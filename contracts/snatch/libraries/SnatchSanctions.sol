// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ISnatchRooms} from "../ISnatchRooms.sol";
import {SnatchGoods} from "./SnatchGoods.sol";

/// @title SnatchSanctions
/// @notice The sanctions' arithmetic, pure: a judge's confirmed report (3-player) and the G4 reversal with its
///         inverse sanction.
/// @dev A linked library (public functions, called by DELEGATECALL): these paths are rare, so SnatchRooms keeps them
///      out of its bytecode at the price of one library call when they run.
library SnatchSanctions {
    using SnatchGoods for uint72;
    using SnatchGoods for uint24;
    using SnatchGoods for uint96;

    /// @notice A confirmed report: the snatcher (`o.to`) gives back the snatched goods up to what it holds free, then
    ///         forfeits 3 goods to the victim (`o.from`), its own good first, then its largest holding.
    /// @param free The room's free-holdings grid.
    /// @param o The snatched offer.
    /// @param snatcherRole The snatcher's own good.
    /// @return The grid after. @return returned Per good. @return forfeited Per good.
    function confirm(
        uint72 free,
        ISnatchRooms.Offer memory o,
        uint256 snatcherRole
    ) public pure returns (uint72, uint256[3] memory returned, uint256[3] memory forfeited) {
        for (uint256 g; g < SnatchGoods.GOODS; ++g) {
            uint256 e = o.escrowed.escrowOf(g);
            uint256 held = free.get(o.to, g);
            returned[g] = e < held ? e : held;
            free = free.move(o.to, o.from, g, returned[g]);
        }
        (free, forfeited) = free.takeUnits(o.to, snatcherRole, 3);
        for (uint256 g; g < SnatchGoods.GOODS; ++g) free = free.add(o.from, g, forfeited[g]);
        return (free, returned, forfeited);
    }

    /// @notice A G4 report: the snatched goods go back to P1 (`o.from`), then P1 receives from P2's (`o.to`) free
    ///         holdings the request shrunk by escrowed / offered, up to what P2 holds, giving nothing.
    /// @param free The room's free-holdings grid.
    /// @param o The snatched offer.
    /// @return The grid after. @return returned Per good. @return sanction Per good.
    function reverse(
        uint72 free,
        ISnatchRooms.Offer memory o
    ) public pure returns (uint72, uint256[3] memory returned, uint256[3] memory sanction) {
        uint256 escrowedSum = o.escrowed.escrowSum();
        for (uint256 g; g < SnatchGoods.GOODS; ++g) {
            uint256 e = o.escrowed.escrowOf(g);
            uint256 held = free.get(o.to, g);
            returned[g] = e < held ? e : held;
            free = free.move(o.to, o.from, g, returned[g]);
        }
        for (uint256 g; g < SnatchGoods.GOODS; ++g) {
            uint256 want = SnatchGoods.shrink(o.requested.requestOf(g), escrowedSum, o.offeredSum);
            uint256 held = free.get(o.to, g);
            sanction[g] = want < held ? want : held;
            free = free.move(o.to, o.from, g, sanction[g]);
        }
        return (free, returned, sanction);
    }
}
