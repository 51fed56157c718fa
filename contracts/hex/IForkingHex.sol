// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IForkingHex
/// @notice Forking Hex: Hex on an n×n board (2 ≤ n ≤ 19) where anyone may move on any open position, creating
///         forks. Every move carries the game's stake; winning positions are proven on-chain with a connecting path;
///         after the game, minimax evaluation decides the losing moves, whose stakes pay the opposite colour's moves
///         on their path (minus the developer-fund fee).
/// @dev Conventions (DECISIONS.md, Forking Hex): cell = row * n + col. Red moves first and connects row 0 to row n-1;
///      Blue connects column 0 to column n-1. Position ids are per game in creation order: 1 is Red's first move
///      (made in {createGame}), 2 is Blue's only reply to it. A position's depth is its number of stones; depth odd
///      means Red made it, and Red is to move at even depth.
interface IForkingHex {
    // ------------------------------------------------------------------------------------------------ structs

    /// @notice A game as {game} reports it.
    /// @param size Board side n.
    /// @param redBlocks Blocks a position with Red to move stays open.
    /// @param blueBlocks Blocks a position with Blue to move stays open.
    /// @param stake Deposit per move.
    /// @param token Stake token (address(0) = ETH).
    /// @param lastBlock No move is accepted after it, nor one whose reply window it would cut short (0 = none set: the
    ///        implicit last block, 2^23 - 1 blocks after the creation block, applies).
    /// @param feeBps Developer-fund fee on each losing move, read once at creation.
    /// @param creator Who created the game (and made position 1).
    /// @param positionCount Positions created so far.
    /// @param maxDeadline Highest deadline of any position (0 before Blue's reply).
    /// @param endBlock The game has ended once `block.number > endBlock` (0: no end scheduled yet, or cancelled).
    /// @param ended Whether the game has ended (a cancelled game has, from its cancellation on, with or without a
    ///        last block).
    /// @param cancelled Whether the creator cancelled the game.
    /// @param lowestProven Lowest proven position id (0 = no proof).
    /// @param settlePhase 0 not started, 1 marking void positions, 2 evaluating, 3 settled.
    /// @param settleCursor The next position id settlement processes.
    struct GameView {
        uint256 size;
        uint256 redBlocks;
        uint256 blueBlocks;
        uint256 stake;
        uint256 lastBlock;
        uint256 feeBps;
        uint256 positionCount;
        uint256 maxDeadline;
        uint256 endBlock;
        uint256 lowestProven;
        uint256 settlePhase;
        uint256 settleCursor;
        address token;
        address creator;
        bool ended;
        bool cancelled;
    }

    /// @notice A position as {position} reports it.
    /// @param parent Parent position id (0 for position 1).
    /// @param player Who made the move that created it.
    /// @param cell The cell that move filled.
    /// @param depth Stones on the board (odd: Red made it).
    /// @param deadline Last block a reply is accepted (0 for position 1, which has no deadline); never after the game's
    ///        last block.
    /// @param proven Whether a winning path was proven for it.
    /// @param open Whether a move on it would be accepted now (ignoring the cell).
    struct PositionView {
        uint256 parent;
        uint256 cell;
        uint256 depth;
        uint256 deadline;
        address player;
        bool proven;
        bool open;
    }

    /// @notice One player's money in one game, as {payoutOf} reports it.
    /// @param moves Number of the player's moves.
    /// @param deposited Stakes the player paid (moves × stake).
    /// @param refunded Stakes returned (moves that did not lose, and void moves).
    /// @param forfeited Stakes of the player's losing moves.
    /// @param rewards Shares of opposite-colour losing moves below the player's moves.
    /// @param total What settlement credits the player: refunded + rewards.
    struct Payout {
        uint256 moves;
        uint256 deposited;
        uint256 refunded;
        uint256 forfeited;
        uint256 rewards;
        uint256 total;
    }

    // ------------------------------------------------------------------------------------------------ events

    /// @notice A game was created; position 1 (the creator's first move) is announced by the {Moved} that follows.
    event GameCreated(
        uint256 indexed gameId,
        address indexed creator,
        uint256 size,
        uint256 redBlocks,
        uint256 blueBlocks,
        uint256 stake,
        address token,
        uint256 lastBlock,
        uint256 feeBps
    );

    /// @notice A move created position `positionId` on `parentId` by filling `cell`, paying the stake.
    /// @param deadline Last block a reply to the new position is accepted (0 for position 1: no deadline).
    event Moved(
        uint256 indexed gameId,
        uint256 positionId,
        uint256 parentId,
        address indexed player,
        uint256 cell,
        uint256 deadline
    );

    /// @notice A connecting path was verified for `positionId`: it is winning and takes no more moves; every
    ///         position below it is void.
    event WinProven(uint256 indexed gameId, uint256 indexed positionId, address indexed prover);

    /// @notice The creator cancelled the game before Blue's reply; its stake was credited back.
    event GameCancelled(uint256 indexed gameId, address indexed creator, uint256 refund);

    /// @notice A settlement batch ran; `phase`/`cursor` are where the next batch resumes (phase 3 = settled).
    /// @param fundAmount Credited to the developer fund by this batch.
    event SettlementProgressed(uint256 indexed gameId, uint256 phase, uint256 cursor, uint256 fundAmount);

    /// @notice Settlement credited `amount` to `player` for the positions of one batch (refunds plus rewards); a mover
    ///         who joined a game after its 4,095th distinct mover is credited once per such position.
    event PayoutCredited(uint256 indexed gameId, address indexed player, uint256 amount);

    // ------------------------------------------------------------------------------------------------ errors

    /// @notice No game with this id.
    error UnknownGame(uint256 gameId);
    /// @notice The developer-fund fee is above what the creator accepts (see {createGame}'s `maxFeeBps`).
    /// @param feeBps The current fee.
    /// @param maxFeeBps The creator's limit.
    error FeeAboveMax(uint256 feeBps, uint256 maxFeeBps);
    /// @notice Board side outside 2..19.
    error BadBoardSize(uint256 size);
    /// @notice Times per move must satisfy blue > red ≥ 1.
    error BadMoveTimes(uint256 redBlocks, uint256 blueBlocks);
    /// @notice A time per move longer than a game may last: a game spans at most `maxBlocks` = 2^23 - 1 blocks from
    ///         its creation (every block it stores is a 23-bit offset from its creation block).
    error MoveTimeTooLong(uint256 blocks, uint256 maxBlocks);
    /// @notice A zero stake.
    error ZeroStake();
    /// @notice A stake above 2^96 - 1.
    error StakeTooLarge(uint256 stake);
    /// @notice A last block outside [`earliest`, `latest`]: it must leave Blue's reply to position 1 its whole window
    ///         (`earliest` = the current block + redBlocks) and come at most 2^23 - 1 blocks after the creation block
    ///         (`latest`: a game spans at most that many blocks).
    error BadLastBlock(uint256 lastBlock, uint256 earliest, uint256 latest);
    /// @notice A game's creation block must fit in 32 bits: no game is created after block 2^32 - 1.
    error BlockNumberTooLarge(uint256 blockNumber);
    /// @notice The game was cancelled.
    error GameIsCancelled(uint256 gameId);
    /// @notice A move whose reply window would end after the game's last block: the position it creates could be
    ///         answered until `deadline` > `lastBlock`. No move is accepted after the last block, nor one whose reply
    ///         window the last block would cut short (a reply nobody may answer would win at no risk). A game without
    ///         a last block has an implicit one, 2^23 - 1 blocks after its creation block (`lastBlock` names it).
    error ReplyWindowPastLastBlock(uint256 gameId, uint256 deadline, uint256 lastBlock);
    /// @notice No such position in this game.
    error UnknownPosition(uint256 gameId, uint256 positionId);
    /// @notice Position 1 takes exactly one reply, and it has been made.
    error FirstPositionAnswered(uint256 gameId);
    /// @notice The position's deadline has passed.
    error PositionClosed(uint256 gameId, uint256 positionId, uint256 deadline);
    /// @notice The position was proven winning: it takes no moves.
    error PositionProven(uint256 gameId, uint256 positionId);
    /// @notice A cell outside the board (`cells` = n²).
    error CellOffBoard(uint256 cell, uint256 cells);
    /// @notice The cell already holds a stone.
    error CellOccupied(uint256 cell);
    /// @notice The game has too many positions (2^24 - 1).
    error TooManyPositions(uint256 gameId);
    /// @notice Only the creator may cancel.
    error NotCreator(address caller, address creator);
    /// @notice Cancelling is possible only before Blue's reply and before settlement.
    error CannotCancel(uint256 gameId);
    /// @notice The position was already proven.
    error AlreadyProven(uint256 gameId, uint256 positionId);
    /// @notice The game has ended (block > `endBlock`): no more proofs.
    error GameEnded(uint256 gameId, uint256 endBlock);
    /// @notice A path shorter than n cells cannot join two opposite edges.
    error PathTooShort(uint256 length, uint256 minLength);
    /// @notice A path longer than the prover's colour has stones on that board.
    error PathTooLong(uint256 length, uint256 maxLength);
    /// @notice A cell appears twice in the path.
    error CellRepeated(uint256 cell);
    /// @notice Consecutive path cells that are not neighbours.
    error CellsNotAdjacent(uint256 cell, uint256 next);
    /// @notice The path does not start on the colour's first edge and end on its opposite edge.
    error PathNotEdgeToEdge(uint256 first, uint256 last);
    /// @notice A path cell that does not hold a stone of the colour that moved into the position.
    error PathCellWrongColour(uint256 cell);
    /// @notice Settlement before the game has ended (`endBlock` 0: no end scheduled yet).
    error GameNotEnded(uint256 gameId, uint256 endBlock);
    /// @notice The game is already fully settled.
    error AlreadySettled(uint256 gameId);
    /// @notice A settlement batch of zero positions.
    error ZeroBatch();

    // ------------------------------------------------------------------------------------------------ functions

    /// @notice Creates a game and makes its first (Red) move, paying the stake.
    /// @param size Board side, 2..19.
    /// @param redBlocks Blocks a position with Red to move stays open (≥ 1).
    /// @param blueBlocks Blocks a position with Blue to move stays open (> redBlocks).
    /// @param stake Deposit per move (> 0, < 2^96).
    /// @param token Stake token, address(0) for ETH (then send `stake` as value).
    /// @param lastBlock 0 for none; else no move is accepted after it, nor one whose reply window (blocks of the colour
    ///        to reply) would end after it, so the game ends by it. At least the current block + redBlocks (Blue's
    ///        reply to position 1 fits), at most the current block + 2^23 - 1 ({BadLastBlock}). Without one, the
    ///        game's last block is implicitly the current block + 2^23 - 1.
    /// @param firstCell Red's first cell.
    /// @param maxFeeBps The highest developer-fund fee the creator accepts ({FeeAboveMax} if the fee read now is
    ///        higher: a fee raised just before the call, in the same block, cannot charge the game more).
    /// @return gameId The new game's id.
    function createGame(
        uint256 size,
        uint256 redBlocks,
        uint256 blueBlocks,
        uint256 stake,
        address token,
        uint256 lastBlock,
        uint256 firstCell,
        uint256 maxFeeBps
    ) external payable returns (uint256 gameId);

    /// @notice Cancels a game before Blue's reply (creator only): the stake is credited back.
    function cancelGame(uint256 gameId) external;

    /// @notice Moves on an open position, paying the stake: fills `cell` with the colour to move.
    /// @return positionId The new position's id.
    function move(uint256 gameId, uint256 parentId, uint256 cell) external payable returns (uint256 positionId);

    /// @notice Proves `positionId` winning with an ordered path of the colour that moved into it, from that colour's
    ///         first edge to its opposite edge. Accepted until the game ends, open or closed, with or without children.
    /// @dev Gas: proportional to the path length, whatever the position's depth (the prover's stones are read from
    ///      the position's own board word).
    function claimWin(uint256 gameId, uint256 positionId, uint16[] calldata path) external;

    /// @notice {move} and {claimWin} on the new position in one call.
    /// @return positionId The new (proven) position's id.
    function moveAndClaim(
        uint256 gameId,
        uint256 parentId,
        uint256 cell,
        uint16[] calldata path
    ) external payable returns (uint256 positionId);

    /// @notice Settles up to `maxPositions` positions of an ended game (anyone; resumable; linear).
    /// @return finished Whether the game is now fully settled and every payout credited.
    function settle(uint256 gameId, uint256 maxPositions) external returns (bool finished);

    /// @notice What `player` gets from the game, computed in memory (before or after settlement; before the end it
    ///         is what the current tree would pay if the game ended now).
    function payoutOf(uint256 gameId, address player) external view returns (Payout memory);

    /// @notice A game's settings and state.
    function game(uint256 gameId) external view returns (GameView memory);

    /// @notice A position's data.
    function position(uint256 gameId, uint256 positionId) external view returns (PositionView memory);

    /// @notice Occupancy bitmaps of a position's board: bit i of `low` is cell i for i < 214, bit i - 214 of `high`
    ///         is cell i for larger boards.
    function occupancy(uint256 gameId, uint256 positionId) external view returns (uint256 low, uint256 high);

    /// @notice Games created so far (ids 1..gameCount).
    function gameCount() external view returns (uint256);
}
