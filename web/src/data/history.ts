// Games' histories from the indexer's tables, in the form the node's logs give them, so the game pages build the
// same trees and timelines from either (plain functions of a @ponder/client database, like reads.ts: Node runs them
// too, and test/indexer/compare.ts checks them against the node's logs):
//   readRoomEvents(db, roomId, after, upTo)    a room's events (snatch_log) in blocks after..upTo, in chain order
//   readCatammEvents(db, gameId, after, upTo)  a CATAMM game's events (catamm_log), the same way
//   readHexTree(db, gameId, after, upTo)       a Forking Hex game's moves and proofs (hex_position) in those blocks
// Blocks are read up to `upTo` only: the indexer's own latest block, so that a block it is still writing is never
// half read, and the caller's cursor can move to `upTo` with nothing missed.
import { and, asc, eq, gt, lte, type Client } from "@ponder/client";
import { getAddress } from "ethers";
import * as schema from "../../../indexer/ponder.schema";
import { catammEventOfRow, roomEventOfRow } from "../../../client/event-json";
import type { RoomEvent } from "../../../client/snatch/history";
import type { CatammEvent } from "../../../client/catamm/history";
import type { MovedArgs } from "../../../client/hex";

type Db = Client<typeof schema>["db"];

const room = schema.snatchLog;
const catamm = schema.catammLog;
const position = schema.hexPosition;

export async function readRoomEvents(db: Db, roomId: bigint, after: number, upTo: number): Promise<RoomEvent[]> {
  if (upTo <= after) return [];
  const rows = await db
    .select({ name: room.name, args: room.args, block: room.block, logIndex: room.logIndex })
    .from(room)
    .where(and(eq(room.roomId, roomId), gt(room.block, BigInt(after)), lte(room.block, BigInt(upTo))))
    .orderBy(asc(room.block), asc(room.logIndex));
  return rows.map(roomEventOfRow);
}

export async function readCatammEvents(db: Db, gameId: bigint, after: number, upTo: number): Promise<CatammEvent[]> {
  if (upTo <= after) return [];
  const rows = await db
    .select({ name: catamm.name, args: catamm.args, block: catamm.block, logIndex: catamm.logIndex })
    .from(catamm)
    .where(and(eq(catamm.gameId, gameId), gt(catamm.block, BigInt(after)), lte(catamm.block, BigInt(upTo))))
    .orderBy(asc(catamm.block), asc(catamm.logIndex));
  return rows.map(catammEventOfRow);
}

export interface TreeChanges {
  /** Moves mined in the blocks, by position id (client/hex addMoved takes them). */
  moved: { args: MovedArgs; block: number }[];
  /** Positions proven winning in the blocks. */
  proven: number[];
}

export async function readHexTree(db: Db, gameId: bigint, after: number, upTo: number): Promise<TreeChanges> {
  if (upTo <= after) return { moved: [], proven: [] };
  const inBlocks = (column: typeof position.block | typeof position.provenBlock) =>
    and(eq(position.gameId, gameId), gt(column, BigInt(after)), lte(column, BigInt(upTo)));
  const [moved, proven] = await Promise.all([
    db
      .select({
        positionId: position.positionId,
        parentId: position.parentId,
        player: position.player,
        cell: position.cell,
        deadline: position.deadline,
        block: position.block,
      })
      .from(position)
      .where(inBlocks(position.block))
      .orderBy(asc(position.positionId)),
    db
      .select({ positionId: position.positionId })
      .from(position)
      .where(inBlocks(position.provenBlock))
      .orderBy(asc(position.positionId)),
  ]);
  return {
    // Addresses checksummed, as the node's logs give them (the indexer keeps them lower-case).
    moved: moved.map(({ block, ...args }) => ({
      args: { ...args, player: getAddress(args.player) },
      block: Number(block),
    })),
    proven: proven.map((p) => p.positionId),
  };
}
