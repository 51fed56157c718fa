// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IDisplayName} from "../common/names/IDisplayName.sol";
import {IRandomness} from "../common/randomness/IRandomness.sol";

/// @title ISnatchTournament
/// @notice Types, events and errors of the SnatchGame tournament: registered players are shuffled at random and paired
///         into 2-player rooms of `SnatchRooms` for each phase G1..G5 (3 rounds per room); only each room's round-3
///         result enters the leaderboard (score as P1, score as P2, aggregate).
/// @dev Phases are numbered 1..5 (phase p plays variant Gp). Block numbers are deadlines: "from block b" means
///      `block.number >= b`; a deadline `d` has passed when `block.number > d`. A pair index k (0-based) is the k-th
///      pair of a phase's shuffle; pair k plays in room `batchFirstRoom(k / roomsPerBatch) + k % roomsPerBatch`.
interface ISnatchTournament is IDisplayName {
    // ------------------------------------------------------------------------------------------------ enums

    /// @notice Where a tournament stands.
    /// @param None No such tournament.
    /// @param Registration Players register; phase 1 not started.
    /// @param Pairing The current phase was started: its randomness is requested (seed 0), or drawn and its rooms are
    ///        being created in batches.
    /// @param Playing Every room of the current phase exists; the phase ends when the last one finishes.
    /// @param Ended The current phase ended; the next one may start.
    /// @param Final Phase 5 (G5) ended: the tournament and its leaderboard are final (read-only).
    /// @param Closed It never reached two players: closed after its registration window (read-only).
    enum Stage {
        None,
        Registration,
        Pairing,
        Playing,
        Ended,
        Final,
        Closed
    }

    /// @notice A player's part in a phase.
    enum Role {
        None,
        P1,
        P2,
        SatOut
    }

    // ---------------------------------------------------------------------------------------------- structs

    /// @notice What an organiser chooses when creating a tournament.
    /// @param cap Most players that may register (2..MAX_CAP).
    /// @param roomsPerBatch Rooms created per {ISnatchTournament} `createPhaseRooms` call (1..MAX_ROOMS_PER_BATCH).
    /// @param registrationBlocks From `createdAt + registrationBlocks` anyone may start phase 1 (the organiser any
    ///        time with 2+ players) or close a tournament of fewer than 2 players. At least MIN_REGISTRATION_BLOCKS
    ///        (20), at most MAX_BLOCKS.
    /// @param grace Blocks after a phase ended from which anyone may start the next (the organiser at once). At most
    ///        MAX_BLOCKS.
    /// @param talk The rooms' G5 talk window, in blocks (each window at least 1 and at most MAX_BLOCKS).
    /// @param offer P1's offer window.
    /// @param response P2's response window.
    /// @param decision P1's shame/report window after a snatch (G3/G4).
    struct Config {
        uint16 cap;
        uint16 roomsPerBatch;
        uint32 registrationBlocks;
        uint32 grace;
        uint24 talk;
        uint24 offer;
        uint24 response;
        uint24 decision;
    }

    /// @notice A stored tournament (two slots).
    /// @dev Slot 0: organiser, cap, registered players, current phase (0 before phase 1), stage, creation block.
    ///      Slot 1: the config's timing and windows, and the first of the five consecutive SnatchRooms formats of its
    ///      phases (phase p plays format `firstFormat + p - 1`). (solhint's packing heuristic misreads this struct: the
    ///      compiler's layout is exactly 2 slots, which test/snatch/SnatchTournament.layout.test.ts checks.)
    // solhint-disable-next-line gas-struct-packing
    struct Tournament {
        address organiser;
        uint16 cap;
        uint16 playerCount;
        uint8 phase;
        Stage stage;
        uint40 createdAt;
        uint32 registrationBlocks;
        uint32 grace;
        uint16 roomsPerBatch;
        uint24 talk;
        uint24 offer;
        uint24 response;
        uint24 decision;
        uint32 firstFormat;
    }

    /// @notice A phase's totals, summed from its finished rooms' counters and round-3 points (one slot).
    struct Totals {
        uint16 finished;
        uint24 offers;
        uint24 accepts;
        uint24 rejects;
        uint24 snatches;
        uint24 shames;
        uint24 reports;
        uint24 refusals;
        uint32 pointsAsP1;
        uint32 pointsAsP2;
    }

    /// @notice A stored phase.
    /// @dev `request` is the pending randomness request (0 once consumed); `seed` the value the shuffle is drawn from
    ///      (0 until consumed). `rooms` = players / 2; `created` rooms so far; `closed` = pairs passed by
    ///      `closeTimedOutRooms`; `satOut` = registration index + 1 of the player left out (0 = none).
    struct PhaseState {
        uint256 request;
        uint256 seed;
        uint16 rooms;
        uint16 created;
        uint16 closed;
        uint16 satOut;
        uint40 startedAt;
        uint40 deadline;
        uint40 endedAt;
        Totals totals;
    }

    /// @notice A player's leaderboard entry in one tournament (one slot), written from each room's round-3 result in
    ///         the transaction that finishes the room.
    /// @param index Registration order, 1-based (0: not registered).
    /// @param scoreAsP1 Sum of its points in the rooms it played as P1.
    /// @param scoreAsP2 Sum of its points in the rooms it played as P2.
    /// @param roomsAsP1 Finished rooms played as P1.
    /// @param roomsAsP2 Finished rooms played as P2.
    /// @param satOut Bit p-1 set: sat phase p out.
    /// @param recorded Bit p-1 set: phase p's room result is in.
    /// @param points Phase p's round-3 points in bits [8(p-1), 8p).
    /// @param g3Shame G3 shame received in this tournament's rooms (as P2 in its G3 room: at most 3), from the room's
    ///        counters when its result is recorded; like the scores, final once the tournament is.
    struct Entry {
        uint16 index;
        uint32 scoreAsP1;
        uint32 scoreAsP2;
        uint8 roomsAsP1;
        uint8 roomsAsP2;
        uint8 satOut;
        uint8 recorded;
        uint40 points;
        uint8 g3Shame;
    }

    /// @notice One row of the paged leaderboard (registration order; ranking is done off-chain). Every field but the
    ///         last is the tournament's own record, immutable once the tournament is final.
    /// @param aggregate scoreAsP1 + scoreAsP2 (derived, not stored).
    /// @param g3Shame G3 shame received in this tournament (see {Entry}).
    /// @param profileG3Shame The player's current SnatchRooms profile G3 shame, read live: it counts shame from every
    ///        room (earlier tournaments, rooms outside any tournament, and rooms after this one ended), so it may
    ///        change after the tournament is final. It is what later opponents see.
    /// @param name The display name the player registered with ("" for none).
    struct Row {
        address player;
        uint32 scoreAsP1;
        uint32 scoreAsP2;
        uint32 aggregate;
        uint8 roomsAsP1;
        uint8 roomsAsP2;
        uint8 satOut;
        uint8 g3Shame;
        uint32 profileG3Shame;
        string name;
    }

    /// @notice A player's phase, for {history}: its role, room, opponent and the room's points (current, or final
    ///         once `finished`). A view type, never stored.
    // solhint-disable-next-line gas-struct-packing
    struct PhaseRecord {
        uint8 phase;
        Role role;
        uint256 roomId;
        address opponent;
        uint256 points;
        uint256 opponentPoints;
        bool finished;
    }

    /// @notice A decoded phase. A view type, never stored.
    // solhint-disable-next-line gas-struct-packing
    struct PhaseView {
        uint8 phase;
        uint32 format;
        bool started;
        bool ended;
        uint256 request;
        uint256 seed;
        uint16 rooms;
        uint16 created;
        uint16 closed;
        address satOut;
        uint40 startedAt;
        uint40 deadline;
        uint40 endedAt;
        Totals totals;
    }

    /// @notice Where a batch of rooms belongs (keyed by the batch's first room id).
    struct Batch {
        uint64 tournament;
        uint8 phase;
        uint16 firstPair;
    }

    // ----------------------------------------------------------------------------------------------- events

    /// @notice A tournament was created. @param tournamentId Its id. @param organiser Who created it.
    /// @param config Its settings. @param formats The SnatchRooms formats of phases 1..5 (G1..G5, 3 rounds each).
    event TournamentCreated(uint256 indexed tournamentId, address indexed organiser, Config config, uint32[5] formats);
    /// @notice The organiser handed the tournament over. @param tournamentId The tournament. @param previous The
    /// former organiser. @param organiser The new one.
    event OrganiserChanged(uint256 indexed tournamentId, address indexed previous, address indexed organiser);
    /// @notice A player registered. @param tournamentId The tournament. @param player The player.
    /// @param index Its registration index (1-based). @param name Its display name ("" for none; see DisplayName).
    event PlayerRegistered(uint256 indexed tournamentId, address indexed player, uint16 index, string name);
    /// @notice A phase was started: its pairing randomness was requested (phase 1: registration closed).
    /// @param tournamentId The tournament. @param phase 1..5. @param by Who started it. @param players Players in the
    /// draw. @param requestId The randomness request.
    event PhaseStarted(
        uint256 indexed tournamentId,
        uint8 phase,
        address indexed by,
        uint16 players,
        uint256 requestId
    );
    /// @notice A stale pairing request was replaced. @param tournamentId The tournament. @param phase The phase.
    /// @param oldRequest The stale request. @param newRequest The new one.
    event PairingRerequested(uint256 indexed tournamentId, uint8 phase, uint256 oldRequest, uint256 newRequest);
    /// @notice The pairing was drawn: the shuffle of registration indexes comes from `seed` (see SnatchPairing), pair k
    /// is positions 2k (P1) and 2k+1 (P2). @param tournamentId The tournament. @param phase The phase. @param seed The
    /// random value. @param rooms Number of rooms. @param satOut The player left out (odd count), or zero.
    event PlayersPaired(uint256 indexed tournamentId, uint8 phase, uint256 seed, uint16 rooms, address satOut);
    /// @notice A batch of rooms was created. @param tournamentId The tournament. @param phase The phase.
    /// @param firstRoomId The batch's first room (the others follow). @param firstPair Its first pair index.
    /// @param count Rooms in the batch.
    event RoomsCreated(uint256 indexed tournamentId, uint8 phase, uint256 firstRoomId, uint16 firstPair, uint16 count);
    /// @notice Every room of the phase exists. @param tournamentId The tournament. @param phase The phase.
    /// @param deadline From the block after it, every room has timed out and anyone may close them in batches.
    event PhasePlaying(uint256 indexed tournamentId, uint8 phase, uint40 deadline);
    /// @notice A room's round-3 result entered the leaderboard (from the rooms' callback, or pulled by {recordRooms}
    /// when the callback was skipped). @param tournamentId The tournament. @param phase The phase. @param roomId The
    /// room. @param p1 P1. @param p2 P2. @param pointsP1 P1's points. @param pointsP2 P2's.
    event RoomRecorded(
        uint256 indexed tournamentId,
        uint8 phase,
        uint256 indexed roomId,
        address p1,
        address p2,
        uint256 pointsP1,
        uint256 pointsP2
    );
    /// @notice Timed-out rooms were closed with their defaults. @param tournamentId The tournament. @param phase The
    /// phase. @param fromPair First pair index of the batch. @param toPair One past the last. @param advanced Rooms
    /// that were still running (the others had finished already).
    event TimedOutRoomsClosed(
        uint256 indexed tournamentId,
        uint8 phase,
        uint16 fromPair,
        uint16 toPair,
        uint256 advanced
    );
    /// @notice Every room of the phase finished. @param tournamentId The tournament. @param phase The phase.
    event PhaseEnded(uint256 indexed tournamentId, uint8 phase);
    /// @notice Phase 5 ended: the tournament is final and its leaderboard read-only. @param tournamentId The
    ///         tournament.
    event TournamentFinished(uint256 indexed tournamentId);
    /// @notice A tournament that never reached two players was closed after its registration window.
    /// @param tournamentId The tournament. @param by Who closed it. @param players Its registered players (0 or 1).
    event TournamentClosed(uint256 indexed tournamentId, address indexed by, uint256 players);

    // ----------------------------------------------------------------------------------------------- errors

    /// @notice Closing a tournament that has two players or more (start phase 1 instead).
    /// @param tournamentId The tournament. @param players Its registered players.
    error TournamentCanStart(uint256 tournamentId, uint256 players);
    /// @notice Closing a tournament before its registration window has passed.
    /// @param tournamentId The tournament. @param closableFrom The first block it may be closed in.
    error RegistrationStillOpen(uint256 tournamentId, uint256 closableFrom);

    /// @notice No tournament with this id. @param tournamentId The id.
    error UnknownTournament(uint256 tournamentId);
    /// @notice The cap is below 2 or above the maximum. @param cap The cap given. @param max The maximum.
    error CapOutOfRange(uint256 cap, uint256 max);
    /// @notice The batch size is 0 or above the maximum. @param size The size given. @param max The maximum.
    error BatchSizeOutOfRange(uint256 size, uint256 max);
    /// @notice The registration period is longer than the maximum. @param blocks The period given. @param max The
    /// maximum.
    error RegistrationTooLong(uint256 blocks, uint256 max);
    /// @notice The registration period is shorter than the minimum (it would let anyone close the tournament, or its
    /// second registrant start it, the moment it is created). @param blocks The period given. @param min The minimum.
    error RegistrationTooShort(uint256 blocks, uint256 min);
    /// @notice The grace period is longer than the maximum. @param blocks The period given. @param max The maximum.
    error GraceTooLong(uint256 blocks, uint256 max);
    /// @notice A room window (talk, offer, response or decision) is longer than the maximum. @param blocks The window
    /// given. @param max The maximum.
    error WindowTooLong(uint256 blocks, uint256 max);
    /// @notice Only the organiser may do this. @param tournamentId The tournament. @param account The caller.
    error NotOrganiser(uint256 tournamentId, address account);
    /// @notice The zero address cannot organise.
    error ZeroOrganiser();
    /// @notice Registration is closed (phase 1 started). @param tournamentId The tournament. @param stage Its stage.
    error RegistrationClosed(uint256 tournamentId, Stage stage);
    /// @notice The player is registered already. @param tournamentId The tournament. @param player The player.
    error AlreadyRegistered(uint256 tournamentId, address player);
    /// @notice The tournament has reached its cap. @param tournamentId The tournament. @param cap The cap.
    error TournamentFull(uint256 tournamentId, uint256 cap);
    /// @notice Phase 1 needs at least 2 players. @param tournamentId The tournament. @param players Registered.
    error NotEnoughPlayers(uint256 tournamentId, uint256 players);
    /// @notice Phases are 1..5. @param phase The phase given.
    error UnknownPhase(uint256 phase);
    /// @notice This phase was started already. @param tournamentId The tournament. @param phase The phase.
    error PhaseAlreadyStarted(uint256 tournamentId, uint256 phase);
    /// @notice Phases start in order. @param tournamentId The tournament. @param phase The phase given.
    /// @param next The next phase to start.
    error PhaseOutOfOrder(uint256 tournamentId, uint256 phase, uint256 next);
    /// @notice The current phase has not ended. @param tournamentId The tournament. @param phase The current phase.
    /// @param finished Its finished rooms. @param rooms Its rooms.
    error PhaseNotEnded(uint256 tournamentId, uint256 phase, uint256 finished, uint256 rooms);
    /// @notice Until `openToAllFrom` only the organiser may start this phase. @param tournamentId The tournament.
    /// @param phase The phase. @param openToAllFrom First block at which anyone may start it.
    error StartReservedToOrganiser(uint256 tournamentId, uint256 phase, uint256 openToAllFrom);
    /// @notice The tournament is final; nothing changes any more. @param tournamentId The tournament.
    error TournamentIsFinal(uint256 tournamentId);
    /// @notice The call does not fit the tournament's stage. @param tournamentId The tournament. @param stage Its
    ///         stage.
    error WrongStage(uint256 tournamentId, Stage stage);
    /// @notice The pairing randomness is not ready yet (or went stale: re-request it). @param tournamentId The
    /// tournament. @param requestId The request. @param status Its status.
    error PairingNotReady(uint256 tournamentId, uint256 requestId, IRandomness.Status status);
    /// @notice The pairing was drawn already: nothing to re-request. @param tournamentId The tournament.
    /// @param phase The phase.
    error PairingAlreadyDrawn(uint256 tournamentId, uint256 phase);
    /// @notice Rooms can be closed in batches only after the phase deadline. @param tournamentId The tournament.
    /// @param phase The phase. @param deadline Its deadline.
    error PhaseNotTimedOut(uint256 tournamentId, uint256 phase, uint256 deadline);
    /// @notice A batch size of zero.
    error ZeroBatch();
    /// @notice None of the pairs given has a finished room whose result is not recorded yet. @param tournamentId The
    /// tournament. @param phase The current phase. @param fromPair First pair index looked at. @param toPair One past
    /// the last.
    error NothingToRecord(uint256 tournamentId, uint256 phase, uint256 fromPair, uint256 toPair);
    /// @notice Only the rooms contract calls back. @param account The caller.
    error NotRooms(address account);
    /// @notice A finished room that no tournament created. @param batchFirstRoom The batch it names.
    error UnknownBatch(uint256 batchFirstRoom);
    /// @notice The phase has no such room (not created yet, or past its room count). @param tournamentId The
    /// tournament. @param phase The phase. @param pair The pair index asked for.
    error NoSuchRoom(uint256 tournamentId, uint256 phase, uint256 pair);
    /// @notice The account is not registered in this tournament. @param tournamentId The tournament.
    /// @param player The account.
    error NotRegistered(uint256 tournamentId, address player);
}
