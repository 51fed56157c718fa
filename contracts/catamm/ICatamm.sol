// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title ICatamm
/// @notice The CATAMM game's enums, views, errors and events (the markets' own are in {ICatammMarket}; the board
///         libraries' placement errors are in `libraries/BoardTypes.sol`). One contract hosts many games, by id.
/// @dev Ids: resources 0 Wood, 1 Brick, 2 Sheep, 3 Ore, 4 Wheat; hexes 0–18, vertices 0–53, edges 0–71 and ports 0–8
///      as in docs/catamm-board.md. Amounts of resources have 18 decimals (one card = 1e18). A player is named by
///      address in events; `seat` is the player's place in the random turn order (0 moves first).
///      The ghost ship's place is a hex id (0–18) or, after a port flip, `19 + port`.
interface ICatamm {
    /// @notice Where a game stands. Every phase but `Open` and `Finished` has a block deadline or waits on a random
    ///         value that anyone can have served ({advance}, {rerequestRandomness}).
    /// @param None No such game.
    /// @param Open Players join; the creator starts it.
    /// @param Starting Waiting for the random value that lays out the board, the markets and the turn order.
    /// @param Setup The snake draft: each pick places a settlement and a road.
    /// @param BeforeRoll A turn began: the player may play a card, then rolls.
    /// @param RollPending The dice are requested.
    /// @param Discard A 7: players holding 8 or more cards discard half.
    /// @param GhostShip The player moves the ghost ship (after a 7 or a Knight).
    /// @param StealPending A steal is requested.
    /// @param Main After the roll: trades, liquidity, building, cards, end of turn.
    /// @param Finished Someone won; every action is refused.
    /// @param Cancelled Closed before it started (by its creator, or by anyone after its open window); every action
    ///        is refused.
    /// @param Abandoned Ended without a winner after its players stopped playing ({Catamm.endAbandonedGame}); every
    ///        action is refused.
    enum Phase {
        None,
        Open,
        Starting,
        Setup,
        BeforeRoll,
        RollPending,
        Discard,
        GhostShip,
        StealPending,
        Main,
        Finished,
        Cancelled,
        Abandoned
    }

    /// @notice What the game's one outstanding random value is for.
    enum Pending {
        None,
        Start,
        Roll,
        Draw,
        HexSteal,
        PoolSteal
    }

    /// @notice Development cards.
    enum DevCard {
        Knight,
        RoadBuilding,
        YearOfPlenty,
        Monopoly,
        VictoryPoint
    }

    /// @notice A game as {gameInfo} shows it.
    /// @param creator Who created it (and starts it).
    /// @param depthCards Initial depth of each pool side, in cards.
    /// @param feePreset 0 classic, 1 defi.
    /// @param turnBlocks Blocks each waiting state lasts before anyone may advance it.
    /// @param players The players, in seat (turn) order once started, in join order before.
    /// @param playerCount How many joined.
    /// @param phase The phase.
    /// @param currentSeat Whose turn (or draft pick) it is.
    /// @param pending What the outstanding random value is for.
    /// @param requestId The outstanding request (meaningful when `pending` is not None).
    /// @param deadline The block after which anyone may advance the current waiting state (while the game is open:
    ///        the end of its open window, after which anyone may cancel it).
    /// @param turn Turns started so far (0 during the draft).
    /// @param setupPick The draft pick under way (0 to 2 × players − 1).
    /// @param cardPlayed Whether a development card was played this turn.
    /// @param board The board word (BoardSetup.sol): per hex its kind and number.
    /// @param ghostShip The ghost ship's place: a hex (0–18) or 19 + port after a flip.
    /// @param lastRoll The sum of the last dice roll (0 before the first).
    /// @param deck Development cards left, per {DevCard}.
    /// @param longestRoad Holder of the longest road (address(0) for nobody).
    /// @param largestArmy Holder of the largest army (address(0) for nobody).
    /// @param winner The winner (address(0) until someone wins).
    /// @param requestCredit Per seat (as `players`), the request credit the game holds to roll that player's timed-out
    ///        turns (wei; 0 with a free randomness source). See {ICatamm.RequestCreditHeld}.
    /// @param absentTurns Turns (and draft picks) in a row that timed out with no player acting: at the player count,
    ///        anyone may end the game as abandoned ({Catamm.endAbandonedGame}).
    // Returned by a view, never stored: its field order is the reading order.
    // solhint-disable-next-line gas-struct-packing
    struct GameInfo {
        address creator;
        uint256 depthCards;
        uint256 feePreset;
        uint256 turnBlocks;
        address[4] players;
        uint256 playerCount;
        Phase phase;
        uint256 currentSeat;
        Pending pending;
        uint256 requestId;
        uint256 deadline;
        uint256 turn;
        uint256 setupPick;
        bool cardPlayed;
        uint256 board;
        uint256 ghostShip;
        uint256 lastRoll;
        uint256[5] deck;
        address longestRoad;
        address largestArmy;
        address winner;
        uint256[4] requestCredit;
        uint256 absentTurns;
    }

    /// @notice A player as {playerInfo} shows it: everything public about them except hidden victory points.
    /// @param seat Their seat (turn order).
    /// @param settlements Vertex mask of their settlements.
    /// @param cities Vertex mask of their cities.
    /// @param roads Edge mask of their roads.
    /// @param roadLength Their longest road.
    /// @param knights Knights played.
    /// @param goldCredits Unused gold credits.
    /// @param discardOwed Cards they must discard now (during a 7).
    /// @param publicVictoryPoints Settlements, cities, longest road and largest army (never the hidden VP cards).
    /// @param hand Whole cards plus gold credits (what the hand limit counts).
    /// @param balances Their five resource balances (18 decimals).
    /// @param cardsHeld Development cards held, per {DevCard}, those drawn this turn included (VP cards are hidden:
    ///        always 0 here).
    struct PlayerInfo {
        uint256 seat;
        uint256 settlements;
        uint256 cities;
        uint256 roads;
        uint256 roadLength;
        uint256 knights;
        uint256 goldCredits;
        uint256 discardOwed;
        uint256 publicVictoryPoints;
        uint256 hand;
        uint256[5] balances;
        uint256[5] cardsHeld;
    }

    // ------------------------------------------------------------------------------------------------------------
    // Errors

    /// @notice No game has this id.
    error UnknownGame(uint256 gameId);
    /// @notice A turn length outside the allowed range.
    error TurnBlocksOutOfRange(uint256 turnBlocks, uint256 minBlocks, uint256 maxBlocks);
    /// @notice Joining a game that already has four players.
    error GameFull(uint256 gameId, uint256 maxPlayers);
    /// @notice An open window outside the allowed range.
    error OpenBlocksOutOfRange(uint256 openBlocks, uint256 minBlocks, uint256 maxBlocks);
    /// @notice The creator cannot leave its game: it cancels it instead.
    error CreatorCannotLeave(uint256 gameId);
    /// @notice Only the creator may cancel an open game before its open window has passed.
    error CannotCancelYet(uint256 gameId, address caller, uint256 openDeadline);
    /// @notice Any action in a cancelled game.
    error GameIsCancelled(uint256 gameId);
    /// @notice Any action in a game ended as abandoned.
    error GameIsAbandoned(uint256 gameId);
    /// @notice Ending a game as abandoned while its players may still be playing: it takes `players` turns in a row
    ///         that timed out with nobody acting (`absentTurns` so far), or no move at all by anyone until block
    ///         `endableFrom` (a whole round of turns after the current deadline).
    error GameNotAbandoned(uint256 gameId, uint256 absentTurns, uint256 players, uint256 endableFrom);
    /// @notice Joining a game twice.
    error AlreadyJoined(uint256 gameId, address player);
    /// @notice Joining (or starting) a game that was already started.
    error GameAlreadyStarted(uint256 gameId);
    /// @notice Starting a game one did not create.
    error NotCreator(address caller, address creator);
    /// @notice Starting a game with fewer than two players.
    error NotEnoughPlayers(uint256 players, uint256 minPlayers);
    /// @notice Any action in a finished game.
    error GameOver(uint256 gameId, address winner);
    /// @notice An action the current phase does not allow.
    error WrongPhase(Phase current);
    /// @notice An action of a player by an account that is not one.
    error NotAPlayer(uint256 gameId, address account);
    /// @notice An action by a player whose turn (or pick) it is not.
    error NotYourTurn(address caller, address current);
    /// @notice An action that needs the outstanding random value, which is not ready yet (or went stale: see
    ///         {rerequestRandomness}).
    error RandomnessPending(uint256 requestId);
    /// @notice Re-requesting randomness when none is outstanding.
    error NothingPending(uint256 gameId);
    /// @notice {advance} before the current waiting state's deadline, with no random value to serve.
    error DeadlineNotReached(uint256 deadline, uint256 blockNumber);
    /// @notice The draft's road must end at the settlement placed with it.
    error RoadMustTouchSettlement(uint256 edge, uint256 vertex);
    /// @notice No piece of that kind left (15 roads, 5 settlements, 4 cities). `piece`: 0 road, 1 settlement,
    ///         2 city.
    error PieceLimitReached(uint256 piece, uint256 limit);
    /// @notice A city on a vertex that is not one of the player's settlements.
    error NotYourSettlement(uint256 vertex);
    /// @notice Buying a development card when none is left.
    error DeckEmpty();
    /// @notice Playing a second development card in one turn.
    error CardAlreadyPlayedThisTurn();
    /// @notice Playing a card one does not hold.
    error NoSuchCard(DevCard card);
    /// @notice Playing a card bought this turn (the player holds no older one of that kind).
    error CardBoughtThisTurn(DevCard card);
    /// @notice Moving the ghost ship to where it already is.
    error GhostShipMustMove(uint256 place);
    /// @notice Blocking a hex without naming a victim when someone there can be robbed.
    error VictimRequired(uint256 hexId);
    /// @notice A victim who is not another player of the game.
    error InvalidVictim(address victim);
    /// @notice A victim without a settlement or city on the hex.
    error VictimNotOnHex(address victim, uint256 hexId);
    /// @notice A victim without a whole card.
    error VictimHasNoCards(address victim);
    /// @notice Discarding without owing a discard.
    error NoDiscardOwed(address player);
    /// @notice Discarding another number of cards than owed.
    error WrongDiscardCount(uint256 owed, uint256 given);
    /// @notice Using more gold credits than held.
    error NotEnoughGold(uint256 held, uint256 wanted);

    // Raised inside the game's modules by the board libraries (BoardTypes.sol) and ResourceBalances; declared again
    // here, with the same signatures (so the same selectors), so that the game's ABI decodes every error it can
    // revert with. A test checks that the game's ABI holds every module error.

    /// @notice A hex id outside 0–18.
    error InvalidHex(uint256 hexId);
    /// @notice A vertex id outside 0–53.
    error InvalidVertex(uint256 vertex);
    /// @notice An edge id outside 0–71.
    error InvalidEdge(uint256 edge);
    /// @notice A settlement on a vertex that already holds a building.
    error VertexOccupied(uint256 vertex);
    /// @notice A settlement next to a building (`neighbour`): the distance rule.
    error DistanceRuleViolated(uint256 vertex, uint256 neighbour);
    /// @notice A settlement (after the draft) not touched by one of the player's roads.
    error SettlementNotConnected(uint256 vertex);
    /// @notice A road on an edge that already holds one.
    error EdgeOccupied(uint256 edge);
    /// @notice A road that does not connect to the player's network (an opponent's building cuts it).
    error RoadNotConnected(uint256 edge);
    /// @notice A port mask beyond the nine ports (unreachable: the game derives masks from the board).
    error PortMaskTooWide(uint256 mask);
    /// @notice A seat tag beyond its bits (unreachable: seats are 0–3).
    error HostTagTooWide(uint256 tag);

    // ------------------------------------------------------------------------------------------------------------
    // Events

    /// @notice A game was created; its creator is its first player.
    event GameCreated(
        uint256 indexed gameId,
        address indexed creator,
        uint32 depthCards,
        uint8 feePreset,
        uint32 turnBlocks
    );
    /// @notice `player` joined; `players` have joined so far.
    event PlayerJoined(uint256 indexed gameId, address indexed player, uint256 players);
    /// @notice `player` left the open game; `players` remain. The last joined player moves into the freed seat.
    event PlayerLeft(uint256 indexed gameId, address indexed player, uint256 players);
    /// @notice The open game was cancelled before it started: by its creator, or by `by` after its open window
    ///         (`expired`).
    event GameCancelled(uint256 indexed gameId, address indexed by, bool expired);
    /// @notice The started game was ended without a winner by `by`, its players having stopped playing (after
    ///         `turn` turns); what was held for them is returned ({RequestCreditReturned}).
    event GameAbandoned(uint256 indexed gameId, address indexed by, uint256 turn);
    /// @notice The game asked its randomness source for a value, for `kind`.
    event RandomnessRequested(uint256 indexed gameId, Pending kind, uint256 requestId);
    /// @notice The game used the value of request `requestId` for `kind`.
    event RandomnessUsed(uint256 indexed gameId, Pending kind, uint256 requestId, uint256 value);
    /// @notice The board was laid out and the turn order drawn (the markets' own layout is in `MarketsOpened`).
    /// @param board The board word (per hex its kind and number; BoardSetup.sol).
    /// @param desert The desert hex, where the ghost ship starts.
    /// @param players The players in seat order.
    event GameStarted(uint256 indexed gameId, uint256 board, uint256 desert, address[] players);
    /// @notice A draft pick: a settlement and a road, placed by the player or, after the deadline, automatically.
    event InitialPlacement(
        uint256 indexed gameId,
        address indexed player,
        uint256 vertex,
        uint256 edge,
        bool automatic
    );
    /// @notice The bank gave `player` `amount` of `resource` from hex `hexId` (production, or the draft's second
    ///         settlement).
    event ResourceProduced(
        uint256 indexed gameId,
        address indexed player,
        uint256 hexId,
        uint8 resource,
        uint256 amount
    );
    /// @notice `player` got one gold credit from the gold hex `hexId`.
    event GoldProduced(uint256 indexed gameId, address indexed player, uint256 hexId);
    /// @notice `player` turned `credits` gold credits into as many cards of `resource`.
    event GoldConverted(uint256 indexed gameId, address indexed player, uint8 resource, uint256 credits);
    /// @notice A turn began; anyone may roll for the player and end it after `deadline`.
    event TurnStarted(uint256 indexed gameId, address indexed player, uint256 turn, uint256 deadline);
    /// @notice `player`'s turn ended.
    event TurnEnded(uint256 indexed gameId, address indexed player, uint256 turn);
    /// @notice `player` let turn `turn` run past its deadline: the caller of `advance` rolled for them (`rolled`) or
    ///         ended the turn.
    event TurnTimedOut(uint256 indexed gameId, address indexed player, uint256 turn, bool rolled);
    /// @notice The dice of `player`'s turn came up `die1` and `die2`.
    event DiceRolled(uint256 indexed gameId, address indexed player, uint256 die1, uint256 die2);
    /// @notice After a 7, `player` must discard `count` cards before `deadline`.
    event DiscardRequired(uint256 indexed gameId, address indexed player, uint256 count, uint256 deadline);
    /// @notice `player` gave the bank `cards` whole cards of each resource and `gold` gold credits.
    event Discarded(uint256 indexed gameId, address indexed player, uint256[5] cards, uint256 gold, bool automatic);
    /// @notice `player` must move the ghost ship before `deadline`.
    event GhostShipAwaited(uint256 indexed gameId, address indexed player, uint256 deadline);
    /// @notice The ghost ship moved to `place` (a hex, or 19 + port after a flip); `victim` will be robbed
    ///         (address(0): nobody).
    event GhostShipMoved(uint256 indexed gameId, address indexed player, uint256 place, address victim, bool automatic);
    /// @notice `thief` took `amount` of `resource` from `victim` (a ghost-ship steal, or Monopoly).
    event Stolen(uint256 indexed gameId, address indexed thief, address indexed victim, uint8 resource, uint256 amount);
    /// @notice `player` paid for a development card; it is drawn with the next random value.
    event DevCardBought(uint256 indexed gameId, address indexed player);
    /// @notice `player` drew `card` (visible to anyone reading the chain).
    event DevCardDrawn(uint256 indexed gameId, address indexed player, DevCard card);
    /// @notice `player` played `card`.
    event DevCardPlayed(uint256 indexed gameId, address indexed player, DevCard card);
    /// @notice Year of Plenty: the bank gave `player` one card of each of the two resources.
    event YearOfPlenty(uint256 indexed gameId, address indexed player, uint8 resource1, uint8 resource2);
    /// @notice `player` built a road on `edge` (`free`: Road Building).
    event RoadBuilt(uint256 indexed gameId, address indexed player, uint256 edge, bool free);
    /// @notice `player` built a settlement on `vertex`.
    event SettlementBuilt(uint256 indexed gameId, address indexed player, uint256 vertex);
    /// @notice `player` upgraded the settlement on `vertex` to a city.
    event CityBuilt(uint256 indexed gameId, address indexed player, uint256 vertex);
    /// @notice `player`'s longest road is now `length` (after their road, or an opponent's settlement cutting it).
    event RoadLengthChanged(uint256 indexed gameId, address indexed player, uint256 length);
    /// @notice `player` now owns the ports in `mask` (bit p = port p).
    event PortsChanged(uint256 indexed gameId, address indexed player, uint256 mask);
    /// @notice The longest road now belongs to `holder` (address(0): nobody), whose road is `length` long.
    event LongestRoadChanged(uint256 indexed gameId, address indexed holder, uint256 length);
    /// @notice The largest army now belongs to `holder`, with `knights` knights.
    event LargestArmyChanged(uint256 indexed gameId, address indexed holder, uint256 knights);
    /// @notice With a paid randomness source: `amount` wei of `player`'s request credit is now held by the game to roll
    ///         their turns if they let them time out (TIMEOUT_ROLLS_HELD request fees, set aside on joining).
    event RequestCreditHeld(uint256 indexed gameId, address indexed player, uint256 amount);
    /// @notice `player`'s timed-out turn was rolled with `fee` wei of the credit held for them (not the caller's).
    event RequestCreditCharged(uint256 indexed gameId, address indexed player, uint256 fee);
    /// @notice `amount` wei held for `player` went back to their request credit (they left, the game was cancelled,
    ///         or it ended).
    event RequestCreditReturned(uint256 indexed gameId, address indexed player, uint256 amount);
    /// @notice `winner` reached `victoryPoints` (hidden VP cards included) during their turn.
    event GameWon(uint256 indexed gameId, address indexed winner, uint256 victoryPoints);
}
