// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ISnatchRooms} from "../snatch/ISnatchRooms.sol";
import {ISnatchRoomsObserver} from "../snatch/ISnatchRoomsObserver.sol";
import {SnatchRooms} from "../snatch/SnatchRooms.sol";

/// @notice A test factory: creates rooms through SnatchRooms.createRooms (or createRoomsOfIds) and records the results
///         it is called back with. `failing` makes the callback revert (to test a broken observer).
contract SnatchFactoryHarness is ISnatchRoomsObserver {
    SnatchRooms public immutable rooms;
    bool public failing;
    uint256 public finishedCount;
    mapping(uint256 roomId => uint256[3]) internal _points;

    event Finished(
        uint256 roomId,
        uint256 batchFirstRoom,
        address[3] players,
        uint256[3] points,
        ISnatchRooms.Stats stats
    );

    error ObserverFailing();
    error NotRooms();

    constructor(SnatchRooms rooms_) {
        rooms = rooms_;
    }

    function create(uint32 format, address[] calldata players) external returns (uint256) {
        return rooms.createRooms(format, players);
    }

    function createOfIds(uint32 format, uint256[] calldata ids) external returns (uint256) {
        return rooms.createRoomsOfIds(format, ids);
    }

    function setFailing(bool failing_) external {
        failing = failing_;
    }

    function pointsOf(uint256 roomId) external view returns (uint256[3] memory) {
        return _points[roomId];
    }

    function onRoomFinished(
        uint256 roomId,
        uint256 batchFirstRoom,
        address[3] calldata players,
        uint256[3] calldata points,
        ISnatchRooms.Stats calldata stats
    ) external {
        if (msg.sender != address(rooms)) revert NotRooms();
        if (failing) revert ObserverFailing();
        _points[roomId] = points;
        ++finishedCount;
        emit Finished(roomId, batchFirstRoom, players, points, stats);
    }
}
