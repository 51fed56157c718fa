// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {RandomDraw} from "../common/randomness/RandomDraw.sol";
import {CatammIds, FeePreset, NO_PORT, ONE_CARD, POOL_COUNT, PORT_COUNT, RESOURCE_COUNT} from "./CatammTypes.sol";
import {ICatammMarket} from "./ICatammMarket.sol";
import {AmmMath} from "./libraries/AmmMath.sol";
import {ResourceBalances} from "./libraries/ResourceBalances.sol";

/// @title CatammMarket
/// @notice CATAMM's ten constant-product pools, run inside the game's own storage: balances, reserves and shares
///         are storage of the calling contract, so a trade is a few storage writes (no tokens, no approvals, no
///         external call). The game keeps one {State} per game and a {ResourceBalances.Balances} per player, and
///         records which ports a player owns in it ({ResourceBalances.setPortsOwned}); trades read it from there.
/// @dev Rules (DECISIONS.md, CATAMM "Markets" and "Swaps"):
///      - Swaps burn `fee = ceil(amountIn × feeBps / 10000)`; the pool's input reserve grows by `amountIn − fee`
///        and pays `floor(reserveOut × (amountIn − fee) / (reserveIn + amountIn − fee))`. The fee is the preset's
///        port fee when the trader owns the pool's port, its without-port fee otherwise.
///      - Deposits are proportional and free: `shares = min(a0 × T / r0, a1 × T / r1)` rounded down, and the
///        pool takes `ceil(shares × r / T)` of each side (never more than offered). `T` counts the bank's locked
///        shares (the initial depth), which no one can redeem, so reserves never reach zero.
///      - Withdrawals pay `floor(shares × r / T)` of each side less the without-port fee, rounded up and burned;
///        a withdrawer who owns the pool's port pays nothing.
///      - The missing pool (at no port) rejects swaps and deposits; its reserves and shares persist, and liquidity
///        can always be withdrawn from it (at the without-port fee: nobody owns a port it does not have).
///      - A port flip swaps the port's pool with the missing one; the game then steals one card from the pool
///        that left ({stealFromPool}), which side weighted by the reserves, never leaving a side below one whole
///        card. `k = r0 × r1` never falls in a swap and falls in a withdrawal as in Uniswap V2; what never falls
///        outside steals is the value of a share, `k / T²` (T: total shares, the bank's locked ones included).
///      Burned fees are not counted here: every wei that leaves a trade's balances and reserves is a fee emitted in
///      its event, so the host derives `burned = issued − received − balances − reserves` ({reserveTotals}) and the
///      events' fees sum to it, to the wei (the opening depth counts as issued). A counter cost every swap with a
///      fee a cold read and an update of its own word (~5,000 gas).
library CatammMarket {
    using ResourceBalances for ResourceBalances.Balances;

    /// @dev A game's markets.
    /// @param config One word, hand-packed so a trade reads it once (see the `_config*` accessors):
    ///        bits 0–38 game id (echoed in events, so one contract can host many games; ids below 2^39), 39–63 free
    ///        for the host game ({hostLow}: e.g. its turn length, so that setting a deadline reads no other slot),
    ///        64–79 fee without the pool's port (also the withdrawal fee), 80–95 fee with it (both in basis points),
    ///        96–127 initial depth in whole cards per side (0 until opened), 128–167 the port of each pool, 4 bits
    ///        per pool (nibble p = pool p's port, or {NO_PORT} for the missing pool), 168–255 free for the host game
    ///        ({hostData}: e.g. its turn state, so that the check before a trade reads a slot the trade reads
    ///        anyway).
    /// @param pools Per pool, one word: reserve0 (bits 0–111), reserve1 (112–223), block of the last swap
    ///        (224–255). A zero word means "never touched since opening": both reserves are the initial depth
    ///        (opening writes no pool slot; a touched pool keeps ≥ 1 wei per side, so it never reads as zero).
    /// @param playerShares Per pool, the shares held by players (the bank's locked shares, equal to the depth in
    ///        wei, are not stored).
    /// @param shares Per player, their shares in each pool.
    struct State {
        uint256 config;
        uint256[10] pools;
        uint256[10] playerShares;
        mapping(address player => uint256[10]) shares;
    }

    /// @dev Smallest and largest initial depth, in whole cards per side. The largest keeps every balance of a
    ///      resource far below {ResourceBalances.MAX_BALANCE} (four pools hold each resource).
    uint32 internal constant MIN_DEPTH_CARDS = 1;
    uint32 internal constant MAX_DEPTH_CARDS = 1_000_000;

    /// @dev Domain separators, so the game can draw other things from the same random value.
    uint256 private constant SALT_PORTS = uint256(keccak256("CATAMM.market.ports"));
    uint256 private constant SALT_STEAL = uint256(keccak256("CATAMM.market.steal"));

    uint256 private constant RESERVE_MASK = 0xffffffffffffffffffffffffffff; // 2^112 − 1, a literal for assembly
    uint256 private constant PORTS_SHIFT = 128;
    uint256 private constant HOST_SHIFT = 168;
    /// @dev The game id's bits (0–38) and the host's low field (bits 39–63: {hostLow}).
    uint256 private constant GAME_ID_MASK = 0x7fffffffff;
    uint256 private constant HOST_LOW_SHIFT = 39;
    uint256 private constant HOST_LOW_MASK = 0x1ffffff;
    /// @dev The config bits the markets own: below the host's, less its low field (2^168 − 1 − (2^25 − 1) × 2^39, a
    ///      literal).
    uint256 private constant MARKET_BITS = 0xffffffffffffffffffffffffff0000007fffffffff;

    // ------------------------------------------------------------------------------------------------------------
    // Opening

    /// @notice Opens a game's markets: each pool with `depthCards` cards of both sides from the bank, the pools in
    ///         a uniformly random order from `seed` ({RandomDraw.permutation}), the first nine at ports 0–8 and the
    ///         tenth missing.
    /// @param preset 0 classic, 1 defi ({FeePreset}).
    /// @dev The caller's bank must count `4 × depthCards` cards of every resource as issued (each resource is in
    ///      four pools).
    function open(State storage s, uint64 gameId, uint32 depthCards, uint8 preset, uint256 seed) internal {
        uint256 old = s.config;
        if (_configDepth(old) != 0) revert ICatammMarket.MarketsAlreadyOpen(gameId);
        if (gameId > GAME_ID_MASK) revert ICatammMarket.GameIdTooLarge(gameId);
        if (depthCards < MIN_DEPTH_CARDS || depthCards > MAX_DEPTH_CARDS) {
            revert ICatammMarket.DepthOutOfRange(depthCards, MIN_DEPTH_CARDS, MAX_DEPTH_CARDS);
        }
        if (preset > uint8(type(FeePreset).max)) revert ICatammMarket.UnknownFeePreset(preset);
        (uint16 feeBps, uint16 portFeeBps) = CatammIds.presetFees(FeePreset(preset));

        uint256[] memory order = RandomDraw.permutation(seed, SALT_PORTS, POOL_COUNT);
        uint8[9] memory poolOfPort;
        uint256 missing = order[PORT_COUNT];
        uint256 ports = uint256(NO_PORT) << (4 * missing);
        for (uint256 port; port < PORT_COUNT; ++port) {
            poolOfPort[port] = uint8(order[port]);
            ports |= port << (4 * order[port]);
        }

        s.config =
            (old & ~MARKET_BITS) |
            uint256(gameId) |
            (uint256(feeBps) << 64) |
            (uint256(portFeeBps) << 80) |
            (uint256(depthCards) << 96) |
            (ports << PORTS_SHIFT);
        emit ICatammMarket.MarketsOpened(
            gameId,
            uint256(depthCards) * ONE_CARD,
            feeBps,
            portFeeBps,
            poolOfPort,
            uint8(missing)
        );
    }

    // ------------------------------------------------------------------------------------------------------------
    // Trading

    /// @notice `player` swaps `amountIn` of `resourceIn` for at least `minAmountOut` of `resourceOut`, from and to
    ///         `balances` (whose port mask sets the fee).
    function swap(
        State storage s,
        ResourceBalances.Balances storage balances,
        address player,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountIn,
        uint256 minAmountOut
    ) internal returns (uint256) {
        uint256 c = s.config;
        return swapWith(s, balances, c, balances.hostWord(), player, resourceIn, resourceOut, amountIn, minAmountOut);
    }

    /// @notice {swap} on the config word `c` and the balances' word 1 `hostWord` ({ResourceBalances.hostWord}) that
    ///         the caller read for its own check, unchanged since: the swap reads neither again.
    /// @dev One body with the values on the stack, the pricing and the pool word in one assembly block
    ///      ({_price}), the event written in place: the helpers' internal calls, re-reads and masks rebuilt at
    ///      each use cost ~700 gas a swap. The input is tested in one condition (an amount in [1, MAX_BALANCE]:
    ///      `amountIn − 1` wraps for zero; two distinct known resources), {_rejectSwap} naming the reason of a
    ///      failure. The pool's values sit in a block that ends before the balances move (without viaIR the stack
    ///      is full), so the event is logged first; a balance error reverts it with the rest.
    function swapWith(
        State storage s,
        ResourceBalances.Balances storage balances,
        uint256 c,
        uint256 hostWord,
        address player,
        uint256 resourceIn,
        uint256 resourceOut,
        uint256 amountIn,
        uint256 minAmountOut
    ) internal returns (uint256 amountOut) {
        unchecked {
            if (
                amountIn - 1 >= ResourceBalances.MAX_BALANCE ||
                resourceIn >= RESOURCE_COUNT ||
                resourceOut >= RESOURCE_COUNT ||
                resourceIn == resourceOut
            ) _rejectSwap(balances, resourceIn, resourceOut, amountIn);
        }
        {
            (uint8 pool, ) = CatammIds.poolOf(uint8(resourceIn), uint8(resourceOut));
            uint256 fee; // the rate in basis points, then the fee itself
            uint256 word;
            // Unchecked: pool < 10 and port < 9, so the shifts are below 256.
            unchecked {
                uint256 port = (c >> (PORTS_SHIFT + 4 * uint256(pool))) & 0x0f;
                if (port == NO_PORT) revert ICatammMarket.PoolMissing(pool);
                // The without-port rate is config bits 64–79, the port's 16 bits above: the trader's bit for the
                // port picks one without a branch.
                uint256 owned = (ResourceBalances.portsOf(hostWord) >> port) & 1;
                fee = (c >> (64 + 16 * owned)) & 0xffff;
            }
            (amountOut, fee, word) = _price(s, c, pool, resourceIn > resourceOut, amountIn, fee);
            if (amountOut == 0) revert ICatammMarket.ZeroOutput(pool);
            if (amountOut < minAmountOut) revert ICatammMarket.OutputBelowMinimum(amountOut, minAmountOut);
            // {ICatammMarket.Swapped} from the stack: the same topics and data as `emit`, without building the
            // arguments in memory first (~150 gas).
            bytes32 topic = ICatammMarket.Swapped.selector;
            // solhint-disable-next-line no-inline-assembly
            assembly ("memory-safe") {
                let m := mload(0x40)
                mstore(m, resourceIn)
                mstore(add(m, 0x20), amountIn)
                mstore(add(m, 0x40), fee)
                mstore(add(m, 0x60), amountOut)
                mstore(add(m, 0x80), and(word, RESERVE_MASK)) // reserve0
                mstore(add(m, 0xa0), and(shr(112, word), RESERVE_MASK)) // reserve1
                log4(m, 0xc0, topic, and(c, GAME_ID_MASK), player, pool)
            }
        }
        balances.exchangeWith(hostWord, resourceIn, amountIn, resourceOut, amountOut);
    }

    /// @notice `player` deposits at most `amount0Max` and `amount1Max` of `pool`'s two resources, in the pool's
    ///         proportion, for at least `minShares` shares. Deposits are free.
    /// @return shares The shares minted.
    /// @return amount0 The side-0 amount taken (≤ `amount0Max`).
    /// @return amount1 The side-1 amount taken (≤ `amount1Max`).
    function addLiquidity(
        State storage s,
        ResourceBalances.Balances storage balances,
        address player,
        uint8 pool,
        uint256 amount0Max,
        uint256 amount1Max,
        uint256 minShares
    ) internal returns (uint256 shares, uint256 amount0, uint256 amount1) {
        if (amount0Max == 0 || amount1Max == 0) revert ICatammMarket.ZeroAmount();
        Deposit memory d = _mint(s, player, pool, amount0Max, amount1Max);
        if (d.shares < minShares) revert ICatammMarket.OutputBelowMinimum(d.shares, minShares);
        (uint8 res0, uint8 res1) = CatammIds.poolResources(pool);
        balances.debit(res0, d.amount0);
        balances.debit(res1, d.amount1);
        emit ICatammMarket.LiquidityAdded(
            d.gameId,
            player,
            pool,
            d.amount0,
            d.amount1,
            d.shares,
            d.reserve0,
            d.reserve1
        );
        return (d.shares, d.amount0, d.amount1);
    }

    /// @notice `player` redeems `shares` of `pool` for its proportional reserves, less the without-port fee
    ///         (burned) unless `balances`' port mask includes the pool's port; at least `amount0Min` and
    ///         `amount1Min` out.
    /// @return amount0 The side-0 amount paid.
    /// @return amount1 The side-1 amount paid.
    function removeLiquidity(
        State storage s,
        ResourceBalances.Balances storage balances,
        address player,
        uint8 pool,
        uint256 shares,
        uint256 amount0Min,
        uint256 amount1Min
    ) internal returns (uint256 amount0, uint256 amount1) {
        if (shares == 0) revert ICatammMarket.ZeroAmount();
        Redemption memory x = _redeem(s, player, balances.portsOwned(), pool, shares);
        if (x.amount0 < amount0Min) revert ICatammMarket.OutputBelowMinimum(x.amount0, amount0Min);
        if (x.amount1 < amount1Min) revert ICatammMarket.OutputBelowMinimum(x.amount1, amount1Min);
        (uint8 res0, uint8 res1) = CatammIds.poolResources(pool);
        balances.credit(res0, x.amount0);
        balances.credit(res1, x.amount1);
        emit ICatammMarket.LiquidityRemoved(
            x.gameId,
            player,
            pool,
            shares,
            x.amount0,
            x.amount1,
            x.fee0,
            x.fee1,
            x.reserve0,
            x.reserve1
        );
        return (x.amount0, x.amount1);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Ghost ship

    /// @notice Flips `port`'s market: its pool becomes the missing one and the missing pool takes the port.
    /// @return deactivated The pool that left the port (the game steals from it with {stealFromPool}).
    /// @return activated The pool that took the port.
    function flipPort(State storage s, uint8 port) internal returns (uint8 deactivated, uint8 activated) {
        if (port >= PORT_COUNT) revert ICatammMarket.UnknownPort(port);
        uint256 c = s.config;
        for (uint8 p; p < POOL_COUNT; ++p) {
            uint256 at = _configPortOf(c, p);
            if (at == port) deactivated = p;
            else if (at == NO_PORT) activated = p;
        }
        uint256 shiftOut = PORTS_SHIFT + 4 * uint256(deactivated);
        uint256 shiftIn = PORTS_SHIFT + 4 * uint256(activated);
        c &= ~((uint256(0x0f) << shiftOut) | (uint256(0x0f) << shiftIn));
        c |= (uint256(NO_PORT) << shiftOut) | (uint256(port) << shiftIn);
        s.config = c;
        emit ICatammMarket.PortFlipped(_configGameId(c), port, deactivated, activated);
    }

    /// @notice Steals one card from `pool` for `thief`: side 0 with probability `reserve0 / (reserve0 + reserve1)`,
    ///         drawn from `seed` (a random value the game requested after the flip was chosen). A steal never leaves
    ///         a side below one whole card: a side holding less than two cards gives only what it holds above one
    ///         (nothing at one card or less). Otherwise a thin pool could be left with a few wei on a side, whose
    ///         counterpart would then sell for next to nothing (2 wei buying half a card at depth 1).
    /// @return resource The resource stolen.
    /// @return amount The amount stolen (one card, unless the side is that thin).
    function stealFromPool(
        State storage s,
        ResourceBalances.Balances storage thiefBalances,
        address thief,
        uint8 pool,
        uint256 seed
    ) internal returns (uint8 resource, uint256 amount) {
        if (pool >= POOL_COUNT) revert ICatammMarket.UnknownPool(pool);
        uint256 c = s.config;
        uint256 word = s.pools[pool];
        (uint256 r0, uint256 r1) = _reserves(word, c);
        bool side0 = RandomDraw.uniform(seed, SALT_STEAL, r0 + r1) < r0;
        (uint8 res0, uint8 res1) = CatammIds.poolResources(pool);
        if (side0) {
            (resource, amount) = (res0, _stealable(r0));
            r0 -= amount;
        } else {
            (resource, amount) = (res1, _stealable(r1));
            r1 -= amount;
        }
        s.pools[pool] = _pack(r0, r1, word >> 224);
        thiefBalances.credit(resource, amount);
        emit ICatammMarket.PoolRobbed(_configGameId(c), thief, pool, resource, amount, r0, r1);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Views

    /// @notice Pool `pool` as {ICatammMarket.PoolInfo}.
    function poolInfo(State storage s, uint8 pool) internal view returns (ICatammMarket.PoolInfo memory info) {
        if (pool >= POOL_COUNT) revert ICatammMarket.UnknownPool(pool);
        uint256 c = s.config;
        uint256 word = s.pools[pool];
        info.pool = pool;
        (info.resource0, info.resource1) = CatammIds.poolResources(pool);
        info.port = uint8(_configPortOf(c, pool));
        info.active = info.port != NO_PORT;
        (info.reserve0, info.reserve1) = _reserves(word, c);
        info.price0 = AmmMath.spotPrice(info.reserve0, info.reserve1);
        info.price1 = AmmMath.spotPrice(info.reserve1, info.reserve0);
        info.bankShares = _configDepth(c);
        info.totalShares = info.bankShares + s.playerShares[pool];
        info.lastTradeBlock = word >> 224;
    }

    /// @notice All ten pools.
    function allPools(State storage s) internal view returns (ICatammMarket.PoolInfo[10] memory out) {
        for (uint8 p; p < POOL_COUNT; ++p) out[p] = poolInfo(s, p);
    }

    /// @notice What {swap} would pay now for `amountIn` (no balance or minimum check; zero in, zero out).
    function quoteSwap(
        State storage s,
        uint256 portsOwned,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountIn
    ) internal view returns (ICatammMarket.SwapQuote memory q) {
        (uint8 pool, bool inIsSide0) = _route(resourceIn, resourceOut);
        (uint256 rIn, uint256 rOut) = _quoteReserves(s, pool, inIsSide0);
        uint256 c = s.config;
        q.pool = pool;
        q.feeBps = _feeFor(c, pool, portsOwned, _configPortFeeBps(c));
        q.portOwned = (portsOwned >> _configPortOf(c, pool)) & 1 == 1;
        (q.amountOut, q.fee) = AmmMath.getAmountOut(amountIn, rIn, rOut, q.feeBps);
        q.spotPrice = AmmMath.spotPrice(rIn, rOut);
        q.priceImpact = AmmMath.priceImpact(amountIn - q.fee, q.amountOut, rIn, rOut);
    }

    /// @notice The least input for which {swap} pays at least `amountOut` now.
    function quoteSwapIn(
        State storage s,
        uint256 portsOwned,
        uint8 resourceIn,
        uint8 resourceOut,
        uint256 amountOut
    ) internal view returns (uint256) {
        (uint8 pool, bool inIsSide0) = _route(resourceIn, resourceOut);
        uint256 feeBps = _feeFor(s.config, pool, portsOwned, _configPortFeeBps(s.config));
        (uint256 rIn, uint256 rOut) = _quoteReserves(s, pool, inIsSide0);
        return AmmMath.getAmountIn(amountOut, rIn, rOut, feeBps);
    }

    /// @notice The game's market settings: initial depth per side (18 decimals), swap fee without and with the
    ///         pool's port (basis points; the first is also the withdrawal fee).
    function settings(State storage s) internal view returns (uint256 depth, uint256 feeBps, uint256 portFeeBps) {
        uint256 c = s.config;
        return (_configDepth(c), _configFeeBps(c), _configPortFeeBps(c));
    }

    /// @notice Whether the markets were opened.
    function isOpen(State storage s) internal view returns (bool) {
        return _configDepth(s.config) != 0;
    }

    /// @notice The 88 bits of the config word that belong to the host game (zero until it sets them).
    function hostData(State storage s) internal view returns (uint256) {
        return s.config >> HOST_SHIFT;
    }

    /// @notice The host game's 88 bits in config word `c` (as read by a caller that passes it to {swapWith}).
    function hostDataOf(uint256 c) internal pure returns (uint256) {
        return c >> HOST_SHIFT;
    }

    /// @notice Sets the host game's 88 bits of the config word; reverts with {HostDataTooWide} past 88 bits.
    function setHostData(State storage s, uint256 value) internal {
        if (value >> (256 - HOST_SHIFT) != 0) revert ICatammMarket.HostDataTooWide(value);
        uint256 c = s.config;
        s.config = (c & ~(type(uint256).max << HOST_SHIFT)) | (value << HOST_SHIFT);
    }

    /// @notice The host game's 25 low bits of the config word (39–63; zero until it sets them).
    function hostLow(State storage s) internal view returns (uint256) {
        return (s.config >> HOST_LOW_SHIFT) & HOST_LOW_MASK;
    }

    /// @notice Sets the host game's 25 low bits of the config word; reverts with {HostDataTooWide} past 25 bits.
    function setHostLow(State storage s, uint256 value) internal {
        if (value > HOST_LOW_MASK) revert ICatammMarket.HostDataTooWide(value);
        s.config = (s.config & ~(HOST_LOW_MASK << HOST_LOW_SHIFT)) | (value << HOST_LOW_SHIFT);
    }

    /// @notice `player`'s shares in each pool.
    function sharesOf(State storage s, address player) internal view returns (uint256[10] memory) {
        return s.shares[player];
    }

    /// @notice What the ten pools hold of each resource (the missing pool included).
    function reserveTotals(State storage s) internal view returns (uint256[5] memory out) {
        uint256 c = s.config;
        for (uint8 p; p < POOL_COUNT; ++p) {
            (uint256 r0, uint256 r1) = _reserves(s.pools[p], c);
            (uint8 res0, uint8 res1) = CatammIds.poolResources(p);
            out[res0] += r0;
            out[res1] += r1;
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // Internals: the pool side of each operation (the callers move the balances, then emit)

    /// @dev Reverts for a swap's invalid input with its reason, in the rules' order.
    function _rejectSwap(
        ResourceBalances.Balances storage balances,
        uint256 resourceIn,
        uint256 resourceOut,
        uint256 amountIn
    ) private view {
        if (amountIn == 0) revert ICatammMarket.ZeroAmount();
        // Beyond any balance: rejected before the math (which is exact below 2^112 only), unless the input
        // resource is unknown (named next).
        if (amountIn > ResourceBalances.MAX_BALANCE && resourceIn < RESOURCE_COUNT) {
            uint8 r = uint8(resourceIn);
            revert ResourceBalances.InsufficientBalance(r, balances.balanceOf(r), amountIn);
        }
        if (resourceIn >= RESOURCE_COUNT) revert ICatammMarket.UnknownResource(uint8(resourceIn));
        if (resourceOut >= RESOURCE_COUNT) revert ICatammMarket.UnknownResource(uint8(resourceOut));
        revert ICatammMarket.SameResource(uint8(resourceIn));
    }

    /// @dev A swap's pool side: reads `pool`'s word (< {POOL_COUNT}, from {CatammIds.poolOf}) without the array's
    ///      bounds check, prices `amountIn` at `feeBps` and writes the new word, with this block as the last trade.
    ///      Returns the output, the fee and the new word; the caller's checks after it revert the write with them.
    function _price(
        State storage s,
        uint256 c,
        uint256 pool,
        bool inIsSide1,
        uint256 amountIn,
        uint256 feeBps
    ) private returns (uint256 amountOut, uint256 fee, uint256 word) {
        uint256 reserveIn; // the input side's reserve, then its new value
        // Bounds: amountIn in [1, 2^85] (the caller checked), reserves in [1, 2^112) (a pool keeps ≥ 1 wei a side;
        // the untouched one holds the depth, ≤ 10^24 wei), feeBps ≤ 1000 (the presets). So amountIn × feeBps <
        // 2^95, fee ≤ amountIn, reserveOut × net < 2^197, reserveIn + net < 2^113 and the divisor is ≥ 1: nothing
        // wraps. Same results as {AmmMath.getAmountOut}.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            let slot := add(add(s.slot, 1), pool) // `pools` is {State}'s second member
            word := sload(slot)
            // The untouched pool's zero word: the depth in wei (config bits 96–127, in cards) on both sides.
            if iszero(word) {
                word := mul(mul(and(shr(96, c), 0xffffffff), ONE_CARD), 0x10000000000000000000000000001)
            }
            // Side 0 is the lower resource id: its field at bit 0, side 1's at bit 112.
            let shiftIn := mul(112, inIsSide1)
            let shiftOut := sub(112, shiftIn)
            reserveIn := and(shr(shiftIn, word), RESERVE_MASK)
            let reserveOut := and(shr(shiftOut, word), RESERVE_MASK)
            // fee = ceil(amountIn × feeBps / 10000); net = amountIn − fee.
            fee := div(add(mul(amountIn, feeBps), 9999), 10000)
            let net := sub(amountIn, fee)
            // amountOut = floor(reserveOut × net / (reserveIn + net)) < reserveOut.
            amountOut := div(mul(reserveOut, net), add(reserveIn, net))
            reserveIn := add(reserveIn, net)
            // Past 2^112 the input field would spill into the other side: the check below reverts first.
            word := or(
                or(shl(shiftIn, reserveIn), shl(shiftOut, sub(reserveOut, amountOut))),
                shl(224, and(number(), 0xffffffff)) // the block, kept mod 2^32 (informational)
            )
            sstore(slot, word)
        }
        // OpenZeppelin's SafeCast error, as {_pack} reverts.
        if (reserveIn > RESERVE_MASK) revert SafeCast.SafeCastOverflowedUintDowncast(112, reserveIn);
    }

    /// @dev A deposit's outcome (in memory: with the caller's arguments, too many values for the stack).
    struct Deposit {
        uint64 gameId;
        uint256 shares;
        uint256 amount0;
        uint256 amount1;
        uint256 reserve0;
        uint256 reserve1;
    }

    /// @dev A deposit's pool side: validates, prices the shares, writes the pool and the shares. The caller moves
    ///      the balances and emits.
    function _mint(
        State storage s,
        address player,
        uint8 pool,
        uint256 amount0Max,
        uint256 amount1Max
    ) private returns (Deposit memory d) {
        (uint256 c, uint256 word) = _activePool(s, pool);
        d.gameId = _configGameId(c);
        (uint256 r0, uint256 r1) = _reserves(word, c);
        uint256 total = _configDepth(c) + s.playerShares[pool];
        // mulDiv: the maxima are caller input of any size.
        d.shares = Math.min(Math.mulDiv(amount0Max, total, r0), Math.mulDiv(amount1Max, total, r1));
        if (d.shares == 0) revert ICatammMarket.ZeroOutput(pool);
        // Rounded up, in the pool's favour; never above the maxima since shares ≤ a × T / r.
        d.amount0 = Math.mulDiv(d.shares, r0, total, Math.Rounding.Ceil);
        d.amount1 = Math.mulDiv(d.shares, r1, total, Math.Rounding.Ceil);
        d.reserve0 = r0 + d.amount0;
        d.reserve1 = r1 + d.amount1;
        s.pools[pool] = _pack(d.reserve0, d.reserve1, word >> 224);
        s.playerShares[pool] += d.shares;
        s.shares[player][pool] += d.shares;
    }

    /// @dev A withdrawal's outcome (in memory: too many values for the stack).
    struct Redemption {
        uint64 gameId;
        uint256 amount0;
        uint256 amount1;
        uint256 fee0;
        uint256 fee1;
        uint256 reserve0;
        uint256 reserve1;
    }

    /// @dev A withdrawal's pool side: validates, takes the shares, writes the pool (the fees, paid to nobody, are
    ///      burned). The caller moves the balances and emits.
    function _redeem(
        State storage s,
        address player,
        uint256 portsOwned,
        uint8 pool,
        uint256 shares
    ) private returns (Redemption memory x) {
        // Any pool, the missing one included: liquidity can always be withdrawn.
        if (pool >= POOL_COUNT) revert ICatammMarket.UnknownPool(pool);
        uint256 c = s.config;
        uint256 word = s.pools[pool];
        uint256 held = s.shares[player][pool];
        if (shares > held) revert ICatammMarket.InsufficientShares(pool, held, shares);
        x.gameId = _configGameId(c);
        {
            (uint256 r0, uint256 r1) = _reserves(word, c);
            uint256 total = _configDepth(c) + s.playerShares[pool];
            // The missing pool has no port to own: the without-port fee.
            uint256 feeBps = _configPortOf(c, pool) == NO_PORT ? _configFeeBps(c) : _feeFor(c, pool, portsOwned, 0);
            // Gross amounts round down; shares < total (the bank's are locked), so each reserve keeps ≥ 1 wei.
            uint256 gross0 = Math.mulDiv(shares, r0, total);
            uint256 gross1 = Math.mulDiv(shares, r1, total);
            x.reserve0 = r0 - gross0;
            x.reserve1 = r1 - gross1;
            x.fee0 = AmmMath.fee(gross0, feeBps);
            x.fee1 = AmmMath.fee(gross1, feeBps);
            x.amount0 = gross0 - x.fee0;
            x.amount1 = gross1 - x.fee1;
        }
        if (x.amount0 == 0 && x.amount1 == 0) revert ICatammMarket.ZeroOutput(pool);
        s.pools[pool] = _pack(x.reserve0, x.reserve1, word >> 224);
        s.playerShares[pool] -= shares;
        s.shares[player][pool] = held - shares;
    }

    // ------------------------------------------------------------------------------------------------------------
    // Internals: ids, config, pool words

    /// @dev What a steal takes from a side holding `reserve`: one card, but never below one card left.
    function _stealable(uint256 reserve) private pure returns (uint256) {
        if (reserve <= ONE_CARD) return 0;
        return Math.min(ONE_CARD, reserve - ONE_CARD);
    }

    /// @dev The pool of a swap from `resourceIn` to `resourceOut`, validating both ids.
    function _route(uint8 resourceIn, uint8 resourceOut) private pure returns (uint8 pool, bool inIsSide0) {
        if (resourceIn >= RESOURCE_COUNT) revert ICatammMarket.UnknownResource(resourceIn);
        if (resourceOut >= RESOURCE_COUNT) revert ICatammMarket.UnknownResource(resourceOut);
        if (resourceIn == resourceOut) revert ICatammMarket.SameResource(resourceIn);
        return CatammIds.poolOf(resourceIn, resourceOut);
    }

    /// @dev Loads the config and `pool`'s word, rejecting unknown and missing pools.
    function _activePool(State storage s, uint8 pool) private view returns (uint256 c, uint256 word) {
        if (pool >= POOL_COUNT) revert ICatammMarket.UnknownPool(pool);
        c = s.config;
        if (_configPortOf(c, pool) == NO_PORT) revert ICatammMarket.PoolMissing(pool);
        word = s.pools[pool];
    }

    /// @dev Reserves for a quote, rejecting the missing pool as the swap would.
    function _quoteReserves(
        State storage s,
        uint8 pool,
        bool inIsSide0
    ) private view returns (uint256 rIn, uint256 rOut) {
        (uint256 c, uint256 word) = _activePool(s, pool);
        (uint256 r0, uint256 r1) = _reserves(word, c);
        (rIn, rOut) = inIsSide0 ? (r0, r1) : (r1, r0);
    }

    /// @dev The fee for a trader with `portsOwned` in `pool`: `withPortBps` if they own its port, else the
    ///      without-port fee. Reverts for the missing pool.
    function _feeFor(uint256 c, uint8 pool, uint256 portsOwned, uint256 withPortBps) private pure returns (uint256) {
        uint256 port = _configPortOf(c, pool);
        if (port == NO_PORT) revert ICatammMarket.PoolMissing(pool);
        return (portsOwned >> port) & 1 == 1 ? withPortBps : _configFeeBps(c);
    }

    // Config accessors (layout: {State.config}).

    function _configGameId(uint256 c) private pure returns (uint64) {
        return uint64(c & GAME_ID_MASK);
    }

    function _configFeeBps(uint256 c) private pure returns (uint256) {
        return (c >> 64) & 0xffff;
    }

    function _configPortFeeBps(uint256 c) private pure returns (uint256) {
        return (c >> 80) & 0xffff;
    }

    /// @dev The initial depth in wei, which is also the bank's locked shares (the geometric mean of two equal sides).
    function _configDepth(uint256 c) private pure returns (uint256) {
        return ((c >> 96) & 0xffffffff) * ONE_CARD;
    }

    function _configPortOf(uint256 c, uint8 pool) private pure returns (uint256) {
        // Unchecked: pool < 256, so the shift is below 2^11 (checked, it cost every swap ~60 gas).
        unchecked {
            return (c >> (PORTS_SHIFT + 4 * uint256(pool))) & 0x0f;
        }
    }

    /// @dev Unpacks a pool word; the zero word is the untouched pool at the initial depth.
    function _reserves(uint256 word, uint256 c) private pure returns (uint256 r0, uint256 r1) {
        if (word == 0) {
            uint256 depth = _configDepth(c);
            return (depth, depth);
        }
        return (word & RESERVE_MASK, (word >> 112) & RESERVE_MASK);
    }

    /// @dev Packs reserves (reverting past 2^112, OpenZeppelin's SafeCast) and a block number (kept mod 2^32:
    ///      informational only).
    function _pack(uint256 r0, uint256 r1, uint256 blockNumber) private pure returns (uint256) {
        return
            uint256(SafeCast.toUint112(r0)) |
            (uint256(SafeCast.toUint112(r1)) << 112) |
            (uint256(uint32(blockNumber)) << 224);
    }
}
