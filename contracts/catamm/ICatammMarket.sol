// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title ICatammMarket
/// @notice The errors, events and views of CATAMM's ten resource pools, which live in the game's storage
///         ({CatammMarket} is the library that runs them). A contract hosting markets (the game, or the test
///         harness) implements these views, so scripts read any host the same way.
/// @dev Ids: resources 0 Wood, 1 Brick, 2 Sheep, 3 Ore, 4 Wheat; pools 0–9 and ports 0–8 as in `CatammTypes.sol`.
///      Amounts have 18 decimals (one card = 1e18). A pool's side 0 is its lower-id resource.
interface ICatammMarket {
    /// @notice One pool as the views show it.
    /// @param pool The pool id.
    /// @param resource0 Its side-0 resource.
    /// @param resource1 Its side-1 resource.
    /// @param port The port it sits at, or 15 when it is the missing pool.
    /// @param active False for the missing pool (no swaps or deposits; withdrawals are always open).
    /// @param reserve0 Reserve of `resource0`.
    /// @param reserve1 Reserve of `resource1`.
    /// @param price0 Spot price of one `resource0` in `resource1` (18 decimals).
    /// @param price1 Spot price of one `resource1` in `resource0` (18 decimals).
    /// @param totalShares All liquidity shares, the bank's locked ones included.
    /// @param bankShares The bank's locked shares (the initial depth; never withdrawn).
    /// @param lastTradeBlock The block of the last swap in this pool (0 if none yet), truncated to 32 bits.
    struct PoolInfo {
        uint8 pool;
        uint8 resource0;
        uint8 resource1;
        uint8 port;
        bool active;
        uint256 reserve0;
        uint256 reserve1;
        uint256 price0;
        uint256 price1;
        uint256 totalShares;
        uint256 bankShares;
        uint256 lastTradeBlock;
    }

    /// @notice What a swap would do now.
    /// @param pool The pool trading the pair.
    /// @param portOwned Whether the trader owns the pool's port (the lower fee applies).
    /// @param feeBps The fee rate that applies, in basis points.
    /// @param fee The fee that would be burned, in the input resource.
    /// @param amountOut The output.
    /// @param spotPrice The price of one input in output before the trade (18 decimals).
    /// @param priceImpact The spec's price impact, `1 − amountOut / ((amountIn − fee) × spotPrice)` (18 decimals).
    struct SwapQuote {
        uint8 pool;
        bool portOwned;
        uint256 feeBps;
        uint256 fee;
        uint256 amountOut;
        uint256 spotPrice;
        uint256 priceImpact;
    }

    /// @notice An amount argument is zero.
    error ZeroAmount();
    /// @notice A resource id above 4.
    error UnknownResource(uint8 resource);
    /// @notice A swap from a resource to itself.
    error SameResource(uint8 resource);
    /// @notice A pool id above 9.
    error UnknownPool(uint8 pool);
    /// @notice A port id above 8.
    error UnknownPort(uint8 port);
    /// @notice A swap, deposit or quote in the missing pool (withdrawals are always allowed).
    error PoolMissing(uint8 pool);
    /// @notice The operation would pay nothing (a swap's output, a deposit's shares or a withdrawal's amounts
    ///         round to zero).
    error ZeroOutput(uint8 pool);
    /// @notice Less out than the caller's minimum (swap output, deposit shares or one side of a withdrawal).
    error OutputBelowMinimum(uint256 amountOut, uint256 minAmountOut);
    /// @notice Withdrawing more shares than held.
    error InsufficientShares(uint8 pool, uint256 held, uint256 requested);
    /// @notice Opening a game's markets twice.
    error MarketsAlreadyOpen(uint256 gameId);
    /// @notice An initial pool depth (whole cards per side) outside the allowed range.
    error DepthOutOfRange(uint256 depthCards, uint256 minCards, uint256 maxCards);
    /// @notice A fee preset id other than 0 (classic) or 1 (defi).
    error UnknownFeePreset(uint8 preset);
    /// @notice Host data wider than the field the market's config word keeps for the host game (88 bits, or 25).
    error HostDataTooWide(uint256 value);
    /// @notice A game id at or above 2^39, the width the markets' config word keeps for it.
    error GameIdTooLarge(uint64 gameId);

    /// @notice A game's ten pools opened, each with `depth` of both sides from the bank (locked as bank shares).
    /// @param gameId The game.
    /// @param depth Initial reserve of each side of each pool (18 decimals).
    /// @param feeBps Swap fee without the pool's port (also the withdrawal fee), in basis points.
    /// @param portFeeBps Swap fee with the pool's port, in basis points.
    /// @param poolOfPort The pool at each port 0–8.
    /// @param missingPool The pool at no port.
    event MarketsOpened(
        uint256 indexed gameId,
        uint256 depth,
        uint16 feeBps,
        uint16 portFeeBps,
        uint8[9] poolOfPort,
        uint8 missingPool
    );

    /// @notice A player swapped: `amountIn` of `resourceIn` in (of which `fee` was burned), `amountOut` of the
    ///         pool's other resource out.
    /// @param reserve0 The pool's side-0 reserve after the swap.
    /// @param reserve1 The pool's side-1 reserve after the swap.
    event Swapped(
        uint256 indexed gameId,
        address indexed player,
        uint8 indexed pool,
        uint8 resourceIn,
        uint256 amountIn,
        uint256 fee,
        uint256 amountOut,
        uint256 reserve0,
        uint256 reserve1
    );

    /// @notice A player deposited `amount0` and `amount1` and received `shares`.
    /// @param reserve0 The pool's side-0 reserve after the deposit.
    /// @param reserve1 The pool's side-1 reserve after the deposit.
    event LiquidityAdded(
        uint256 indexed gameId,
        address indexed player,
        uint8 indexed pool,
        uint256 amount0,
        uint256 amount1,
        uint256 shares,
        uint256 reserve0,
        uint256 reserve1
    );

    /// @notice A player redeemed `shares` and received `amount0` and `amount1` after the burned fees `fee0` and
    ///         `fee1` (the reserves fell by amount + fee on each side).
    /// @param reserve0 The pool's side-0 reserve after the withdrawal.
    /// @param reserve1 The pool's side-1 reserve after the withdrawal.
    event LiquidityRemoved(
        uint256 indexed gameId,
        address indexed player,
        uint8 indexed pool,
        uint256 shares,
        uint256 amount0,
        uint256 amount1,
        uint256 fee0,
        uint256 fee1,
        uint256 reserve0,
        uint256 reserve1
    );

    /// @notice `port`'s pool `deactivatedPool` became the missing pool and `activatedPool` took the port.
    event PortFlipped(uint256 indexed gameId, uint8 indexed port, uint8 deactivatedPool, uint8 activatedPool);

    /// @notice `amount` of `resource` was stolen from `pool`'s reserve and credited to `thief` (a port flip's steal).
    /// @param reserve0 The pool's side-0 reserve after the steal.
    /// @param reserve1 The pool's side-1 reserve after the steal.
    event PoolRobbed(
        uint256 indexed gameId,
        address indexed thief,
        uint8 indexed pool,
        uint8 resource,
        uint256 amount,
        uint256 reserve0,
        uint256 reserve1
    );

    /// @notice Game `gameId`'s market settings: the initial depth of each pool side (18 decimals), and the swap fee
    ///         without and with the pool's port, in basis points (the first is also the withdrawal fee).
    function marketSettings(uint256 gameId) external view returns (uint256 depth, uint256 feeBps, uint256 portFeeBps);

    /// @notice The ten pools of game `gameId`, by pool id.
    function marketPools(uint256 gameId) external view returns (PoolInfo[10] memory);

    /// @notice What `player` would get now for `amountIn` of `resourceIn` in `resourceOut` (the fee depends on the
    ///         player's ports). Reverts as the swap would for bad ids or the missing pool; does not check balances.
    function quoteSwap(
        uint256 gameId,
        address player,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountIn
    ) external view returns (SwapQuote memory);

    /// @notice The least `resourceIn` that `player` must swap now to receive at least `amountOut` of `resourceOut`.
    function quoteSwapIn(
        uint256 gameId,
        address player,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountOut
    ) external view returns (uint256 amountIn);

    /// @notice `player`'s five resource balances, in resource order.
    function resourceBalances(uint256 gameId, address player) external view returns (uint256[5] memory);

    /// @notice `player`'s liquidity shares in each pool.
    function liquidityShares(uint256 gameId, address player) external view returns (uint256[10] memory);

    /// @notice Fees burned so far in each resource.
    function burnedResources(uint256 gameId) external view returns (uint256[5] memory);

    /// @notice The ports `player` owns, as a bit mask (bit `p` = port `p`).
    function portsOwned(uint256 gameId, address player) external view returns (uint256);
}
