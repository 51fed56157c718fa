// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SnatchGoods} from "./SnatchGoods.sol";

/// @title SnatchSanctions
/// @notice The sanctions' arithmetic, pure: a judge's confirmed report (3-player) and the G4 reversal with its
///         inverse sanction.
/// @dev {reverse} is public (SnatchRooms calls it by DELEGATECALL: a rare path kept out of its bytecode); {confirm} is
///      internal, compiled into SnatchProgress, which confirms reports (the judge's decision, and the automatic
///      confirmation of the judge's own reports at the close of trading).
library SnatchSanctions {
    /// @notice An offer's amounts (packed as in {ISnatchRooms.Offer}).
    struct Amounts {
        uint24 escrowed;
        uint96 requested;
        uint40 offeredSum;
    }

    using SnatchGoods for uint72;
    using SnatchGoods for uint24;
    using SnatchGoods for uint96;

    /// @notice A confirmed report: the snatcher gives back the snatched goods up to what it holds free, then forfeits
    ///         3 goods to the victim, its own good first, then its largest holding.
    /// @param free The room's free-holdings grid.
    /// @param victim The offerer's seat.
    /// @param snatcher The snatcher's seat.
    /// @param escrowed The snatched amounts (the offer's packed escrow).
    /// @param snatcherRole The snatcher's own good.
    /// @return The grid after. @return returned Per good. @return forfeited Per good.
    function confirm(
        uint72 free,
        uint256 victim,
        uint256 snatcher,
        uint24 escrowed,
        uint256 snatcherRole
    ) internal pure returns (uint72, uint256[3] memory returned, uint256[3] memory forfeited) {
        (free, returned) = free.payUpTo(snatcher, victim, escrowed.escrowAmounts());
        (free, forfeited) = free.takeUnits(snatcher, snatcherRole, 3);
        for (uint256 g; g < SnatchGoods.GOODS; ++g) free = free.add(victim, g, forfeited[g]);
        return (free, returned, forfeited);
    }

    /// @notice A G4 report: the snatched goods go back to P1, then P1 receives from P2's free holdings the request
    ///         shrunk by escrowed / offered, up to what P2 holds, giving nothing.
    /// @param free The room's free-holdings grid.
    /// @param p1 P1's seat (the offerer).
    /// @param p2 P2's seat (the snatcher).
    /// @param o The snatched offer (its from/to/status are not read).
    /// @return The grid after. @return returned Per good. @return sanction Per good.
    function reverse(
        uint72 free,
        uint256 p1,
        uint256 p2,
        Amounts memory o
    ) public pure returns (uint72, uint256[3] memory returned, uint256[3] memory sanction) {
        (free, returned) = free.payUpTo(p2, p1, o.escrowed.escrowAmounts());
        (free, sanction) = free.payUpTo(p2, p1, o.requested.shrunkRequest(o.escrowed, o.offeredSum));
        return (free, returned, sanction);
    }
}
