// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {HexKind, HEX_COUNT, NONE, InvalidHex} from "./BoardTypes.sol";

/// @title BoardSetup
/// @notice A random CATAMM board from one random seed: the 19 hex kinds (3 Wood, 3 Brick, 4 Sheep, 3 Ore, 4 Wheat,
///         1 Gold, 1 Desert) shuffled over the hexes, then the 18 number tokens (2 and 12 once, 3–6 and 8–11
///         twice) shuffled over the 18 hexes that are not the desert (so Gold gets one, the desert none). The ghost
///         ship starts on the desert. No other constraint is imposed (in particular 6s and 8s may touch, as on any
///         random board the spec allows).
/// @dev Board word: hex `h` (BoardTopology numbering) at bits `[7h, 7h + 7)`: its `HexKind` in the low 3 bits, its
///      number (2–12, 0 for the desert) in the high 4; 133 bits, one storage slot.
///      Shuffles: Fisher–Yates, one 256-bit word per shuffle (`keccak256(seed, salt)`), read as a mixed-radix
///      number: step `i` (from the last position down to 1) swaps position `i` with `j = r % (i + 1)` and divides
///      `r` by `i + 1`. The digits of a uniform 256-bit number in radices 19, 18, ..., 2 are uniform and
///      independent up to a bias below 19! / 2^256 < 2^-198, so every arrangement is equally likely for all
///      practical purposes. The two salts make kinds and numbers independent, and independent of any other draw a
///      game makes from the same seed with other salts.
library BoardSetup {
    /// @dev Domain salts: "kinds" and "numbers" in ASCII.
    uint256 internal constant KIND_SALT = 0x6b696e6473;
    uint256 internal constant NUMBER_SALT = 0x6e756d62657273;

    /// @dev The 19 kinds before shuffling, one per nibble (nibble i = position i):
    ///      0,0,0,1,1,1,2,2,2,2,3,3,3,4,4,4,4,5,6.
    uint256 private constant KIND_POOL = 0x6544443332222111000;
    /// @dev The 18 number tokens before shuffling, one per nibble: 2,3,3,4,4,5,5,6,6,8,8,9,9,10,10,11,11,12.
    uint256 private constant NUMBER_POOL = 0xcbbaa9988665544332;

    /// @notice The board for `seed` and the hex the desert (and so the ghost ship) is on.
    function generate(uint256 seed) internal pure returns (uint256 board, uint256 desert) {
        uint256 kinds = _shuffle(KIND_POOL, HEX_COUNT, uint256(keccak256(abi.encode(seed, KIND_SALT))));
        uint256 numbers = _shuffle(NUMBER_POOL, HEX_COUNT - 1, uint256(keccak256(abi.encode(seed, NUMBER_SALT))));
        unchecked {
            for (uint256 h; h < HEX_COUNT; ++h) {
                uint256 kind = kinds & 15;
                kinds >>= 4;
                uint256 number;
                if (kind == uint256(HexKind.Desert)) {
                    desert = h;
                } else {
                    number = numbers & 15;
                    numbers >>= 4;
                }
                board |= (kind | (number << 3)) << (7 * h);
            }
        }
    }

    /// @notice The kind of hex `hexId` on `board`.
    function kindOf(uint256 board, uint256 hexId) internal pure returns (HexKind) {
        if (hexId >= HEX_COUNT) revert InvalidHex(hexId);
        return HexKind((board >> (7 * hexId)) & 7);
    }

    /// @notice The number token of hex `hexId` on `board` (2–12), or 0 for the desert.
    function numberOf(uint256 board, uint256 hexId) internal pure returns (uint256) {
        if (hexId >= HEX_COUNT) revert InvalidHex(hexId);
        return (board >> (7 * hexId + 3)) & 15;
    }

    /// @notice The desert hex of `board` (the one hex of kind Desert).
    function desertOf(uint256 board) internal pure returns (uint256 h) {
        while (kindOf(board, h) != HexKind.Desert) ++h;
    }

    /// @notice The hexes carrying number `n`: two for 3–6 and 8–11, one for 2 and 12 (`second` = NONE), none for
    ///      anything else (both NONE).
    /// @dev All 19 number fields compared at once (a 19-step scan cost ~2,700 gas a roll): XOR with `n` in every
    ///      field leaves zero where the number is `n`; adding 15 to every field sets its bit 4 unless it was zero (a
    ///      field and its 3 spare bits hold the sum, so nothing carries into the next hex).
    function hexesWithNumber(uint256 board, uint256 n) internal pure returns (uint256 first, uint256 second) {
        first = NONE;
        second = NONE;
        if (n == 0 || n > 15) return (first, second);
        uint256 fields;
        uint256 zero;
        // Unchecked: n ≤ 15, so n × HEX_UNITS fills each 7-bit slot's low 4 bits at most, and a field plus 15 stays
        // in its slot (below 2^133 in all).
        unchecked {
            fields = ((board >> 3) ^ (n * HEX_UNITS)) & HEX_FIFTEENS;
            zero = HEX_UNITS & ~((fields + HEX_FIFTEENS) >> 4);
        }
        if (zero == 0) return (first, second);
        first = Math.log2(zero & (~zero + 1)) / 7;
        zero &= zero - 1;
        if (zero != 0) second = Math.log2(zero) / 7;
    }

    /// @dev Bit 7h set for every hex h: one unit in each hex's 7-bit slot of the board word,
    ///      `(2^(7 × HEX_COUNT) − 1) / 127`, and 15 in each slot: literals, as the expressions (a division) ran at each
    ///      use.
    uint256 private constant HEX_UNITS = 0x40810204081020408102040810204081;
    uint256 private constant HEX_FIFTEENS = 0x3c78f1e3c78f1e3c78f1e3c78f1e3c78f;

    /// @dev Fisher–Yates over the first `count` nibbles of `packed` driven by the mixed-radix digits of `r` (see
    ///      the contract notes). Swapping nibbles `i` and `j` XORs `a ^ b` into both (a no-op when `i == j`).
    function _shuffle(uint256 packed, uint256 count, uint256 r) private pure returns (uint256) {
        unchecked {
            for (uint256 i = count - 1; i > 0; --i) {
                uint256 j = r % (i + 1);
                r /= i + 1;
                uint256 diff = ((packed >> (4 * i)) ^ (packed >> (4 * j))) & 15;
                packed ^= (diff << (4 * i)) | (diff << (4 * j));
            }
        }
        return packed;
    }
}
