// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {CatammMarket} from "../catamm/CatammMarket.sol";
import {ONE_CARD, RESOURCE_COUNT} from "../catamm/CatammTypes.sol";
import {ICatammMarket} from "../catamm/ICatammMarket.sol";
import {ResourceBalances} from "../catamm/libraries/ResourceBalances.sol";

/// @notice Stands in for the CATAMM game so the markets can be tested and measured alone: it hosts many games, plays
///         the bank (issues and receives resources, counting both), and lets anyone say which ports a player owns
///         (kept in the spare bits of the player's balance words, as the game should: a trade reads them anyway).
///         Test-only: nothing here is access-controlled.
contract CatammMarketHarness is ICatammMarket {
    using CatammMarket for CatammMarket.State;
    using ResourceBalances for ResourceBalances.Balances;

    /// @notice A game id that was never created.
    error UnknownGame(uint256 gameId);

    /// @notice A game was created with markets of `depthCards` cards per side (fee preset `preset`).
    event GameCreated(uint256 indexed gameId, uint32 depthCards, uint8 preset);
    /// @notice The bank issued `amount` of `resource` to `player`.
    event BankIssued(uint256 indexed gameId, address indexed player, uint8 resource, uint256 amount);
    /// @notice The bank received `amount` of `resource` from `player`.
    event BankReceived(uint256 indexed gameId, address indexed player, uint8 resource, uint256 amount);
    /// @notice `player` now owns the ports in `mask`.
    event PortsSet(uint256 indexed gameId, address indexed player, uint256 mask);

    struct Game {
        CatammMarket.State market;
        mapping(address player => ResourceBalances.Balances) balances;
        uint256[5] issued;
        uint256[5] received;
        /// @dev Everyone who ever held resources here (credited by the bank or a steal), as the game's seats: the
        ///      burned fees are what the bank let out less what they and the pools hold.
        address[] holders;
        mapping(address => bool) isHolder;
    }

    /// @notice Games created so far (ids 1..gameCount).
    uint256 public gameCount;
    mapping(uint256 gameId => Game) private _games;

    /// @dev The game's existence is read from the markets' config word, which every market call reads anyway (the
    ///      game can do the same with its turn state, kept in the config's host bits).
    modifier known(uint256 gameId) {
        if (!_games[gameId].market.isOpen()) revert UnknownGame(gameId);
        _;
    }

    /// @notice Creates a game whose markets open with `depthCards` cards per side, fee preset `preset` (0 classic,
    ///         1 defi), ports assigned from `seed` (the game would pass a random value).
    function createGame(uint32 depthCards, uint8 preset, uint256 seed) external returns (uint256 gameId) {
        gameId = ++gameCount;
        Game storage g = _games[gameId];
        g.market.open(uint64(gameId), depthCards, preset, seed);
        // Each resource sits in four pools; the bank issued their depth.
        uint256 seeded = 4 * uint256(depthCards) * ONE_CARD;
        for (uint256 r; r < RESOURCE_COUNT; ++r) g.issued[r] = seeded;
        emit GameCreated(gameId, depthCards, preset);
    }

    /// @notice Opens game `gameId`'s markets again (always rejected: a test of the library's guard).
    function reopenMarkets(uint256 gameId, uint32 depthCards, uint8 preset, uint256 seed) external {
        _games[gameId].market.open(uint64(gameId), depthCards, preset, seed);
    }

    /// @notice Sets the host game's bits of the markets' config word.
    function setHostData(uint256 gameId, uint256 value) external known(gameId) {
        _games[gameId].market.setHostData(value);
    }

    /// @notice The host game's bits of the markets' config word.
    function hostData(uint256 gameId) external view returns (uint256) {
        return _games[gameId].market.hostData();
    }

    /// @notice Sets the host game's 25 low bits of the markets' config word.
    function setHostLow(uint256 gameId, uint256 value) external known(gameId) {
        _games[gameId].market.setHostLow(value);
    }

    /// @notice The host game's 25 low bits of the markets' config word.
    function hostLow(uint256 gameId) external view returns (uint256) {
        return _games[gameId].market.hostLow();
    }

    /// @notice The bank issues `amount` of `resource` to `player` (production, Year of Plenty).
    function issue(uint256 gameId, address player, uint8 resource, uint256 amount) external known(gameId) {
        if (resource >= RESOURCE_COUNT) revert UnknownResource(resource);
        Game storage g = _games[gameId];
        _hold(g, player);
        g.balances[player].credit(resource, amount);
        g.issued[resource] += amount;
        emit BankIssued(gameId, player, resource, amount);
    }

    /// @notice The bank takes `amount` of `resource` from `player` (building costs, discards).
    function collect(uint256 gameId, address player, uint8 resource, uint256 amount) external known(gameId) {
        if (resource >= RESOURCE_COUNT) revert UnknownResource(resource);
        Game storage g = _games[gameId];
        g.balances[player].debit(resource, amount);
        g.received[resource] += amount;
        emit BankReceived(gameId, player, resource, amount);
    }

    /// @notice Sets the ports `player` owns (bit `p` = port `p`); the game derives this from buildings.
    function setPorts(uint256 gameId, address player, uint256 mask) external known(gameId) {
        _games[gameId].balances[player].setPortsOwned(mask);
        emit PortsSet(gameId, player, mask);
    }

    /// @notice Sets the host game's tag of `player` (the game keeps the seat there).
    function setHostTag(uint256 gameId, address player, uint256 tag) external known(gameId) {
        _games[gameId].balances[player].setHostTag(tag);
    }

    /// @notice The host game's tag of `player`.
    function hostTag(uint256 gameId, address player) external view returns (uint256) {
        return _games[gameId].balances[player].hostTag();
    }

    /// @notice The player entry point for swaps: the caller trades `amountIn` of `resourceIn` for at least
    ///         `minAmountOut` of `resourceOut`.
    function swap(
        uint256 gameId,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountIn,
        uint256 minAmountOut
    ) external known(gameId) returns (uint256) {
        Game storage g = _games[gameId];
        return g.market.swap(g.balances[msg.sender], msg.sender, resourceIn, resourceOut, amountIn, minAmountOut);
    }

    /// @notice The caller deposits into `pool` (see {CatammMarket.addLiquidity}).
    function addLiquidity(
        uint256 gameId,
        uint8 pool,
        uint256 amount0Max,
        uint256 amount1Max,
        uint256 minShares
    ) external known(gameId) returns (uint256 shares, uint256 amount0, uint256 amount1) {
        Game storage g = _games[gameId];
        return g.market.addLiquidity(g.balances[msg.sender], msg.sender, pool, amount0Max, amount1Max, minShares);
    }

    /// @notice The caller redeems `shares` of `pool` (see {CatammMarket.removeLiquidity}).
    function removeLiquidity(
        uint256 gameId,
        uint8 pool,
        uint256 shares,
        uint256 amount0Min,
        uint256 amount1Min
    ) external known(gameId) returns (uint256 amount0, uint256 amount1) {
        Game storage g = _games[gameId];
        return g.market.removeLiquidity(g.balances[msg.sender], msg.sender, pool, shares, amount0Min, amount1Min);
    }

    /// @notice The ghost ship's port flip by the caller: flips `port`, then steals one card from the pool that left
    ///         for the caller, drawn from `seed` (the game would pass a random value requested after the choice).
    function flipPort(
        uint256 gameId,
        uint8 port,
        uint256 seed
    ) external known(gameId) returns (uint8 deactivated, uint8 activated, uint8 resource, uint256 amount) {
        Game storage g = _games[gameId];
        (deactivated, activated) = g.market.flipPort(port);
        _hold(g, msg.sender);
        (resource, amount) = g.market.stealFromPool(g.balances[msg.sender], msg.sender, deactivated, seed);
    }

    /// @notice A pool-steal on its own (any pool), for tests of the draw.
    function stealFromPool(uint256 gameId, uint8 pool, uint256 seed) external known(gameId) {
        Game storage g = _games[gameId];
        _hold(g, msg.sender);
        g.market.stealFromPool(g.balances[msg.sender], msg.sender, pool, seed);
    }

    /// @notice The bank's counters: issued, received, and the fees burned, per resource.
    function bank(
        uint256 gameId
    ) external view returns (uint256[5] memory issued, uint256[5] memory received, uint256[5] memory burned) {
        Game storage g = _games[gameId];
        (issued, received, burned) = (g.issued, g.received, _burned(g));
    }

    /// @inheritdoc ICatammMarket
    function marketSettings(
        uint256 gameId
    ) external view known(gameId) returns (uint256 depth, uint256 feeBps, uint256 portFeeBps) {
        return _games[gameId].market.settings();
    }

    /// @inheritdoc ICatammMarket
    function marketPools(uint256 gameId) external view known(gameId) returns (PoolInfo[10] memory) {
        return _games[gameId].market.allPools();
    }

    /// @inheritdoc ICatammMarket
    function quoteSwap(
        uint256 gameId,
        address player,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountIn
    ) external view known(gameId) returns (SwapQuote memory) {
        Game storage g = _games[gameId];
        return g.market.quoteSwap(g.balances[player].portsOwned(), resourceIn, resourceOut, amountIn);
    }

    /// @inheritdoc ICatammMarket
    function quoteSwapIn(
        uint256 gameId,
        address player,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountOut
    ) external view known(gameId) returns (uint256) {
        Game storage g = _games[gameId];
        return g.market.quoteSwapIn(g.balances[player].portsOwned(), resourceIn, resourceOut, amountOut);
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
    function burnedResources(uint256 gameId) external view returns (uint256[5] memory) {
        return _burned(_games[gameId]);
    }

    /// @inheritdoc ICatammMarket
    function portsOwned(uint256 gameId, address player) external view returns (uint256) {
        return _games[gameId].balances[player].portsOwned();
    }

    /// @dev Records `who` as a holder of resources.
    function _hold(Game storage g, address who) private {
        if (g.isHolder[who]) return;
        g.isHolder[who] = true;
        g.holders.push(who);
    }

    /// @dev The fees burned, per resource, derived as the game derives them: issued − received − balances − reserves.
    function _burned(Game storage g) private view returns (uint256[5] memory burned) {
        uint256[5] memory inPlay = g.market.reserveTotals();
        for (uint256 i; i < g.holders.length; ++i) {
            uint256[5] memory b = g.balances[g.holders[i]].all();
            for (uint256 r; r < RESOURCE_COUNT; ++r) inPlay[r] += b[r];
        }
        for (uint256 r; r < RESOURCE_COUNT; ++r) burned[r] = g.issued[r] - g.received[r] - inPlay[r];
    }
}
