// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IFeeConfig} from "../common/payments/IFeeConfig.sol";
import {PayoutLedger} from "../common/payments/PayoutLedger.sol";
import {IForkingHex} from "./IForkingHex.sol";
import {HexBoard} from "./libraries/HexBoard.sol";
import {HexEval} from "./libraries/HexEval.sol";
import {HexWords} from "./libraries/HexWords.sol";

/// @title ForkingHex
/// @notice Forking Hex games (see {IForkingHex} and docs/forking-hex.md): forks, move deposits, winning-path proofs,
///         minimax evaluation, penalties and rewards, settled in permissionless batches into the pull-payment ledger.
/// @dev Storage is packed by hand (layouts in {HexWords}). Choices where DECISIONS.md is silent:
///      - Position 1 has no deadline; before Blue's reply only the game's last block (if any) ends the game. The
///        creator may cancel until the reply (even after the last block), unless settlement has started.
///      - A move's deadline is `block.number + blocks(colour to move)` (stored). With a last block set, a move is
///        accepted only if that whole reply window ends by the last block (DECISIONS.md: no move after the last
///        block; refined here: nor one whose reply window it would cut short, else a reply made in the last blocks
///        could never be answered and would win at no risk). Every deadline is then ≤ lastBlock and the game ends
///        at maxDeadline. Blue's reply to position 1 follows the same rule; createGame rejects a last block that
///        leaves no room for it.
///      - Proofs of positions that are themselves below a proven position are accepted (checking would cost a walk
///        at proof time); they change nothing, since void positions are ignored.
///      - A path longer than the colour's stones on that board is rejected up front ({PathTooLong}).
///      - Settlement phase 1 (only in games with a proof) marks void positions in ascending id order from the lowest
///        proven id; phase 2 evaluates in descending order. Each call does at most `maxPositions` positions in
///        total over both phases.
///      Every state-changing entry point is `nonReentrant`, and a stake is pulled last, after every state change of
///      the call (in {moveAndClaim}, after the proof too): checks-effects-interactions.
///      Not supported: rebasing stake tokens (as everywhere). A game stores its creation block in 32 bits (games
///      cannot be created after block 2^32 - 1: {BlockNumberTooLarge}) and every other block as an offset of 23 bits
///      from it: a game spans at most 2^23 - 1 blocks ({HexWords-MAX_SPAN}), an implicit last block when none is set.
///      A game's movers are numbered in a per-game list (at most 4,095) so that a position word holds a 12-bit index
///      instead of a 160-bit address; a newcomer arriving when the list is full moves anyway, its position holding
///      {HexWords-OVERFLOW} and its address kept by position (one more new word: a game cannot be closed to newcomers).
contract ForkingHex is IForkingHex, PayoutLedger {
    using HexWords for uint256;

    /// @dev The words of a position (layouts in {HexWords}); `high` is used by boards larger than 14×14 only.
    struct PositionSlots {
        uint256 word;
        uint256 high;
    }

    /// @dev A game's two words (layouts in {HexWords}) and its positions' words, all at fixed offsets from the one
    ///      slot its id hashes to: a move hashes one key where a mapping keyed by position hashed one per position it
    ///      touched (~60 gas each), and settlement one per position.
    struct GameSlots {
        uint256 core;
        uint256 meta;
        /// @dev Settlement accumulators too large for a recycled position word (see {HexWords}).
        mapping(uint256 positionId => uint256) spill;
        /// @dev A mover's index in the list + 1 (0: not in it). A later move reads this word (2,100 gas) where a
        ///      position kept the mover's 160-bit address in a second new word (22,100).
        mapping(address player => uint256) playerNumber;
        /// @dev The game's movers by index (0: the creator); the length is in the meta word.
        mapping(uint256 index => address) playerAt;
        /// @dev The mover of each position whose word holds {HexWords-OVERFLOW} (a newcomer once the list was full).
        mapping(uint256 positionId => address) overflowMover;
        /// @dev By position id (1..2^24 - 1; 0 unused).
        PositionSlots[1 << 24] positions;
    }

    /// @dev Why a move on a position would be refused now (its cell aside), in the order {move} checks; None: it
    ///      would be accepted. {_moveRules} decides, {move} reverts with the matching error, {position} reports `open`.
    enum Refusal {
        None,
        TooManyPositions,
        FirstPositionAnswered,
        PositionProven,
        PositionClosed,
        ReplyWindowPastLastBlock
    }

    /// @dev What one settlement batch owes each player, by index in the game's player list, so each player is
    ///      credited once per batch. Indexed directly: the hashed map of addresses it replaced cost a hash and a probe
    ///      per position (~150 gas).
    struct Payees {
        /// @dev By index; in a full list's game one more, amounts[{HexWords-OVERFLOW}], a scratch slot kept at zero.
        uint256[] amounts;
        /// @dev Bit i set: player i is owed something by this batch. Crediting visits these bits, not every player.
        uint256[] used;
        /// @dev What overflow positions' movers are owed, one entry per position (amount << 24 | position id); its
        ///      length grows as entries are added, into room for the whole window (none unless the list is full).
        uint256[] overflow;
    }

    /// @notice Stakes the ledger counts as owed at a time, ahead of the moves: the position that opens each block of
    ///         this many (ids 1, 33, 65, ...) adds the whole block's stakes to {owed}, so the counter is written once
    ///         per 32 moves instead of once per move (~5,000 gas each); a game's uncounted part is released when it
    ///         is cancelled or settled. {owed} thus runs ahead of what is owed by less than 32 stakes per running game:
    ///         never behind, so a sweep can never take a stake.
    uint256 public constant OWED_BLOCK = 32;

    /// @dev {occupancy} reports cells below this in `low`, the others in `high` (see {IForkingHex-occupancy}).
    uint256 private constant VIEW_LOW_CELLS = 214;
    uint256 private constant VIEW_LOW_MASK = (1 << 214) - 1; // (1 << VIEW_LOW_CELLS) - 1, as a literal
    /// @dev Position 1's deadline field: it has no deadline, and a live word's field is never 0 (see {HexWords}).
    uint256 private constant FIRST_DEADLINE = HexWords.M23;

    /// @dev Masks for {_settleWindow}'s assembly, named literals: `sub(shl(n, 1), 1)` written in the loop stays four
    ///      operations. The optimizer may still rebuild a wide literal from shifts (it saves code bytes; ~12 gas a
    ///      use), so the loop uses shift pairs where a mask clears high or low bits (see the loop's comment).
    uint256 private constant Y_M76 = 0xfffffffffffffffffff; // (1 << 76) - 1
    uint256 private constant Y_M120 = 0xffffffffffffffffffffffffffffff; // (1 << 120) - 1
    uint256 private constant Y_STONES = 0xfffffffffffffffffffffffffffffffffffffffffffffffff; // (1 << 196) - 1
    // 0x7fffff << 220
    uint256 private constant Y_DEADLINE = 0x7fffff0000000000000000000000000000000000000000000000000000000;
    uint256 private constant Y_MERGED = 0x0200000000000000000000000000000000000000000000000000000000000000; // 1 << 249
    uint256 private constant Y_WIDE = 0x000200000000000000000000000000000000000000; // 1 << 153
    uint256 private constant Y_TOP = 0x8000000000000000000000000000000000000000000000000000000000000000; // 1 << 255

    /// @inheritdoc IForkingHex
    uint256 public gameCount;

    mapping(uint256 gameId => GameSlots) private _games;

    /// @param feeConfig_ Where the fee (read once per game) and the fund recipient are read.
    constructor(IFeeConfig feeConfig_) PayoutLedger(feeConfig_) {}

    // ============================================================================================ playing

    /// @inheritdoc IForkingHex
    function createGame(
        uint256 size,
        uint256 redBlocks,
        uint256 blueBlocks,
        uint256 stake,
        address token,
        uint256 lastBlock,
        uint256 firstCell,
        uint256 maxFeeBps
    ) external payable nonReentrant returns (uint256 gameId) {
        if (block.number > HexWords.M32) revert BlockNumberTooLarge(block.number);
        if (size < HexBoard.MIN_SIZE || size > HexBoard.MAX_SIZE) revert BadBoardSize(size);
        if (redBlocks == 0 || blueBlocks <= redBlocks) revert BadMoveTimes(redBlocks, blueBlocks);
        if (blueBlocks > HexWords.MAX_SPAN) revert MoveTimeTooLong(blueBlocks, HexWords.MAX_SPAN);
        if (stake == 0) revert ZeroStake();
        if (stake > HexWords.M96) revert StakeTooLarge(stake);
        if (lastBlock != 0 && (lastBlock < block.number + redBlocks || lastBlock > block.number + HexWords.MAX_SPAN)) {
            revert BadLastBlock(lastBlock, block.number + redBlocks, block.number + HexWords.MAX_SPAN);
        }
        uint256 cells = size * size;
        if (firstCell >= cells) revert CellOffBoard(firstCell, cells);

        uint256 feeBps = _currentFeeBps();
        if (feeBps > maxFeeBps) revert FeeAboveMax(feeBps, maxFeeBps);
        gameId = ++gameCount;
        GameSlots storage g = _games[gameId];
        uint256 lastOffset = lastBlock == 0 ? 0 : lastBlock - block.number;
        g.core = HexWords.newCore(size, token != address(0), redBlocks, blueBlocks, lastOffset, stake, block.number);
        g.meta = HexWords.newMeta(token, feeBps); // one player: the creator, index 0
        g.playerAt[0] = msg.sender;
        g.playerNumber[msg.sender] = 1;
        _placeFirst(_at(g, 1), firstCell);
        emit GameCreated(gameId, msg.sender, size, redBlocks, blueBlocks, stake, token, lastBlock, feeBps);
        emit Moved(gameId, 1, 0, msg.sender, firstCell, 0);
        _collectCounted(token, stake, OWED_BLOCK * stake); // position 1 opens the first block of counted stakes
    }

    /// @inheritdoc IForkingHex
    function cancelGame(uint256 gameId) external nonReentrant {
        GameSlots storage g = _games[gameId];
        uint256 core = g.core;
        _requireLive(gameId, core);
        uint256 meta = g.meta;
        if (core.positionCount() != 1 || meta.phase() != 0) revert CannotCancel(gameId);
        address creator = g.playerAt[0];
        if (msg.sender != creator) revert NotCreator(msg.sender, creator);
        g.core = core | HexWords.CORE_CANCELLED;
        uint256 refund = core.stake();
        emit GameCancelled(gameId, creator, refund);
        _credit(meta.token(), creator, refund);
        // Position 1 counted a whole block of stakes; only its own was taken in.
        _releaseOwed(meta.token(), (OWED_BLOCK - 1) * refund);
    }

    /// @inheritdoc IForkingHex
    function move(
        uint256 gameId,
        uint256 parentId,
        uint256 cell
    ) external payable nonReentrant returns (uint256 positionId) {
        uint256 core;
        (positionId, core, , ) = _move(gameId, parentId, cell);
        _collectStake(gameId, core);
    }

    /// @inheritdoc IForkingHex
    function claimWin(uint256 gameId, uint256 positionId, uint16[] calldata path) external nonReentrant {
        _claim(gameId, positionId, path);
    }

    /// @inheritdoc IForkingHex
    function moveAndClaim(
        uint256 gameId,
        uint256 parentId,
        uint256 cell,
        uint16[] calldata path
    ) external payable nonReentrant returns (uint256 positionId) {
        uint256 core;
        uint256 word;
        uint256 depth;
        (positionId, core, word, depth) = _move(gameId, parentId, cell);
        // The position was just written and the game is live: the proof starts from the word in hand.
        GameSlots storage g = _games[gameId];
        _prove(g, gameId, positionId, core.size(), word, depth, path);
        _collectStake(gameId, core); // last: every state change (the proof included) is written before the pull
    }

    // ============================================================================================ settlement

    /// @inheritdoc IForkingHex
    function settle(uint256 gameId, uint256 maxPositions) external nonReentrant returns (bool finished) {
        GameSlots storage g = _games[gameId];
        uint256 core = g.core;
        _requireLive(gameId, core);
        uint256 end = core.endBlock();
        if (end == 0 || block.number <= end) revert GameNotEnded(gameId, end);
        uint256 meta = g.meta;
        uint256 phase = meta.phase();
        if (phase == 3) revert AlreadySettled(gameId);
        if (maxPositions == 0) revert ZeroBatch();

        uint256 count = core.positionCount();
        uint256 cursor = meta.cursor();
        if (phase == 0) {
            uint256 proven = meta.lowestProven();
            if (proven != 0 && proven < count) {
                (phase, cursor) = (1, proven + 1);
            } else {
                (phase, cursor) = (2, count);
            }
        }
        uint256 budget = maxPositions;
        if (phase == 1) {
            uint256 todo = count - cursor + 1;
            if (budget < todo) todo = budget;
            _markVoid(g, cursor, cursor + todo - 1);
            budget -= todo;
            cursor += todo;
            if (cursor > count) (phase, cursor) = (2, count);
        }
        uint256 fund;
        if (phase == 2 && budget != 0) {
            uint256 lo = cursor > budget ? cursor - budget + 1 : 1;
            fund = _evaluate(gameId, g, cursor, lo, core, meta);
            cursor = lo - 1;
            if (cursor == 0) phase = 3;
        }
        g.meta = meta.withProgress(cursor, phase);
        emit SettlementProgressed(gameId, phase, cursor, fund);
        finished = phase == 3;
        // Every stake is now credited to a player or the fund: release what the last block counted ahead.
        if (finished) _releaseOwed(meta.token(), _countedAhead(count) * core.stake());
    }

    // ============================================================================================ views

    /// @inheritdoc IForkingHex
    function payoutOf(uint256 gameId, address player) external view returns (Payout memory out) {
        GameSlots storage g = _games[gameId];
        uint256 core = g.core;
        if (core.size() == 0) revert UnknownGame(gameId);
        uint256 stake = core.stake();
        uint256 number = g.playerNumber[player]; // list index + 1, 0 for someone who never moved
        if (core & HexWords.CORE_CANCELLED != 0) {
            if (number == 1) out = Payout(1, stake, stake, 0, 0, stake); // the creator
            return out;
        }
        // In a full list's game, someone not in it may have moved as overflow: its positions are checked by position.
        if (number == 0 && g.meta.players() == HexWords.MAX_PLAYERS) number = HexWords.OVERFLOW + 1;
        uint256 count = core.positionCount();
        uint256 feeBps = g.meta.feeBps();

        uint256[] memory info = _treeInfo(g, count);
        // Evaluate bottom-up (descending ids: children first).
        uint256[] memory acc = new uint256[](count + 1);
        for (uint256 v = count; v != 0; --v) {
            uint256 item = info[v];
            bool mine = item.mover() + 1 == number && (number <= HexWords.MAX_PLAYERS || g.overflowMover[v] == player);
            if (mine) ++out.moves;
            if (item & (1 << 10) != 0) {
                if (mine) out.refunded += stake;
                continue;
            }
            (, , uint256 up, uint256 reward) = HexEval.evaluate(
                item & HexWords.M9,
                item & (1 << 9) != 0,
                acc[v],
                stake,
                feeBps
            );
            if (mine) {
                out.rewards += reward;
                if (up & HexWords.ACC_WIN != 0) out.refunded += stake;
                else out.forfeited += stake;
            }
            uint256 p = item.parent();
            if (p != 0) acc[p] = HexEval.merge(acc[p], up);
        }
        out.deposited = out.moves * stake;
        out.total = out.refunded + out.rewards;
    }

    /// @inheritdoc IForkingHex
    function game(uint256 gameId) external view returns (GameView memory v) {
        GameSlots storage g = _games[gameId];
        uint256 core = g.core;
        if (core.size() == 0) revert UnknownGame(gameId);
        uint256 meta = g.meta;
        bool cancelled = core & HexWords.CORE_CANCELLED != 0;
        // A cancelled game is over from its cancellation on, whatever its last block: ended, no end block.
        uint256 end = cancelled ? 0 : core.endBlock();
        v = GameView({
            size: core.size(),
            redBlocks: core.redBlocks(),
            blueBlocks: core.blueBlocks(),
            stake: core.stake(),
            token: meta.token(),
            lastBlock: core.lastBlock(),
            feeBps: meta.feeBps(),
            creator: g.playerAt[0],
            positionCount: core.positionCount(),
            maxDeadline: core.maxDeadline(),
            endBlock: end,
            ended: cancelled || (end != 0 && block.number > end),
            cancelled: cancelled,
            lowestProven: meta.lowestProven(),
            settlePhase: meta.phase(),
            settleCursor: meta.cursor()
        });
    }

    /// @inheritdoc IForkingHex
    function position(uint256 gameId, uint256 positionId) external view returns (PositionView memory v) {
        GameSlots storage g = _games[gameId];
        uint256 core = g.core;
        if (core.size() == 0) revert UnknownGame(gameId);
        if (positionId == 0 || positionId > core.positionCount()) revert UnknownPosition(gameId, positionId);
        (uint256 word, uint256 cell, uint256 depth) = _cellAndDepth(g, positionId, core.size());
        // The rules {move} applies (a cancelled game takes no move: GameIsCancelled).
        (Refusal refusal, ) = _moveRules(core, core.positionCount(), positionId, word, depth);
        v = PositionView({
            parent: word.parent(),
            player: _moverOf(g, positionId, word.mover()),
            cell: cell,
            depth: depth,
            deadline: positionId == 1 ? 0 : (word.recycled() ? word.storedDeadlineField() : word).deadline(core),
            proven: word & HexWords.PROVEN != 0,
            open: core & HexWords.CORE_CANCELLED == 0 && refusal == Refusal.None
        });
    }

    /// @inheritdoc IForkingHex
    function occupancy(uint256 gameId, uint256 positionId) external view returns (uint256 low, uint256 high) {
        GameSlots storage g = _games[gameId];
        uint256 core = g.core;
        if (core.size() == 0) revert UnknownGame(gameId);
        if (positionId == 0 || positionId > core.positionCount()) revert UnknownPosition(gameId, positionId);
        uint256 parentId = _at(g, positionId).word.parent();
        // Both colours' stones: the position's bitmap and its parent's (none for position 1).
        uint256 stones = _ownLow(g, positionId) | _ownLow(g, parentId);
        uint256 up = _at(g, positionId).high | _at(g, parentId).high;
        // Storage splits the cells at 196, this view at 214 (its answer predates the colour bitmaps).
        return ((stones | (up << HexWords.LOW_CELLS)) & VIEW_LOW_MASK, up >> (VIEW_LOW_CELLS - HexWords.LOW_CELLS));
    }

    // ============================================================================================ internals

    /// @dev Writes position 1: the creator's stone on `cell`, mover index 0, no deadline.
    function _placeFirst(PositionSlots storage first, uint256 cell) private {
        if (cell < HexWords.LOW_CELLS) {
            first.word = HexWords.newWord(1 << cell, 0, FIRST_DEADLINE, 0);
        } else {
            first.word = HexWords.newWord(0, 0, FIRST_DEADLINE, 0);
            first.high = 1 << (cell - HexWords.LOW_CELLS);
        }
    }

    /// @dev For {payoutOf}: every position's parent, mover, proven flag, depth and voidness, worked out top-down
    ///      (ascending ids: parents first) from the fields every word keeps, recycled or not: bits 0..8 depth, 9
    ///      proven, 10 void, then the word's parent and mover fields where they are.
    function _treeInfo(GameSlots storage g, uint256 count) private view returns (uint256[] memory info) {
        info = new uint256[](count + 1);
        for (uint256 v = 1; v <= count; ++v) {
            uint256 word = _at(g, v).word;
            uint256 p = word.parent();
            uint256 up = info[p]; // position 0: zeros (depth 0, not void)
            uint256 item = (word & HexWords.KEPT & ~HexWords.PROVEN) | ((up & HexWords.M9) + 1);
            if (word & HexWords.PROVEN != 0) item |= 1 << 9;
            if (p != 0 && up & (3 << 9) != 0) item |= 1 << 10; // its parent is proven or void
            info[v] = item;
        }
    }

    /// @dev Position `id`'s word (of game `g`, an n×n board), its cell and its depth: kept by a recycled word, else
    ///      from its own, its parent's and its grandparent's stones.
    function _cellAndDepth(
        GameSlots storage g,
        uint256 id,
        uint256 n
    ) private view returns (uint256 word, uint256 cell, uint256 depth) {
        word = _at(g, id).word;
        if (word.recycled()) return (word, _recycledCell(g, id, word, n), word.storedDepth());
        uint256 parentId = word.parent();
        uint256 grand = _at(g, parentId).word.parent();
        depth = HexWords.popcount((word & HexWords.STONES_MASK) | _ownLow(g, parentId));
        // Its cell: the one stone its bitmap adds to its grandparent's (none for positions 1 and 2).
        uint256 added = (word & HexWords.STONES_MASK) ^ _ownLow(g, grand);
        if (added != 0) cell = _lowestBit(added);
        if (n > 14) {
            uint256 high = _at(g, id).high;
            depth += HexWords.popcount(high | _at(g, parentId).high);
            if (added == 0) cell = HexWords.LOW_CELLS + _lowestBit(high ^ _at(g, grand).high);
        }
    }

    /// @dev The cell of position `id` of an n×n board, whose word `word` settlement recycled: its stone key minus its
    ///      grandparent's stones' ({HexWords-stoneKey}) is the cell + 1, or 0 for a cell at 196.. (found in `high`,
    ///      which is never recycled).
    function _recycledCell(GameSlots storage g, uint256 id, uint256 word, uint256 n) private view returns (uint256) {
        uint256 grand = _at(g, word.parent()).word.parent();
        uint256 d = (word.storedKey() + 512 - HexWords.stoneKey(_ownLow(g, grand))) & HexWords.M9;
        if (d != 0 || n <= 14) return d - 1;
        return HexWords.LOW_CELLS + _lowestBit(_at(g, id).high ^ _at(g, grand).high);
    }

    /// @dev The stones on cells below 196 of the colour that moved into position `id` (0 for id 0): its word's, or,
    ///      once settlement recycled the word, its grandparent's plus its cell, which the stone key it kept gives once
    ///      the grandparent's stones are known ({_recycledCell}). Views only: the walk goes up, two levels a step,
    ///      while words are recycled (at most 181 steps, depth ≤ 361), then back down. Above 14×14 the `high` words
    ///      are never recycled.
    function _ownLow(GameSlots storage g, uint256 id) private view returns (uint256 low) {
        uint256 word = _at(g, id).word; // id 0: an unused zero word
        if (!word.recycled() || id == 0) return word & HexWords.STONES_MASK;
        // The keys of the recycled words on the way up, nearest first.
        uint256[] memory keys = new uint256[](192);
        uint256 steps;
        while (true) {
            keys[steps] = word.storedKey();
            ++steps;
            id = _at(g, word.parent()).word.parent();
            word = _at(g, id).word;
            if (!word.recycled() || id == 0) break;
        }
        low = word & HexWords.STONES_MASK;
        while (steps != 0) {
            uint256 d = (keys[--steps] + 512 - HexWords.stoneKey(low)) & HexWords.M9;
            if (d != 0) low |= 1 << (d - 1);
        }
    }

    /// @dev Position `id`'s slots in game `g`: `g.positions[id]` without its bounds check (~25 gas a use), which ids
    ///      never fail (they are below 2^24, as the position count is).
    function _at(GameSlots storage g, uint256 id) private pure returns (PositionSlots storage ps) {
        assembly ("memory-safe") {
            // After core, meta, spill, playerNumber, playerAt and overflowMover: 2 words per position.
            ps.slot := add(add(g.slot, 6), shl(1, id))
        }
    }

    /// @dev Reverts unless the game exists and is not cancelled.
    function _requireLive(uint256 gameId, uint256 core) private pure {
        if (core.size() == 0) revert UnknownGame(gameId);
        if (core & HexWords.CORE_CANCELLED != 0) revert GameIsCancelled(gameId);
    }

    /// @dev The hot path: the game word, the parent's and grandparent's position words and the mover's number in
    ///      the player list read, one new position word written, the game word rewritten, one event. Takes no payment:
    ///      callers call {_collectStake} with the returned `core` (the game word before the move) after every state
    ///      change (checks-effects-interactions). Also returns the new position's word, as written, and its depth.
    function _move(
        uint256 gameId,
        uint256 parentId,
        uint256 cell
    ) private returns (uint256 id, uint256 core, uint256 word, uint256 depth) {
        GameSlots storage g = _games[gameId];
        core = g.core;
        uint256 parentWord;
        (id, parentWord, word, depth) = _openParent(gameId, g, core, parentId);
        word = _writeChild(g, id, parentWord, word, cell);
        uint256 offset = (word >> HexWords.DEADLINE_SHIFT) & HexWords.M23;
        // One more position; maxDeadline only rises.
        g.core = core.afterMove(offset);
        emit Moved(gameId, id, parentId, msg.sender, cell, core.created() + offset);
        unchecked {
            ++depth; // below n² ≤ 361
        }
    }

    /// @dev A move's checks on the game and the parent position ({_moveRules}, reverting with the refusal's error);
    ///      returns the new position's id, the parent's word, the new position's word before its stone and mover
    ///      (its colour's stones, which are the grandparent's, its parent and its deadline) and the parent's depth.
    function _openParent(
        uint256 gameId,
        GameSlots storage g,
        uint256 core,
        uint256 parentId
    ) private view returns (uint256 id, uint256 parentWord, uint256 word, uint256 depth) {
        _requireLive(gameId, core);
        uint256 count = core.positionCount();
        if (parentId == 0 || parentId > count) revert UnknownPosition(gameId, parentId);
        (parentWord, word, depth) = _parentStones(g, parentId, core.size()); // `word`: the mover's stones
        (Refusal refusal, uint256 deadline) = _moveRules(core, count, parentId, parentWord, depth);
        if (refusal != Refusal.None) _refuse(refusal, gameId, parentId, parentWord, deadline, core);
        unchecked {
            // deadline > created (blocks ≥ 1) and ≤ created + 2^23 - 1 (checked): the offset fits its field.
            word = HexWords.newWord(word, parentId, deadline - core.created(), 0);
            id = count + 1; // count < 2^24 - 1 (checked)
        }
    }

    /// @dev The word of position `parentId` (of game `g`, an n×n board), the stones of the colour to move there
    ///      below cell 196 and the position's depth.
    function _parentStones(
        GameSlots storage g,
        uint256 parentId,
        uint256 n
    ) private view returns (uint256 parentWord, uint256 own, uint256 depth) {
        parentWord = _at(g, parentId).word;
        // The mover's colour last moved into the grandparent (none for position 2): its stones are still those. This
        // read (2,100 gas) is what makes a proof read its position's words alone at any depth.
        uint256 grand = parentWord.parent();
        if (grand != 0) own = _at(g, grand).word & HexWords.STONES_MASK;
        // The parent's stones are its colour's and the mover's: their count is its depth.
        depth = HexWords.popcount((parentWord & HexWords.STONES_MASK) | own);
        if (n > 14) {
            uint256 high = _at(g, parentId).high;
            if (grand != 0) high |= _at(g, grand).high;
            depth += HexWords.popcount(high);
        }
    }

    /// @dev Takes one move's stake from the caller, in the game's token (`core`: the game word).
    ///      The new position's id is `core`'s count + 1: if it opens a block of {OWED_BLOCK}, the block is counted.
    function _collectStake(uint256 gameId, uint256 core) private {
        uint256 stake = core.stake();
        // `& 31` is `% OWED_BLOCK` (a power of two) without the division's zero check (~30 gas a move).
        uint256 counted = core.positionCount() & 31 == 0 ? OWED_BLOCK * stake : 0;
        _collectCounted(core & HexWords.CORE_TOKEN == 0 ? address(0) : _games[gameId].meta.token(), stake, counted);
    }

    /// @dev Stakes counted ahead for a game of `count` positions: its last block's ids past `count`.
    function _countedAhead(uint256 count) private pure returns (uint256) {
        uint256 r = count % OWED_BLOCK;
        return r == 0 ? 0 : OWED_BLOCK - r;
    }

    /// @dev The rules of a move on position `parentId` of a live game (game word `core` with `count` positions, the
    ///      position's word `parentWord` and depth `parentDepth`), its cell aside: the first that refuses it now, or
    ///      None; and the deadline the new position would get, `block.number + blocks(colour to move there)` (Red is to
    ///      move at even depth). The move is refused unless that whole reply window fits before the last block (the
    ///      implicit one, {HexWords-MAX_SPAN} after creation, if none is set): a move the last block would leave
    ///      unanswerable would win by default at no risk (last-block sniping). {move} and {position} both decide by
    ///      this function.
    function _moveRules(
        uint256 core,
        uint256 count,
        uint256 parentId,
        uint256 parentWord,
        uint256 parentDepth
    ) private view returns (Refusal, uint256 deadline) {
        if (count == HexWords.MAX_POSITIONS) return (Refusal.TooManyPositions, 0);
        if (parentId == 1) {
            if (count != 1) return (Refusal.FirstPositionAnswered, 0);
        } else {
            if (parentWord & HexWords.PROVEN != 0) return (Refusal.PositionProven, 0);
            if (block.number > parentWord.deadline(core)) return (Refusal.PositionClosed, 0);
        }
        unchecked {
            // The new position is one deeper: Red is to move there if the parent's depth is odd. Each below 2^32.
            deadline = block.number + (parentDepth & 1 == 1 ? core.redBlocks() : core.blueBlocks());
        }
        if (deadline > core.lastUsable()) return (Refusal.ReplyWindowPastLastBlock, deadline);
        return (Refusal.None, deadline);
    }

    /// @dev Reverts with the error of `refusal` (not None), with its values.
    function _refuse(
        Refusal refusal,
        uint256 gameId,
        uint256 parentId,
        uint256 parentWord,
        uint256 deadline,
        uint256 core
    ) private pure {
        if (refusal == Refusal.TooManyPositions) revert TooManyPositions(gameId);
        if (refusal == Refusal.FirstPositionAnswered) revert FirstPositionAnswered(gameId);
        if (refusal == Refusal.PositionProven) revert PositionProven(gameId, parentId);
        if (refusal == Refusal.PositionClosed) revert PositionClosed(gameId, parentId, parentWord.deadline(core));
        revert ReplyWindowPastLastBlock(gameId, deadline, core.lastUsable());
    }

    /// @dev Writes position `id` of game `g`, a child of the position whose word is `parentWord`, filling `cell`: its
    ///      word, `word` (from {_openParent}) plus the stone and the mover's index, and above 14×14 its second word.
    ///      Returns the word.
    function _writeChild(
        GameSlots storage g,
        uint256 id,
        uint256 parentWord,
        uint256 word,
        uint256 cell
    ) private returns (uint256) {
        uint256 n = g.core.size(); // warm: ~100 gas, one stack slot fewer in {_move}
        uint256 cells;
        unchecked {
            cells = n * n; // n ≤ 19: no overflow check needed
        }
        if (cell >= cells) revert CellOffBoard(cell, cells);
        PositionSlots storage child = _at(g, id);
        if (cell < HexWords.LOW_CELLS) {
            uint256 bit = 1 << cell;
            if ((parentWord | word) & bit != 0) revert CellOccupied(cell); // both colours' stones
            word |= bit;
        }
        if (n > 14) {
            uint256 high = _childHigh(g, word.parent(), parentWord.parent(), cell);
            if (high != 0) child.high = high;
        }
        word |= _moverIndex(g, id) << HexWords.MOVER_SHIFT;
        child.word = word;
        return word;
    }

    /// @dev The caller's index in game `g`'s player list, adding them at the end on their first move there (two new
    ///      words and the list's length in the meta word). With the list full ({HexWords-MAX_PLAYERS}), a newcomer
    ///      gets {HexWords-OVERFLOW} and its address is kept for position `id` (one new word), at each of its moves.
    function _moverIndex(GameSlots storage g, uint256 id) private returns (uint256) {
        uint256 number = g.playerNumber[msg.sender];
        unchecked {
            if (number != 0) return number - 1;
        }
        uint256 meta = g.meta;
        uint256 index = meta.players();
        if (index == HexWords.MAX_PLAYERS) {
            g.overflowMover[id] = msg.sender;
            return HexWords.OVERFLOW;
        }
        g.playerAt[index] = msg.sender;
        unchecked {
            g.playerNumber[msg.sender] = index + 1;
            g.meta = meta + (1 << HexWords.META_PLAYERS_SHIFT); // the length is below 4,095 (checked): no carry
        }
        return index;
    }

    /// @dev The address of the mover of position `id` of game `g`, whose word holds mover index `index`.
    function _moverOf(GameSlots storage g, uint256 id, uint256 index) private view returns (address) {
        return index == HexWords.OVERFLOW ? g.overflowMover[id] : g.playerAt[index];
    }

    /// @dev Boards above 14×14 keep cells 196.. in a second word per position, the same colour's stones: the new
    ///      position's, a child of `parentId` (grandparent `grand`, 0 for none) filling `cell`.
    function _childHigh(
        GameSlots storage g,
        uint256 parentId,
        uint256 grand,
        uint256 cell
    ) private view returns (uint256 high) {
        if (grand != 0) high = _at(g, grand).high;
        if (cell >= HexWords.LOW_CELLS) {
            uint256 bit = 1 << (cell - HexWords.LOW_CELLS);
            if ((high | _at(g, parentId).high) & bit != 0) revert CellOccupied(cell);
            high |= bit;
        }
    }

    /// @dev Checks a claim on `positionId` (the game live and not ended, the position existing and not proven),
    ///      then proves it ({_prove}) with its depth: the popcount of its and its parent's stones.
    function _claim(uint256 gameId, uint256 positionId, uint16[] calldata path) private {
        GameSlots storage g = _games[gameId];
        uint256 core = g.core;
        _requireLive(gameId, core);
        uint256 end = core.endBlock();
        if (end != 0 && block.number > end) revert GameEnded(gameId, end);
        if (positionId == 0 || positionId > core.positionCount()) revert UnknownPosition(gameId, positionId);
        uint256 word = _at(g, positionId).word;
        if (word & HexWords.PROVEN != 0) revert AlreadyProven(gameId, positionId);
        uint256 n = core.size();
        _prove(g, gameId, positionId, n, word, _liveDepth(g, positionId, word, n), path);
    }

    /// @dev The depth of position `id` (of an n×n board) whose live word is `word`: the popcount of its and its
    ///      parent's stones (1 for position 1).
    function _liveDepth(GameSlots storage g, uint256 id, uint256 word, uint256 n) private view returns (uint256 depth) {
        uint256 parentId = word.parent();
        if (parentId == 0) return 1;
        depth = HexWords.popcount((word | _at(g, parentId).word) & HexWords.STONES_MASK);
        if (n > 14) depth += HexWords.popcount(_at(g, id).high | _at(g, parentId).high);
    }

    /// @dev Verifies a winning path for `positionId` (an unproven position of a live game on an n×n board at depth
    ///      `depth`; its word `word` in hand) and marks it proven. The prover's stones are the
    ///      position's own colour bitmap (its word, and above 14×14 its second word): no walk up the tree.
    function _prove(
        GameSlots storage g,
        uint256 gameId,
        uint256 positionId,
        uint256 n,
        uint256 word,
        uint256 depth,
        uint16[] calldata path
    ) private {
        PositionSlots storage ps = _at(g, positionId);
        {
            // At most as many cells as the colour that moved into the position has stones.
            (uint256 lo, uint256 hi) = HexBoard.checkPath(n, depth & 1 == 1, (depth + 1) >> 1, path);
            lo &= ~(word & HexWords.STONES_MASK);
            if (n > 14) {
                // Cells 196.. (bit c - 196): those below 256 belong in `lo`, the others in `hi` (bit c - 256).
                uint256 high = ps.high;
                lo &= ~(high << HexWords.LOW_CELLS);
                hi &= ~(high >> (256 - HexWords.LOW_CELLS));
            }
            if (lo | hi != 0) revert PathCellWrongColour(HexBoard.firstIn(path, lo, hi));
        }
        ps.word = word | HexWords.PROVEN;
        uint256 meta = g.meta;
        uint256 updated = meta.withProven(positionId);
        if (updated != meta) g.meta = updated;
        emit WinProven(gameId, positionId, msg.sender);
    }

    /// @dev Settlement phase 1: marks void (below a proven position) every position in [lo, hi], ascending, in the
    ///      game's void bitmap (`spill` at {HexWords-VOID_KEYS}: one word per 256 positions, written once per batch;
    ///      the position words stay whole for the views). A position is void if its parent is proven or void; parents
    ///      inside the window are looked up in memory, older ones in storage (marked by an earlier batch).
    function _markVoid(GameSlots storage g, uint256 lo, uint256 hi) private {
        // Bit v - lo set: position v is proven or void.
        uint256[] memory blocked = new uint256[](((hi - lo) >> 8) + 1);
        // The bitmap's words this batch touches, from word lo / 256.
        uint256[] memory voids = new uint256[]((hi >> 8) - (lo >> 8) + 1);
        for (uint256 v = lo; v <= hi; ++v) {
            uint256 word = _at(g, v).word;
            uint256 p = word.parent();
            bool parentBlocked =
                p >= lo
                    ? (blocked[(p - lo) >> 8] >> ((p - lo) & 255)) & 1 != 0
                    : _at(g, p).word & HexWords.PROVEN != 0 || _isVoid(g, p);
            if (parentBlocked) voids[(v >> 8) - (lo >> 8)] |= 1 << (v & 255);
            if (parentBlocked || word & HexWords.PROVEN != 0) {
                blocked[(v - lo) >> 8] |= 1 << ((v - lo) & 255);
            }
        }
        for (uint256 k; k < voids.length; ++k) {
            if (voids[k] != 0) g.spill[HexWords.VOID_KEYS + (lo >> 8) + k] |= voids[k];
        }
    }

    /// @dev Whether settlement phase 1 marked position `id` of game `g` void.
    function _isVoid(GameSlots storage g, uint256 id) private view returns (bool) {
        return (g.spill[HexWords.VOID_KEYS + (id >> 8)] >> (id & 255)) & 1 != 0;
    }

    /// @dev Settlement phase 2 for positions hi down to lo of the game whose words are `core` and `meta`: evaluates
    ///      each (children first), keeps the accumulators of parents inside the window in memory and those of older
    ///      parents in their recycled words, aggregates payouts per player in memory and credits each player once
    ///      (its address read from the player list). Returns what went to the fund.
    function _evaluate(
        uint256 gameId,
        GameSlots storage g,
        uint256 hi,
        uint256 lo,
        uint256 core,
        uint256 meta
    ) private returns (uint256 fund) {
        Payees memory payees = _newPayees(meta.players(), hi - lo + 1);
        uint256 stake = core.stake();
        // A losing move's fee is the same for every position of the game.
        // The board's size (bits 0..7) and the lowest proven id (8..39): from there on, the void positions to look
        // up ({_depthAndStored}); above bit 40 the id above which the assembly loop leaves a position without a
        // child in the window to {_depthAndStored}: every id above 14×14, else from the lowest proven id on (2^24,
        // none, if nothing is proven).
        uint256 n = core.size();
        uint256 proven = meta.lowestProven();
        uint256 shape =
            n |
                (proven << 8) |
                ((
                    n > 14
                        ? 0
                        : proven == 0
                            ? 1 << 24
                            : proven
                ) << 40);
        // The stake (bits 128..255) and the net of the fee per loss (0..127) in one stack slot.
        uint256 terms = (stake << 128) | (stake - (stake * meta.feeBps()) / 10_000);
        fund = _settleWindow(g, hi, lo, terms, shape, payees);
        address token = meta.token();
        _creditPayees(gameId, g, payees, token);
        _creditFund(token, fund);
    }

    /// @dev Credits each player of `payees` (list index → amount) in game `g`, its address read from the list, then
    ///      each overflow position's mover (by position).
    function _creditPayees(uint256 gameId, GameSlots storage g, Payees memory payees, address token) private {
        // The players this batch owes, in index order, found from their bits: not every player of the game.
        uint256[] memory used = payees.used;
        for (uint256 w; w < used.length; ++w) {
            uint256 bits = used[w];
            while (bits != 0) {
                uint256 i = (w << 8) | _lowestBit(bits);
                bits &= bits - 1; // clears that bit
                uint256 amount = payees.amounts[i];
                if (amount == 0) continue;
                address who = g.playerAt[i];
                _credit(token, who, amount);
                emit PayoutCredited(gameId, who, amount);
            }
        }
        uint256[] memory overflow = payees.overflow;
        for (uint256 k; k < overflow.length; ++k) {
            uint256 amount = overflow[k] >> 24;
            if (amount == 0) continue;
            address who = g.overflowMover[overflow[k] & HexWords.M24];
            _credit(token, who, amount);
            emit PayoutCredited(gameId, who, amount);
        }
    }

    /// @dev The index of the lowest set bit of `x` (x ≠ 0): that bit isolated, then its log2 by binary search.
    function _lowestBit(uint256 x) private pure returns (uint256 r) {
        assembly ("memory-safe") {
            x := and(x, sub(0, x))
            r := shl(7, lt(0xffffffffffffffffffffffffffffffff, x))
            r := or(r, shl(6, lt(0xffffffffffffffff, shr(r, x))))
            r := or(r, shl(5, lt(0xffffffff, shr(r, x))))
            r := or(r, shl(4, lt(0xffff, shr(r, x))))
            r := or(r, shl(3, lt(0xff, shr(r, x))))
            r := or(r, shl(2, lt(0xf, shr(r, x))))
            r := or(r, shl(1, lt(0x3, shr(r, x))))
            r := or(r, lt(0x1, shr(r, x)))
        }
    }

    /// @dev Evaluates positions hi down to lo of game `g` (an n×n board) into `payees`, children first; returns
    ///      what goes to the fund. Keeps the accumulators of parents inside the window in memory and stores those of
    ///      older parents in their recycled words ({_store}). The common path is one assembly loop; it stops for what
    ///      needs more than a position's and its parent's words: a recycled word or parent, a position that may be
    ///      void, a board above 14×14 ({_depthAndStored}), a parent a later batch settles ({_store}).
    // The loop stays in one function: split, it would pass the batch's values across a call at every position.
    // solhint-disable-next-line function-max-lines
    function _settleWindow(
        GameSlots storage g,
        uint256 hi,
        uint256 lo,
        uint256 terms,
        uint256 shape,
        Payees memory payees
    ) private returns (uint256 fund) {
        // What the children in the window passed up, by position: at accAt + 32 v for position v (lo ≤ v ≤ hi), one
        // address computed once instead of an offset from `lo` at every use.
        uint256 accAt;
        {
            uint256[] memory acc = new uint256[](hi - lo + 1);
            assembly ("memory-safe") {
                accAt := sub(add(acc, 0x20), shl(5, lo))
            }
        }
        // Unchecked: `hi` (the position being settled, counting down) stays ≥ lo ≥ 1; the fund is < 2^120.
        unchecked {
            // Why the loop stopped at position hi: 0, the window is done; 1, it needs {_depthAndStored}; 2, it was
            // evaluated and its parent, below the window, needs {_store} (acc[hi - lo]: what it passes up and its
            // depth).
            uint256 exit;
            while (true) {
                uint256 word;
                // The common path, the whole loop in assembly: no internal calls, checks or stack shuffles (-146 gas
                // a position). Per position: its word (one cold read), what its children passed up (acc[v - lo], with
                // the depth a child passed up in bits 240..248), its depth (else the popcount of its and its parent's
                // stones), the rules of {HexEval-evaluate} (`terms`: the stake above bit 128, the net of the fee
                // below), the payee's sum and the merge into its parent's accumulator. Masks are shift pairs or
                // named literals: the optimizer rebuilds a mask literal from shifts (~12 gas a use, several a
                // position), a shift pair costs 12 gas with no literal.
                assembly ("memory-safe") {
                    exit := 0
                    // Position v's word is at g.slot + 6 + 2 v (core, meta, four maps; 2 words a position): the 6
                    // is added once here, taken back below the loop (-6 gas a read).
                    g.slot := add(g.slot, 6)
                    // Scratch word 0: where payees.amounts' items start (a push where a stack slot is missing, -7
                    // gas a position); Solidity's keccaks between two entries reuse it, hence set at every entry.
                    mstore(0, add(mload(payees), 32))
                    for {} iszero(lt(hi, lo)) {
                        hi := sub(hi, 1)
                    } {
                        // Its word, and what its children in the window passed up (acc[hi - lo]) with the depth a
                        // child passed up in bits 240..248 (0: none; never for a void position). Bit 249: the
                        // slow path below already merged what an earlier batch stored (a wide recycled word).
                        word := sload(add(g.slot, shl(1, hi)))
                        let a := mload(add(accAt, shl(5, hi)))
                        let depth := and(shr(240, a), 0x1ff)
                        if iszero(and(word, Y_DEADLINE)) {
                            // Recycled (a deadline field of 0; never void): its depth and, unless wide, the
                            // accumulators an earlier batch stored (HexWords.unpackRecycled, then HexEval.merge;
                            // a wide word's fields here are zero, so once the slow path merged its spill word, bit
                            // 249, they merge nothing).
                            if and(word, Y_WIDE) {
                                if iszero(and(a, Y_MERGED)) {
                                    exit := 1 // wide: in the spill map
                                    break
                                }
                            }
                            depth := and(shr(154, word), 0x1ff)
                            let m := Y_M76
                            let w := shl(255, or(shr(255, a), and(shr(152, word), 1))) // a winning child
                            a := add(shr(16, shl(16, a)), or(and(word, m), shl(120, and(shr(76, word), m))))
                            a := or(a, w)
                        }
                        if iszero(depth) {
                            // Not from the window: the popcount of its and its parent's stones, on boards up to
                            // 14×14 and for positions that cannot be void (above the id in shape's bits 40.., the
                            // lowest proven one, 0 above 14×14, 2^24 if none).
                            if gt(hi, shr(40, shape)) {
                                exit := 1
                                break
                            }
                            depth := 1 // position 1
                            let p := and(shr(196, word), 0xffffff)
                            if p {
                                p := sload(add(g.slot, shl(1, p))) // the parent's word
                                switch and(p, Y_DEADLINE)
                                case 0 {
                                    depth := add(and(shr(154, p), 0x1ff), 1) // recycled: it keeps its depth
                                }
                                default {
                                    // HexWords.popcount of both colours' stones (bits 0..195).
                                    p := and(or(word, p), Y_STONES)
                                    let m := 0x5555555555555555555555555555555555555555555555555555555555555555
                                    p := sub(p, and(shr(1, p), m))
                                    m := 0x3333333333333333333333333333333333333333333333333333333333333333
                                    p := add(and(p, m), and(shr(2, p), m))
                                    m := 0x0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f
                                    p := and(add(p, shr(4, p)), m)
                                    m := 0x0101010101010101010101010101010101010101010101010101010101010101
                                    depth := shr(248, mul(p, m))
                                }
                            }
                        }
                        // What goes up: the sums (bits 240.. cleared).
                        let up := shr(16, shl(16, a))
                        {
                            // The rules of HexEval.evaluate. Red movers (odd depth) collect the Blue-made losses (high
                            // field: bits 120..239 shifted to the top, then down), Blue movers the Red-made ones.
                            let pay := shr(136, shl(sub(136, mul(and(depth, 1), 120)), a)) // the reward
                            switch or(shr(255, word), iszero(shr(255, a))) // proven, or no winning child
                            case 0 {
                                // Losing: the stake is forfeited; k = depth / 2 shares of the net go up, the rest to
                                // the fund. Position 1 (k = 0): the EVM's division by 0 gives 0, so no share and the
                                // whole stake to the fund, with no branch.
                                let share := div(shr(128, shl(128, terms)), shr(1, depth))
                                fund := add(fund, sub(shr(128, terms), mul(share, shr(1, depth))))
                                up := add(up, shl(mul(iszero(and(depth, 1)), 120), share)) // Red-made: low field
                            }
                            default {
                                // Winning: stake back and rewards; the parent sees a winning child.
                                pay := add(shr(128, terms), pay)
                                up := or(up, Y_TOP)
                            }
                            // {_addPayee}: amounts[mover] += pay (the mover's index, bits 243..254, times 32, from
                            // the word in one shift and mask); a player's first amount sets its bit in `used`.
                            let at := add(mload(0), and(shr(238, word), 0x1ffe0))
                            let before := mload(at)
                            mstore(at, add(before, pay))
                            if iszero(before) {
                                a := and(shr(243, word), 0xfff) // the mover's index
                                at := add(add(mload(add(payees, 32)), 32), shl(5, shr(8, a)))
                                mstore(at, or(mload(at), shl(and(a, 255), 1)))
                                if eq(a, 0xfff) {
                                    // Overflow (its scratch amount back at zero each time, so always here): an
                                    // entry for this position in `overflow`, whose length grows. The bit set above
                                    // credits nothing, its amount being zero.
                                    mstore(add(mload(0), shl(5, a)), 0)
                                    at := mload(add(payees, 64))
                                    before := add(mload(at), 1) // the new length (no local: the stack is full)
                                    mstore(at, before)
                                    mstore(add(at, shl(5, before)), or(shl(24, pay), hi))
                                }
                            }
                        }
                        a := and(shr(196, word), 0xffffff) // the parent
                        if lt(a, lo) {
                            if a {
                                // A parent a later batch settles: what goes up and the depth, for {_store}.
                                mstore(add(accAt, shl(5, hi)), or(up, shl(240, depth)))
                                exit := 2
                                break
                            }
                            continue // position 1
                        }
                        // HexEval.merge into the parent's accumulator, and its depth in bits 240..248: its
                        // evaluation then reads no word for it (~200 gas). `up` has nothing in bits 240..254, so
                        // the sums are added whole; the winning bits are added too, and OR-ed back in case both
                        // were set (the sum's carry leaves the word): no mask for the sums (-18 gas).
                        a := add(accAt, shl(5, a))
                        mstore(a, or(or(add(mload(a), up), and(up, Y_TOP)), shl(240, sub(depth, 1))))
                    }
                    g.slot := sub(g.slot, 6)
                }
                if (exit == 0) break;
                uint256 item;
                assembly ("memory-safe") {
                    item := mload(add(accAt, shl(5, hi)))
                }
                if (exit == 2) {
                    // What it passes up and its depth (bits 240..248), for its parent's recycled word.
                    _store(g, word.parent(), item & ~(HexWords.M9 << 240), ((item >> 240) & HexWords.M9) - 1);
                    --hi;
                    continue;
                }
                uint256 depth;
                (depth, item) = _depthAndStored(g, hi, word, shape, item);
                if (depth == 0) {
                    _addPayee(payees, word.mover(), hi, terms >> 128); // void: refunded
                    --hi;
                    continue;
                }
                // Back into the loop at position hi with its depth, and bit 249 set: what it stored is merged.
                item = (item & ~(HexWords.M9 << 240)) | (depth << 240) | Y_MERGED;
                assembly ("memory-safe") {
                    mstore(add(accAt, shl(5, hi)), item)
                }
            }
        }
    }

    /// @dev The depth of position `id` (word `word`; `shape`: the board's size n, and the lowest proven id in bits
    ///      8..39) and `a` (what its children in the batch passed up) merged with what earlier batches stored for it;
    ///      depth 0 if it is void. A recycled word keeps both; a live one (with no child in the batch: the caller took
    ///      the depth a child passed up) has no accumulators stored, and its depth is the popcount of its and its
    ///      parent's stones, or the depth its recycled parent keeps plus one.
    function _depthAndStored(
        GameSlots storage g,
        uint256 id,
        uint256 word,
        uint256 shape,
        uint256 a
    ) private view returns (uint256 depth, uint256) {
        // Only positions below the lowest proven one can be void.
        uint256 proven = (shape >> 8) & HexWords.M32;
        if (proven != 0 && id > proven && _isVoid(g, id)) return (0, a);
        if (word.recycled()) {
            uint256 stored = word & HexWords.RECYCLED_WIDE == 0 ? HexWords.unpackRecycled(word) : g.spill[id];
            return (word.storedDepth(), HexEval.merge(a, stored));
        }
        uint256 p = word.parent();
        if (p == 0) return (1, a);
        uint256 parentWord = _at(g, p).word;
        if (parentWord.recycled()) return (parentWord.storedDepth() + 1, a);
        depth = HexWords.popcount((word | parentWord) & HexWords.STONES_MASK);
        if (shape & 0xff > 14) depth += HexWords.popcount(_at(g, id).high | _at(g, p).high);
        return (depth, a);
    }

    /// @dev Merges `up` into the stored accumulators of position `id` (at `depth`), which a later batch settles: in
    ///      its recycled word, or in `g.spill` if a sum outgrows 76 bits. The first time, the word's stones are still
    ///      there: it keeps instead what the views need from them (`depth` and the stones' key, {HexWords-stoneKey},
    ///      from which the views work out its cell) and its deadline. No other word is read: the cell itself took the
    ///      parent's and the grandparent's words, more while those were recycled.
    function _store(GameSlots storage g, uint256 id, uint256 up, uint256 depth) private {
        PositionSlots storage ps = _at(g, id);
        uint256 word = ps.word;
        // What the recycled word keeps besides the sums, and the sums it holds (bits 0..152 in its layout; none
        // the first time).
        uint256 base;
        uint256 sums;
        if (!word.recycled()) {
            base = (word & HexWords.KEPT) | HexWords.recycledInfo(word, depth);
        } else if (word & HexWords.RECYCLED_WIDE == 0) {
            base = word & HexWords.RECYCLED_KEPT;
            sums = word;
        } else {
            // Wide: the sums are in the spill map, and stay there.
            g.spill[id] = HexEval.merge(g.spill[id], up);
            return;
        }
        // HexEval.merge, then the sums packed into the recycled layout (HexWords) if each fits in 76 bits, in one
        // block with no internal call (-23 gas a position on the bench's 1,000 tree): each colour's stored sum plus
        // what `up` brings (sums stay below 2^120, see HexWords: no carry across fields), the winning bits OR-ed into
        // bit 152.
        bool fits;
        assembly ("memory-safe") {
            let m := Y_M76
            let red := add(and(sums, m), and(up, Y_M120))
            let blue := add(and(shr(76, sums), m), and(shr(120, up), Y_M120))
            fits := iszero(shr(76, or(red, blue)))
            if fits {
                let win := shl(152, or(shr(255, up), and(shr(152, sums), 1)))
                sstore(ps.slot, or(or(base, red), or(shl(76, blue), win)))
            }
        }
        if (fits) return;
        // A sum outgrows 76 bits: the whole accumulator to the spill map, the word marked wide.
        g.spill[id] = HexEval.merge(HexWords.unpackRecycled(sums), up);
        ps.word = base | HexWords.RECYCLED_WIDE;
    }

    /// @dev The amounts a batch of `window` positions owes the game's `players` players, all zero; with the list
    ///      full, a scratch amount for {HexWords-OVERFLOW} and room for an overflow entry per position.
    function _newPayees(uint256 players, uint256 window) private pure returns (Payees memory t) {
        bool full = players == HexWords.MAX_PLAYERS;
        t.amounts = new uint256[](full ? players + 1 : players);
        t.used = new uint256[]((players + 255) >> 8); // a full list's 16 words hold the overflow bit too
        uint256[] memory overflow = new uint256[](full ? window : 0);
        assembly ("memory-safe") {
            mstore(overflow, 0) // no entries yet: the room stays allocated
        }
        t.overflow = overflow;
    }

    /// @dev Adds `amount` to player `index` in `t` for position `id`, once per settled position, hence in assembly
    ///      (no bounds checks: every position's mover index is below the list's length, which sized the arrays, or
    ///      {HexWords-OVERFLOW} in a full list's game) and sets its bit in `used`; an overflow position gets its own
    ///      entry in `overflow` too. Amounts stay far below 2^256 (at most the game's stakes).
    function _addPayee(Payees memory t, uint256 index, uint256 id, uint256 amount) private pure {
        assembly ("memory-safe") {
            let at := add(add(mload(t), 32), shl(5, index)) // amounts[index]
            let before := mload(at)
            mstore(at, add(before, amount))
            // A player owed nothing yet (or only zeros) sets its bit; the others skip the bitmap's word (~20 gas).
            if iszero(before) {
                let word := add(add(mload(add(t, 32)), 32), shl(5, shr(8, index))) // used[index / 256]
                mstore(word, or(mload(word), shl(and(index, 255), 1)))
                if eq(index, 0xfff) {
                    // Overflow: the scratch amount back to zero (its bit then credits nothing), an entry for `id`.
                    mstore(at, 0)
                    let list := mload(add(t, 64))
                    let n := add(mload(list), 1)
                    mstore(list, n)
                    mstore(add(list, shl(5, n)), or(shl(24, amount), id))
                }
            }
        }
    }
}
