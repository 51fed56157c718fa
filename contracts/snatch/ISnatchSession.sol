// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IDisplayName} from "../common/names/IDisplayName.sol";
import {IRandomness} from "../common/randomness/IRandomness.sol";
import {ISnatchRooms} from "./ISnatchRooms.sol";

/// @title ISnatchSession
/// @notice Types, events and errors of a class session of Snatch or Share: the seeds' first game (3 players, 5
///         rounds: anarchy, anarchy, no reject, shame tokens, judge) played by a whole class at once in rooms of three
///         of SnatchRooms. A teacher creates the session in one transaction, with the class's seats listed (from the
///         class sheet, with names) or open to the first who join; the seats are shuffled at random into rooms of
///         three (seat 0, 1, 2 of a room produce turkey, coffee, corn; seat 0 judges first), so the shuffle also draws
///         every player's role.
/// @dev Block numbers are deadlines: "from block b" means `block.number >= b`; a deadline `d` has passed when
///      `block.number > d`. A room index k (0-based) is the k-th room of the session's shuffle: positions 3k, 3k+1 and
///      3k+2 of the permutation of seat positions drawn from the seed; room k is room id
///      `batchFirstRoom(k / roomsPerBatch) + k % roomsPerBatch` of SnatchRooms.
interface ISnatchSession is IDisplayName {
    // ------------------------------------------------------------------------------------------------ enums

    /// @notice Where a session stands.
    /// @param None No such session.
    /// @param Registration First come, first seated: players join until the join window ends (or the session is full).
    /// @param Drawing Seating is closed and the randomness of the shuffle is requested.
    /// @param Creating The shuffle is drawn; rooms are being created in batches.
    /// @param Playing Every room exists; the session finishes with its last room.
    /// @param Finished Every room finished: results are final.
    /// @param Closed Fewer than three players joined: closed after the join window (read-only).
    enum Stage {
        None,
        Registration,
        Drawing,
        Creating,
        Playing,
        Finished,
        Closed
    }

    // ---------------------------------------------------------------------------------------------- structs

    /// @notice What a teacher chooses when creating a session.
    /// @param rooms Most rooms of three (1..MAX_ROOMS): the session seats at most `3 * rooms` players.
    /// @param roomsPerBatch Rooms created per `createRooms` call (1..MAX_ROOMS_PER_BATCH).
    /// @param joinBlocks First come, first seated: from `createdAt + joinBlocks` anyone may start the session (the
    ///        teacher any time with 3+ players) or close it with fewer than 3 (MIN_JOIN_BLOCKS..MAX_BLOCKS). Ignored
    ///        (stored as given) when seats are listed.
    /// @param trading A round's length in blocks (the rooms' format; at most MAX_BLOCKS).
    /// @param closing The round's last blocks, in which no offer may be made (1..trading - 1).
    /// @param judging The judging phase after round 5 (at least 1, at most MAX_BLOCKS).
    struct Config {
        uint16 rooms;
        uint16 roomsPerBatch;
        uint32 joinBlocks;
        uint24 trading;
        uint24 closing;
        uint24 judging;
    }

    /// @notice A session's totals, summed from its finished rooms' counters and points (one slot).
    struct Totals {
        uint16 finished;
        uint24 offers;
        uint24 accepts;
        uint24 rejects;
        uint24 snatches;
        uint24 shames;
        uint24 reports;
        uint32 points;
    }

    /// @notice A stored session.
    /// @dev Slot 0: teacher, capacity (3 x config rooms), seated players, rooms (set by the draw), rooms created,
    ///      stage, seating mode. Slot 1: timing, batch size, the SnatchRooms format, the playing deadline and the rooms
    ///      passed by `closeTimedOutRooms`. Then the pending request (0 once consumed), the seed (0 until drawn) and
    ///      the totals.
    // solhint-disable-next-line gas-struct-packing
    struct Session {
        address organiser;
        uint16 capacity;
        uint16 playerCount;
        uint16 rooms;
        uint16 created;
        Stage stage;
        bool firstCome;
        uint40 createdAt;
        uint32 joinBlocks;
        uint16 roomsPerBatch;
        uint32 format;
        uint40 deadline;
        uint16 closed;
        uint256 request;
        uint256 seed;
        Totals totals;
    }

    /// @notice A seated player's record (one slot).
    /// @param index Seat position, 1-based (0: not seated).
    /// @param recorded Its room's result is in.
    /// @param points Its room's final points (once recorded).
    struct Entry {
        uint16 index;
        bool recorded;
        uint16 points;
    }

    /// @notice Where a player sits, for {seatOf} (a view type, never stored).
    /// @param index Seat position, 1-based.
    /// @param drawn The shuffle is drawn (otherwise nothing below is known yet).
    /// @param satOut Drawn among the leftovers that do not fill a room of three.
    /// @param room The room index (0-based) in the session.
    /// @param roomId The SnatchRooms room (0 until its batch is created).
    /// @param seat Seat 0, 1 or 2 of the room (turkey, coffee, corn; seat 0 judges first).
    // solhint-disable-next-line gas-struct-packing
    struct SeatView {
        uint16 index;
        bool drawn;
        bool satOut;
        uint16 room;
        uint256 roomId;
        uint8 seat;
    }

    /// @notice Where a batch of rooms belongs (keyed by the batch's first room id).
    struct Batch {
        uint64 session;
        uint16 firstRoom;
    }

    // ----------------------------------------------------------------------------------------------- events

    /// @notice A session was created. @param sessionId Its id. @param organiser The teacher who created it.
    /// @param config Its settings. @param format The SnatchRooms format its rooms play (Snatch or Share's 5 rounds
    /// with the config's windows). @param firstCome First come, first seated (else the seats were listed).
    /// @param startableFrom First come (or seats listed in batches): the end of the join window, from which block
    /// anyone may start the session (or close it with fewer than 3 players); joining (listing) stays possible until
    /// someone starts it. 0 when seats were listed in one transaction (seating closed at once).
    event SessionCreated(
        uint256 indexed sessionId,
        address indexed organiser,
        Config config,
        uint32 format,
        bool firstCome,
        uint40 startableFrom
    );
    /// @notice A player took a seat. @param sessionId The session. @param player The player. @param index Its seat
    /// position (1-based). @param name Its display name ("" for none; see DisplayName). Emitted, not stored.
    /// @param listed The teacher listed it (otherwise it joined itself).
    event PlayerSeated(uint256 indexed sessionId, address indexed player, uint16 index, string name, bool listed);
    /// @notice Seating closed and the shuffle's randomness was requested. @param sessionId The session. @param by Who
    /// started it (the teacher at creation when seats were listed). @param players Players in the draw.
    /// @param requestId The randomness request.
    event DrawRequested(uint256 indexed sessionId, address indexed by, uint16 players, uint256 requestId);
    /// @notice A stale draw request was replaced. @param sessionId The session. @param oldRequest The stale request.
    /// @param newRequest The new one.
    event DrawRerequested(uint256 indexed sessionId, uint256 oldRequest, uint256 newRequest);
    /// @notice The shuffle was drawn: room k is positions 3k, 3k+1, 3k+2 of the permutation drawn from `seed`.
    /// @param sessionId The session. @param seed The random value. @param rooms Number of rooms.
    /// @param satOut The leftovers (0, 1 or 2 players) that do not fill a room of three: they sit this session out.
    event SeatsDrawn(uint256 indexed sessionId, uint256 seed, uint16 rooms, address[] satOut);
    /// @notice A batch of rooms was created. @param sessionId The session. @param firstRoomId The batch's first
    /// SnatchRooms room (the others follow). @param firstRoom Its room index in the session (0-based).
    /// @param count Rooms in the batch. @param players Their players, room after room, in seat order (turkey, coffee,
    /// corn; seat 0 judges first).
    event RoomsCreated(
        uint256 indexed sessionId,
        uint256 firstRoomId,
        uint16 firstRoom,
        uint16 count,
        address[] players
    );
    /// @notice Every room exists. @param sessionId The session. @param deadline From the block after it, every room
    /// has timed out and anyone may close them in batches.
    event SessionPlaying(uint256 indexed sessionId, uint40 deadline);
    /// @notice A room's final result entered the session (from the rooms' callback, or pulled by `recordRooms`).
    /// @param sessionId The session. @param roomId The room. @param players By seat. @param points By seat.
    /// @param stats The room's counters.
    event RoomRecorded(
        uint256 indexed sessionId,
        uint256 indexed roomId,
        address[3] players,
        uint256[3] points,
        ISnatchRooms.Stats stats
    );
    /// @notice Timed-out rooms were closed with their defaults. @param sessionId The session. @param fromRoom First
    /// room index of the batch. @param toRoom One past the last. @param advanced Rooms that were still running.
    event TimedOutRoomsClosed(uint256 indexed sessionId, uint16 fromRoom, uint16 toRoom, uint256 advanced);
    /// @notice Every room finished. @param sessionId The session. @param totals The session's totals.
    event SessionFinished(uint256 indexed sessionId, Totals totals);
    /// @notice A session that never reached three players was closed after its join window.
    /// @param sessionId The session. @param by Who closed it. @param players Its players (0..2).
    event SessionClosed(uint256 indexed sessionId, address indexed by, uint256 players);

    // ----------------------------------------------------------------------------------------------- errors

    /// @notice No session with this id. @param sessionId The id.
    error UnknownSession(uint256 sessionId);
    /// @notice The number of rooms is 0 or above the maximum. @param rooms The number given. @param max The maximum.
    error RoomCountOutOfRange(uint256 rooms, uint256 max);
    /// @notice The batch size is 0 or above the maximum. @param size The size given. @param max The maximum.
    error BatchSizeOutOfRange(uint256 size, uint256 max);
    /// @notice A room window (trading or judging) is longer than the maximum. @param blocks The window given.
    /// @param max The maximum.
    error WindowTooLong(uint256 blocks, uint256 max);
    /// @notice First come: the join window is shorter than the minimum (the teacher's own start aside, nobody could
    /// join before anyone may start or close the session). @param blocks The window given. @param min The minimum.
    error JoinWindowTooShort(uint256 blocks, uint256 min);
    /// @notice First come: the join window is longer than the maximum. @param blocks The window given.
    /// @param max The maximum.
    error JoinWindowTooLong(uint256 blocks, uint256 max);
    /// @notice The listed seats do not fit: fewer than 3 (listed at once; none, listed in batches), or more than
    ///         3 x rooms (or than MAX_LISTED_SEATS). @param seats The session's seats with these. @param min The least.
    /// @param max The most.
    error SeatCountOutOfRange(uint256 seats, uint256 min, uint256 max);
    /// @notice The names listed are not one per seat. @param seats Seats listed. @param names Names listed.
    error NamesMismatch(uint256 seats, uint256 names);
    /// @notice The zero address cannot take a seat.
    error ZeroSeat();
    /// @notice The player already has a seat in this session. @param sessionId The session. @param player The player.
    error AlreadySeated(uint256 sessionId, address player);
    /// @notice Seating is closed (the draw was requested, or the seats were listed). @param sessionId The session.
    /// @param stage Its stage.
    error SeatingClosed(uint256 sessionId, Stage stage);
    /// @notice The teacher lists this session's seats: players do not join it. @param sessionId The session.
    error SeatingIsListed(uint256 sessionId);
    /// @notice Only the session's teacher lists its seats. @param sessionId The session. @param caller Who called.
    error NotTeacher(uint256 sessionId, address caller);
    /// @notice Adding seats to a first-come session (players join it themselves). @param sessionId The session.
    error SeatingIsFirstCome(uint256 sessionId);
    /// @notice Every seat is taken. @param sessionId The session. @param capacity Its seats.
    error SessionFull(uint256 sessionId, uint256 capacity);
    /// @notice A session needs at least three players to start. @param sessionId The session.
    /// @param players Its players.
    error TooFewPlayers(uint256 sessionId, uint256 players);
    /// @notice Until `openToAllFrom` only the teacher may start the session (or nobody close it), unless it is full.
    /// @param sessionId The session. @param openToAllFrom The first block at which anyone may.
    error JoinWindowOpen(uint256 sessionId, uint256 openToAllFrom);
    /// @notice Closing a session that has three players or more (start it instead). @param sessionId The session.
    /// @param players Its players.
    error SessionCanStart(uint256 sessionId, uint256 players);
    /// @notice The call does not fit the session's stage. @param sessionId The session. @param stage Its stage.
    error SessionWrongStage(uint256 sessionId, Stage stage);
    /// @notice The shuffle's randomness is not ready yet (or went stale: re-request it). @param sessionId The
    /// session. @param requestId The request. @param status Its status.
    error DrawNotReady(uint256 sessionId, uint256 requestId, IRandomness.Status status);
    /// @notice Rooms can be closed in batches only after the session's deadline. @param sessionId The session.
    /// @param deadline Its deadline.
    error SessionNotTimedOut(uint256 sessionId, uint256 deadline);
    /// @notice A batch size of zero.
    error ZeroBatch();
    /// @notice None of the rooms given finished without being recorded. @param sessionId The session.
    /// @param fromRoom First room index looked at. @param toRoom One past the last.
    error NoRoomToRecord(uint256 sessionId, uint256 fromRoom, uint256 toRoom);
    /// @notice Only the rooms contract calls back. @param account The caller.
    error NotRooms(address account);
    /// @notice A finished room that no session created. @param batchFirstRoom The batch it names.
    error NotSessionBatch(uint256 batchFirstRoom);
    /// @notice The account has no seat in this session. @param sessionId The session. @param player The account.
    error NotSeated(uint256 sessionId, address player);
}
