// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomness} from "../common/randomness/IRandomness.sol";
import {RandomnessConsumer} from "../common/randomness/RandomnessConsumer.sol";
import {CatammMarket} from "./CatammMarket.sol";
import {CatammState} from "./CatammState.sol";
import {RESOURCE_COUNT} from "./CatammTypes.sol";
import {ICatamm} from "./ICatamm.sol";
import {ICatammMarket} from "./ICatammMarket.sol";
import {ResourceBalances} from "./libraries/ResourceBalances.sol";
import {CatammBuild} from "./modules/CatammBuild.sol";
import {CatammCards} from "./modules/CatammCards.sol";
import {CatammGhost} from "./modules/CatammGhost.sol";
import {CatammSetup} from "./modules/CatammSetup.sol";
import {CatammTurns} from "./modules/CatammTurns.sol";
import {CatammViews} from "./modules/CatammViews.sol";

/// @title Catamm
/// @notice Settlers of Catan on chain, with resources traded through constant-product pools instead of between
///         players, and a ghost ship instead of the robber. One contract hosts any number of games.
/// @dev This contract holds every game's storage (CatammState.Game), checks who may act and when, runs the
///      markets inline (so a trade costs no external call), and drives the randomness. The rules live in linked
///      libraries that run on the same storage by delegatecall: CatammSetup (board, order, draft), CatammTurns
///      (dice, production, discards, end of turn), CatammBuild (roads, settlements, cities, longest road),
///      CatammCards (development cards, largest army), CatammGhost (the ghost ship and its steals), CatammViews.
///
///      Flow (ICatamm.Phase): the creator creates (and joins) a game, 2–4 players join, the creator starts it; a
///      random value lays out the board, the markets and the turn order; the snake draft places two settlements
///      and roads each; then turns: (a card) → roll → production, or a 7's discards and the ghost ship → trades,
///      liquidity, building, cards in any order → end of turn. The first player to hold 10 points during their own
///      turn wins at once; every later action reverts with {ICatamm.GameOver}.
///
///      Randomness (DECISIONS.md): one outstanding request per game at a time, made when a player commits (start,
///      roll, card purchase, steal). Every state-changing entry point first uses a ready value ({_sync}), so
///      whoever calls next serves it; {advance} does only that when nothing else is due, and
///      {rerequestRandomness} replaces a stale request. Nothing is ever drawn from `block.timestamp`,
///      `prevrandao` or a same-transaction block hash.
///
///      Deadlines: every waiting state (a draft pick, each turn before and after its roll, discards, the ghost
///      ship) ends `turnBlocks` blocks after it began; then anyone may call {advance}, which places the pick, rolls
///      for the absent player (whose turn then ends as soon as it can), discards from the largest holdings, moves
///      the ghost ship to its default place, or ends the turn. With a paid randomness source the roll for an absent
///      player is paid from request credit held for that player since they joined (CatammCredit), never by the caller;
///      when it does not cover a request, the turn ends without a roll. A started game its players abandon ends
///      without a winner through anyone's {endAbandonedGame}, once as many turns in a row as it has players timed
///      out with nobody acting, or once nothing at all happened for a round of turns after its deadline; what is
///      held for the players goes back to them.
///
///      Chain state is public: anyone can read every balance, every drawn development card and the hidden victory
///      points; the score views leave the hidden points out, as the table would.
contract Catamm is ICatamm, ICatammMarket, RandomnessConsumer {
    using CatammMarket for CatammMarket.State;
    using ResourceBalances for ResourceBalances.Balances;

    /// @notice Pass as the second edge of {playRoadBuilding} to build only one road.
    uint256 public constant NO_EDGE = type(uint256).max;

    /// @dev Phase masks (bit p = phase p) for {_check}, as literals (`1 << uint256(Phase.X)` ran at each use).
    uint256 private constant SETUP = 0x8; // 1 << Phase.Setup (3)
    uint256 private constant BEFORE_ROLL = 0x10; // 1 << Phase.BeforeRoll (4)
    uint256 private constant DISCARD = 0x40; // 1 << Phase.Discard (6)
    uint256 private constant GHOST_SHIP = 0x80; // 1 << Phase.GhostShip (7)
    uint256 private constant MAIN = 0x200; // 1 << Phase.Main (9)
    /// @dev Gold converts in any phase after the start except while a steal is pending (the victim could reshape
    ///      the draw) and before the board exists (0x20: 1 << Phase.RollPending, 5).
    uint256 private constant GOLD_PHASES = SETUP | BEFORE_ROLL | 0x20 | DISCARD | GHOST_SHIP | MAIN;
    /// @dev The turn word's low 9 bits when the sender may trade: Main, nothing pending, and the seat (added).
    uint256 private constant TRADE_WORD = 9; // Phase.Main
    uint256 private constant TRADE_BITS = 0x1ff;

    /// @notice Games created so far (ids 1..gameCount).
    uint256 public gameCount;

    mapping(uint256 gameId => CatammState.Game) internal _games;

    /// @param randomness_ The randomness source (block-hash for local and test networks, or Chainlink VRF; the game
    ///        must then be an authorised consumer).
    constructor(IRandomness randomness_) RandomnessConsumer(randomness_) {}

    // ------------------------------------------------------------------------------------------------------------
    // Lobby

    /// @notice Creates a game; the caller is its creator and first player.
    /// @param depthCards Initial depth of each side of each pool, in cards (1–1,000,000; the spec's is 1,000).
    /// @param feePreset 0 classic (10% swap fee without the pool's port, 0% with it), 1 defi (0.3% / 0.15%).
    /// @param turnBlocks How many blocks each waiting state lasts before anyone may advance it (5 to 2^24).
    /// @param openBlocks The open window (1 to 100,000 blocks): until the start, players may {leaveGame} and the
    ///        creator may {cancelGame}; after it, anyone may cancel a game that has not started (so no seat is held
    ///        forever). Joining and starting stay possible until someone does.
    /// @return gameId The new game's id.
    function createGame(
        uint32 depthCards,
        uint8 feePreset,
        uint32 turnBlocks,
        uint32 openBlocks
    ) external returns (uint256 gameId) {
        gameId = ++gameCount;
        CatammSetup.create(_games[gameId], gameId, depthCards, feePreset, turnBlocks, openBlocks, randomness);
    }

    /// @notice Joins an open game (at most four players). With a paid randomness source the joiner's request credit
    ///         must cover what every player sets aside for timed-out rolls ({ICatamm.RequestCreditHeld}).
    function joinGame(uint256 gameId) external {
        CatammState.Game storage g = _games[gameId];
        _requireOpen(g, gameId);
        CatammSetup.join(g, gameId, randomness);
    }

    /// @notice Leaves an open game (not its creator, who cancels it instead); the last joined player takes the seat.
    function leaveGame(uint256 gameId) external {
        CatammState.Game storage g = _games[gameId];
        _requireOpen(g, gameId);
        CatammSetup.leave(g, gameId, randomness);
    }

    /// @notice Cancels an open game: its creator at any time before the start, anyone once the open window has
    ///         passed. Every later action reverts with {ICatamm.GameIsCancelled}. The request credit held for the
    ///         players goes back to them.
    function cancelGame(uint256 gameId) external {
        CatammState.Game storage g = _games[gameId];
        CatammSetup.cancel(g, gameId, _requireOpen(g, gameId), randomness);
    }

    /// @notice Once the game is won (or cancelled), gives every player the request credit still held for their
    ///         timed-out rolls. Anyone may call it; a second call finds nothing left.
    function releaseRequestCredit(uint256 gameId) external {
        CatammSetup.releaseCredit(_games[gameId], gameId, randomness);
    }

    /// @notice Ends a started game its players abandoned, without a winner: anyone may call it once as many turns (or
    ///         draft picks) in a row as the game has players timed out with no player acting, or once the current
    ///         waiting state's deadline passed a whole round of turns ago (`players × turnBlocks` blocks) with nobody
    ///         moving the game on. Every player's held request credit goes back to them. Every later action reverts
    ///         with {ICatamm.GameIsAbandoned}.
    function endAbandonedGame(uint256 gameId) external {
        CatammState.Game storage g = _games[gameId];
        CatammState.Turn memory t = CatammState.loadTurn(g);
        _requireLive(g, gameId, t);
        if (t.phase == Phase.Open) revert WrongPhase(t.phase); // not started: cancelGame
        CatammSetup.abandon(g, gameId, t, randomness);
    }

    /// @notice The creator starts the game (2–4 players): the board, markets and turn order are drawn from the
    ///         random value requested now, by the next call that finds it ready ({advance}).
    function startGame(uint256 gameId) external {
        CatammState.Game storage g = _games[gameId];
        _requireOpen(g, gameId);
        CatammState.Settings storage s = g.settings;
        if (msg.sender != s.creator) revert NotCreator(msg.sender, s.creator);
        if (s.joined < CatammState.MIN_PLAYERS) revert NotEnoughPlayers(s.joined, CatammState.MIN_PLAYERS);
        _request(g, gameId, Phase.Starting, Pending.Start);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Draft and turns

    /// @notice The sender's draft pick: a settlement on `vertex` and a road on `edge`, which must end there.
    function placeInitial(uint256 gameId, uint256 vertex, uint256 edge) external {
        CatammSetup.place(_enter(gameId, SETUP), gameId, vertex, edge);
    }

    /// @notice Rolls the dice (requests the random value; the next call that finds it ready produces).
    function rollDice(uint256 gameId) external {
        _request(_enter(gameId, BEFORE_ROLL), gameId, Phase.RollPending, Pending.Roll);
    }

    /// @notice Ends the sender's turn (after the roll, with no card draw outstanding).
    function endTurn(uint256 gameId) external {
        CatammState.Game storage g = _enter(gameId, MAIN);
        _requireNothingPending(g);
        CatammTurns.endTurn(g, gameId);
    }

    /// @notice After a 7: the sender pays the discard they owe, `cards` whole cards of each resource and `gold` gold
    ///         credits, adding up to exactly what is owed.
    function discard(uint256 gameId, uint256[5] calldata cards, uint256 gold) external {
        CatammState.Game storage g = _games[gameId];
        _sync(g, gameId);
        CatammState.Turn memory t = CatammState.loadTurn(g);
        _requirePhase(g, gameId, t, DISCARD);
        _present(g, t);
        CatammTurns.discard(g, gameId, _seatOf(g, gameId), cards, gold);
        _afterStep(g, gameId);
    }

    /// @notice Serves the outstanding random value if it is ready; otherwise, once the current waiting state's
    ///         deadline has passed, moves the game on for its absent player: the draft pick is placed, the dice are
    ///         rolled (the turn then ends as soon as it reaches its main phase; with a paid randomness source, paid
    ///         from the request credit held for that player, and the turn ends unrolled when it does not cover a
    ///         request), the owed discards are paid from the largest holdings, the ghost ship takes its default
    ///         place, or the turn ends. Anyone may call it.
    function advance(uint256 gameId) external {
        CatammState.Game storage g = _games[gameId];
        if (_sync(g, gameId)) return;
        CatammState.Turn memory t = CatammState.loadTurn(g);
        _requireLive(g, gameId, t);
        if (t.pending != Pending.None) revert RandomnessPending(g.request);
        if (t.phase == Phase.Open) revert WrongPhase(t.phase);
        if (block.number <= t.deadline) revert DeadlineNotReached(t.deadline, block.number);
        if (t.phase == Phase.Setup) {
            _absent(g, t);
            CatammSetup.autoPlace(g, gameId);
        } else if (t.phase == Phase.BeforeRoll) {
            _absent(g, t);
            CatammTurns.rollForAbsent(g, gameId, randomness);
        } else if (t.phase == Phase.Discard) {
            CatammTurns.autoDiscard(g, gameId);
        } else if (t.phase == Phase.GhostShip) {
            CatammGhost.defaultMove(g, gameId);
        } else {
            _absent(g, t);
            emit TurnTimedOut(gameId, g.seats[t.seat].account, t.number, false);
            CatammTurns.endTurn(g, gameId);
        }
        _afterStep(g, gameId);
    }

    /// @notice Replaces the outstanding random request once it is stale (its value can no longer be produced).
    ///         Anyone may call it.
    function rerequestRandomness(uint256 gameId) external {
        CatammState.Game storage g = _games[gameId];
        CatammState.Turn memory t = CatammState.loadTurn(g);
        _requireLive(g, gameId, t);
        if (t.pending == Pending.None) revert NothingPending(gameId);
        uint256 id = _rerequest(g.request);
        g.request = id;
        emit RandomnessRequested(gameId, t.pending, id);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Ghost ship

    /// @notice Moves the ghost ship to hex `hexId`, blocking it, and names the `victim` to rob (address(0) only
    ///         when nobody on that hex can be robbed). The steal is drawn from a value requested now.
    function blockHex(uint256 gameId, uint256 hexId, address victim) external {
        CatammState.Game storage g = _enter(gameId, GHOST_SHIP);
        if (CatammGhost.blockHex(g, gameId, hexId, victim)) _request(g, gameId, Phase.StealPending, Pending.HexSteal);
    }

    /// @notice Moves the ghost ship to port `port`, flipping its market: the port's pool becomes the missing one and
    ///         the missing pool takes the port. A card is then stolen from the pool that left, drawn from a value
    ///         requested now.
    function flipPort(uint256 gameId, uint8 port) external {
        CatammState.Game storage g = _enter(gameId, GHOST_SHIP);
        CatammGhost.flipPort(g, gameId, port);
        _request(g, gameId, Phase.StealPending, Pending.PoolSteal);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Building and cards (the sender's turn, after the roll; cards also before it)

    /// @notice Builds a road on `edge` (1 Wood + 1 Brick).
    function buildRoad(uint256 gameId, uint256 edge) external {
        CatammBuild.buildRoad(_enter(gameId, MAIN), gameId, edge, false);
    }

    /// @notice Builds a settlement on `vertex` (1 Wood + 1 Brick + 1 Sheep + 1 Wheat).
    function buildSettlement(uint256 gameId, uint256 vertex) external {
        CatammBuild.buildSettlement(_enter(gameId, MAIN), gameId, vertex);
    }

    /// @notice Upgrades the sender's settlement on `vertex` to a city (3 Ore + 2 Wheat).
    function buildCity(uint256 gameId, uint256 vertex) external {
        CatammBuild.buildCity(_enter(gameId, MAIN), gameId, vertex);
    }

    /// @notice Buys a development card (1 Ore + 1 Sheep + 1 Wheat); it is drawn from a value requested now.
    function buyDevCard(uint256 gameId) external {
        CatammState.Game storage g = _enter(gameId, MAIN);
        CatammCards.buy(g, gameId);
        _request(g, gameId, Phase.Main, Pending.Draw);
    }

    /// @notice Plays a Knight: the army grows and the sender moves the ghost ship ({blockHex} or {flipPort}).
    function playKnight(uint256 gameId) external {
        CatammCards.playKnight(_enter(gameId, BEFORE_ROLL | MAIN), gameId);
    }

    /// @notice Plays Road Building: free roads on `edge1` and then `edge2` (pass {NO_EDGE} for one road only).
    function playRoadBuilding(uint256 gameId, uint256 edge1, uint256 edge2) external {
        CatammState.Game storage g = _enter(gameId, BEFORE_ROLL | MAIN);
        CatammCards.playRoadBuilding(g, gameId);
        CatammBuild.buildRoad(g, gameId, edge1, true);
        if (edge2 != NO_EDGE && CatammState.loadTurn(g).phase != Phase.Finished) {
            CatammBuild.buildRoad(g, gameId, edge2, true);
        }
    }

    /// @notice Plays Year of Plenty: one card of each of `resource1` and `resource2` from the bank.
    function playYearOfPlenty(uint256 gameId, uint8 resource1, uint8 resource2) external {
        CatammCards.playYearOfPlenty(_enter(gameId, BEFORE_ROLL | MAIN), gameId, resource1, resource2);
    }

    /// @notice Plays Monopoly: every other player's balance of `resource` (fractions included) goes to the sender.
    function playMonopoly(uint256 gameId, uint8 resource) external {
        CatammCards.playMonopoly(_enter(gameId, BEFORE_ROLL | MAIN), gameId, resource);
    }

    /// @notice Turns `credits` of the sender's gold credits into as many cards of `resource`, at any time after the
    ///         start (any player, any turn) except while a steal is being drawn.
    function convertGold(uint256 gameId, uint8 resource, uint256 credits) external {
        CatammState.Game storage g = _games[gameId];
        _sync(g, gameId);
        CatammState.Turn memory t = CatammState.loadTurn(g);
        _requirePhase(g, gameId, t, GOLD_PHASES);
        if (resource >= RESOURCE_COUNT) revert UnknownResource(resource);
        if (credits == 0) revert ZeroAmount();
        CatammState.Seat storage s = g.seats[_seatOf(g, gameId)];
        _present(g, t);
        if (credits > s.gold) revert NotEnoughGold(s.gold, credits);
        s.gold -= uint16(credits);
        CatammState.issue(g, msg.sender, resource, credits);
        emit GoldConverted(gameId, msg.sender, resource, credits);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Markets (the sender's turn, after the roll)

    /// @notice Swaps `amountIn` of `resourceIn` for at least `minAmountOut` of `resourceOut` through their pool; the
    ///         fee (none with the pool's port in the classic preset) is burned.
    /// @return The amount of `resourceOut` received.
    function swap(
        uint256 gameId,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountIn,
        uint256 minAmountOut
    ) external returns (uint256) {
        CatammState.Game storage g = _games[gameId];
        ResourceBalances.Balances storage b = g.balances[msg.sender];
        (uint256 c, uint256 hostWord) = _requireTrader(g, gameId, b);
        return g.market.swapWith(b, c, hostWord, msg.sender, resourceIn, resourceOut, amountIn, minAmountOut);
    }

    /// @notice Deposits at most `amount0Max` and `amount1Max` of `pool`'s resources, in its proportion, for at
    ///         least `minShares` shares (free).
    function addLiquidity(
        uint256 gameId,
        uint8 pool,
        uint256 amount0Max,
        uint256 amount1Max,
        uint256 minShares
    ) external returns (uint256 shares, uint256 amount0, uint256 amount1) {
        CatammState.Game storage g = _games[gameId];
        ResourceBalances.Balances storage b = g.balances[msg.sender];
        _requireTrader(g, gameId, b);
        return g.market.addLiquidity(b, msg.sender, pool, amount0Max, amount1Max, minShares);
    }

    /// @notice Redeems `shares` of `pool` for at least `amount0Min` and `amount1Min` (the without-port fee is burned
    ///         unless the sender owns the pool's port).
    function removeLiquidity(
        uint256 gameId,
        uint8 pool,
        uint256 shares,
        uint256 amount0Min,
        uint256 amount1Min
    ) external returns (uint256 amount0, uint256 amount1) {
        CatammState.Game storage g = _games[gameId];
        ResourceBalances.Balances storage b = g.balances[msg.sender];
        _requireTrader(g, gameId, b);
        return g.market.removeLiquidity(b, msg.sender, pool, shares, amount0Min, amount1Min);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Views

    /// @notice Game `gameId` (see {ICatamm.GameInfo}).
    function gameInfo(uint256 gameId) external view returns (GameInfo memory) {
        return CatammViews.gameInfo(_games[gameId]);
    }

    /// @notice What is public about `player` in game `gameId` (hidden victory points left out).
    function playerInfo(uint256 gameId, address player) external view returns (PlayerInfo memory) {
        return CatammViews.playerInfo(_games[gameId], gameId, player);
    }

    /// @notice Public victory points by seat (settlements, cities, longest road, largest army; no hidden VP cards).
    function scores(uint256 gameId) external view returns (uint256[4] memory) {
        return CatammViews.scores(_games[gameId]);
    }

    /// @notice `player`'s development cards by kind, and how many of them were drawn this turn. Meant for the
    ///         player's own interface; like all chain state it is readable by anyone (VP cards included).
    function devCards(
        uint256 gameId,
        address player
    ) external view returns (uint256[5] memory held, uint256[5] memory drawnThisTurn) {
        return CatammViews.devCards(_games[gameId], gameId, player);
    }

    /// @notice The bank's counters per resource: issued (production, Year of Plenty, gold, the pools' opening),
    ///         received (costs, discards), and burned (market fees, derived: what left the bank and is neither in a
    ///         balance nor in a pool). For every resource, `issued − received − burned` equals the players'
    ///         balances plus the pools' reserves.
    function bank(
        uint256 gameId
    ) public view returns (uint256[5] memory issued, uint256[5] memory received, uint256[5] memory burned) {
        (issued, received) = _bankCounters(gameId);
        // Derived, not counted: a counter of burned fees cost every swap a cold read and an update (~5,000 gas).
        // Every fee is in its trade's event; Catamm.burned.test.ts and the indexer's comparison check the events'
        // fees add up to this.
        uint256[5] memory inGame = CatammViews.inGame(_games[gameId]);
        for (uint256 r; r < RESOURCE_COUNT; ++r) burned[r] = issued[r] - received[r] - inGame[r];
    }

    /// @dev The bank's issued and received counters in wei (a test harness adds what it issued itself).
    function _bankCounters(
        uint256 gameId
    ) internal view virtual returns (uint256[5] memory issued, uint256[5] memory received) {
        return CatammViews.bankCounters(_games[gameId]);
    }

    /// @inheritdoc ICatammMarket
    function marketSettings(uint256 gameId) external view returns (uint256 depth, uint256 feeBps, uint256 portFeeBps) {
        return _market(gameId).settings();
    }

    /// @inheritdoc ICatammMarket
    function marketPools(uint256 gameId) external view returns (PoolInfo[10] memory) {
        return _market(gameId).allPools();
    }

    /// @inheritdoc ICatammMarket
    function quoteSwap(
        uint256 gameId,
        address player,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountIn
    ) external view returns (SwapQuote memory) {
        CatammState.Game storage g = _games[gameId];
        return _market(gameId).quoteSwap(g.balances[player].portsOwned(), resourceIn, resourceOut, amountIn);
    }

    /// @inheritdoc ICatammMarket
    function quoteSwapIn(
        uint256 gameId,
        address player,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountOut
    ) external view returns (uint256) {
        CatammState.Game storage g = _games[gameId];
        return _market(gameId).quoteSwapIn(g.balances[player].portsOwned(), resourceIn, resourceOut, amountOut);
    }

    /// @inheritdoc ICatammMarket
    function resourceBalances(uint256 gameId, address player) external view returns (uint256[5] memory) {
        return _games[gameId].balances[player].all();
    }

    /// @inheritdoc ICatammMarket
    function liquidityShares(uint256 gameId, address player) external view returns (uint256[10] memory) {
        return _games[gameId].market.sharesOf(player);
    }

    /// @inheritdoc ICatammMarket
    function burnedResources(uint256 gameId) external view returns (uint256[5] memory burned) {
        (, , burned) = bank(gameId);
    }

    /// @inheritdoc ICatammMarket
    function portsOwned(uint256 gameId, address player) external view returns (uint256) {
        return _games[gameId].balances[player].portsOwned();
    }

    // ------------------------------------------------------------------------------------------------------------
    // Internals

    /// @dev A game whose markets are open (they open when the game starts).
    function _market(uint256 gameId) private view returns (CatammMarket.State storage m) {
        m = _games[gameId].market;
        if (!m.isOpen()) revert UnknownGame(gameId);
    }

    /// @dev Serves the outstanding random value if it is ready: clears it, then lets the module it is for use it.
    ///      Returns whether it did.
    function _sync(CatammState.Game storage g, uint256 gameId) private returns (bool) {
        uint256 word = g.market.hostData();
        Pending kind = Pending((word >> CatammState.PENDING_SHIFT) & 7);
        if (kind == Pending.None) return false;
        uint256 id = g.request;
        (, uint256 value) = _readRandomness(id);
        if (value == 0) return false; // not ready: a ready value is never zero
        g.market.setHostData(word & ~(uint256(7) << CatammState.PENDING_SHIFT));
        emit RandomnessUsed(gameId, kind, id, value);
        if (kind == Pending.Start) CatammSetup.resolveStart(g, gameId, value);
        else if (kind == Pending.Roll) CatammTurns.resolveRoll(g, gameId, value);
        else if (kind == Pending.Draw) CatammCards.resolveDraw(g, gameId, value);
        else CatammGhost.resolveSteal(g, gameId, value, kind == Pending.PoolSteal);
        _afterStep(g, gameId);
        return true;
    }

    /// @dev A turn rolled for its absent player ends as soon as it can: the ghost ship (if a 7) takes its default
    ///      place, and the turn ends on reaching its main phase.
    function _afterStep(CatammState.Game storage g, uint256 gameId) private {
        while (true) {
            // The two bits first, from the word: decoding the whole turn cost ~500 gas after every served value.
            uint256 w = g.market.hostData();
            if ((w >> CatammState.AUTO_END_SHIFT) & 1 == 0 || (w >> CatammState.PENDING_SHIFT) & 7 != 0) return;
            CatammState.Turn memory t = CatammState.loadTurn(g);
            if (t.phase == Phase.GhostShip) {
                CatammGhost.defaultMove(g, gameId);
            } else {
                if (t.phase == Phase.Main) CatammTurns.endTurn(g, gameId);
                return;
            }
        }
    }

    /// @dev Requests a random value for `kind` (one at a time) and moves the turn word to `phase` with it. On the
    ///      word itself: decoding and encoding the whole turn cost ~1,000 gas for two fields.
    function _request(CatammState.Game storage g, uint256 gameId, Phase phase, Pending kind) private {
        uint256 w = g.market.hostData();
        if ((w >> CatammState.PENDING_SHIFT) & 7 != 0) revert RandomnessPending(g.request);
        uint256 id = _requestRandomness();
        g.request = id;
        w &= ~(CatammState.PHASE_BITS | (uint256(7) << CatammState.PENDING_SHIFT));
        g.market.setHostData(w | uint256(phase) | (uint256(kind) << CatammState.PENDING_SHIFT));
        emit RandomnessRequested(gameId, kind, id);
    }

    /// @dev Serves a ready random value, then checks that the phase is in `phases` and the sender is the player
    ///      whose turn (or pick) it is.
    function _enter(uint256 gameId, uint256 phases) private returns (CatammState.Game storage g) {
        g = _games[gameId];
        _check(g, gameId, phases);
    }

    /// @dev {_enter} on a game already looked up.
    function _check(CatammState.Game storage g, uint256 gameId, uint256 phases) private {
        _sync(g, gameId);
        // On the turn word itself (the whole turn is decoded only to name a wrong phase): decoding it cost every
        // action ~500 gas.
        uint256 w = g.market.hostData();
        if ((phases >> (w & CatammState.PHASE_BITS)) & 1 == 0)
            _requirePhase(g, gameId, CatammState.loadTurn(g), phases);
        // The current seat's word first: the actions read it anyway, the sender's balance word not always.
        address current = g.seats[(w >> CatammState.SEAT_SHIFT) & 3].account;
        if (msg.sender != current) {
            _seatOf(g, gameId); // an outsider is told so
            revert NotYourTurn(msg.sender, current);
        }
        // A player acted (see {_present}).
        uint256 absent = CatammState.MAX_ABSENT_TURNS << CatammState.ABSENT_SHIFT;
        if (w & absent != 0) g.market.setHostData(w & ~absent);
    }

    /// @dev A player acted: the count of turns timed out in a row starts again (a write only when it is not zero, so
    ///      a game being played pays ~20 gas per action for it).
    function _present(CatammState.Game storage g, CatammState.Turn memory t) private {
        if (t.absentTurns == 0) return;
        t.absentTurns = 0;
        CatammState.storeTurn(g, t);
    }

    /// @dev A turn or a draft pick timed out (`t`, its turn word): one more in a row with nobody acting.
    function _absent(CatammState.Game storage g, CatammState.Turn memory t) private {
        if (t.absentTurns == CatammState.MAX_ABSENT_TURNS) return;
        ++t.absentTurns;
        CatammState.storeTurn(g, t);
    }

    /// @dev The trade check, in one comparison on two words the trade reads anyway (the turn word in the markets'
    ///      config, the seat tag in the sender's balance word 1); anything unusual takes the full check. Returns
    ///      both words as they stand after it, for the trade to use without reading them again.
    function _requireTrader(
        CatammState.Game storage g,
        uint256 gameId,
        ResourceBalances.Balances storage b
    ) private returns (uint256 c, uint256 hostWord) {
        c = g.market.config;
        hostWord = b.hostWord();
        uint256 tag = ResourceBalances.tagOf(hostWord);
        // Unchecked (~30 gas a trade): a zero tag (not a player) wraps `tag - 1` to all ones, whose shift sets bits
        // above the nine compared, so it fails the comparison and takes the full check, which names the sender.
        unchecked {
            if ((CatammMarket.hostDataOf(c) & TRADE_BITS) == (TRADE_WORD | ((tag - 1) << CatammState.SEAT_SHIFT))) {
                return (c, hostWord);
            }
        }
        _check(g, gameId, MAIN);
        // The full check may have served a random value and written the turn word: read both again.
        return (g.market.config, b.hostWord());
    }

    /// @dev Reverts unless the phase is in `phases`, naming why: the game is unknown or over, a random value is
    ///      awaited, or the phase is simply another.
    function _requirePhase(
        CatammState.Game storage g,
        uint256 gameId,
        CatammState.Turn memory t,
        uint256 phases
    ) private view {
        if ((phases >> uint256(t.phase)) & 1 == 1) return;
        _requireLive(g, gameId, t);
        if (t.pending != Pending.None) revert RandomnessPending(g.request);
        revert WrongPhase(t.phase);
    }

    /// @dev Reverts for a game that does not exist or is over.
    function _requireLive(CatammState.Game storage g, uint256 gameId, CatammState.Turn memory t) private view {
        if (t.phase == Phase.None) revert UnknownGame(gameId);
        if (t.phase == Phase.Finished) revert GameOver(gameId, g.seats[g.table.winner - 1].account);
        if (t.phase == Phase.Cancelled) revert GameIsCancelled(gameId);
        if (t.phase == Phase.Abandoned) revert GameIsAbandoned(gameId);
    }

    /// @dev Reverts unless the game is open for joining and starting; returns its turn word.
    function _requireOpen(CatammState.Game storage g, uint256 gameId) private view returns (CatammState.Turn memory t) {
        t = CatammState.loadTurn(g);
        _requireLive(g, gameId, t);
        if (t.phase != Phase.Open) revert GameAlreadyStarted(gameId);
    }

    /// @dev Reverts while a random value is outstanding (a card draw, at the end of a turn).
    function _requireNothingPending(CatammState.Game storage g) private view {
        if (CatammState.loadTurn(g).pending != Pending.None) revert RandomnessPending(g.request);
    }

    /// @dev The sender's seat; reverts if the sender is not a player of the game.
    function _seatOf(CatammState.Game storage g, uint256 gameId) private view returns (uint256) {
        uint256 tag = CatammState.tagOf(g, msg.sender);
        if (tag == 0) revert NotAPlayer(gameId, msg.sender);
        return tag - 1;
    }
}
