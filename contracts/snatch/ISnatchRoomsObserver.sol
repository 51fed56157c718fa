// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ISnatchRooms} from "./ISnatchRooms.sol";

/// @title ISnatchRoomsObserver
/// @notice Implemented by a factory (e.g. a tournament) that creates rooms through `SnatchRooms.createRooms`: the rooms
///         contract calls it inside the transaction that finishes one of its rooms.
/// @dev The call is made after the room's final state is stored and its `RoomFinished` event emitted. It is not
///      wrapped in try/catch (a caller could starve it of gas and make a tournament miss a result): a factory that
///      reverts here blocks its own rooms' last transition until the owner disallows it, after which its rooms finish
///      without the call and their results stay readable through `roomResult`.
interface ISnatchRoomsObserver {
    /// @notice A room created by this factory finished its last round.
    /// @param roomId The room.
    /// @param batchFirstRoom The first room of the `createRooms` call that created this room (the id that call
    ///        returned), so a factory can find what it recorded about the batch with one read.
    /// @param players The players by seat (seat 0 is P1 in 2-player rooms; seat 2 is zero there).
    /// @param points Final points by seat.
    /// @param stats The room's counters (offers, accepts, rejects, snatches, shames, reports, refusals).
    function onRoomFinished(
        uint256 roomId,
        uint256 batchFirstRoom,
        address[3] calldata players,
        uint256[3] calldata points,
        ISnatchRooms.Stats calldata stats
    ) external;
}
