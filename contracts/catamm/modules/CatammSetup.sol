// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "../../common/randomness/IRandomness.sol";
import {RandomDraw} from "../../common/randomness/RandomDraw.sol";
import {CatammCredit} from "../CatammCredit.sol";
import {CatammMarket} from "../CatammMarket.sol";
import {CatammState} from "../CatammState.sol";
import {FeePreset, RESOURCE_COUNT} from "../CatammTypes.sol";
import {ICatamm} from "../ICatamm.sol";
import {ICatammMarket} from "../ICatammMarket.sol";
import {BoardSetup} from "../libraries/BoardSetup.sol";
import {BoardTopology} from "../libraries/BoardTopology.sol";
import {EdgeOccupied, NONE, VERTEX_COUNT} from "../libraries/BoardTypes.sol";
import {LongestRoad} from "../libraries/LongestRoad.sol";
import {Placement} from "../libraries/Placement.sol";
import {ResourceBalances} from "../libraries/ResourceBalances.sol";

/// @title CatammSetup
/// @notice The start of a CATAMM game (linked library; runs on the game's storage by delegatecall): the random
///         board, markets and turn order, then the snake draft of settlements and roads.
/// @dev Rules:
///      - One random value lays out everything: the board (BoardSetup's salts), the pools at the ports
///        (CatammMarket's salt) and the turn order ({RandomDraw.permutation} of the join order with
///        {SALT_ORDER}), each from its own domain-separated draw.
///      - Draft: picks go 0, 1, ..., n − 1, n − 1, ..., 0 (seats); each places a settlement (distance rule, no road
///        needed) and a road ending at it. The second settlement yields one card of each resource hex around it
///        (one gold credit for the gold hex, nothing for the desert).
///      - A pick not made by its deadline is made by anyone through the game's `advance`: the legal vertex with the
///        highest pip total (lowest id on ties) and the lowest free edge at it.
library CatammSetup {
    using CatammMarket for CatammMarket.State;
    using ResourceBalances for ResourceBalances.Balances;

    /// @dev Domain separator of the turn-order shuffle.
    uint256 private constant SALT_ORDER = uint256(keccak256("CATAMM.game.order"));

    /// @notice Creates game `gameId` (a new id) with the sender as its creator and first player; see the game's
    ///         `createGame` for the parameters and their ranges. Holds the creator's request credit (CatammCredit).
    function create(
        CatammState.Game storage g,
        uint256 gameId,
        uint32 depthCards,
        uint8 feePreset,
        uint32 turnBlocks,
        uint32 openBlocks,
        IRandomness randomness
    ) external {
        if (depthCards < CatammMarket.MIN_DEPTH_CARDS || depthCards > CatammMarket.MAX_DEPTH_CARDS) {
            revert ICatammMarket.DepthOutOfRange(
                depthCards,
                CatammMarket.MIN_DEPTH_CARDS,
                CatammMarket.MAX_DEPTH_CARDS
            );
        }
        if (feePreset > uint8(type(FeePreset).max)) revert ICatammMarket.UnknownFeePreset(feePreset);
        if (turnBlocks < CatammState.MIN_TURN_BLOCKS || turnBlocks > CatammState.MAX_TURN_BLOCKS) {
            revert ICatamm.TurnBlocksOutOfRange(turnBlocks, CatammState.MIN_TURN_BLOCKS, CatammState.MAX_TURN_BLOCKS);
        }
        if (openBlocks == 0 || openBlocks > CatammState.MAX_OPEN_BLOCKS) {
            revert ICatamm.OpenBlocksOutOfRange(openBlocks, 1, CatammState.MAX_OPEN_BLOCKS);
        }
        g.settings = CatammState.Settings(msg.sender, depthCards, feePreset, turnBlocks, 1);
        g.seats[0].account = msg.sender;
        CatammState.Turn memory t;
        t.phase = ICatamm.Phase.Open;
        t.deadline = uint64(block.number + openBlocks);
        CatammState.storeTurn(g, t);
        emit ICatamm.GameCreated(gameId, msg.sender, depthCards, feePreset, turnBlocks);
        emit ICatamm.PlayerJoined(gameId, msg.sender, 1);
        CatammCredit.hold(g, gameId, randomness, 0);
    }

    /// @notice The sender joins the open game (the caller checked it is open), at most four players; holds its
    ///         request credit (CatammCredit).
    function join(CatammState.Game storage g, uint256 gameId, IRandomness randomness) external {
        uint256 n = g.settings.joined;
        for (uint256 i; i < n; ++i) {
            if (g.seats[i].account == msg.sender) revert ICatamm.AlreadyJoined(gameId, msg.sender);
        }
        if (n == CatammState.MAX_PLAYERS) revert ICatamm.GameFull(gameId, CatammState.MAX_PLAYERS);
        g.seats[n].account = msg.sender;
        g.settings.joined = uint8(n + 1);
        emit ICatamm.PlayerJoined(gameId, msg.sender, n + 1);
        CatammCredit.hold(g, gameId, randomness, n);
    }

    /// @notice The sender leaves the open game (the caller checked it is open): the last joined player moves into
    ///         the freed seat, so seats stay 0..joined − 1; the request credit held for the sender goes back to it.
    function leave(CatammState.Game storage g, uint256 gameId, IRandomness randomness) external {
        uint256 n = g.settings.joined;
        uint256 seat = n;
        for (uint256 i; i < n; ++i) {
            if (g.seats[i].account == msg.sender) seat = i;
        }
        if (seat == n) revert ICatamm.NotAPlayer(gameId, msg.sender);
        if (seat == 0) revert ICatamm.CreatorCannotLeave(gameId);
        g.seats[seat].account = g.seats[n - 1].account;
        delete g.seats[n - 1].account;
        g.settings.joined = uint8(n - 1);
        emit ICatamm.PlayerLeft(gameId, msg.sender, n - 1);
        CatammCredit.returnOnLeave(g, gameId, randomness);
    }

    /// @notice Cancels the open game `t` belongs to: the creator at any time, anyone after the open window. The
    ///         request credit held for the players goes back to them.
    function cancel(
        CatammState.Game storage g,
        uint256 gameId,
        CatammState.Turn memory t,
        IRandomness randomness
    ) external {
        bool expired = block.number > t.deadline;
        if (!expired && msg.sender != g.settings.creator) {
            revert ICatamm.CannotCancelYet(gameId, msg.sender, t.deadline);
        }
        t.phase = ICatamm.Phase.Cancelled;
        CatammState.storeTurn(g, t);
        emit ICatamm.GameCancelled(gameId, msg.sender, expired);
        CatammCredit.release(g, gameId, randomness);
    }

    /// @notice Ends started game `gameId` (turn word `t`) as abandoned if its players stopped playing (see
    ///         Catamm.endAbandonedGame), and gives them back what is held for them.
    function abandon(
        CatammState.Game storage g,
        uint256 gameId,
        CatammState.Turn memory t,
        IRandomness randomness
    ) external {
        uint256 endableFrom = uint256(t.deadline) + uint256(t.players) * g.settings.turnBlocks + 1;
        if (t.absentTurns < t.players && block.number < endableFrom) {
            revert ICatamm.GameNotAbandoned(gameId, t.absentTurns, t.players, endableFrom);
        }
        t.phase = ICatamm.Phase.Abandoned;
        t.pending = ICatamm.Pending.None;
        t.autoEnd = false;
        CatammState.storeTurn(g, t);
        emit ICatamm.GameAbandoned(gameId, msg.sender, t.number);
        CatammCredit.release(g, gameId, randomness);
    }

    /// @notice Gives the players of the finished (or cancelled) game the request credit still held for them.
    function releaseCredit(CatammState.Game storage g, uint256 gameId, IRandomness randomness) external {
        CatammCredit.release(g, gameId, randomness);
    }

    /// @notice Lays out the board, opens the markets and draws the turn order from `seed`; the draft begins.
    function resolveStart(CatammState.Game storage g, uint256 gameId, uint256 seed) external {
        CatammState.Settings memory s = g.settings;
        (uint256 board, uint256 desert) = BoardSetup.generate(seed);
        g.market.open(uint64(gameId), s.depthCards, s.feePreset, seed);
        // The turn length beside the turn word, for every deadline (see CatammState.deadlineFromNow).
        g.market.setHostLow(s.turnBlocks);
        // Each resource sits in four pools, each opened with the depth from the bank: every issued counter starts at
        // the opening, nothing received yet (the word marked as opened: see CatammState.BANK_LANE).
        uint256 opening = 4 * uint256(s.depthCards);
        uint256 issued;
        for (uint256 r; r < RESOURCE_COUNT; ++r) issued |= opening << (CatammState.BANK_LANE * r);
        g.bank[CatammState.ISSUED] = issued;
        g.bank[CatammState.RECEIVED] = CatammState.BANK_OPENED;

        uint256 n = s.joined;
        uint256[] memory joinIndex = RandomDraw.permutation(seed, SALT_ORDER, n);
        address[] memory order = new address[](n);
        for (uint256 i; i < n; ++i) order[i] = g.seats[joinIndex[i]].account;
        for (uint256 i; i < n; ++i) {
            g.seats[i].account = order[i];
            g.balances[order[i]].setHostTag(i + 1);
        }
        CatammState.Table storage tb = g.table;
        tb.ghost = uint8(desert);
        tb.deck = uint40(CatammState.FULL_DECK);
        tb.board = uint136(board);

        CatammState.Turn memory t = CatammState.loadTurn(g);
        t.phase = ICatamm.Phase.Setup;
        t.seat = 0;
        t.pick = 0;
        t.players = uint8(n);
        t.deadline = CatammState.deadlineFromNow(g);
        CatammState.storeTurn(g, t);
        emit ICatamm.GameStarted(gameId, board, desert, order);
    }

    /// @notice The current pick, chosen by its player: a settlement on `vertex` and a road on `edge`, which must end
    ///         there. The caller (the game) checked that the pick is the sender's.
    function place(CatammState.Game storage g, uint256 gameId, uint256 vertex, uint256 edge) external {
        _place(g, gameId, CatammState.loadTurn(g), vertex, edge, false);
    }

    /// @notice The current pick, made for its absent player after the deadline: the legal vertex with the highest
    ///         pip total (lowest id on ties) and the lowest-id free edge at it.
    function autoPlace(CatammState.Game storage g, uint256 gameId) external {
        CatammState.Turn memory t = CatammState.loadTurn(g);
        (uint256 opponents, uint256 allRoads) = CatammState.othersAndRoads(g, t.seat);
        uint256 occupied = opponents | CatammState.buildingsOf(g, t.seat);
        uint256 vertex = Placement.autoSettlementVertex(Placement.pipTable(g.table.board), occupied);
        _place(g, gameId, t, vertex, Placement.autoRoadEdge(allRoads, vertex), true);
    }

    function _place(
        CatammState.Game storage g,
        uint256 gameId,
        CatammState.Turn memory t,
        uint256 vertex,
        uint256 edge,
        bool automatic
    ) private {
        uint256 seat = t.seat;
        uint256 w = g.buildings;
        uint256 r = g.roads;
        uint256 own = CatammState.buildingsIn(w, seat);
        uint256 opponents = w & ((1 << VERTEX_COUNT) - 1) & ~own;
        Placement.requireSettlementSpot(opponents | own, 0, vertex, false);
        if (!Placement.edgeTouches(edge, vertex)) revert ICatamm.RoadMustTouchSettlement(edge, vertex);
        if ((CatammState.allRoadsIn(r) >> edge) & 1 == 1) revert EdgeOccupied(edge);

        g.buildings = CatammState.withSettlement(w, seat, vertex);
        r = CatammState.withRoad(r, seat, edge);
        CatammState.Seat storage s = g.seats[seat];
        ++s.settlements;
        address player = s.account;
        emit ICatamm.InitialPlacement(gameId, player, vertex, edge, automatic);
        CatammState.addPort(g, gameId, player, vertex);
        // No draft settlement can cut a road (its neighbours are free), so only the player's own length changes.
        uint256 length = LongestRoad.length(CatammState.roadsIn(r, seat), opponents);
        if (length != CatammState.roadLengthIn(r, seat)) {
            r = CatammState.withRoadLength(r, seat, length);
            emit ICatamm.RoadLengthChanged(gameId, player, length);
        }
        g.roads = r;
        if (t.pick >= t.players) _yield(g, gameId, s, vertex);

        if (t.pick + 1 == 2 * uint256(t.players)) {
            CatammState.beginTurn(g, gameId, t, 0);
            return;
        }
        ++t.pick;
        t.seat = t.pick < t.players ? t.pick : uint8(2 * t.players - 1 - t.pick);
        t.deadline = CatammState.deadlineFromNow(g);
        CatammState.storeTurn(g, t);
    }

    /// @dev The second draft settlement's yield: a card per resource hex around it, a gold credit for gold.
    function _yield(CatammState.Game storage g, uint256 gameId, CatammState.Seat storage s, uint256 vertex) private {
        (uint256 a, uint256 b, uint256 c) = BoardTopology.vertexHexes(vertex);
        uint256[3] memory hexes = [a, b, c];
        uint256 board = g.table.board;
        address player = s.account;
        for (uint256 i; i < 3; ++i) {
            uint256 h = hexes[i];
            if (h != NONE) CatammState.produce(g, gameId, s, player, h, BoardSetup.kindOf(board, h), 1);
        }
    }
}
