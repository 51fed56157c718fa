// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title HexWords
/// @notice The packed storage words of Forking Hex, in one place. Packing is what keeps a move near its gas floor:
///         a move reads ONE game word and the board words of the parent and the grandparent, writes two fresh
///         position words and rewrites the game word (see docs/gas.md, "Forking Hex").
/// @dev Layouts (bit ranges inclusive, bit 0 = least significant):
///
///      Game `core` word — everything a move reads and writes:
///        0..4     size n (0 = no such game)
///        5        cancelled
///        6        the stake is an ERC-20 (its address is in the meta word)
///        7..38    redBlocks
///        39..70   blueBlocks
///        71..102  lastBlock (0 = none)
///        103..126 positionCount (24 bits: at most 2^24 - 1 positions)
///        127..158 maxDeadline
///        159..254 stake (96 bits)
///
///      Game `meta` word — read by settlement, proofs, cancellation and ERC-20 moves:
///        0..159   stake token
///        160..175 feeBps (read once at creation)
///        176..207 lowest proven position id (0 = none)
///        208..239 settlement cursor
///        240..241 settlement phase (0 none, 1 marking void positions, 2 evaluating, 3 settled)
///
///      Position `board` word — what a move on this position, or on its children, and a proof of it read:
///        0..198   the stones of the colour that moved into the position, cells 0..198 (bit i set = a stone of that
///                 colour on cell i); boards up to 14×14 fit entirely. The other colour's stones are the parent's
///                 bitmap (nobody of that colour moved since), so a move on P reads P's and P's parent's words, and a
///                 proof of P reads P's word alone: no walk up the tree.
///        199..222 parent id (24 bits: ids are below 2^24), so a move finds the grandparent without the link word
///        223..254 deadline (last block a reply is accepted; 0 for position 1)
///        255      proven
///      Depth is not stored here: a position's stones are its bitmap and its parent's, so its depth is their popcount.
///      Position `boardHigh` word (n ≥ 15 only): bit i - 199 = cell i, for cells 199..n²-1 (the same colour).
///
///      Position `link` word — what proofs and settlement read:
///        0..159   player who made the move
///        160..191 parent id (0 for position 1)
///        192..200 cell
///        201..209 depth
///        210      proven
///        211      void (set by settlement phase 1)
///        212      settlement has stored accumulators for this position (children settled in an earlier batch)
///
///      Settlement accumulator word (in memory during a batch):
///        0..119   Σ shares of losing Red-made positions in the subtree (owed to Blue movers above)
///        120..239 Σ shares of losing Blue-made positions in the subtree (owed to Red movers above)
///        255      a child is winning (in a position's own word) / this position is winning (in what it passes up)
///      Both sums are bounded by the game's total stake < 2^24 · 2^96 = 2^120, so adding packed words never
///      carries from one field into the next.
///
///      Recycled `board` word: once the game has ended, the stones and the parent id in a board word are dead data
///      (no move or proof comes; the link word keeps the parent and the cell), so settlement keeps the accumulators
///      of a parent whose children were settled in an earlier batch in the low bits of the parent's own board word
///      (a rewrite of a used slot instead of a fresh one), leaving deadline and proven intact (bits 214..222 zero):
///        0..105   Σ Red-made losses (106 bits)
///        106..211 Σ Blue-made losses (106 bits)
///        212      a child is winning
///        213      wide: a sum outgrew 106 bits (≥ 2^106 wei, ~8·10^13 ETH); the full word is in the game's `spill` map instead
library HexWords {
    uint256 internal constant M9 = 0x1ff;
    uint256 internal constant M24 = 0xffffff;
    uint256 internal constant M32 = 0xffffffff;
    uint256 internal constant M96 = (1 << 96) - 1;
    uint256 internal constant M120 = (1 << 120) - 1;

    // ---- core
    uint256 internal constant CORE_SIZE_MASK = 0x1f;
    uint256 internal constant CORE_CANCELLED = 1 << 5;
    uint256 internal constant CORE_TOKEN = 1 << 6;
    uint256 internal constant CORE_RED_SHIFT = 7;
    uint256 internal constant CORE_BLUE_SHIFT = 39;
    uint256 internal constant CORE_LAST_SHIFT = 71;
    uint256 internal constant CORE_COUNT_SHIFT = 103;
    uint256 internal constant CORE_MAXDL_SHIFT = 127;
    uint256 internal constant CORE_STAKE_SHIFT = 159;
    uint256 internal constant MAX_POSITIONS = M24;

    // ---- meta
    uint256 internal constant META_FEE_SHIFT = 160;
    uint256 internal constant META_PROVEN_SHIFT = 176;
    uint256 internal constant META_CURSOR_SHIFT = 208;
    uint256 internal constant META_PHASE_SHIFT = 240;

    // ---- board
    /// @dev Cells held in the board word itself; larger boards spill the rest into `boardHigh`.
    uint256 internal constant LOW_CELLS = 199;
    /// @dev (1 << LOW_CELLS) - 1, written as a literal: arithmetic on typed constants is checked at run time (~35 gas
    ///      a use), arithmetic on literals is done by the compiler.
    uint256 internal constant STONES_MASK = (1 << 199) - 1;
    uint256 internal constant BOARD_PARENT_SHIFT = 199;
    uint256 internal constant BOARD_DEADLINE_SHIFT = 223;
    uint256 internal constant BOARD_PROVEN = 1 << 255;
    /// @dev What settlement may recycle once the game has ended: the stones and the parent id.
    uint256 internal constant RECYCLABLE = (1 << 223) - 1; // (1 << BOARD_DEADLINE_SHIFT) - 1, as a literal

    // ---- link
    uint256 internal constant LINK_PARENT_SHIFT = 160;
    uint256 internal constant LINK_CELL_SHIFT = 192;
    uint256 internal constant LINK_DEPTH_SHIFT = 201;
    uint256 internal constant LINK_PROVEN = 1 << 210;
    uint256 internal constant LINK_VOID = 1 << 211;
    uint256 internal constant LINK_SPILLED = 1 << 212;

    // ---- accumulators
    uint256 internal constant ACC_SUMS = (1 << 240) - 1;
    uint256 internal constant ACC_WIN = 1 << 255;
    uint256 internal constant M106 = (1 << 106) - 1;
    uint256 internal constant RECYCLED_WIN = 1 << 212;
    uint256 internal constant RECYCLED_WIDE = 1 << 213;

    function size(uint256 core) internal pure returns (uint256) {
        return core & CORE_SIZE_MASK;
    }

    function redBlocks(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_RED_SHIFT) & M32;
    }

    function blueBlocks(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_BLUE_SHIFT) & M32;
    }

    function lastBlock(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_LAST_SHIFT) & M32;
    }

    function positionCount(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_COUNT_SHIFT) & M24;
    }

    function maxDeadline(uint256 core) internal pure returns (uint256) {
        return (core >> CORE_MAXDL_SHIFT) & M32;
    }

    function stake(uint256 core) internal pure returns (uint256) {
        return core >> CORE_STAKE_SHIFT;
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

    /// @dev `meta` with a new settlement cursor and phase.
    function withProgress(uint256 meta, uint256 cursor_, uint256 phase_) internal pure returns (uint256) {
        uint256 cleared = meta & ~((M32 << META_CURSOR_SHIFT) | (uint256(3) << META_PHASE_SHIFT));
        return cleared | (cursor_ << META_CURSOR_SHIFT) | (phase_ << META_PHASE_SHIFT);
    }

    function deadline(uint256 board) internal pure returns (uint256) {
        return (board >> BOARD_DEADLINE_SHIFT) & M32;
    }

    function boardParent(uint256 board) internal pure returns (uint256) {
        return (board >> BOARD_PARENT_SHIFT) & M24;
    }

    function player(uint256 link) internal pure returns (address) {
        return address(uint160(link));
    }

    function parent(uint256 link) internal pure returns (uint256) {
        return (link >> LINK_PARENT_SHIFT) & M32;
    }

    function cell(uint256 link) internal pure returns (uint256) {
        return (link >> LINK_CELL_SHIFT) & M9;
    }

    function depth(uint256 link) internal pure returns (uint256) {
        return (link >> LINK_DEPTH_SHIFT) & M9;
    }

    /// @dev Accumulators packed into a recycled board word's low 214 bits; `fits` is false if a sum needs more than
    ///      106 bits (then the caller keeps the full word elsewhere and sets {RECYCLED_WIDE}).
    function packRecycled(uint256 acc) internal pure returns (uint256 low, bool fits) {
        uint256 red = acc & M120;
        uint256 blue = (acc >> 120) & M120;
        fits = red <= M106 && blue <= M106;
        low = red | (blue << 106) | (acc & ACC_WIN != 0 ? RECYCLED_WIN : 0);
    }

    /// @dev The accumulator word held in a recycled board word (not wide).
    function unpackRecycled(uint256 board) internal pure returns (uint256) {
        return (board & M106) | (((board >> 106) & M106) << 120) | (board & RECYCLED_WIN != 0 ? ACC_WIN : 0);
    }

    /// @dev A new game's core word: one position, no deadline yet (each value within its field, checked by the
    ///      caller).
    function newCore(
        uint256 size_,
        bool erc20,
        uint256 redBlocks_,
        uint256 blueBlocks_,
        uint256 lastBlock_,
        uint256 stake_
    ) internal pure returns (uint256) {
        return
            size_ |
            (erc20 ? CORE_TOKEN : 0) |
            (redBlocks_ << CORE_RED_SHIFT) |
            (blueBlocks_ << CORE_BLUE_SHIFT) |
            (lastBlock_ << CORE_LAST_SHIFT) |
            (1 << CORE_COUNT_SHIFT) |
            (stake_ << CORE_STAKE_SHIFT);
    }

    /// @dev The core word after a move: one more position, maxDeadline raised to `deadline_` if higher.
    function afterMove(uint256 core, uint256 deadline_) internal pure returns (uint256 newCore_) {
        unchecked {
            newCore_ = core + (1 << CORE_COUNT_SHIFT); // the count is below 2^24 - 1 (checked): no carry
        }
        if (deadline_ > maxDeadline(core)) {
            newCore_ = (newCore_ & ~(M32 << CORE_MAXDL_SHIFT)) | (deadline_ << CORE_MAXDL_SHIFT);
        }
    }

    /// @dev A new game's meta word: its stake token and fee, nothing proven, settlement not started.
    function newMeta(address token_, uint256 feeBps_) internal pure returns (uint256) {
        return uint256(uint160(token_)) | (feeBps_ << META_FEE_SHIFT);
    }

    /// @dev `meta` with `positionId` as the lowest proven position if none is, or a higher one.
    function withProven(uint256 meta, uint256 positionId) internal pure returns (uint256) {
        uint256 lowest = lowestProven(meta);
        if (lowest != 0 && lowest <= positionId) return meta;
        return (meta & ~(M32 << META_PROVEN_SHIFT)) | (positionId << META_PROVEN_SHIFT);
    }

    /// @dev A position's board word: its colour's stones on cells below {LOW_CELLS}, its parent and deadline, not
    ///      proven.
    function newBoard(uint256 stones, uint256 parentId, uint256 deadline_) internal pure returns (uint256) {
        return stones | (parentId << BOARD_PARENT_SHIFT) | (deadline_ << BOARD_DEADLINE_SHIFT);
    }

    /// @dev The number of set bits of `x` (SWAR: pairs, nibbles, bytes, then the bytes summed by one multiplication
    ///      into the top byte), for a word with fewer than 256 bits set, as every stone set here is: ~40 gas where a
    ///      stored depth would take 9 bits the board word does not have.
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

    /// @dev The link word of a new position.
    function newLink(address who, uint256 parentId, uint256 cell_, uint256 depth_) internal pure returns (uint256) {
        return
            uint256(uint160(who)) |
            (parentId << LINK_PARENT_SHIFT) |
            (cell_ << LINK_CELL_SHIFT) |
            (depth_ << LINK_DEPTH_SHIFT);
    }
}
