// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {DisplayName} from "../common/names/DisplayName.sol";
import {IRandomness} from "../common/randomness/IRandomness.sol";
import {RandomDraw} from "../common/randomness/RandomDraw.sol";
import {RandomnessConsumer} from "../common/randomness/RandomnessConsumer.sol";
import {ISnatchRooms} from "./ISnatchRooms.sol";
import {ISnatchRoomsObserver} from "./ISnatchRoomsObserver.sol";
import {ISnatchSession} from "./ISnatchSession.sol";
import {SnatchRooms} from "./SnatchRooms.sol";
import {SnatchFormats} from "./libraries/SnatchFormats.sol";

/// @title SnatchSession
/// @notice Class sessions of Snatch or Share (the seeds' first game: 3 players, 5 rounds). A teacher creates a session:
///         N rooms of three, the rooms' windows, and the seats, either listed (addresses and names from the class
///         sheet: in one transaction, seating closing at once, or in batches of transactions that keep each under a
///         block's share, then {start}) or first come, first seated (players {join} during a join window). The seated
///         players are shuffled at random into rooms of three (the shuffle also draws each player's role and the first
///         judge); the 0, 1 or 2 left over sit the session out and are named in {SeatsDrawn}. Rooms are created in
///         batches that anyone may create; the session finishes with its last room. See docs/class.md ("Three-player
///         session").
/// @dev A SnatchRooms factory (its owner must allow this contract with `setFactory`, as for SnatchTournament).
///      Randomness follows the project's rule: seating closing requests it ({createSession} with listed seats, or
///      {start}), the next state-advancing call ({createRooms}, anyone) consumes it, {rerequestDraw} (anyone)
///      replaces a stale request. Only the seed is stored: the shuffle is recomputed from it over the closed list of
///      seats by each batch and by the views. Nobody can freeze a session: after its join window anyone starts (or
///      closes) it, anyone creates its rooms, after its deadline anyone closes its timed-out rooms in batches, and if
///      the rooms' owner disallows this contract as a factory anyone records the rooms that finished without calling
///      back ({recordRooms}); creating rooms then waits for the owner to allow it again (the owner can pause a session,
///      never alter its seats or results). Names are emitted ({PlayerSeated}), not stored.
contract SnatchSession is ISnatchSession, ISnatchRoomsObserver, RandomnessConsumer {
    /// @notice Players per room.
    uint256 public constant ROOM_SIZE = 3;
    /// @notice Most rooms per session (300 seats: a class of 200 with room to spare).
    uint256 public constant MAX_ROOMS = 100;
    /// @notice Most seats a teacher lists (~54k gas a seat with a name: 240 seats ≈ 13M gas in one transaction; the
    ///         tasks and pages list more than 120 in batches, {createListedSession} then {addSeats}, each under 7M). A
    ///         larger class joins first come, first seated.
    uint256 public constant MAX_LISTED_SEATS = 240;
    /// @notice Most rooms per {createRooms} call (each new player's SnatchRooms profile is created with its room).
    uint256 public constant MAX_ROOMS_PER_BATCH = 50;
    /// @notice Longest join window and room window, in blocks.
    uint256 public constant MAX_BLOCKS = 100_000;
    /// @notice Shortest join window (first come), in blocks.
    uint256 public constant MIN_JOIN_BLOCKS = 20;
    /// @notice Most rooms {closeTimedOutRooms} and {recordRooms} pass per call.
    uint256 public constant MAX_CLOSE_BATCH = 50;

    /// @notice The rooms contract the sessions' rooms live in.
    SnatchRooms public immutable rooms;
    /// @notice Number of sessions (ids 1..sessionCount).
    uint256 public sessionCount;

    mapping(uint256 sessionId => Session) internal _sessions;
    /// Seated players by seat position (0-based).
    mapping(uint256 sessionId => mapping(uint256 position => address)) internal _players;
    mapping(uint256 sessionId => mapping(address player => Entry)) internal _entries;
    /// First room id of each batch (batch b holds room indexes [b * roomsPerBatch, (b + 1) * roomsPerBatch)).
    mapping(uint256 sessionId => mapping(uint256 batch => uint256)) internal _batchRoom;
    /// What each batch belongs to, keyed by its first room id (the rooms' callback names it).
    mapping(uint256 firstRoomId => Batch) internal _batches;
    /// The Snatch or Share format created for each set of windows.
    mapping(bytes32 windowsKey => uint32) internal _formatsByWindows;

    /// @param rooms_ The rooms contract (its owner must allow this contract as a factory).
    /// @param source The randomness source of the shuffles.
    constructor(SnatchRooms rooms_, IRandomness source) RandomnessConsumer(source) {
        rooms = rooms_;
    }

    // ================================================================================================== teacher

    /// @notice Creates a session organised by the caller. Its rooms play Snatch or Share's five rounds with the
    ///         config's windows (the preset format 1 for the default windows 120/10/60; another format, created once
    ///         and shared, for other windows). With `seats` listed, every seat is taken at once and the shuffle's
    ///         randomness is requested (charged to the caller); with none, players {join} first come, first seated.
    /// @param config Rooms, batch size, join window and the rooms' windows (see {Config}).
    /// @param seats The class's seats (3 to 3 x rooms addresses, at most {MAX_LISTED_SEATS}), or none for first come,
    ///        first seated.
    /// @param names One display name per listed seat ("" for none; DisplayName's rule), or none.
    /// @return sessionId The new session.
    function createSession(
        Config calldata config,
        address[] calldata seats,
        string[] calldata names
    ) external returns (uint256 sessionId) {
        _checkConfig(config);
        uint256 capacity = ROOM_SIZE * config.rooms;
        bool firstCome = seats.length == 0;
        if (firstCome) {
            _checkJoinWindow(config.joinBlocks);
        } else {
            uint256 most = capacity < MAX_LISTED_SEATS ? capacity : MAX_LISTED_SEATS;
            if (seats.length < ROOM_SIZE || seats.length > most)
                revert SeatCountOutOfRange(seats.length, ROOM_SIZE, most);
        }
        if (names.length != seats.length) revert NamesMismatch(seats.length, names.length);
        Session storage s;
        (sessionId, s) = _newSession(config, capacity, firstCome, firstCome);
        if (firstCome) return sessionId;
        for (uint256 i; i < seats.length; ++i) {
            if (seats[i] == address(0)) revert ZeroSeat();
            _seat(sessionId, s, seats[i], names[i], true);
        }
        _requestDraw(sessionId, s);
    }

    /// @notice Creates a session whose seats the teacher lists over several transactions: these `seats` now, more with
    ///         {addSeats}, then {start} closes seating and requests the shuffle's randomness (as for first come, the
    ///         teacher any time, anyone once it is full or `config.joinBlocks` blocks have passed). Players do not
    ///         {join} it. So that no transaction of a large class's listing passes a block's share.
    /// @param config Rooms, batch size, the window after which anyone may start it, and the rooms' windows.
    /// @param seats The first seats (1 to {MAX_LISTED_SEATS}, and at most 3 x rooms, with those added later).
    /// @param names One display name per seat ("" for none; DisplayName's rule).
    /// @return sessionId The new session.
    function createListedSession(
        Config calldata config,
        address[] calldata seats,
        string[] calldata names
    ) external returns (uint256 sessionId) {
        _checkConfig(config);
        _checkJoinWindow(config.joinBlocks);
        Session storage s;
        (sessionId, s) = _newSession(config, ROOM_SIZE * config.rooms, false, true);
        _list(sessionId, s, seats, names);
    }

    /// @notice Lists more seats of a session created by {createListedSession}, until it starts (its teacher only).
    /// @param sessionId The session.
    /// @param seats More seats (the session's seats stay at most {MAX_LISTED_SEATS} and 3 x rooms).
    /// @param names One display name per seat ("" for none; DisplayName's rule).
    function addSeats(uint256 sessionId, address[] calldata seats, string[] calldata names) external {
        Session storage s = _session(sessionId);
        if (msg.sender != s.organiser) revert NotTeacher(sessionId, msg.sender);
        if (s.stage != Stage.Registration) revert SeatingClosed(sessionId, s.stage);
        if (s.firstCome) revert SeatingIsFirstCome(sessionId);
        _list(sessionId, s, seats, names);
    }

    // =================================================================================================== players

    /// @notice Takes the next seat of a first-come session (during its join window or until someone starts it, up to
    ///         its capacity) under a display name, emitted with the seat. Also creates the caller's SnatchRooms
    ///         profile if it has none, so that its room's creation only reads it.
    /// @param sessionId The session.
    /// @param name At most 32 bytes of UTF-8 text without control characters (DisplayName); "" for no name.
    function join(uint256 sessionId, string calldata name) external {
        Session storage s = _session(sessionId);
        if (s.stage != Stage.Registration) revert SeatingClosed(sessionId, s.stage);
        if (!s.firstCome) revert SeatingIsListed(sessionId);
        if (s.playerCount == s.capacity) revert SessionFull(sessionId, s.capacity);
        _seat(sessionId, s, msg.sender, name, false);
        rooms.registerPlayer(msg.sender);
    }

    /// @notice Closes seating of a first-come session (or one listed in batches) and requests the shuffle's randomness.
    ///         Needs 3+ players. The teacher may start it any time; anyone may once it is full or its join window has
    ///         passed.
    /// @param sessionId The session.
    function start(uint256 sessionId) external {
        Session storage s = _session(sessionId);
        if (s.stage != Stage.Registration) revert SessionWrongStage(sessionId, s.stage);
        uint16 count = s.playerCount;
        if (count < ROOM_SIZE) revert TooFewPlayers(sessionId, count);
        uint256 openToAllFrom = uint256(s.createdAt) + s.joinBlocks;
        if (msg.sender != s.organiser && count != s.capacity && block.number < openToAllFrom) {
            revert JoinWindowOpen(sessionId, openToAllFrom);
        }
        _requestDraw(sessionId, s);
    }

    /// @notice Closes a first-come session that has fewer than three players once its join window has passed. Anyone
    ///         may call it; nothing more happens in a closed session.
    /// @param sessionId The session.
    function closeSession(uint256 sessionId) external {
        Session storage s = _session(sessionId);
        if (s.stage != Stage.Registration) revert SessionWrongStage(sessionId, s.stage);
        uint16 count = s.playerCount;
        if (count >= ROOM_SIZE) revert SessionCanStart(sessionId, count);
        uint256 closableFrom = uint256(s.createdAt) + s.joinBlocks;
        if (block.number < closableFrom) revert JoinWindowOpen(sessionId, closableFrom);
        s.stage = Stage.Closed;
        emit SessionClosed(sessionId, msg.sender, count);
    }

    // ===================================================================================================== rooms

    /// @notice Replaces the session's stale draw request (block-hash source: 256 blocks) with a new one. Anyone may
    ///         call it.
    /// @param sessionId The session.
    function rerequestDraw(uint256 sessionId) external {
        Session storage s = _session(sessionId);
        if (s.stage != Stage.Drawing) revert SessionWrongStage(sessionId, s.stage);
        uint256 old = s.request;
        uint256 request = _rerequest(old);
        s.request = request;
        emit DrawRerequested(sessionId, old, request);
    }

    /// @notice Creates the next batch of the session's rooms (`roomsPerBatch` at most). The first call consumes the
    ///         draw's randomness (once ready) and draws the shuffle; the call creating the last batch sets the
    ///         session's deadline. Anyone may call it.
    /// @param sessionId The session.
    /// @return created Rooms created by this call.
    function createRooms(uint256 sessionId) external returns (uint256 created) {
        Session storage s = _session(sessionId);
        Stage stage = s.stage;
        if (stage != Stage.Drawing && stage != Stage.Creating) revert SessionWrongStage(sessionId, stage);
        uint256[] memory order = stage == Stage.Drawing ? _draw(sessionId, s) : _shuffle(s);
        uint256 perBatch = s.roomsPerBatch;
        uint256 from = s.created;
        uint256 total = s.rooms;
        uint256 to = from + perBatch < total ? from + perBatch : total;
        created = to - from;
        address[] memory seated = new address[](ROOM_SIZE * created);
        for (uint256 i; i < seated.length; ++i) seated[i] = _players[sessionId][order[ROOM_SIZE * from + i]];
        s.created = uint16(to);
        // SnatchRooms is trusted (immutable) and creating rooms calls nothing back.
        uint256 firstRoom = rooms.createRooms(s.format, seated);
        _batchRoom[sessionId][from / perBatch] = firstRoom;
        _batches[firstRoom] = Batch(uint64(sessionId), uint16(from));
        emit RoomsCreated(sessionId, firstRoom, uint16(from), uint16(created), seated);
        if (to == total) {
            // A room created now has finished, or has every window expired, after 5 rounds and the judging phase.
            SnatchRooms.Format memory f = rooms.formatData(s.format);
            uint40 deadline = uint40(block.number + uint256(f.roundCount) * f.trading + f.judging);
            s.deadline = deadline;
            s.stage = Stage.Playing;
            emit SessionPlaying(sessionId, deadline);
        }
    }

    /// @notice After the session's deadline (every room has timed out), closes the next `maxRooms` rooms (at most
    ///         {MAX_CLOSE_BATCH}) with their defaults through `SnatchRooms.advanceMany`; each room that finishes enters
    ///         the session through the rooms' callback, and the last one finishes the session. Anyone may call it.
    /// @param sessionId The session.
    /// @param maxRooms Most rooms to pass in this call.
    function closeTimedOutRooms(uint256 sessionId, uint256 maxRooms) external {
        if (maxRooms == 0) revert ZeroBatch();
        Session storage s = _session(sessionId);
        if (s.stage != Stage.Playing) revert SessionWrongStage(sessionId, s.stage);
        if (block.number <= s.deadline) revert SessionNotTimedOut(sessionId, s.deadline);
        if (maxRooms > MAX_CLOSE_BATCH) maxRooms = MAX_CLOSE_BATCH;
        uint256 from = s.closed;
        uint256 total = s.rooms;
        uint256 to = from + maxRooms < total ? from + maxRooms : total;
        uint256[] memory ids = new uint256[](to - from);
        for (uint256 k = from; k < to; ++k) ids[k - from] = _roomIdAt(sessionId, s, k);
        s.closed = uint16(to);
        // Finishing rooms call back onRoomFinished, which may finish the session: nothing read above is written after.
        uint256 advanced = rooms.advanceMany(ids);
        emit TimedOutRoomsClosed(sessionId, uint16(from), uint16(to), advanced);
    }

    /// @notice Records the results of rooms that finished without calling back (the rooms' owner can disallow this
    ///         contract as a factory, and a disallowed factory's rooms finish without the callback). Looks at room
    ///         indexes `fromRoom` .. `fromRoom + maxRooms` (at most {MAX_CLOSE_BATCH}, up to the rooms created) and
    ///         pulls each finished, unrecorded room's result from SnatchRooms. Anyone may call it.
    /// @param sessionId The session.
    /// @param fromRoom First room index to look at.
    /// @param maxRooms Most rooms to look at.
    /// @return recorded Rooms recorded by this call (reverts with {NoRoomToRecord} if none).
    function recordRooms(uint256 sessionId, uint256 fromRoom, uint256 maxRooms) external returns (uint256 recorded) {
        if (maxRooms == 0) revert ZeroBatch();
        Session storage s = _session(sessionId);
        Stage stage = s.stage;
        if (stage != Stage.Creating && stage != Stage.Playing) revert SessionWrongStage(sessionId, stage);
        uint256 created = s.created;
        if (maxRooms > MAX_CLOSE_BATCH) maxRooms = MAX_CLOSE_BATCH;
        // (Written so that no `fromRoom`, however large, overflows.)
        uint256 to = fromRoom < created && created - fromRoom > maxRooms ? fromRoom + maxRooms : created;
        for (uint256 k = fromRoom; k < to; ++k) {
            uint256 roomId = _roomIdAt(sessionId, s, k);
            // SnatchRooms is trusted (immutable); these are views.
            (bool finished, address[3] memory players, uint256[3] memory points) = rooms.roomResult(roomId);
            if (!finished || _entries[sessionId][players[0]].recorded) continue;
            _recordRoom(sessionId, roomId, players, points, rooms.roomStats(roomId));
            ++recorded;
        }
        if (recorded == 0) revert NoRoomToRecord(sessionId, fromRoom, to > fromRoom ? to : fromRoom);
    }

    /// @inheritdoc ISnatchRoomsObserver
    /// @dev Records the room's final points in its players' entries and the session's totals, and finishes the
    ///      session with its last room. Never reverts for a room this contract created. (SnatchRooms also calls the
    ///      tournament, and any other factory, only for its own rooms: batches are keyed by their first room id.)
    function onRoomFinished(
        uint256 roomId,
        uint256 batchFirstRoom,
        address[3] calldata players,
        uint256[3] calldata points,
        ISnatchRooms.Stats calldata stats
    ) external {
        if (msg.sender != address(rooms)) revert NotRooms(msg.sender);
        uint256 sessionId = _batches[batchFirstRoom].session;
        if (sessionId == 0) revert NotSessionBatch(batchFirstRoom);
        _recordRoom(sessionId, roomId, players, points, stats);
    }

    // ===================================================================================================== views

    /// @notice A session's stored data (with its totals).
    /// @param sessionId The session.
    function session(uint256 sessionId) external view returns (Session memory) {
        return _session(sessionId);
    }

    /// @notice The player at seat position `position` (0-based; zero address past the count).
    /// @param sessionId The session.
    /// @param position The position.
    function playerAt(uint256 sessionId, uint256 position) external view returns (address) {
        _session(sessionId);
        return _players[sessionId][position];
    }

    /// @notice A player's entry (index 0: not seated), with its room's points once recorded.
    /// @param sessionId The session.
    /// @param player The account.
    function entryOf(uint256 sessionId, address player) external view returns (Entry memory) {
        _session(sessionId);
        return _entries[sessionId][player];
    }

    /// @notice Where a seated player sits: its room and seat once drawn (recomputes the shuffle: meant for `eth_call`).
    /// @param sessionId The session.
    /// @param player A seated player.
    function seatOf(uint256 sessionId, address player) external view returns (SeatView memory v) {
        Session storage s = _session(sessionId);
        uint16 index = _entries[sessionId][player].index;
        if (index == 0) revert NotSeated(sessionId, player);
        v.index = index;
        if (s.seed == 0) return v;
        v.drawn = true;
        uint256[] memory order = _shuffle(s);
        uint256 place;
        while (order[place] != index - 1) ++place;
        uint256 room = place / ROOM_SIZE;
        if (room >= s.rooms) {
            v.satOut = true;
            return v;
        }
        v.room = uint16(room);
        v.seat = uint8(place % ROOM_SIZE);
        if (room < s.created) v.roomId = _roomIdAt(sessionId, s, room);
    }

    /// @notice Room ids of the session's room indexes `offset`.. (at most `limit`, up to the rooms created).
    /// @param sessionId The session.
    /// @param offset First room index.
    /// @param limit Most ids.
    function roomIds(uint256 sessionId, uint256 offset, uint256 limit) external view returns (uint256[] memory ids) {
        Session storage s = _session(sessionId);
        uint256 created = s.created;
        if (offset >= created) return ids;
        uint256 end = limit < created - offset ? offset + limit : created;
        ids = new uint256[](end - offset);
        for (uint256 k = offset; k < end; ++k) ids[k - offset] = _roomIdAt(sessionId, s, k);
    }

    /// @notice The batch a room's callback names (session 0: not a session batch).
    /// @param firstRoomId A batch's first room.
    function batchOf(uint256 firstRoomId) external view returns (Batch memory) {
        return _batches[firstRoomId];
    }

    // ================================================================================================ internal

    /// @dev Snatch or Share's five rounds with the config's windows: the preset (format 1) for its default windows,
    ///      else a format created in SnatchRooms the first time these windows are used (SnatchRooms validates them:
    ///      InvalidWindows).
    function _formatFor(Config calldata config) private returns (uint32 format) {
        ISnatchRooms.Windows memory w = SnatchFormats.defaultWindows();
        if (config.trading == w.trading && config.closing == w.closing && config.judging == w.judging) {
            return rooms.SNATCH_OR_SHARE();
        }
        bytes32 key = keccak256(abi.encode(config.trading, config.closing, config.judging));
        format = _formatsByWindows[key];
        if (format != 0) return format;
        w.trading = config.trading;
        w.closing = config.closing;
        w.judging = config.judging;
        format = rooms.createFormat(SnatchFormats.snatchOrShareRounds(), w);
        _formatsByWindows[key] = format;
    }

    /// @dev Reverts unless the rooms, the batch size and the rooms' windows are within bounds.
    function _checkConfig(Config calldata config) private pure {
        if (config.rooms == 0 || config.rooms > MAX_ROOMS) revert RoomCountOutOfRange(config.rooms, MAX_ROOMS);
        if (config.roomsPerBatch == 0 || config.roomsPerBatch > MAX_ROOMS_PER_BATCH) {
            revert BatchSizeOutOfRange(config.roomsPerBatch, MAX_ROOMS_PER_BATCH);
        }
        uint256 longest = config.trading > config.judging ? config.trading : config.judging;
        if (longest > MAX_BLOCKS) revert WindowTooLong(longest, MAX_BLOCKS);
    }

    /// @dev Reverts unless a join window (after which anyone may start a session still seating) is within bounds.
    function _checkJoinWindow(uint256 joinBlocks) private pure {
        if (joinBlocks < MIN_JOIN_BLOCKS) revert JoinWindowTooShort(joinBlocks, MIN_JOIN_BLOCKS);
        if (joinBlocks > MAX_BLOCKS) revert JoinWindowTooLong(joinBlocks, MAX_BLOCKS);
    }

    /// @dev Seats the teacher's `seats` (with `names`) in listed session `s`, whose seats stay at most
    ///      {MAX_LISTED_SEATS} and its capacity.
    function _list(uint256 sessionId, Session storage s, address[] calldata seats, string[] calldata names) private {
        uint256 capacity = s.capacity;
        uint256 most = capacity < MAX_LISTED_SEATS ? capacity : MAX_LISTED_SEATS;
        uint256 total = s.playerCount + seats.length;
        if (seats.length == 0 || total > most) revert SeatCountOutOfRange(total, s.playerCount + 1, most);
        if (names.length != seats.length) revert NamesMismatch(seats.length, names.length);
        for (uint256 i; i < seats.length; ++i) {
            if (seats[i] == address(0)) revert ZeroSeat();
            _seat(sessionId, s, seats[i], names[i], true);
        }
    }

    /// @dev Stores a new session in its registration stage and emits {SessionCreated}; `startable`: seating stays open
    ///      until someone starts it (first come, or listed in batches).
    function _newSession(
        Config calldata config,
        uint256 capacity,
        bool firstCome,
        bool startable
    ) private returns (uint256 sessionId, Session storage s) {
        uint32 format = _formatFor(config);
        sessionId = ++sessionCount;
        s = _sessions[sessionId];
        s.organiser = msg.sender;
        s.capacity = uint16(capacity);
        s.stage = Stage.Registration;
        s.firstCome = firstCome;
        s.createdAt = uint40(block.number);
        s.joinBlocks = config.joinBlocks;
        s.roomsPerBatch = config.roomsPerBatch;
        s.format = format;
        uint40 startableFrom = startable ? uint40(block.number + config.joinBlocks) : 0;
        emit SessionCreated(sessionId, msg.sender, config, format, firstCome, startableFrom);
    }

    /// @dev Seats `player` at the next position under `name` (checked, emitted).
    function _seat(uint256 sessionId, Session storage s, address player, string calldata name, bool listed) private {
        if (bytes(name).length != 0) DisplayName.check(name);
        Entry storage e = _entries[sessionId][player];
        if (e.index != 0) revert AlreadySeated(sessionId, player);
        uint16 count = s.playerCount;
        _players[sessionId][count] = player;
        ++count;
        s.playerCount = count;
        e.index = count;
        emit PlayerSeated(sessionId, player, count, name, listed);
    }

    /// @dev Closes seating: requests the shuffle's randomness.
    function _requestDraw(uint256 sessionId, Session storage s) private {
        uint256 request = _requestRandomness();
        s.request = request;
        s.stage = Stage.Drawing;
        emit DrawRequested(sessionId, msg.sender, s.playerCount, request);
    }

    /// @dev Consumes the draw's randomness (reverts unless ready), stores the seed and the room count, names the
    ///      leftovers.
    function _draw(uint256 sessionId, Session storage s) private returns (uint256[] memory order) {
        uint256 request = s.request;
        (IRandomness.Status status, uint256 seed) = _readRandomness(request);
        if (status != IRandomness.Status.Ready) revert DrawNotReady(sessionId, request, status);
        s.seed = seed;
        s.request = 0;
        s.stage = Stage.Creating;
        uint256 n = s.playerCount;
        uint16 roomCount = uint16(n / ROOM_SIZE);
        s.rooms = roomCount;
        order = _shuffle(s);
        address[] memory satOut = new address[](n % ROOM_SIZE);
        for (uint256 i; i < satOut.length; ++i) satOut[i] = _players[sessionId][order[ROOM_SIZE * roomCount + i]];
        emit SeatsDrawn(sessionId, seed, roomCount, satOut);
    }

    /// @dev The permutation of seat positions drawn from the session's seed (salt 0).
    function _shuffle(Session storage s) private view returns (uint256[] memory) {
        return RandomDraw.permutation(s.seed, 0, s.playerCount);
    }

    /// @dev Enters a finished room's result: its players' entries, the session's totals and finished count; the
    ///      session finishes with its last room. A 3-player room holds at most 15 goods worth at most 2 points each,
    ///      so points fit the entries' 16 bits and the totals cannot overflow (at most MAX_ROOMS rooms).
    function _recordRoom(
        uint256 sessionId,
        uint256 roomId,
        address[3] memory players,
        uint256[3] memory points,
        ISnatchRooms.Stats memory stats
    ) private {
        uint256 sum;
        for (uint256 seat; seat < ROOM_SIZE; ++seat) {
            Entry storage e = _entries[sessionId][players[seat]];
            e.recorded = true;
            e.points = uint16(points[seat]);
            sum += points[seat];
        }
        Session storage s = _sessions[sessionId];
        Totals storage t = s.totals;
        uint16 finished = t.finished + 1;
        t.finished = finished;
        t.offers += stats.offers;
        t.accepts += stats.accepts;
        t.rejects += stats.rejects;
        t.snatches += stats.snatches;
        t.shames += stats.shames;
        t.reports += stats.reports;
        t.points += uint32(sum);
        emit RoomRecorded(sessionId, roomId, players, points, stats);
        if (finished == s.rooms) {
            s.stage = Stage.Finished;
            emit SessionFinished(sessionId, t);
        }
    }

    function _session(uint256 sessionId) internal view returns (Session storage s) {
        s = _sessions[sessionId];
        if (s.stage == Stage.None) revert UnknownSession(sessionId);
    }

    /// @dev The room of room index `room` (created already).
    function _roomIdAt(uint256 sessionId, Session storage s, uint256 room) internal view returns (uint256) {
        uint256 perBatch = s.roomsPerBatch;
        return _batchRoom[sessionId][room / perBatch] + (room % perBatch);
    }
}
