// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {DisplayName} from "../common/names/DisplayName.sol";
import {IRandomness} from "../common/randomness/IRandomness.sol";
import {RandomnessConsumer} from "../common/randomness/RandomnessConsumer.sol";
import {ISnatchRooms} from "./ISnatchRooms.sol";
import {ISnatchRoomsObserver} from "./ISnatchRoomsObserver.sol";
import {ISnatchTournament} from "./ISnatchTournament.sol";
import {SnatchRooms} from "./SnatchRooms.sol";
import {SnatchFormats} from "./libraries/SnatchFormats.sol";
import {SnatchPairing} from "./libraries/SnatchPairing.sol";

/// @title SnatchTournament
/// @notice SnatchGame tournaments: an organiser creates one (a player cap, window lengths); players register; for each
///         phase G1..G5 in order, every registered player is shuffled at random and paired into 2-player rooms of
///         SnatchRooms (3 rounds of the phase's variant), an odd player sitting the phase out; rooms play in parallel
///         and only each room's round-3 result enters the leaderboard, written in the transaction that finishes the
///         room. After G5 the tournament is final. See docs/snatch-tournament.md.
/// @dev A SnatchRooms factory (its owner must allow this contract with `setFactory`). Randomness follows the
///      project's rule: {startPhase} requests it (the commitment: registration closes there), the next state-advancing
///      call ({createPhaseRooms}, anyone) consumes it, and {rerequestPairing} (anyone) replaces a stale request. Only
///      the seed is stored: the shuffle (SnatchPairing) is recomputed from it over the closed list of players by every
///      batch of rooms and by the views. Nobody can freeze a tournament: after a phase's deadline anyone closes its
///      timed-out rooms in batches, after a grace period anyone may start the next phase, and if the rooms' owner
///      disallows this contract as a factory, anyone records the rooms that finished without calling back
///      ({recordRooms}) so that the phase still ends (creating the next phase's rooms then waits for the owner to allow
///      it again: the owner can pause a tournament, never alter its results).
contract SnatchTournament is ISnatchTournament, ISnatchRoomsObserver, RandomnessConsumer {
    /// @notice Phases G1..G5.
    uint256 public constant PHASES = 5;
    /// @notice Rounds per room.
    uint256 public constant ROUNDS = SnatchFormats.VARIANT_ROUNDS;
    /// @notice Largest player cap (keeps a batch's shuffle, recomputed per batch, well under block limits).
    uint256 public constant MAX_CAP = 2000;
    /// @notice Largest number of rooms created per {createPhaseRooms} call (~67k gas each, plus the shuffle: 150 rooms
    ///         of a 1,999-player tournament measured 12.5M gas).
    uint256 public constant MAX_ROOMS_PER_BATCH = 150;
    /// @notice Longest registration period, grace period and room window, in blocks: a tournament whose organiser
    ///         vanishes moves on after at most this many blocks (anyone may then start phases), and a phase whose
    ///         players vanish ends after at most 3 x 4 windows.
    uint256 public constant MAX_BLOCKS = 100_000;
    /// @notice Shortest registration period, in blocks: before it ends only the organiser may start phase 1 and nobody
    ///         may close the tournament, so a tournament is never closed (or started by its second registrant) the
    ///         moment it is created, before anyone else could register.
    uint256 public constant MIN_REGISTRATION_BLOCKS = 20;
    /// @notice Largest number of rooms {closeTimedOutRooms} advances per call (an abandoned G5 room, the dearest to
    ///         close, costs ~88k gas with its callback: 100 rooms ≈ 8.8M gas, under 15M with room to spare).
    uint256 public constant MAX_CLOSE_BATCH = 100;
    /// @notice Longest display name kept as bytes in the player's entry slot (its 96 spare bits) rather than a word of
    ///         its own; a name of up to 15 letters, digits and spaces is kept there too, packed 6 bits a character.
    uint256 public constant SHORT_NAME = 12;

    /// @notice The rooms contract the tournaments' rooms live in.
    SnatchRooms public immutable rooms;
    /// @notice Number of tournaments (ids 1..tournamentCount).
    uint256 public tournamentCount;

    mapping(uint256 tournamentId => Tournament) internal _tournaments;
    mapping(uint256 tournamentId => mapping(uint256 phase => PhaseState)) internal _phases;
    /// Registered players' SnatchRooms profile ids by registration position (0-based), eight 32-bit ids a word (id of
    /// position i at bit 32 * (i % 8) of word i / 8); the account is the rooms' `playerById`. A registration thus
    /// writes a new word once in eight and adds to a used one otherwise: ~17,000 gas less than a word per player.
    mapping(uint256 tournamentId => mapping(uint256 word => uint256 ids)) internal _playerIds;
    /// An entry's slot also holds its player's display name in its 96 high bits (160-255, above {Entry}'s fields) when
    /// the name has at most {SHORT_NAME} bytes; longer names have a word in `_names` (see {_nameOf}).
    mapping(uint256 tournamentId => mapping(address player => Entry)) internal _entries;
    /// First room id of each batch of a phase (batch b holds pairs [b * roomsPerBatch, (b + 1) * roomsPerBatch)).
    mapping(uint256 tournamentId => mapping(uint256 phase => mapping(uint256 batch => uint256))) internal _batchRoom;
    /// What each batch belongs to, keyed by its first room id (the rooms' callback names it).
    mapping(uint256 firstRoomId => Batch) internal _batches;
    /// The first of the five consecutive formats (G1..G5) created for each set of windows.
    mapping(bytes32 windowsKey => uint32) internal _formatsByWindows;
    /// Display names of more than {SHORT_NAME} bytes given at registration, packed in a word (DisplayName.toWord).
    mapping(uint256 tournamentId => mapping(address player => bytes32)) internal _names;

    /// @param rooms_ The rooms contract (its owner must allow this contract as a factory).
    /// @param source The randomness source of the pairings.
    constructor(SnatchRooms rooms_, IRandomness source) RandomnessConsumer(source) {
        rooms = rooms_;
    }

    // ================================================================================================ organiser

    /// @notice Creates a tournament organised by the caller. Its phases use five SnatchRooms formats (G1..G5, 3 rounds
    ///         each, the given windows), created by the first tournament with these windows and shared by the next.
    /// @param config Cap, batch size, registration period, grace period and window lengths (see {Config}).
    /// @return tournamentId The new tournament.
    function createTournament(Config calldata config) external returns (uint256 tournamentId) {
        if (config.cap < 2 || config.cap > MAX_CAP) revert CapOutOfRange(config.cap, MAX_CAP);
        if (config.roomsPerBatch == 0 || config.roomsPerBatch > MAX_ROOMS_PER_BATCH) {
            revert BatchSizeOutOfRange(config.roomsPerBatch, MAX_ROOMS_PER_BATCH);
        }
        if (config.registrationBlocks < MIN_REGISTRATION_BLOCKS) {
            revert RegistrationTooShort(config.registrationBlocks, MIN_REGISTRATION_BLOCKS);
        }
        if (config.registrationBlocks > MAX_BLOCKS) revert RegistrationTooLong(config.registrationBlocks, MAX_BLOCKS);
        if (config.grace > MAX_BLOCKS) revert GraceTooLong(config.grace, MAX_BLOCKS);
        uint256 longest = config.talk;
        if (config.offer > longest) longest = config.offer;
        if (config.response > longest) longest = config.response;
        if (config.decision > longest) longest = config.decision;
        if (longest > MAX_BLOCKS) revert WindowTooLong(longest, MAX_BLOCKS);
        uint32 firstFormat = _formatsFor(config);
        uint32[5] memory formats;
        for (uint256 p; p < PHASES; ++p) formats[p] = firstFormat + uint32(p);
        tournamentId = ++tournamentCount;
        Tournament storage t = _tournaments[tournamentId];
        t.organiser = msg.sender;
        t.cap = config.cap;
        t.stage = Stage.Registration;
        t.createdAt = uint40(block.number);
        t.registrationBlocks = config.registrationBlocks;
        t.grace = config.grace;
        t.roomsPerBatch = config.roomsPerBatch;
        t.talk = config.talk;
        t.offer = config.offer;
        t.response = config.response;
        t.decision = config.decision;
        t.firstFormat = firstFormat;
        emit TournamentCreated(tournamentId, msg.sender, config, formats);
    }

    /// @notice Hands the tournament over to another organiser.
    /// @param tournamentId The tournament.
    /// @param organiser The new organiser.
    function setOrganiser(uint256 tournamentId, address organiser) external {
        Tournament storage t = _tournament(tournamentId);
        address previous = t.organiser;
        if (msg.sender != previous) revert NotOrganiser(tournamentId, msg.sender);
        if (organiser == address(0)) revert ZeroOrganiser();
        if (t.stage == Stage.Final) revert TournamentIsFinal(tournamentId);
        t.organiser = organiser;
        emit OrganiserChanged(tournamentId, previous, organiser);
    }

    // =================================================================================================== players

    /// @notice Registers the caller (until phase 1 starts, up to the cap) under a display name, stored with the
    ///         registration and shown instead of the address. Also creates its SnatchRooms profile if it has none,
    ///         so that room creation later only reads it. Names are self-chosen: nobody registers someone else.
    /// @param tournamentId The tournament.
    /// @param name At most 32 bytes of UTF-8 text without control characters (DisplayName); "" for no name.
    function register(uint256 tournamentId, string calldata name) external {
        // A name of at most 15 letters, digits and spaces (every bot's, most people's) is packed 6 bits a character,
        // which also proves it valid: the linked DisplayName check (a cold account and a DELEGATECALL, ~4,500 gas)
        // runs only for other names (see {_packName}).
        uint256 packed;
        if (bytes(name).length != 0) {
            packed = _packName(name);
            if (packed == 0) DisplayName.check(name);
        }
        // The tournament's first slot read once and written once (field by field: five reads of it, ~600 gas more).
        // Solidity's layout of {Tournament} (fields in order from the low end): organiser 0-159, cap 160-175,
        // playerCount 176-191, phase 192-199, stage 200-207. The registration tests read each back (cap, count,
        // stage refusals), and SnatchTournament.layout.test.ts pins the slot's end (createdAt).
        Tournament storage t = _tournaments[tournamentId];
        uint256 w;
        assembly ("memory-safe") {
            w := sload(t.slot)
        }
        Stage stage = Stage(uint8(w >> 200));
        if (stage == Stage.None) revert UnknownTournament(tournamentId);
        if (stage != Stage.Registration) revert RegistrationClosed(tournamentId, stage);
        Entry storage e = _entries[tournamentId][msg.sender];
        if (e.index != 0) revert AlreadyRegistered(tournamentId, msg.sender);
        uint256 count = uint16(w >> 176);
        if (count == uint16(w >> 160)) revert TournamentFull(tournamentId, uint16(w >> 160));
        // SnatchRooms is trusted (immutable) and creating a profile calls nothing back (so `w` is still the slot).
        uint256 id = rooms.registerPlayer(msg.sender);
        _playerIds[tournamentId][count >> 3] |= id << ((count & 7) << 5);
        ++count;
        // One more player: count stays at most the cap (at most MAX_CAP), so the 16-bit field cannot carry.
        assembly ("memory-safe") {
            sstore(t.slot, add(w, shl(176, 1)))
        }
        // A new entry is zero but for its index. A name of at most 12 bytes, left-aligned in its word (its low 160 bits
        // zero), goes in the entry slot's high bits with it: one write instead of a second new word (-22,100 gas); so
        // does a longer name that packs in 6 bits a character (13 to 15 letters, digits and spaces: "opportunist 123").
        uint256 entry = count;
        if (bytes(name).length <= SHORT_NAME) entry |= uint256(DisplayName.toWord(name));
        else if (packed != 0) entry |= packed;
        else _names[tournamentId][msg.sender] = DisplayName.toWord(name);
        assembly ("memory-safe") {
            sstore(e.slot, entry)
        }
        emit PlayerRegistered(tournamentId, msg.sender, uint16(count), name);
    }

    /// @notice Closes a tournament that never reached two players, once its registration window has passed (from
    ///         `registrationBlocks` after creation). Anyone may call it; nothing more happens in a closed tournament.
    /// @param tournamentId The tournament.
    function closeTournament(uint256 tournamentId) external {
        Tournament storage t = _tournament(tournamentId);
        if (t.stage != Stage.Registration) revert WrongStage(tournamentId, t.stage);
        uint16 count = t.playerCount;
        if (count >= 2) revert TournamentCanStart(tournamentId, count);
        uint256 closableFrom = uint256(t.createdAt) + t.registrationBlocks;
        if (block.number < closableFrom) revert RegistrationStillOpen(tournamentId, closableFrom);
        t.stage = Stage.Closed;
        emit TournamentClosed(tournamentId, msg.sender, count);
    }

    // ==================================================================================================== phases

    /// @notice Starts phase `phase` (1..5, in order): requests the randomness of its pairing. Phase 1 closes
    ///         registration and needs 2+ players. The organiser may start a phase as soon as the previous one ended
    ///         (phase 1: any time); anyone may from `grace` blocks after it ended (phase 1: `registrationBlocks` after
    ///         creation). The phase is named so that two racing starts cannot start two phases.
    /// @param tournamentId The tournament.
    /// @param phase The phase to start.
    function startPhase(uint256 tournamentId, uint256 phase) external {
        Tournament storage t = _tournament(tournamentId);
        if (phase == 0 || phase > PHASES) revert UnknownPhase(phase);
        Stage stage = t.stage;
        if (stage == Stage.Final) revert TournamentIsFinal(tournamentId);
        if (stage == Stage.Closed) revert WrongStage(tournamentId, stage);
        uint256 current = t.phase;
        if (phase <= current) revert PhaseAlreadyStarted(tournamentId, phase);
        if (phase > current + 1) revert PhaseOutOfOrder(tournamentId, phase, current + 1);
        uint256 openToAllFrom;
        if (current == 0) {
            if (t.playerCount < 2) revert NotEnoughPlayers(tournamentId, t.playerCount);
            openToAllFrom = uint256(t.createdAt) + t.registrationBlocks;
        } else {
            PhaseState storage previous = _phases[tournamentId][current];
            if (stage != Stage.Ended) {
                revert PhaseNotEnded(tournamentId, current, previous.totals.finished, previous.rooms);
            }
            openToAllFrom = uint256(previous.endedAt) + t.grace;
        }
        if (msg.sender != t.organiser && block.number < openToAllFrom) {
            revert StartReservedToOrganiser(tournamentId, phase, openToAllFrom);
        }
        uint256 request = _requestRandomness();
        PhaseState storage p = _phases[tournamentId][phase];
        p.request = request;
        p.startedAt = uint40(block.number);
        t.phase = uint8(phase);
        t.stage = Stage.Pairing;
        emit PhaseStarted(tournamentId, uint8(phase), msg.sender, t.playerCount, request);
    }

    /// @notice Replaces the current phase's stale pairing request (block-hash source: 256 blocks) with a new one.
    ///         Anyone may call it.
    /// @param tournamentId The tournament.
    function rerequestPairing(uint256 tournamentId) external {
        Tournament storage t = _tournament(tournamentId);
        if (t.stage != Stage.Pairing) revert WrongStage(tournamentId, t.stage);
        uint8 phase = t.phase;
        PhaseState storage p = _phases[tournamentId][phase];
        uint256 old = p.request;
        if (old == 0) revert PairingAlreadyDrawn(tournamentId, phase);
        uint256 request = _rerequest(old);
        p.request = request;
        emit PairingRerequested(tournamentId, phase, old, request);
    }

    /// @notice Creates the next batch of the current phase's rooms (`roomsPerBatch` at most). The first call consumes
    ///         the pairing randomness (once ready) and draws the shuffle; the call creating the last batch opens the
    ///         phase's play and sets its deadline. Anyone may call it.
    /// @param tournamentId The tournament.
    /// @return created Rooms created by this call.
    function createPhaseRooms(uint256 tournamentId) external returns (uint256 created) {
        Tournament storage t = _tournament(tournamentId);
        if (t.stage != Stage.Pairing) revert WrongStage(tournamentId, t.stage);
        uint8 phase = t.phase;
        PhaseState storage p = _phases[tournamentId][phase];
        uint256[] memory order =
            p.seed == 0 ? _drawPairing(tournamentId, t, p, phase) : SnatchPairing.shuffle(p.seed, t.playerCount);
        uint256 perBatch = t.roomsPerBatch;
        uint256 from = p.created;
        uint256 to = from + perBatch < p.rooms ? from + perBatch : p.rooms;
        created = to - from;
        uint256[] memory seated = new uint256[](2 * created);
        // The list's mapping found once (not per seat); unchecked: k < to <= p.rooms <= 1,000, so 2k + 1 cannot
        // overflow (the arrays' bounds are still checked).
        mapping(uint256 word => uint256 ids) storage list = _playerIds[tournamentId];
        unchecked {
            for (uint256 k = from; k < to; ++k) {
                uint256 a = order[2 * k];
                uint256 b = order[2 * k + 1];
                seated[2 * (k - from)] = (list[a >> 3] >> ((a & 7) << 5)) & 0xffffffff;
                seated[2 * (k - from) + 1] = (list[b >> 3] >> ((b & 7) << 5)) & 0xffffffff;
            }
        }
        p.created = uint16(to);
        // SnatchRooms is trusted (immutable) and creating rooms calls nothing back. By ids: the rooms read each account
        // from its id, where the addresses would have made this contract look them up and the rooms read their ids.
        uint256 firstRoom = rooms.createRoomsOfIds(_format(t, phase), seated);
        _batchRoom[tournamentId][phase][from / perBatch] = firstRoom;
        _setBatch(firstRoom, tournamentId, phase, from, p.rooms);
        emit RoomsCreated(tournamentId, phase, firstRoom, uint16(from), uint16(created));
        if (to == p.rooms) {
            uint40 deadline = uint40(block.number + _duration(t, phase));
            p.deadline = deadline;
            t.stage = Stage.Playing;
            emit PhasePlaying(tournamentId, phase, deadline);
        }
    }

    /// @notice After the phase deadline (every room has timed out), closes the next `maxRooms` rooms (at most
    ///         {MAX_CLOSE_BATCH}) with their defaults through `SnatchRooms.advanceMany`; each room that finishes enters
    ///         the leaderboard through the rooms' callback, and the last one ends the phase. Anyone may call it.
    /// @param tournamentId The tournament.
    /// @param maxRooms Most rooms to pass in this call.
    function closeTimedOutRooms(uint256 tournamentId, uint256 maxRooms) external {
        if (maxRooms == 0) revert ZeroBatch();
        Tournament storage t = _tournament(tournamentId);
        if (t.stage != Stage.Playing) revert WrongStage(tournamentId, t.stage);
        uint8 phase = t.phase;
        PhaseState storage p = _phases[tournamentId][phase];
        if (block.number <= p.deadline) revert PhaseNotTimedOut(tournamentId, phase, p.deadline);
        if (maxRooms > MAX_CLOSE_BATCH) maxRooms = MAX_CLOSE_BATCH;
        uint256 from = p.closed;
        uint256 to = from + maxRooms < p.rooms ? from + maxRooms : p.rooms;
        uint256[] memory ids = new uint256[](to - from);
        uint256 perBatch = t.roomsPerBatch;
        for (uint256 k = from; k < to; ++k) ids[k - from] = _roomIdAt(tournamentId, phase, k, perBatch);
        p.closed = uint16(to);
        // Finishing rooms call back onRoomFinished, which may end the phase: nothing read above is written after.
        uint256 advanced = rooms.advanceMany(ids);
        emit TimedOutRoomsClosed(tournamentId, phase, uint16(from), uint16(to), advanced);
    }

    /// @notice Records the results of the current phase's rooms that finished without calling back: the rooms' owner
    ///         can disallow this contract as a factory, and a disallowed factory's rooms finish without the callback.
    ///         Looks at pairs `fromPair` .. `fromPair + maxRooms` (at most {MAX_CLOSE_BATCH}, up to the rooms created)
    ///         and pulls each finished room's result and counters from SnatchRooms, unless it is recorded already (a
    ///         room is recorded once, by the callback or by this function). The phase ends with its last room, as
    ///         through the callback. Anyone may call it.
    /// @dev The "recorded" bit of a room is its P1's `Entry.recorded` bit for the phase (a player plays one room per
    ///      phase), so deduplication costs no storage.
    /// @param tournamentId The tournament.
    /// @param fromPair First pair index to look at.
    /// @param maxRooms Most pairs to look at in this call.
    /// @return recorded Rooms recorded by this call (reverts with NothingToRecord if none).
    function recordRooms(uint256 tournamentId, uint256 fromPair, uint256 maxRooms) external returns (uint256 recorded) {
        if (maxRooms == 0) revert ZeroBatch();
        Tournament storage t = _tournament(tournamentId);
        Stage stage = t.stage;
        if (stage != Stage.Pairing && stage != Stage.Playing) revert WrongStage(tournamentId, stage);
        uint8 phase = t.phase;
        uint256 created = _phases[tournamentId][phase].created;
        if (maxRooms > MAX_CLOSE_BATCH) maxRooms = MAX_CLOSE_BATCH;
        // (Written so that no `fromPair`, however large, overflows.)
        uint256 to = fromPair < created && created - fromPair > maxRooms ? fromPair + maxRooms : created;
        uint256 perBatch = t.roomsPerBatch;
        for (uint256 k = fromPair; k < to; ++k) {
            if (_pullRoom(tournamentId, phase, _roomIdAt(tournamentId, phase, k, perBatch))) ++recorded;
        }
        if (recorded == 0) revert NothingToRecord(tournamentId, phase, fromPair, to > fromPair ? to : fromPair);
    }

    /// @inheritdoc ISnatchRoomsObserver
    /// @dev Writes both players' leaderboard entries and the phase's totals from the room's final (round-3) result,
    ///      and ends the phase with its last room. Never reverts for a room this contract created. (A room finishes
    ///      once, and {recordRooms} only records finished rooms, so the callback never meets a recorded room.)
    function onRoomFinished(
        uint256 roomId,
        uint256 batchFirstRoom,
        address[3] calldata players,
        uint256[3] calldata points,
        ISnatchRooms.Stats calldata stats
    ) external {
        if (msg.sender != address(rooms)) revert NotRooms(msg.sender);
        // The batch's word also holds its phase's room count (see {_setBatch}): the phase's own progress slot, a cold
        // read of 2,100 gas, is not read to see whether this room ends the phase. Fields read from calldata in place
        // (no copy of the arrays and counters to memory).
        Batch storage b = _batches[batchFirstRoom];
        uint256 w;
        assembly ("memory-safe") {
            w := sload(b.slot)
        }
        uint256 tournamentId = uint64(w);
        if (tournamentId == 0) revert UnknownBatch(batchFirstRoom);
        // The counters placed as {_counters} does, from the seven words of `stats` (static: in place in calldata). The
        // sender is the rooms contract (checked above), whose counters are uint8: each word is below 2^8.
        uint256 counters;
        assembly ("memory-safe") {
            counters := or(
                or(
                    or(shl(16, calldataload(stats)), shl(40, calldataload(add(stats, 32)))),
                    or(shl(64, calldataload(add(stats, 64))), shl(88, calldataload(add(stats, 96))))
                ),
                or(
                    or(shl(112, calldataload(add(stats, 128))), shl(136, calldataload(add(stats, 160)))),
                    shl(160, calldataload(add(stats, 192)))
                )
            )
        }
        _recordRoom(
            tournamentId,
            uint8(w >> 64),
            roomId,
            players[0],
            players[1],
            points[0],
            points[1],
            counters,
            uint16(w >> 88)
        );
    }

    // ===================================================================================================== views

    /// @notice A tournament's stored data.
    /// @param tournamentId The tournament.
    function tournament(uint256 tournamentId) external view returns (Tournament memory) {
        return _tournament(tournamentId);
    }

    /// @notice The SnatchRooms format of a phase.
    /// @param tournamentId The tournament.
    /// @param phase 1..5.
    function formatOf(uint256 tournamentId, uint256 phase) external view returns (uint32) {
        _checkPhase(phase);
        return _format(_tournament(tournamentId), phase);
    }

    /// @notice A phase, decoded, with its totals (offers, accepts, rejects, snatches, shames, reports, refusals,
    ///         finished rooms and the sums of round-3 points as P1 and as P2).
    /// @param tournamentId The tournament.
    /// @param phase 1..5.
    function phaseView(uint256 tournamentId, uint256 phase) external view returns (PhaseView memory v) {
        Tournament storage t = _tournament(tournamentId);
        _checkPhase(phase);
        PhaseState storage p = _phases[tournamentId][phase];
        v.phase = uint8(phase);
        v.format = _format(t, phase);
        v.started = phase <= t.phase;
        v.ended = p.endedAt != 0;
        v.request = p.request;
        v.seed = p.seed;
        v.rooms = p.rooms;
        v.created = p.created;
        v.closed = p.closed;
        if (p.satOut != 0) v.satOut = _playerAt(tournamentId, p.satOut - 1);
        v.startedAt = p.startedAt;
        v.deadline = p.deadline;
        v.endedAt = p.endedAt;
        v.totals = p.totals;
    }

    /// @notice The leaderboard, in registration order (unsorted: rank off-chain), `limit` rows from `offset`. Its
    ///         scores and `g3Shame` are the tournament's record (final once the tournament is); `profileG3Shame` is the
    ///         player's current profile value, read live (see {Row}).
    /// @param tournamentId The tournament.
    /// @param offset First registration position (0-based).
    /// @param limit Most rows.
    function leaderboard(
        uint256 tournamentId,
        uint256 offset,
        uint256 limit
    ) external view returns (Row[] memory rows) {
        uint256 n = _tournament(tournamentId).playerCount;
        if (offset >= n) return rows;
        uint256 end = limit < n - offset ? offset + limit : n;
        rows = new Row[](end - offset);
        for (uint256 i = offset; i < end; ++i) {
            address player = _playerAt(tournamentId, i);
            Entry memory e = _entries[tournamentId][player];
            rows[i - offset] = Row({
                player: player,
                scoreAsP1: e.scoreAsP1,
                scoreAsP2: e.scoreAsP2,
                aggregate: e.scoreAsP1 + e.scoreAsP2,
                roomsAsP1: e.roomsAsP1,
                roomsAsP2: e.roomsAsP2,
                satOut: e.satOut,
                g3Shame: e.g3Shame,
                profileG3Shame: rooms.profileOf(player).g3Shame,
                name: _nameOf(tournamentId, player)
            });
        }
    }

    /// @notice A player's entry (index 0: not registered).
    /// @param tournamentId The tournament.
    /// @param player The account.
    function entryOf(uint256 tournamentId, address player) external view returns (Entry memory) {
        _tournament(tournamentId);
        return _entries[tournamentId][player];
    }

    /// @notice The display name `player` registered with ("" for none, or not registered).
    /// @param tournamentId The tournament.
    /// @param player The account.
    function nameOf(uint256 tournamentId, address player) external view returns (string memory) {
        _tournament(tournamentId);
        return _nameOf(tournamentId, player);
    }

    /// @notice The player at registration position `position` (0-based; zero address past the count).
    /// @param tournamentId The tournament.
    /// @param position The position.
    function playerAt(uint256 tournamentId, uint256 position) external view returns (address) {
        _tournament(tournamentId);
        return _playerAt(tournamentId, position);
    }

    /// @notice A player's history: for each started phase, its role (None while the pairing is not drawn), room,
    ///         opponent and points (final once `finished`). Recomputes each phase's shuffle: meant for `eth_call`.
    /// @param tournamentId The tournament.
    /// @param player A registered player.
    function history(uint256 tournamentId, address player) external view returns (PhaseRecord[] memory records) {
        Tournament storage t = _tournament(tournamentId);
        uint256 position = _entries[tournamentId][player].index;
        if (position == 0) revert NotRegistered(tournamentId, player);
        --position;
        uint256 n = t.playerCount;
        records = new PhaseRecord[](t.phase);
        for (uint256 phase = 1; phase <= t.phase; ++phase) {
            PhaseRecord memory r = records[phase - 1];
            r.phase = uint8(phase);
            PhaseState storage p = _phases[tournamentId][phase];
            if (p.seed == 0) continue;
            uint256[] memory order = SnatchPairing.shuffle(p.seed, n);
            uint256 place = SnatchPairing.placeOf(order, position);
            if (n % 2 == 1 && place == n - 1) {
                r.role = Role.SatOut;
                continue;
            }
            uint256 seat = place % 2;
            r.role = seat == 0 ? Role.P1 : Role.P2;
            r.opponent = _playerAt(tournamentId, order[place ^ 1]);
            uint256 pair = place / 2;
            if (pair >= p.created) continue;
            r.roomId = _roomIdAt(tournamentId, phase, pair, t.roomsPerBatch);
            (bool finished, , uint256[3] memory pts) = rooms.roomResult(r.roomId);
            r.points = pts[seat];
            r.opponentPoints = pts[1 - seat];
            r.finished = finished;
        }
    }

    /// @notice Pair `pair`'s room in a phase, its players and points (current, or final once `finished`).
    /// @param tournamentId The tournament.
    /// @param phase 1..5.
    /// @param pair The pair index (0-based), below the phase's created rooms.
    function roomAt(
        uint256 tournamentId,
        uint256 phase,
        uint256 pair
    )
        external
        view
        returns (uint256 roomId, address p1, address p2, bool finished, uint256 pointsP1, uint256 pointsP2)
    {
        Tournament storage t = _tournament(tournamentId);
        _checkPhase(phase);
        if (pair >= _phases[tournamentId][phase].created) revert NoSuchRoom(tournamentId, phase, pair);
        roomId = _roomIdAt(tournamentId, phase, pair, t.roomsPerBatch);
        address[3] memory players;
        uint256[3] memory pts;
        (finished, players, pts) = rooms.roomResult(roomId);
        return (roomId, players[0], players[1], finished, pts[0], pts[1]);
    }

    /// @notice Room ids of a phase's pairs `offset`.. (at most `limit`, up to the created rooms).
    /// @param tournamentId The tournament.
    /// @param phase 1..5.
    /// @param offset First pair index.
    /// @param limit Most ids.
    function phaseRooms(
        uint256 tournamentId,
        uint256 phase,
        uint256 offset,
        uint256 limit
    ) external view returns (uint256[] memory ids) {
        Tournament storage t = _tournament(tournamentId);
        _checkPhase(phase);
        uint256 created = _phases[tournamentId][phase].created;
        if (offset >= created) return ids;
        uint256 end = limit < created - offset ? offset + limit : created;
        ids = new uint256[](end - offset);
        for (uint256 k = offset; k < end; ++k) ids[k - offset] = _roomIdAt(tournamentId, phase, k, t.roomsPerBatch);
    }

    /// @notice The batch a room's callback names (tournament 0: not a tournament batch).
    /// @param firstRoomId A batch's first room.
    function batchOf(uint256 firstRoomId) external view returns (Batch memory) {
        return _batches[firstRoomId];
    }

    // ================================================================================================ internal

    /// @dev The formats of G1..G5 (3 rounds each) with the config's windows, created in SnatchRooms the first time
    ///      these windows are used; returns the first (G1's). SnatchRooms validates the windows (InvalidWindows if one
    ///      a variant uses is zero). SnatchRooms numbers formats consecutively and calls nothing while creating one, so
    ///      the five created here in one loop are `first` .. `first + 4`.
    function _formatsFor(Config calldata config) private returns (uint32 first) {
        bytes32 key = keccak256(abi.encode(config.talk, config.offer, config.response, config.decision));
        first = _formatsByWindows[key];
        if (first != 0) return first;
        ISnatchRooms.Windows memory windows = ISnatchRooms.Windows({
            trading: 0,
            closing: 0,
            judging: 0,
            talk: config.talk,
            offer: config.offer,
            response: config.response,
            decision: config.decision
        });
        for (uint256 p; p < PHASES; ++p) {
            ISnatchRooms.RuleSet variant = ISnatchRooms.RuleSet(uint8(ISnatchRooms.RuleSet.G1Plain) + p);
            uint32 id = rooms.createFormat(SnatchFormats.variantRounds(variant), windows);
            if (p == 0) first = id;
        }
        _formatsByWindows[key] = first;
    }

    /// @dev Consumes the phase's pairing randomness (reverts unless ready), draws the shuffle, stores the seed, the
    ///      room count and the player left out (odd count).
    function _drawPairing(
        uint256 tournamentId,
        Tournament storage t,
        PhaseState storage p,
        uint8 phase
    ) private returns (uint256[] memory order) {
        uint256 request = p.request;
        (IRandomness.Status status, uint256 seed) = _readRandomness(request);
        if (status != IRandomness.Status.Ready) revert PairingNotReady(tournamentId, request, status);
        uint256 n = t.playerCount;
        order = SnatchPairing.shuffle(seed, n);
        p.seed = seed;
        p.request = 0;
        p.rooms = uint16(n / 2);
        address satOut;
        if (n % 2 == 1) {
            uint256 position = order[n - 1];
            satOut = _playerAt(tournamentId, position);
            p.satOut = uint16(position + 1);
            _entries[tournamentId][satOut].satOut |= uint8(1 << (phase - 1));
        }
        emit PlayersPaired(tournamentId, phase, seed, uint16(n / 2), satOut);
    }

    /// @dev {recordRooms}' step: records `roomId` from SnatchRooms' views if it finished and is not recorded yet.
    function _pullRoom(uint256 tournamentId, uint8 phase, uint256 roomId) private returns (bool) {
        // SnatchRooms is trusted (immutable); these are views.
        (bool finished, address[3] memory players, uint256[3] memory points) = rooms.roomResult(roomId);
        if (!finished || _entries[tournamentId][players[0]].recorded & (1 << (phase - 1)) != 0) return false;
        uint256 counters = _counters(rooms.roomStats(roomId));
        uint256 roomsOfPhase = _phases[tournamentId][phase].rooms;
        _recordRoom(tournamentId, phase, roomId, players[0], players[1], points[0], points[1], counters, roomsOfPhase);
        return true;
    }

    /// @dev Writes batch `firstRoom`'s word: {Batch}'s fields in Solidity's layout (tournament 0-63, phase 64-71,
    ///      firstPair 72-87; `batchOf` reads them) and, above them, the phase's room count (88-103, below 2^16: at most
    ///      MAX_CAP / 2), which the rooms' callback compares with the finished count.
    function _setBatch(
        uint256 firstRoom,
        uint256 tournamentId,
        uint8 phase,
        uint256 from,
        uint256 roomsOfPhase
    ) private {
        uint256 w =
            uint64(tournamentId) | (uint256(phase) << 64) | (uint256(uint16(from)) << 72) | (roomsOfPhase << 88);
        Batch storage b = _batches[firstRoom];
        assembly ("memory-safe") {
            sstore(b.slot, w)
        }
    }

    /// @dev A room's counters placed as in {Totals} (offers 16-39, accepts 40-63, rejects 64-87, snatches 88-111,
    ///      shames 112-135, reports 136-159, refusals 160-183): each below 2^8, so the sum is the fields side by side.
    function _counters(ISnatchRooms.Stats memory st) private pure returns (uint256) {
        return
            (uint256(st.offers) << 16) |
            (uint256(st.accepts) << 40) |
            (uint256(st.rejects) << 64) |
            (uint256(st.snatches) << 88) |
            (uint256(st.shames) << 112) |
            (uint256(st.reports) << 136) |
            (uint256(st.refusals) << 160);
    }

    /// @dev Enters a finished room's round-3 result: both players' entries, the phase's totals and finished count; the
    ///      phase ends with its last room (phase 5: the tournament is final). `counters` as {_counters} builds them;
    ///      `roomsOfPhase` is the phase's room count.
    function _recordRoom(
        uint256 tournamentId,
        uint8 phase,
        uint256 roomId,
        address p1,
        address p2,
        uint256 points1,
        uint256 points2,
        uint256 counters,
        uint256 roomsOfPhase
    ) private {
        _record(_entries[tournamentId][p1], phase, points1, true, 0);
        // In a 2-player room only P1 shames, and only P2 (G3): the room's shame count is what P2 received.
        _record(_entries[tournamentId][p2], phase, points2, false, (counters >> 112) & 0xff);
        PhaseState storage p = _phases[tournamentId][phase];
        uint256 finished = _addTotals(p.totals, counters | (points1 << 184) | (points2 << 216));
        emit RoomRecorded(tournamentId, phase, roomId, p1, p2, points1, points2);
        if (finished == roomsOfPhase) {
            p.endedAt = uint40(block.number);
            Tournament storage t = _tournaments[tournamentId];
            t.stage = phase == PHASES ? Stage.Final : Stage.Ended;
            emit PhaseEnded(tournamentId, phase);
            if (phase == PHASES) emit TournamentFinished(tournamentId);
        }
    }

    /// @dev Adds a room to a phase's totals in one read and one write of their slot (field by field, Solidity reads
    ///      and rewrites the slot for each of the ten fields: ~2,000 gas more per finished room, measured). The packed
    ///      addition cannot carry from one field into the next: a phase has at most MAX_CAP / 2 = 1,000 rooms, each
    ///      adding at most 255 to a 24-bit counter (< 2^24) and at most 40 points to a 32-bit sum. `delta` is the
    ///      room's counters and points in the slot's layout (one finished room is added here). Returns the phase's
    ///      finished rooms. Layout (Solidity's, low bits first): finished 0-15, offers 16-39, accepts 40-63, rejects
    ///      64-87, snatches 88-111, shames 112-135, reports 136-159, refusals 160-183, pointsAsP1 184-215, pointsAsP2
    ///      216-247.
    function _addTotals(Totals storage totals, uint256 delta) private returns (uint256 finished) {
        assembly ("memory-safe") {
            let word := add(sload(totals.slot), or(delta, 1))
            sstore(totals.slot, word)
            finished := and(word, 0xffff)
        }
    }

    /// @dev Adds a room's round-3 points (and P2's G3 shame: at most 3 per room, one G3 room per tournament) to a
    ///      player's entry, in one read and one write of its slot (field by field: ~1,000 gas more, measured). Points
    ///      of a 2-player room never exceed 40 (20 goods in the room, each worth at most 2) and a player plays at most
    ///      five rooms, so no field overflows into the next. Layout (Solidity's, low bits first): index 0-15,
    ///      scoreAsP1 16-47, scoreAsP2 48-79, roomsAsP1 80-87, roomsAsP2 88-95, satOut 96-103, recorded 104-111
    ///      (bit phase - 1), points 112-151 (a byte per phase), g3Shame 152-159.
    function _record(Entry storage e, uint8 phase, uint256 pts, bool asP1, uint256 shamed) private {
        uint256 delta = (asP1 ? (pts << 16) | (1 << 80) : (pts << 48) | (1 << 88)) | (shamed << 152);
        uint256 set = (uint256(1) << (104 + phase - 1)) | (pts << (112 + 8 * (phase - 1)));
        assembly ("memory-safe") {
            sstore(e.slot, or(add(sload(e.slot), delta), set))
        }
    }

    /// @dev `name` packed in an entry slot's high bits (160-255) if it has at most 15 bytes, each a space, a digit or
    ///      an ASCII letter, else 0. Codes: space 1, "0"-"9" 2-11, "A"-"Z" 12-37, "a"-"z" 38-63 (0 ends a shorter
    ///      name); character i in bits 246 - 6i .. 251 - 6i, and bit 252 set, bits 253-255 clear: the slot's top byte
    ///      is then 0x10-0x1f, a control character, which no name kept as bytes (DisplayName: none) starts with, so
    ///      {_nameOf} tells the two forms apart. Such a name is valid for DisplayName (printable ASCII, at most 32
    ///      bytes). Called with a name of at least one byte.
    function _packName(string calldata name) private pure returns (uint256 packed) {
        uint256 n = bytes(name).length;
        if (n > 15) return 0;
        uint256 w;
        // The name's first 32 bytes (bytes past the calldata's end read as zero; only the first n are used).
        assembly ("memory-safe") {
            w := calldataload(name.offset)
        }
        // Unchecked: i < 15 and codes < 64; a character below a range's start wraps to a huge value and fails its test.
        unchecked {
            for (uint256 i; i < n; ++i) {
                uint256 c = uint8(w >> (248 - 8 * i));
                uint256 code;
                if (c == 0x20) code = 1;
                else if (c - 0x30 < 10) code = c - 0x2e;
                else if (c - 0x41 < 26) code = c - 0x35;
                else if (c - 0x61 < 26) code = c - 0x3b;
                else return 0;
                packed |= code << (246 - 6 * i);
            }
        }
        packed |= 1 << 252;
    }

    /// @dev The display name `player` registered with: from its entry slot's high bits (bytes, or packed by
    ///      {_packName}), or `_names` if longer.
    function _nameOf(uint256 tournamentId, address player) private view returns (string memory) {
        Entry storage e = _entries[tournamentId][player];
        uint256 word;
        assembly ("memory-safe") {
            word := sload(e.slot)
        }
        word &= ~uint256(type(uint160).max);
        if (word >> 253 == 0 && (word >> 252) & 1 == 1) {
            bytes memory b = new bytes(15);
            uint256 n;
            for (; n < 15; ++n) {
                uint256 code = (word >> (246 - 6 * n)) & 63;
                if (code == 0) break;
                b[n] = bytes1(
                    uint8(
                        code == 1
                            ? 0x20
                            : code < 12
                                ? code + 0x2e
                                : code < 38
                                    ? code + 0x35
                                    : code + 0x3b
                    )
                );
            }
            assembly ("memory-safe") {
                mstore(b, n)
            }
            return string(b);
        }
        return DisplayName.fromWord(word != 0 ? bytes32(word) : _names[tournamentId][player]);
    }

    /// @dev The player at registration `position` (the zero address past the count), through its profile id.
    function _playerAt(uint256 tournamentId, uint256 position) private view returns (address) {
        uint256 id = _playerIdAt(tournamentId, position);
        // SnatchRooms is trusted (immutable); a view.
        return id == 0 ? address(0) : rooms.playerById(id);
    }

    /// @dev The SnatchRooms player id at registration `position` (0 past the count).
    function _playerIdAt(uint256 tournamentId, uint256 position) private view returns (uint256) {
        return (_playerIds[tournamentId][position >> 3] >> ((position & 7) << 5)) & type(uint32).max;
    }

    function _tournament(uint256 tournamentId) internal view returns (Tournament storage t) {
        t = _tournaments[tournamentId];
        if (t.stage == Stage.None) revert UnknownTournament(tournamentId);
    }

    function _checkPhase(uint256 phase) internal pure {
        if (phase == 0 || phase > PHASES) revert UnknownPhase(phase);
    }

    /// @dev Phase `phase`'s SnatchRooms format.
    function _format(Tournament storage t, uint256 phase) internal view returns (uint32) {
        return t.firstFormat + uint32(phase - 1);
    }

    /// @dev The longest a phase's room can last: 3 rounds of (G5: talk) + offer + response + (G3/G4: decision). A room
    ///      created at block b has finished, or has every window expired, after block b + this.
    function _duration(Tournament storage t, uint256 phase) internal view returns (uint256) {
        uint256 round = uint256(t.offer) + t.response;
        if (phase == 3 || phase == 4) round += t.decision;
        if (phase == 5) round += t.talk;
        return ROUNDS * round;
    }

    /// @dev The room of pair `pair` of a phase (created already).
    function _roomIdAt(
        uint256 tournamentId,
        uint256 phase,
        uint256 pair,
        uint256 perBatch
    ) internal view returns (uint256) {
        return _batchRoom[tournamentId][phase][pair / perBatch] + (pair % perBatch);
    }
}
