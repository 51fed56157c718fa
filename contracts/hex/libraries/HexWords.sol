// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title HexWords
/// @notice The packed storage words of Forking Hex, in one place. Packing is what keeps a move near its gas floor:
///         a move reads ONE game word, the position words of the parent and the grandparent and the mover's number
///         in the game's player list, writes ONE fresh position word (two above 14×14 when cells 196.. are used) and
///         rewrites the game word (see docs/gas.md, "Forking Hex").
/// @dev Layouts (bit ranges inclusive, bit 0 = least significant):
///
///      Game `core` word — everything a move reads and writes:
///        0..4     size n (0 = no such game)
///        5        cancelled
///        6        the stake is an ERC-20 (its address is in the meta word)
///        7..29    redBlocks (23 bits)
///        30..52   blueBlocks (23 bits)
///        53..75   lastBlock, as an offset from the creation block (0 = none)
///        76..99   positionCount (24 bits: at most 2^24 - 1 positions)
///        100..122 maxDeadline, as an offset from the creation block (0 = none yet)
///        123..218 stake (96 bits)
///        219..250 creation block (32 bits)
///      Every block a game stores is an offset of at most 2^23 - 1 from its creation block ({MAX_SPAN}): a game
///      without a last block has an implicit one there.
///
///      Game `meta` word — read by settlement, proofs, cancellation, ERC-20 moves and a player's first move:
///        0..159   stake token
///        160..175 feeBps (read once at creation)
///        176..207 lowest proven position id (0 = none)
///        208..239 settlement cursor
///        240..241 settlement phase (0 none, 1 marking void positions, 2 evaluating, 3 settled)
///        242..253 players: the length of the game's player list (at most {MAX_PLAYERS}; later newcomers: {OVERFLOW})
///
///      Position word — the only word a move writes on boards up to 14×14:
///        0..195   the stones of the colour that moved into the position, cells 0..195 (bit i set = a stone of that
///                 colour on cell i); boards up to 14×14 fit entirely. The other colour's stones are the parent's
///                 bitmap (nobody of that colour moved since), so a move on P reads P's and P's parent's words.
///        196..219 parent id (24 bits: ids are below 2^24)
///        220..242 deadline, as an offset from the creation block (≥ 1; position 1, which has no deadline, holds
///                 2^23 - 1 here, so that 0 can mark a recycled word)
///        243..254 the mover's index in the game's player list (12 bits), or {OVERFLOW}: the mover is stored by
///                 position
///        255      proven
///      Depth is not stored: a position's stones are its bitmap and its parent's, so its depth is their popcount
///      (odd: Red made it). Its cell is the one stone of its bitmap its grandparent's lacks.
///      Position `high` word (n ≥ 15 only, written when not zero): bit i - 196 = cell i, for cells 196..n²-1 (the
///      same colour).
///
///      Settlement accumulator word (in memory during a batch):
///        0..119   Σ shares of losing Red-made positions in the subtree (owed to Blue movers above)
///        120..239 Σ shares of losing Blue-made positions in the subtree (owed to Red movers above)
///        240..248 (a position's own word only) its depth, passed up by its children in the batch (0: none)
///        255      a child is winning (in a position's own word) / this position is winning (in what it passes up)
///      Both sums are bounded by the game's total stake < 2^24 · 2^96 = 2^120, so adding packed words never
///      carries from one field into the next.
///
///      Recycled position word: once the game has ended no move or proof comes, so the stones are dead data.
///      Settlement keeps the accumulators of a parent whose children were settled in an earlier batch there (a
///      rewrite of a used slot instead of a fresh one), with what the views need that the stones gave (its depth and
///      the stones' key, which gives its cell) and its deadline; parent, mover and proven stay. A deadline field of
///      0 marks the word recycled:
///        0..75    Σ Red-made losses (76 bits)
///        76..151  Σ Blue-made losses (76 bits)
///        152      a child is winning
///        153      wide: a sum outgrew 76 bits (≥ 2^76 wei, ~75,000 ETH); the full word is in the game's `spill` map
///        154..162 depth
///        163..171 the stones' key: Σ (i + 1) over the stones i it had, mod 512 ({stoneKey})
///        172..194 the deadline field as it was (the offset from creation)
///        196..219, 243..255 as in a live word; 220..242 zero
///      Its stones are then its grandparent's plus its cell, the key minus the grandparent's stones' key, less one
///      (0: a cell at 196.., in `high`); {ForkingHex-_ownLow} walks up for the views.
///
///      Void positions (settlement phase 1) are bits of the game's `spill` map at keys 2^24 + id / 256 (bit id % 256):
///      one word per 256 positions, and the position words stay whole.
library HexWords {
    uint256 internal constant M9 = 0x1ff;
    uint256 internal constant M12 = 0xfff;
    uint256 internal constant M23 = 0x7fffff;
    uint256 internal constant M24 = 0xffffff;
    uint256 internal constant M32 = 0xffffffff;
    uint256 internal constant M96 = (1 << 96) - 1;
    uint256 internal constant M120 = (1 << 120) - 1;
    uint256 internal constant M128 = (1 << 128) - 1;

    /// @dev The most blocks a game may span from its creation block: every stored block is an offset of 23 bits.
    uint256 internal constant MAX_SPAN = M23;
    /// @dev The most movers a game's player list holds (indices 0..4,094): list indices are 12 bits, the last reserved.
    uint256 internal constant MAX_PLAYERS = M12;
    /// @dev The mover index of a position whose mover arrived with the list full: its address is kept by position.
    uint256 internal constant OVERFLOW = M12;

    // ---- core
    uint256 internal constant CORE_SIZE_MASK = 0x1f;
    uint256 internal constant CORE_CANCELLED = 1 << 5;
    uint256 internal constant CORE_TOKEN = 1 << 6;
    uint256 internal constant CORE_RED_SHIFT = 7;
    uint256 internal constant CORE_BLUE_SHIFT = 30;
    uint256 internal constant CORE_LAST_SHIFT = 53;
    uint256 internal constant CORE_COUNT_SHIFT = 76;
    uint256 internal constant CORE_MAXDL_SHIFT = 100;
    uint256 internal constant CORE_STAKE_SHIFT = 123;
    uint256 internal constant CORE_CREATED_SHIFT = 219;
    uint256 internal constant MAX_POSITIONS = M24;

    // ---- meta
    uint256 internal constant META_FEE_SHIFT = 160;
    uint256 internal constant META_PROVEN_SHIFT = 176;
    uint256 internal constant META_CURSOR_SHIFT = 208;
    uint256 internal constant META_PHASE_SHIFT = 240;
    uint256 internal constant META_PLAYERS_SHIFT = 242;

    // ---- position
    /// @dev Cells held in the position word itself; larger boards keep the rest in `high`.
    uint256 internal constant LOW_CELLS = 196;
    /// @dev (1 << LOW_CELLS) - 1, written as a literal: arithmetic on typed constants is checked at run time (~35 gas
    ///      a use), arithmetic on literals is done by the compiler.
    uint256 internal constant STONES_MASK = (1 << 196) - 1;
    uint256 internal constant PARENT_SHIFT = 196;
    uint256 internal constant DEADLINE_SHIFT = 220;
    uint256 internal constant DEADLINE_MASK = ((1 << 23) - 1) << 220;
    uint256 internal constant MOVER_SHIFT = 243;
    uint256 internal constant PROVEN = 1 << 255;
    /// @dev What recycling keeps: the parent id, the mover and proven (bits 196..219 and 243..255).
    uint256 internal constant KEPT = (((1 << 24) - 1) << 196) | (((1 << 13) - 1) << 243);

    // ---- accumulators
    uint256 internal constant ACC_SUMS = (1 << 240) - 1;
    uint256 internal constant ACC_WIN = 1 << 255;
    uint256 internal constant M76 = (1 << 76) - 1;
    uint256 internal constant RECYCLED_WIN = 1 << 152;
    uint256 internal constant RECYCLED_WIDE = 1 << 153;
    uint256 internal constant RECYCLED_DEPTH_SHIFT = 154;
    uint256 internal constant RECYCLED_KEY_SHIFT = 163;
    uint256 internal constant RECYCLED_DEADLINE_SHIFT = 172;
    /// @dev What a recycled word keeps across later stores: parent, mover, proven, depth, stone key and deadline.
    uint256 internal constant RECYCLED_KEPT = KEPT | (((1 << 41) - 1) << 154);
    /// @dev `spill` keys of the void bitmap: above every position id.
    uint256 internal constant VOID_KEYS = 1 << 24;

    function size(uint256 core) internal pure returns (uint256) {
        return core & CORE_SIZE_MASK;
    }

    function redBlocks(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_RED_SHIFT) & M23;
    }

    function blueBlocks(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_BLUE_SHIFT) & M23;
    }

    function created(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_CREATED_SHIFT) & M32;
    }

    /// @dev The last block as stored: an offset from the creation block, 0 for none.
    function lastOffset(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_LAST_SHIFT) & M23;
    }

    /// @dev The last block (absolute; 0 = none).
    function lastBlock(uint256 core) internal pure returns (uint256) {
        uint256 offset = lastOffset(core);
        return offset == 0 ? 0 : created(core) + offset;
    }

    /// @dev The last block a reply window may reach: the last block, or the implicit one {MAX_SPAN} after creation.
    function lastUsable(uint256 core) internal pure returns (uint256) {
        uint256 offset = lastOffset(core);
        return created(core) + (offset == 0 ? MAX_SPAN : offset);
    }

    function positionCount(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_COUNT_SHIFT) & M24;
    }

    /// @dev The highest deadline (absolute; 0 before Blue's reply).
    function maxDeadline(uint256 core) internal pure returns (uint256) {
        uint256 offset = (core >> CORE_MAXDL_SHIFT) & M23;
        return offset == 0 ? 0 : created(core) + offset;
    }

    function stake(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_STAKE_SHIFT) & M96;
    }

    /// @dev The game has ended once `block.number > endBlock`; 0 means no end is scheduled yet (before Blue's reply
    ///      position 1 has no deadline, so only a last block can end the game). Once Blue has replied, the end is
    ///      maxDeadline: no move is accepted whose deadline would pass the last block, so maxDeadline ≤ lastBlock.
    function endBlock(uint256 core) internal pure returns (uint256) {
        return positionCount(core) < 2 ? lastBlock(core) : maxDeadline(core);
    }

    function token(uint256 meta) internal pure returns (address) {
        return address(uint160(meta));
    }

    function feeBps(uint256 meta) internal pure returns (uint256) {
        return (meta >> META_FEE_SHIFT) & 0xffff;
    }

    function lowestProven(uint256 meta) internal pure returns (uint256) {
        return (meta >> META_PROVEN_SHIFT) & M32;
    }

    function cursor(uint256 meta) internal pure returns (uint256) {
        return (meta >> META_CURSOR_SHIFT) & M32;
    }

    function phase(uint256 meta) internal pure returns (uint256) {
        return (meta >> META_PHASE_SHIFT) & 3;
    }

    function players(uint256 meta) internal pure returns (uint256) {
        return (meta >> META_PLAYERS_SHIFT) & M12;
    }

    /// @dev `meta` with a new settlement cursor and phase.
    function withProgress(uint256 meta, uint256 cursor_, uint256 phase_) internal pure returns (uint256) {
        uint256 cleared = meta & ~((M32 << META_CURSOR_SHIFT) | (uint256(3) << META_PHASE_SHIFT));
        return cleared | (cursor_ << META_CURSOR_SHIFT) | (phase_ << META_PHASE_SHIFT);
    }

    /// @dev A live position word's deadline (absolute), given the game's core word; not for position 1.
    function deadline(uint256 word, uint256 core) internal pure returns (uint256) {
        return created(core) + ((word >> DEADLINE_SHIFT) & M23);
    }

    function parent(uint256 word) internal pure returns (uint256) {
        return (word >> PARENT_SHIFT) & M24;
    }

    function mover(uint256 word) internal pure returns (uint256) {
        return (word >> MOVER_SHIFT) & M12;
    }

    /// @dev Whether settlement recycled the word (its deadline field is 0, which no live word holds).
    function recycled(uint256 word) internal pure returns (bool) {
        return word & DEADLINE_MASK == 0;
    }

    /// @dev The depth a recycled word keeps.
    function storedDepth(uint256 word) internal pure returns (uint256) {
        return (word >> RECYCLED_DEPTH_SHIFT) & M9;
    }

    /// @dev The stone key a recycled word keeps ({stoneKey} of its stones when they were dropped).
    function storedKey(uint256 word) internal pure returns (uint256) {
        return (word >> RECYCLED_KEY_SHIFT) & M9;
    }

    /// @dev The deadline field a recycled word keeps (the offset from creation), as a live word holds it.
    function storedDeadlineField(uint256 word) internal pure returns (uint256) {
        return ((word >> RECYCLED_DEADLINE_SHIFT) & M23) << DEADLINE_SHIFT;
    }

    /// @dev The low bits of a recycled word the first time settlement stores there: `depth_`, the {stoneKey} of the
    ///      live word's stones and its deadline field.
    function recycledInfo(uint256 live, uint256 depth_) internal pure returns (uint256) {
        return
            (depth_ << RECYCLED_DEPTH_SHIFT) |
            (stoneKey(live) << RECYCLED_KEY_SHIFT) |
            (((live >> DEADLINE_SHIFT) & M23) << RECYCLED_DEADLINE_SHIFT);
    }

    /// @dev The stone key of a position word: Σ (i + 1) over its stones i (bits 0..195), mod 512. A position's
    ///      stones are its grandparent's plus its cell c, so its key minus its grandparent's is c + 1 mod 512 (c <
    ///      196), or 0 when its cell is at 196.. (in `high`): a recycled word keeps its key in place of its cell, and
    ///      the views work the cell out from the grandparent's stones ({ForkingHex-_ownLow}). Computed from the word
    ///      alone: the cell itself needed the parent's and the grandparent's words (2 cold reads, 4,200 gas, for each
    ///      parent settlement recycles), this ~250 gas of SWAR.
    function stoneKey(uint256 word) internal pure returns (uint256 k) {
        assembly ("memory-safe") {
            let x := and(word, 0xfffffffffffffffffffffffffffffffffffffffffffffffff) // bits 0..195 (STONES_MASK)
            let m1 := 0x5555555555555555555555555555555555555555555555555555555555555555
            let m2 := 0x3333333333333333333333333333333333333333333333333333333333333333
            let m4 := 0x0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f
            // Per byte B (bits 8B..8B+7; bit j of a byte is cell 8B + j): its count c0 of stones, and the counts of
            // its stones at odd j (c1), at j with bit 1 set (c2) and with bit 2 set (c3), so Σ j = c1 + 2 c2 + 4 c3.
            let c0 := sub(x, and(shr(1, x), m1))
            c0 := add(and(c0, m2), and(shr(2, c0), m2))
            c0 := and(add(c0, shr(4, c0)), m4)
            // Odd bits only: a pair's count is its high bit, shifted down.
            let c1 := shr(1, and(x, 0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa))
            c1 := add(and(c1, m2), and(shr(2, c1), m2))
            c1 := and(add(c1, shr(4, c1)), m4)
            let c2 := and(x, 0xcccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc)
            c2 := sub(c2, and(shr(1, c2), m1))
            c2 := add(and(c2, m2), and(shr(2, c2), m2))
            c2 := and(add(c2, shr(4, c2)), m4)
            let c3 := and(x, 0xf0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0)
            c3 := sub(c3, and(shr(1, c3), m1))
            c3 := add(and(c3, m2), and(shr(2, c3), m2))
            c3 := and(add(c3, shr(4, c3)), m4)
            // Per byte Σ (j + 1) = c0 + c1 + 2 c2 + 4 c3 ≤ 8 + 4 + 8 + 16 = 36: no carry between bytes.
            let v := add(add(c0, c1), add(shl(1, c2), shl(2, c3)))
            // Summed over the 25 bytes in 16-bit lanes (at most 900 in all: no carry out of the top lane).
            let m8 := 0x00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff
            let ones16 := 0x0001000100010001000100010001000100010001000100010001000100010001
            v := add(and(v, m8), and(shr(8, v), m8))
            k := shr(240, mul(v, ones16))
            // Plus Σ 8 B c0_B: byte t of p is Σ_{B ≤ t} c0_B (at most 196, no carry), so with H the sum of p's 32
            // bytes (in 16-bit lanes: at most 6,272), Σ B c0_B = 32 · total - H, total = p's top byte.
            let p := mul(c0, 0x0101010101010101010101010101010101010101010101010101010101010101)
            let h := add(and(p, m8), and(shr(8, p), m8))
            h := shr(240, mul(h, ones16))
            k := and(add(k, shl(3, sub(shl(5, shr(248, p)), h))), 0x1ff) // mod 512
        }
    }

    /// @dev The accumulator word held in a recycled word (not wide).
    function unpackRecycled(uint256 word) internal pure returns (uint256) {
        return (word & M76) | (((word >> 76) & M76) << 120) | (word & RECYCLED_WIN != 0 ? ACC_WIN : 0);
    }

    /// @dev A new game's core word: one position, no deadline yet (each value within its field, checked by the
    ///      caller; `lastOffset_` 0 for none).
    function newCore(
        uint256 size_,
        bool erc20,
        uint256 redBlocks_,
        uint256 blueBlocks_,
        uint256 lastOffset_,
        uint256 stake_,
        uint256 created_
    ) internal pure returns (uint256) {
        return
            size_ |
            (erc20 ? CORE_TOKEN : 0) |
            (redBlocks_ << CORE_RED_SHIFT) |
            (blueBlocks_ << CORE_BLUE_SHIFT) |
            (lastOffset_ << CORE_LAST_SHIFT) |
            (1 << CORE_COUNT_SHIFT) |
            (stake_ << CORE_STAKE_SHIFT) |
            (created_ << CORE_CREATED_SHIFT);
    }

    /// @dev The core word after a move: one more position, maxDeadline raised to `offset` (a deadline's offset from
    ///      creation) if higher.
    function afterMove(uint256 core, uint256 offset) internal pure returns (uint256 newCore_) {
        unchecked {
            newCore_ = core + (1 << CORE_COUNT_SHIFT); // the count is below 2^24 - 1 (checked): no carry
        }
        if (offset > (core >> CORE_MAXDL_SHIFT) & M23) {
            newCore_ = (newCore_ & ~(M23 << CORE_MAXDL_SHIFT)) | (offset << CORE_MAXDL_SHIFT);
        }
    }

    /// @dev A new game's meta word: its stake token and fee, one player (the creator), nothing proven, settlement
    ///      not started.
    function newMeta(address token_, uint256 feeBps_) internal pure returns (uint256) {
        return uint256(uint160(token_)) | (feeBps_ << META_FEE_SHIFT) | (1 << META_PLAYERS_SHIFT);
    }

    /// @dev `meta` with `positionId` as the lowest proven position if none is, or a higher one.
    function withProven(uint256 meta, uint256 positionId) internal pure returns (uint256) {
        uint256 lowest = lowestProven(meta);
        if (lowest != 0 && lowest <= positionId) return meta;
        return (meta & ~(M32 << META_PROVEN_SHIFT)) | (positionId << META_PROVEN_SHIFT);
    }

    /// @dev A position word: its colour's stones on cells below {LOW_CELLS}, its parent, its deadline's offset from
    ///      creation and its mover's index, not proven.
    function newWord(
        uint256 stones,
        uint256 parentId,
        uint256 offset,
        uint256 moverIndex
    ) internal pure returns (uint256) {
        return stones | (parentId << PARENT_SHIFT) | (offset << DEADLINE_SHIFT) | (moverIndex << MOVER_SHIFT);
    }

    /// @dev The number of set bits of `x` (SWAR: pairs, nibbles, bytes, then the bytes summed by one multiplication
    ///      into the top byte), for a word with fewer than 256 bits set, as every stone set here is: ~40 gas where a
    ///      stored depth would take 9 bits the position word does not have.
    function popcount(uint256 x) internal pure returns (uint256 c) {
        assembly ("memory-safe") {
            let m1 := 0x5555555555555555555555555555555555555555555555555555555555555555
            let m2 := 0x3333333333333333333333333333333333333333333333333333333333333333
            let m4 := 0x0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f
            x := sub(x, and(shr(1, x), m1))
            x := add(and(x, m2), and(shr(2, x), m2))
            x := and(add(x, shr(4, x)), m4)
            c := shr(248, mul(x, 0x0101010101010101010101010101010101010101010101010101010101010101))
        }
    }
}
