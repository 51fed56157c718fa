// Sentences for every Forking Hex error (contracts/hex/IForkingHex.sol), naming the values involved.
import { num } from "../format";
import { atBlock, itIs, type ErrorContext, type ErrorTexts } from "../texts";
import { cellName } from "./board";

/** A cell as "e7 (cell 58)" when the board's side is known, else "cell 58". */
function cell(value: unknown, ctx: ErrorContext): string {
  const index = Number(value);
  return ctx.hexSize ? `${cellName(index, ctx.hexSize)} (cell ${index})` : `cell ${index}`;
}

export const HEX_ERRORS: ErrorTexts = {
  UnknownGame: (a) => `there is no Forking Hex game ${a.gameId}`,
  BadBoardSize: (a) => `a board of side ${a.size} is not allowed: the side must be 2 to 19`,
  BadMoveTimes: (a) =>
    `move times of ${a.redBlocks} blocks (Red) and ${a.blueBlocks} blocks (Blue) are not allowed: Blue's must be ` +
    "longer than Red's, and Red's at least 1",
  MoveTimeTooLong: (a) =>
    `a move time of ${a.blocks} blocks is too long: a game lasts at most ${a.maxBlocks} blocks from its creation`,
  ZeroStake: () => "the stake must be above zero",
  FeeAboveMax: (a) =>
    `the developer-fund fee is ${a.feeBps} now, above the ${a.maxFeeBps} you accept (--max-fee): it was raised`,
  StakeTooLarge: (a) => `a stake of ${a.stake} is too large (at most 2^96 - 1 units)`,
  BadLastBlock: (a, ctx) =>
    `last block ${a.lastBlock} is not allowed: it must be between ${a.earliest} (leaving Blue's first reply its ` +
    `whole window) and ${a.latest}${itIs(ctx)}`,
  BlockNumberTooLarge: (a) => `no game can be created after block 4,294,967,295: this is block ${a.blockNumber}`,
  GameIsCancelled: (a) => `game ${a.gameId} was cancelled by its creator`,
  ReplyWindowPastLastBlock: (a, ctx) =>
    `this move's reply window would end at block ${a.deadline}, after game ${a.gameId}'s last block ` +
    `${a.lastBlock}: no such move is accepted${itIs(ctx)}`,
  UnknownPosition: (a) => `game ${a.gameId} has no position ${a.positionId}`,
  FirstPositionAnswered: (a) =>
    `position 1 of game ${a.gameId} takes exactly one reply, and it has been made: move on a later position`,
  PositionClosed: (a, ctx) => `position ${a.positionId} of game ${a.gameId} closed at block ${a.deadline}${itIs(ctx)}`,
  PositionProven: (a) => `position ${a.positionId} of game ${a.gameId} was proven winning: it takes no moves`,
  CellOffBoard: (a, ctx, raw) => `${cell(raw.cell, ctx)} is off the board (it has ${a.cells} cells, numbered from 0)`,
  CellOccupied: (_a, ctx, raw) => `${cell(raw.cell, ctx)} already holds a stone on this position's board`,
  TooManyPositions: (a) => `game ${a.gameId} has reached its limit of 16,777,215 positions`,
  NotCreator: (a) => `only the game's creator ${a.creator} may cancel it, not ${a.caller}`,
  CannotCancel: (a) =>
    `game ${a.gameId} can no longer be cancelled: Blue has replied to position 1 (or settlement began)`,
  AlreadyProven: (a) => `position ${a.positionId} of game ${a.gameId} is already proven winning`,
  GameEnded: (a, ctx) => `game ${a.gameId} ended after block ${a.endBlock}: no more proofs${itIs(ctx)}`,
  PathTooShort: (a) => `a path of ${a.length} cells cannot join two opposite edges: it needs at least ${a.minLength}`,
  PathTooLong: (a) =>
    `a path of ${a.length} cells is longer than the ${a.maxLength} stones the colour has on that board`,
  CellRepeated: (_a, ctx, raw) => `${cell(raw.cell, ctx)} appears twice in the path`,
  CellsNotAdjacent: (_a, ctx, raw) =>
    `${cell(raw.cell, ctx)} and ${cell(raw.next, ctx)} follow each other in the path but are not neighbours`,
  PathNotEdgeToEdge: (_a, ctx, raw) =>
    `the path from ${cell(raw.first, ctx)} to ${cell(raw.last, ctx)} does not run from the colour's first edge to ` +
    "its opposite edge",
  PathCellWrongColour: (_a, ctx, raw) =>
    `${cell(raw.cell, ctx)} of the path does not hold a stone of the colour that moved into the position`,
  GameNotEnded: (a, ctx, raw) =>
    raw.endBlock === 0n
      ? `game ${a.gameId} has not ended: positions are still open${atBlock(ctx)}`
      : `game ${a.gameId} ends after block ${a.endBlock}: settle after that${itIs(ctx)}`,
  AlreadySettled: (a) => `game ${a.gameId} is already settled: players can withdraw`,
  ZeroBatch: () => `a settlement batch needs at least one position (try ${num(250)})`,
};
