// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

// The ids every CATAMM contract, script and test shares (DECISIONS.md, CATAMM: "Ids everyone shares").
// Board ids (hexes, vertices, edges, which vertices each port sits on) belong to the board libraries.

/// @notice The five resources, in the order used everywhere (balances, bank counters, pool sides, events).
enum Resource {
    Wood,
    Brick,
    Sheep,
    Ore,
    Wheat
}

/// @notice The swap-fee presets a game picks at creation.
/// @dev Classic (spec section 2, the default): 10% without the pool's port, 0% with it. Defi (the spec's
///      implementation-note constants): 0.3% without, 0.15% with. Withdrawals pay the without-port fee unless the
///      withdrawer owns the port (then nothing), in both presets.
enum FeePreset {
    Classic,
    Defi
}

/// @dev One card of a resource: amounts are fixed-point with 18 decimals, so pools can price fractions.
uint256 constant ONE_CARD = 1e18;
/// @dev Number of resources.
uint8 constant RESOURCE_COUNT = 5;
/// @dev Number of pools: every pair of the five resources.
uint8 constant POOL_COUNT = 10;
/// @dev Number of ports (ids 0–8). Nine pools are active, one at each port; the tenth is missing.
uint8 constant PORT_COUNT = 9;
/// @dev The "port" of the missing pool.
uint8 constant NO_PORT = 15;

/// @title CatammIds
/// @notice Pool ids and their resource pairs, fee presets.
/// @dev Pools 0–9 in the spec's order: 0 Wood-Brick, 1 Wood-Sheep, 2 Wood-Ore, 3 Wood-Wheat, 4 Brick-Sheep,
///      5 Brick-Ore, 6 Brick-Wheat, 7 Sheep-Ore, 8 Sheep-Wheat, 9 Ore-Wheat. A pool's side 0 is always its
///      lower-id resource.
library CatammIds {
    /// @dev Byte `p` is pool p's pair: high nibble = resource 0, low nibble = resource 1.
    bytes10 private constant POOL_PAIRS = 0x01020304121314232434;
    /// @dev Byte `5 * a + b` is the pool of resources a and b (0xff on the diagonal, a == b).
    bytes25 private constant POOL_OF_PAIR = 0xff00010203_00ff040506_0104ff0708_020507ff09_03060809ff;

    /// @notice The two resources of `pool` (side 0 first). `pool` must be below {POOL_COUNT}.
    function poolResources(uint8 pool) internal pure returns (uint8 resource0, uint8 resource1) {
        uint8 pair = uint8(POOL_PAIRS[pool]);
        return (pair >> 4, pair & 0x0f);
    }

    /// @notice The pool trading `a` against `b` and whether `a` is its side 0. Both must be valid, distinct
    ///         resources.
    function poolOf(uint8 a, uint8 b) internal pure returns (uint8 pool, bool aIsSide0) {
        // Byte `5 * a + b` of the table by the BYTE opcode, unchecked (a, b < 5, so the index is below 25):
        // indexing `bytes25` is bounds-checked and `5 * a + b` overflow-checked (~60 gas a swap), and a shift with
        // its conversions costs ~25 more.
        bytes32 table = POOL_OF_PAIR;
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            pool := byte(add(mul(5, a), b), table)
        }
        return (pool, a < b);
    }

    /// @notice The swap fees of `preset`, in basis points, without and with the pool's port.
    function presetFees(FeePreset preset) internal pure returns (uint16 feeBps, uint16 portFeeBps) {
        if (preset == FeePreset.Classic) return (1000, 0);
        return (30, 15);
    }
}
