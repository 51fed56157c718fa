// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {CatammMarket} from "./CatammMarket.sol";
import {ONE_CARD, RESOURCE_COUNT} from "./CatammTypes.sol";
import {ICatamm} from "./ICatamm.sol";
import {ResourceBalances} from "./libraries/ResourceBalances.sol";
import {BoardTopology} from "./libraries/BoardTopology.sol";
import {HexKind, NONE} from "./libraries/BoardTypes.sol";

/// @title CatammState
/// @notice The storage of one CATAMM game and the rules every part of the game shares: the turn word, paying and
///         issuing through the bank, victory points, the longest road and largest army awards, the start of a turn
///         and the win. Internal functions: each module (the game contract and its linked libraries) inlines them.
/// @dev Storage layout of a game (one {Game} per id in the game contract):
///      - `market` (CatammMarket.State): the pools; its config word's 88 host bits hold the {Turn} word, so the check
///        before a trade ("your turn, after the roll") reads no slot the trade does not read anyway, and its 25 host
///        low bits the turn length, so a new deadline reads no other slot either;
///      - `balances`: per player, the five resources and the port mask (ResourceBalances), whose spare bits hold the
///        player's seat + 1 (the "host tag"), for the same reason;
///      - `settings`, `table` (with the board), `buildings`, `roads`: one word each; `seats`, `cards`: one word per
///        seat; `bank`: two words of five counters each (see {BANK_LANE}).
library CatammState {
    using CatammMarket for CatammMarket.State;
    using ResourceBalances for ResourceBalances.Balances;

    // ------------------------------------------------------------------------------------------------------------
    // Rules

    uint256 internal constant MIN_PLAYERS = 2;
    uint256 internal constant MAX_PLAYERS = 4;
    /// @dev Piece limits per player (standard Catan).
    uint256 internal constant ROAD_LIMIT = 15;
    uint256 internal constant SETTLEMENT_LIMIT = 5;
    uint256 internal constant CITY_LIMIT = 4;
    /// @dev Piece ids in {ICatamm.PieceLimitReached}.
    uint256 internal constant PIECE_ROAD = 0;
    uint256 internal constant PIECE_SETTLEMENT = 1;
    uint256 internal constant PIECE_CITY = 2;
    uint256 internal constant POINTS_TO_WIN = 10;
    uint256 internal constant LONGEST_ROAD_MIN = 5;
    uint256 internal constant LARGEST_ARMY_MIN = 3;
    uint256 internal constant AWARD_POINTS = 2;
    /// @dev A hand above this many cards discards half on a 7.
    uint256 internal constant HAND_LIMIT = 7;

    /// @dev Costs in whole cards, one byte per resource (Wood, Brick, Sheep, Ore, Wheat from the low byte).
    uint256 internal constant ROAD_COST = 0x0101;
    uint256 internal constant SETTLEMENT_COST = 0x0100010101;
    uint256 internal constant CITY_COST = 0x0203000000;
    uint256 internal constant DEV_CARD_COST = 0x0101010000;

    /// @dev The 25 development cards, one byte per {ICatamm.DevCard}: 14 Knight, 2 Road Building, 2 Year of Plenty,
    ///      2 Monopoly, 5 Victory Point.
    uint256 internal constant FULL_DECK = 0x050202020e;
    uint256 internal constant DEV_CARD_KINDS = 5;

    /// @dev The ghost ship's place after a flip of port p is `PORT_PLACE + p`; below it, a hex.
    uint256 internal constant PORT_PLACE = 19;

    /// @dev Bounds of a game's turn length, in blocks.
    uint256 internal constant MIN_TURN_BLOCKS = 5;
    uint256 internal constant MAX_TURN_BLOCKS = 1 << 24;
    /// @dev Longest open window (lobby) of a game, in blocks.
    uint256 internal constant MAX_OPEN_BLOCKS = 100_000;
    /// @dev Request fees of each player's request credit a game holds to roll their timed-out turns (CatammCredit):
    ///      about as many turns as one player has in a whole game.
    uint256 internal constant TIMEOUT_ROLLS_HELD = 16;

    // ------------------------------------------------------------------------------------------------------------
    // Storage

    /// @dev Fixed at creation (`joined` grows until the start).
    struct Settings {
        address creator;
        uint32 depthCards;
        uint8 feePreset;
        uint32 turnBlocks;
        uint8 joined;
    }

    /// @dev Game-wide state that no trade needs, in one word with the board, which a roll's resolution reads with it
    ///      (a cold read fewer: ~2,100 gas). Seats are stored + 1 (0 = nobody). The turn length for deadlines is in
    ///      the markets' config word ({deadlineFromNow}).
    /// @param ghost The ghost ship's place (hex, or PORT_PLACE + port).
    /// @param longestRoad Holder's seat + 1.
    /// @param largestArmy Holder's seat + 1.
    /// @param winner Winner's seat + 1.
    /// @param stealTarget The pending steal's victim seat (hex steal) or pool (pool steal).
    /// @param deck Development cards left, one byte per kind.
    /// @param board The board (BoardSetup's 133-bit word; the desert is its hex of kind Desert).
    struct Table {
        uint8 ghost;
        uint8 longestRoad;
        uint8 largestArmy;
        uint8 winner;
        uint8 stealTarget;
        uint40 deck;
        uint136 board;
    }

    /// @dev One word per seat (its road count and road length live in the roads word: see {Game.roads}).
    /// @param discardOwed Cards to discard during the current 7. 32 bits charge any hand in full: a balance field
    ///        holds under 2^85 wei (~38.7 million cards), so a hand is below 5 × 38.7 million cards + 65,535 gold
    ///        credits, and half of it below 2^32.
    /// @param bonus Points beyond the buildings: 2 for each award held and 1 for each Victory Point card, kept here so
    ///        that the win check reads only this word, which every action reads anyway (the table and the cards
    ///        were two more cold reads, 4,200 gas, on every settlement, city and end of turn).
    struct Seat {
        address account;
        uint16 gold;
        uint8 knights;
        uint32 discardOwed;
        uint8 settlements;
        uint8 cities;
        uint8 bonus;
    }

    /// @dev Development cards held (one byte per kind, VP cards included) and how many of them were drawn this turn.
    struct Cards {
        uint40 held;
        uint40 fresh;
    }

    struct Game {
        CatammMarket.State market;
        mapping(address player => ResourceBalances.Balances) balances;
        Settings settings;
        Table table;
        uint256 request;
        Seat[4] seats;
        /// @dev Every seat's buildings in one word, so that a roll reads one word for all of them, not one a seat
        ///      (6,300 gas less with four players): bits 0–53 a building on vertex v, 64–117 a city there, 128–181
        ///      and 192–245 the owner's seat (its low and high bit) (see {buildingsOf}).
        uint256 buildings;
        /// @dev Every seat's roads in one word, with their longest roads, so that a road reads one word for all
        ///      seats' roads and writes nothing else (4 reads and 2 writes before): bits 0–71 a road on edge e,
        ///      72–143 and 144–215 the owner's seat (low and high bit), 216 + 8 × seat that seat's longest road,
        ///      kept up to date after every road and every settlement that cuts it (see {roadsOf}).
        uint256 roads;
        Cards[4] cards;
        /// @dev The bank's counters per resource, in whole cards (see {BANK_LANE}): what it issued (production, Year
        ///      of Plenty, gold, the pools' opening depth) and received (building costs, discards).
        uint256[2] bank;
        /// @dev Request credit (wei, at the randomness source, in the game's name) held for each seat (CatammCredit).
        uint128[4] requestCredit;
    }

    // ------------------------------------------------------------------------------------------------------------
    // The turn word (the markets' host bits)

    /// @dev Decoded turn word. Bits: phase 0–3, seat 4–5, pending 6–8, cardPlayed 9, afterRoll 10, autoEnd 11,
    ///      freshCards 12, pick 13–15, players 16–18, deadline 19–58, number 59–78, lastRoll 79–82, absentTurns 83–87
    ///      (the 88 host bits).
    /// @param seat Whose turn or draft pick.
    /// @param cardPlayed A development card was played this turn.
    /// @param afterRoll Where the ghost ship returns the turn: Main (true) or BeforeRoll (a Knight before the roll).
    /// @param autoEnd The turn was rolled for its absent player: it ends as soon as it reaches Main.
    /// @param freshCards The player drew development cards this turn (cleared at its end).
    /// @param pick The draft pick under way.
    /// @param players Players in the game.
    /// @param deadline Block after which anyone may advance the waiting state.
    /// @param number Turns started so far (20 bits: over a million turns).
    /// @param lastRoll Sum of the last roll (0 before the first), here and not in the table so that a roll's
    ///        resolution writes no word but the turn word it writes anyway (2,900 gas).
    /// @param absentTurns Turns (and draft picks) in a row that timed out with no player acting, up to 31: once it
    ///        reaches the player count, anyone may end the game as abandoned.
    // A memory-only struct (stored packed by hand in the host bits): its field order is the reading order.
    // solhint-disable-next-line gas-struct-packing
    struct Turn {
        ICatamm.Phase phase;
        uint8 seat;
        ICatamm.Pending pending;
        bool cardPlayed;
        bool afterRoll;
        bool autoEnd;
        bool freshCards;
        uint8 pick;
        uint8 players;
        uint64 deadline;
        uint32 number;
        uint8 lastRoll;
        uint8 absentTurns;
    }

    /// @dev Masks of the turn word's hot fields, for the trade path's one comparison.
    uint256 internal constant PHASE_BITS = 0xf;
    uint256 internal constant SEAT_SHIFT = 4;
    uint256 internal constant PENDING_SHIFT = 6;
    uint256 internal constant AUTO_END_SHIFT = 11;
    uint256 internal constant PLAYERS_SHIFT = 16;
    uint256 private constant LAST_ROLL_SHIFT = 79;
    uint256 internal constant DEADLINE_SHIFT = 19;
    uint256 internal constant ABSENT_SHIFT = 83;
    uint256 internal constant MAX_ABSENT_TURNS = 31;
    uint256 private constant NUMBER_BITS = (1 << 20) - 1;

    function loadTurn(Game storage g) internal view returns (Turn memory t) {
        uint256 w = g.market.hostData();
        t.phase = ICatamm.Phase(w & PHASE_BITS);
        t.seat = uint8((w >> SEAT_SHIFT) & 3);
        t.pending = ICatamm.Pending((w >> PENDING_SHIFT) & 7);
        t.cardPlayed = (w >> 9) & 1 == 1;
        t.afterRoll = (w >> 10) & 1 == 1;
        t.autoEnd = (w >> AUTO_END_SHIFT) & 1 == 1;
        t.freshCards = (w >> 12) & 1 == 1;
        t.pick = uint8((w >> 13) & 7);
        t.players = uint8((w >> PLAYERS_SHIFT) & 7);
        t.deadline = uint64((w >> DEADLINE_SHIFT) & type(uint40).max);
        t.number = uint32((w >> 59) & NUMBER_BITS);
        t.lastRoll = uint8((w >> LAST_ROLL_SHIFT) & 15);
        t.absentTurns = uint8((w >> ABSENT_SHIFT) & MAX_ABSENT_TURNS);
    }

    function storeTurn(Game storage g, Turn memory t) internal {
        uint256 w =
            uint256(t.phase) |
                (uint256(t.seat) << SEAT_SHIFT) |
                (uint256(t.pending) << PENDING_SHIFT) |
                (_bit(t.cardPlayed) << 9) |
                (_bit(t.afterRoll) << 10) |
                (_bit(t.autoEnd) << AUTO_END_SHIFT) |
                (_bit(t.freshCards) << 12) |
                (uint256(t.pick) << 13) |
                (uint256(t.players) << PLAYERS_SHIFT) |
                (uint256(uint40(t.deadline)) << DEADLINE_SHIFT) |
                ((uint256(t.number) & NUMBER_BITS) << 59) |
                (uint256(t.lastRoll & 15) << LAST_ROLL_SHIFT) |
                (uint256(t.absentTurns) << ABSENT_SHIFT);
        g.market.setHostData(w);
    }

    /// @dev Turn word `w` after a roll of `total` that is not a 7: the main phase, with `deadline` (as {storeTurn}).
    function rolledToMain(uint256 w, uint64 deadline, uint256 total) internal pure returns (uint256) {
        w &= ~(PHASE_BITS | (uint256(type(uint40).max) << DEADLINE_SHIFT) | (uint256(15) << LAST_ROLL_SHIFT));
        return
            w |
            uint256(ICatamm.Phase.Main) |
            (uint256(uint40(deadline)) << DEADLINE_SHIFT) |
            ((total & 15) << LAST_ROLL_SHIFT);
    }

    function _bit(bool b) private pure returns (uint256) {
        return b ? 1 : 0;
    }

    /// @dev The deadline of a waiting state that starts now.
    function deadlineFromNow(Game storage g) internal view returns (uint64) {
        // The turn length sits in the config word's host low bits, which every action reads for the turn: in the
        // table it cost an end of turn a cold read (2,000 gas).
        return uint64(block.number + g.market.hostLow());
    }

    // ------------------------------------------------------------------------------------------------------------
    // Seats and pieces

    /// @dev The seat of `account` + 1, or 0 if it is not a player (the host tag in its balance word).
    function tagOf(Game storage g, address account) internal view returns (uint256) {
        return g.balances[account].hostTag();
    }

    uint256 private constant VERTEX_BITS = (1 << 54) - 1;
    uint256 private constant EDGE_BITS = (1 << 72) - 1;
    uint256 private constant CITY_SHIFT = 64;
    uint256 private constant OWNER_SHIFT = 128;
    uint256 private constant ROAD_OWNER_SHIFT = 72;
    uint256 private constant LENGTH_SHIFT = 216;

    /// @dev Of the `bits`-wide occupancy mask at bit 0 of `w`, the part owned by `seat`: where the owner planes at
    ///      `lo` (the seat's low bit) and `hi` (its high bit) hold the seat's bits.
    function _ownedBy(uint256 w, uint256 bits, uint256 lo, uint256 hi, uint256 seat) private pure returns (uint256) {
        uint256 low = (w >> lo) & bits;
        uint256 high = (w >> hi) & bits;
        return w & bits & (seat & 1 == 1 ? low : ~low) & (seat & 2 == 2 ? high : ~high);
    }

    /// @dev Settlements and cities of `seat` in buildings word `w`.
    function buildingsIn(uint256 w, uint256 seat) internal pure returns (uint256) {
        return _ownedBy(w, VERTEX_BITS, OWNER_SHIFT, OWNER_SHIFT + 64, seat);
    }

    /// @dev The cities of buildings word `w` (every seat's).
    function citiesIn(uint256 w) internal pure returns (uint256) {
        return (w >> CITY_SHIFT) & VERTEX_BITS;
    }

    /// @dev Buildings word `w` with a settlement of `seat` on `vertex` (free).
    function withSettlement(uint256 w, uint256 seat, uint256 vertex) internal pure returns (uint256) {
        return
            w | (1 << vertex) | ((seat & 1) << (OWNER_SHIFT + vertex)) | ((seat >> 1) << (OWNER_SHIFT + 64 + vertex));
    }

    /// @dev Settlements and cities of `seat`.
    function buildingsOf(Game storage g, uint256 seat) internal view returns (uint256) {
        return buildingsIn(g.buildings, seat);
    }

    /// @dev Roads of `seat` in roads word `r`.
    function roadsIn(uint256 r, uint256 seat) internal pure returns (uint256) {
        return _ownedBy(r, EDGE_BITS, ROAD_OWNER_SHIFT, 2 * ROAD_OWNER_SHIFT, seat);
    }

    /// @dev Every seat's roads in roads word `r`.
    function allRoadsIn(uint256 r) internal pure returns (uint256) {
        return r & EDGE_BITS;
    }

    /// @dev Roads word `r` with a road of `seat` on `edge` (free).
    function withRoad(uint256 r, uint256 seat, uint256 edge) internal pure returns (uint256) {
        return
            r |
            (1 << edge) |
            ((seat & 1) << (ROAD_OWNER_SHIFT + edge)) |
            ((seat >> 1) << (2 * ROAD_OWNER_SHIFT + edge));
    }

    /// @dev The longest road of `seat` in roads word `r`.
    function roadLengthIn(uint256 r, uint256 seat) internal pure returns (uint256) {
        return (r >> (LENGTH_SHIFT + 8 * seat)) & 0xff;
    }

    /// @dev Roads word `r` with `seat`'s longest road set to `length` (at most 15).
    function withRoadLength(uint256 r, uint256 seat, uint256 length) internal pure returns (uint256) {
        uint256 shift = LENGTH_SHIFT + 8 * seat;
        return (r & ~(uint256(0xff) << shift)) | (length << shift);
    }

    /// @dev `seat`'s settlements, cities and roads (masks).
    function piecesOf(
        Game storage g,
        uint256 seat
    ) internal view returns (uint256 settlements, uint256 cities, uint256 roads) {
        uint256 w = g.buildings;
        uint256 own = buildingsIn(w, seat);
        cities = own & citiesIn(w);
        settlements = own & ~cities;
        roads = roadsIn(g.roads, seat);
    }

    /// @dev Replaces `seat`'s pieces with these masks, taking any of their vertices and edges from the other seats,
    ///      with every seat's settlement and city counts following the masks (road counts are the masks').
    function setPieces(Game storage g, uint256 seat, uint256 settlements, uint256 cities, uint256 roads) internal {
        uint256 w = g.buildings;
        uint256 cut = buildingsIn(w, seat) | settlements | cities;
        w &= ~(cut | (cut << CITY_SHIFT) | (cut << OWNER_SHIFT) | (cut << (OWNER_SHIFT + 64)));
        w = _withOwned(w, settlements | cities, seat, OWNER_SHIFT, OWNER_SHIFT + 64) | (cities << CITY_SHIFT);
        g.buildings = w;
        uint256 r = g.roads;
        cut = roadsIn(r, seat) | roads;
        r &= ~(cut | (cut << ROAD_OWNER_SHIFT) | (cut << (2 * ROAD_OWNER_SHIFT)));
        g.roads = _withOwned(r, roads, seat, ROAD_OWNER_SHIFT, 2 * ROAD_OWNER_SHIFT);
        for (uint256 i; i < MAX_PLAYERS; ++i) {
            uint256 own = buildingsIn(w, i);
            Seat storage s = g.seats[i];
            s.settlements = uint8(popcount(own & ~citiesIn(w)));
            s.cities = uint8(popcount(own & citiesIn(w)));
        }
    }

    /// @dev Word `w` with the pieces of `mask` (free in `w`) given to `seat` (owner planes at `lo` and `hi`).
    function _withOwned(uint256 w, uint256 mask, uint256 seat, uint256 lo, uint256 hi) private pure returns (uint256) {
        return w | mask | (((seat & 1) * mask) << lo) | (((seat >> 1) * mask) << hi);
    }

    /// @dev Settlements and cities of every seat but `seat`, and every seat's roads.
    function othersAndRoads(Game storage g, uint256 seat) internal view returns (uint256 opponents, uint256 allRoads) {
        uint256 w = g.buildings;
        opponents = w & VERTEX_BITS & ~buildingsIn(w, seat);
        allRoads = allRoadsIn(g.roads);
    }

    /// @dev Records that `player` owns the port at `vertex`, if any (a settlement just landed there).
    function addPort(Game storage g, uint256 gameId, address player, uint256 vertex) internal {
        uint256 port = BoardTopology.vertexPort(vertex);
        if (port == NONE) return;
        ResourceBalances.Balances storage b = g.balances[player];
        uint256 mask = b.portsOwned() | (1 << port);
        b.setPortsOwned(mask);
        emit ICatamm.PortsChanged(gameId, player, mask);
    }

    /// @dev Number of set bits (~20 gas a set bit: for the few bits of a hex's corners or a vertex's roads).
    function popcount(uint256 x) internal pure returns (uint256 n) {
        unchecked {
            for (; x != 0; ++n) x &= x - 1;
        }
    }

    /// @dev Number of set bits of `x` (below 2^255), counted in parallel: bit pairs, nibbles, bytes, then the 32 byte
    ///      counts summed into the top byte by one multiplication; ~60 gas whatever the count (a player's up to 15
    ///      roads cost {popcount} ~300).
    function popcountWide(uint256 x) internal pure returns (uint256) {
        unchecked {
            uint256 m1 = type(uint256).max / 3; // 0x5555...
            uint256 m2 = type(uint256).max / 5; // 0x3333...
            uint256 m4 = type(uint256).max / 17; // 0x0f0f...
            x -= (x >> 1) & m1;
            x = (x & m2) + ((x >> 2) & m2);
            x = (x + (x >> 4)) & m4;
            return (x * (type(uint256).max / 255)) >> 248;
        }
    }

    /// @dev The ghost ship must move now (a 7 once nobody owes a discard, or a Knight): stores `t` in that phase with
    ///      a fresh deadline; `t.afterRoll` (set by the caller) says where the turn returns afterwards.
    function awaitGhostShip(Game storage g, uint256 gameId, Turn memory t) internal {
        t.phase = ICatamm.Phase.GhostShip;
        t.deadline = deadlineFromNow(g);
        storeTurn(g, t);
        emit ICatamm.GhostShipAwaited(gameId, g.seats[t.seat].account, t.deadline);
    }

    /// @dev After the ghost ship (and its steal): back to Main, or to BeforeRoll after a Knight played before the
    ///      roll, with a fresh deadline. Stores `t`.
    function returnFromGhostShip(Game storage g, Turn memory t) internal {
        t.phase = t.afterRoll ? ICatamm.Phase.Main : ICatamm.Phase.BeforeRoll;
        t.deadline = deadlineFromNow(g);
        storeTurn(g, t);
    }

    // ------------------------------------------------------------------------------------------------------------
    // The bank

    /// @dev The bank counts whole cards (every flow between the bank and a player is whole cards: costs, production,
    ///      discards, Year of Plenty, gold, the pools' opening depth), five counters of {BANK_LANE} bits to a word:
    ///      word {ISSUED} holds what it issued of each resource, word {RECEIVED} what it received, resource `r` at bit
    ///      `BANK_LANE * r`. A payment or a production then writes one bank word whatever its resources (a settlement
    ///      wrote three words of paired 120-bit wei counters, a roll of two resources two: ~5,000 gas each). A counter
    ///      stays below 2^50 cards (~1.1e15: a game issues at most a few dozen a turn), so that adding to every lane
    ///      at once cannot carry into the next lane and an overflow shows in a lane's top bit ({BANK_GUARDS}): it
    ///      reverts. Bit 255 of the received word is set at the start ({BANK_OPENED}) so that the first payment
    ///      updates a word instead of filling a fresh one (17,100 gas more).
    uint256 internal constant BANK_LANE = 51;
    /// @dev `2^BANK_LANE − 1` and the top bit of each of the five lanes
    ///      (`((2^255 − 1) / BANK_LANE_MAX) << (BANK_LANE − 1)`), as literals: the expressions ran at each use.
    uint256 private constant BANK_LANE_MAX = 0x7ffffffffffff;
    uint256 private constant BANK_GUARDS = 0x4000000000000800000000000100000000000020000000000004000000000000;
    uint256 internal constant ISSUED = 0;
    uint256 internal constant RECEIVED = 1;
    uint256 internal constant BANK_OPENED = 1 << 255;

    /// @notice A bank counter would reach 2^50 cards (never in a game: see {BANK_LANE}).
    error BankCounterOverflow(uint256 word);

    /// @dev A bank counter, in whole cards.
    function bankCounter(Game storage g, uint256 word, uint256 resource) internal view returns (uint256) {
        return (g.bank[word] >> (BANK_LANE * resource)) & BANK_LANE_MAX;
    }

    /// @dev Adds `lanes` (counts already in their lanes, each below 2^50) to the bank's `word`: one read, one write.
    function addToBank(Game storage g, uint256 word, uint256 lanes) internal {
        uint256 w = g.bank[word] + lanes;
        if (w & BANK_GUARDS != 0) revert BankCounterOverflow(word);
        g.bank[word] = w;
    }

    /// @dev `player` pays `cost` (whole cards per resource, one byte each, each below 256) to the bank: each balance
    ///      word and the bank's word read and written once.
    function pay(Game storage g, address player, uint256 cost) internal {
        g.balances[player].debitCards(cost);
        // Each cost byte moved to its resource's lane, unrolled (a loop cost ~200 gas more).
        uint256 lanes =
            (cost & 0xff) |
                (((cost >> 8) & 0xff) << BANK_LANE) |
                (((cost >> 16) & 0xff) << (2 * BANK_LANE)) |
                (((cost >> 24) & 0xff) << (3 * BANK_LANE)) |
                (((cost >> 32) & 0xff) << (4 * BANK_LANE));
        addToBank(g, RECEIVED, lanes);
    }

    /// @dev The bank gives `cards` whole cards of `resource` to `player`.
    function issue(Game storage g, address player, uint8 resource, uint256 cards) internal {
        g.balances[player].credit(resource, cards * ONE_CARD);
        addToBank(g, ISSUED, cards << (BANK_LANE * resource));
    }

    /// @dev What hex `hexId` (of `kind`) yields `player` (seat word `s`), in the draft and on a roll: `cards` cards of
    ///      its resource, or one gold credit from the gold hex, or nothing from the desert. The gold counter
    ///      saturates at its 16-bit maximum (~470,000 gold yields away): a roll or a draft pick must never revert
    ///      on it.
    function produce(
        Game storage g,
        uint256 gameId,
        Seat storage s,
        address player,
        uint256 hexId,
        HexKind kind,
        uint256 cards
    ) internal {
        if (kind == HexKind.Gold) {
            if (s.gold == type(uint16).max) return;
            ++s.gold;
            emit ICatamm.GoldProduced(gameId, player, hexId);
        } else if (kind != HexKind.Desert) {
            issue(g, player, uint8(kind), cards);
            emit ICatamm.ResourceProduced(gameId, player, hexId, uint8(kind), cards * ONE_CARD);
        }
    }

    /// @dev The bank takes `cards` whole cards of `resource` from `player` (discards).
    function collect(Game storage g, address player, uint8 resource, uint256 cards) internal {
        g.balances[player].debit(resource, cards * ONE_CARD);
        addToBank(g, RECEIVED, cards << (BANK_LANE * resource));
    }

    /// @dev Whole cards of each resource and their total.
    function wholeCards(Game storage g, address player) internal view returns (uint256[5] memory cards, uint256 total) {
        uint256[5] memory b = g.balances[player].all();
        for (uint256 r; r < RESOURCE_COUNT; ++r) {
            cards[r] = b[r] / ONE_CARD;
            total += cards[r];
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // Victory points, awards, the win

    /// @dev Points everyone sees: settlements, cities, longest road and largest army.
    function publicPoints(Game storage g, uint256 seat) internal view returns (uint256 points) {
        Seat storage s = g.seats[seat];
        points = uint256(s.settlements) + 2 * uint256(s.cities);
        Table storage tb = g.table;
        if (tb.longestRoad == seat + 1) points += AWARD_POINTS;
        if (tb.largestArmy == seat + 1) points += AWARD_POINTS;
    }

    /// @dev All points, hidden VP cards included (awards and VP cards through the seat's {Seat.bonus}).
    function totalPoints(Game storage g, uint256 seat) internal view returns (uint256) {
        Seat storage s = g.seats[seat];
        return uint256(s.settlements) + 2 * uint256(s.cities) + s.bonus;
    }

    /// @dev An award (longest road or largest army) moves from seat + 1 `from` to seat + 1 `to` (0: nobody).
    function moveAward(Game storage g, uint256 from, uint256 to) internal {
        if (from != 0) g.seats[from - 1].bonus -= uint8(AWARD_POINTS);
        if (to != 0) g.seats[to - 1].bonus += uint8(AWARD_POINTS);
    }

    /// @dev One byte of a packed per-card-kind counter.
    function cardCount(uint256 packed, uint8 card) internal pure returns (uint256) {
        return (packed >> (8 * uint256(card))) & 0xff;
    }

    /// @dev Ends the game if `t.seat` (the player whose turn it is) has 10 points. Call after anything that can
    ///      raise the current player's points, with the caller's decoded turn word (stored here if the game ends).
    /// @return won Whether the game ended.
    function checkWin(Game storage g, uint256 gameId, Turn memory t) internal returns (bool won) {
        uint256 points = totalPoints(g, t.seat);
        if (points < POINTS_TO_WIN) return false;
        t.phase = ICatamm.Phase.Finished;
        t.pending = ICatamm.Pending.None;
        t.autoEnd = false;
        storeTurn(g, t);
        g.table.winner = t.seat + 1;
        emit ICatamm.GameWon(gameId, g.seats[t.seat].account, points);
        return true;
    }

    /// @dev Starts `seat`'s turn (stored), then checks whether points reached on others' turns make them win.
    function beginTurn(Game storage g, uint256 gameId, Turn memory t, uint8 seat) internal {
        t.phase = ICatamm.Phase.BeforeRoll;
        t.seat = seat;
        t.cardPlayed = false;
        t.afterRoll = false;
        t.autoEnd = false;
        t.freshCards = false;
        t.deadline = deadlineFromNow(g);
        ++t.number;
        storeTurn(g, t);
        emit ICatamm.TurnStarted(gameId, g.seats[seat].account, t.number, t.deadline);
        checkWin(g, gameId, t);
    }

    /// @dev Re-awards the longest road after road lengths changed (official rules): the holder keeps it while their
    ///      road is at least 5 and no other is longer; otherwise it goes to the one player with the longest road of
    ///      at least 5, or to nobody when that longest is shared or below 5.
    function updateLongestRoad(Game storage g, uint256 gameId, uint256 players) internal {
        uint256 holder = g.table.longestRoad; // seat + 1
        uint256 r = g.roads;
        uint256 best;
        uint256 bestSeat; // seat + 1 of the unique best, 0 if shared
        for (uint256 i; i < players; ++i) {
            uint256 len = roadLengthIn(r, i);
            if (len > best) (best, bestSeat) = (len, i + 1);
            else if (len == best) bestSeat = 0;
        }
        uint256 next;
        if (holder != 0 && roadLengthIn(r, holder - 1) >= LONGEST_ROAD_MIN && roadLengthIn(r, holder - 1) == best) {
            next = holder;
        } else if (best >= LONGEST_ROAD_MIN) {
            next = bestSeat;
        }
        if (next != holder) {
            g.table.longestRoad = uint8(next);
            moveAward(g, holder, next);
            if (next == 0) emit ICatamm.LongestRoadChanged(gameId, address(0), 0);
            else emit ICatamm.LongestRoadChanged(gameId, g.seats[next - 1].account, best);
        }
    }
}
