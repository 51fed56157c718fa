// Forking Hex: games, the fork tree (one row per move: its position, deposit and proof), settlement batches and
// payouts, and the game's payout ledger. Every value is an event's, or follows from one as the contract computes it
// (the end block: ForkingHex.game's rule, HexWords.endBlock).
import { ponder } from "ponder:registry";
import { hexGame, hexPayout, hexPosition, hexSettlement } from "ponder:schema";
import { colourOfDepth } from "../../client/hex/board";
import { hexState } from "../../client/states";
import { addr } from "./lib/json";
import { credited, fundCredited, withdrawn } from "./lib/ledger";

ponder.on("ForkingHex:GameCreated", async ({ event, context }) => {
  const a = event.args;
  await context.db.insert(hexGame).values({
    id: a.gameId,
    creator: addr(a.creator),
    size: Number(a.size),
    redBlocks: Number(a.redBlocks),
    blueBlocks: Number(a.blueBlocks),
    stake: a.stake,
    token: addr(a.token),
    lastBlock: a.lastBlock,
    feeBps: Number(a.feeBps),
    positionCount: 0,
    maxDeadline: 0n,
    endBlock: a.lastBlock,
    lowestProven: 0,
    proofs: 0,
    cancelled: false,
    settlePhase: 0,
    settleCursor: 0,
    fundAmount: 0n,
    state: hexState({ cancelled: false, settlePhase: 0 }),
    createdBlock: event.block.number,
    createdTx: event.transaction.hash,
    lastBlockSeen: event.block.number,
  });
});

ponder.on("ForkingHex:Moved", async ({ event, context }) => {
  const a = event.args;
  const id = Number(a.positionId);
  const parentId = Number(a.parentId);
  const game = await context.db.update(hexGame, { id: a.gameId }).set((g) => {
    const maxDeadline = a.deadline > g.maxDeadline ? a.deadline : g.maxDeadline;
    // HexWords.endBlock: the last block before Blue's reply, then the highest deadline.
    return {
      positionCount: id,
      maxDeadline,
      endBlock: id < 2 ? g.lastBlock : maxDeadline,
      lastBlockSeen: event.block.number,
    };
  });
  const depth =
    parentId === 0 ? 1 : (await context.db.find(hexPosition, { gameId: a.gameId, positionId: parentId }))!.depth + 1;
  await context.db.insert(hexPosition).values({
    gameId: a.gameId,
    positionId: id,
    parentId,
    player: addr(a.player),
    cell: Number(a.cell),
    depth,
    colour: colourOfDepth(depth),
    deadline: a.deadline,
    deposit: game.stake,
    children: 0,
    proven: false,
    block: event.block.number,
    tx: event.transaction.hash,
  });
  if (parentId !== 0) {
    await context.db
      .update(hexPosition, { gameId: a.gameId, positionId: parentId })
      .set((p) => ({ children: p.children + 1 }));
  }
  await context.db
    .insert(hexPayout)
    .values({ gameId: a.gameId, player: addr(a.player), moves: 1, deposited: game.stake, credited: 0n })
    .onConflictDoUpdate((p) => ({ moves: p.moves + 1, deposited: p.deposited + game.stake }));
});

ponder.on("ForkingHex:WinProven", async ({ event, context }) => {
  const a = event.args;
  const id = Number(a.positionId);
  await context.db
    .update(hexPosition, { gameId: a.gameId, positionId: id })
    .set({ proven: true, provenBy: addr(a.prover), provenBlock: event.block.number });
  await context.db.update(hexGame, { id: a.gameId }).set((g) => ({
    proofs: g.proofs + 1,
    lowestProven: g.lowestProven === 0 || id < g.lowestProven ? id : g.lowestProven,
    lastBlockSeen: event.block.number,
  }));
});

ponder.on("ForkingHex:GameCancelled", async ({ event, context }) => {
  // A cancelled game is over from its cancellation on: no end block (ForkingHex.game).
  await context.db.update(hexGame, { id: event.args.gameId }).set({
    cancelled: true,
    state: hexState({ cancelled: true, settlePhase: 0 }),
    endBlock: 0n,
    lastBlockSeen: event.block.number,
  });
});

ponder.on("ForkingHex:SettlementProgressed", async ({ event, context }) => {
  const a = event.args;
  const phase = Number(a.phase);
  await context.db.update(hexGame, { id: a.gameId }).set((g) => ({
    settlePhase: phase,
    settleCursor: Number(a.cursor),
    fundAmount: g.fundAmount + a.fundAmount,
    state: hexState({ cancelled: false, settlePhase: phase }),
    lastBlockSeen: event.block.number,
  }));
  await context.db.insert(hexSettlement).values({
    id: event.id,
    gameId: a.gameId,
    phase,
    cursor: Number(a.cursor),
    fundAmount: a.fundAmount,
    by: addr(event.transaction.from),
    block: event.block.number,
  });
});

ponder.on("ForkingHex:PayoutCredited", async ({ event, context }) => {
  const a = event.args;
  await context.db
    .update(hexPayout, { gameId: a.gameId, player: addr(a.player) })
    .set((p) => ({ credited: p.credited + a.amount }));
});

// The payout ledger (PayoutLedger): credits, withdrawals, the fund.
ponder.on("ForkingHex:Credited", async ({ event, context }) => {
  await credited(context.db, event.log.address, event.args.token, event.args.account, event.args.amount);
});

ponder.on("ForkingHex:Withdrawn", async ({ event, context }) => {
  const a = event.args;
  await withdrawn(context.db, {
    contract: event.log.address,
    token: a.token,
    account: a.account,
    to: a.to,
    amount: a.amount,
    fund: false,
    id: event.id,
    block: event.block.number,
    tx: event.transaction.hash,
  });
});

ponder.on("ForkingHex:FundCredited", async ({ event, context }) => {
  await fundCredited(context.db, event.log.address, event.args.token, event.args.amount, false);
});

ponder.on("ForkingHex:Swept", async ({ event, context }) => {
  await fundCredited(context.db, event.log.address, event.args.token, event.args.amount, true);
});

ponder.on("ForkingHex:FundWithdrawn", async ({ event, context }) => {
  const a = event.args;
  await withdrawn(context.db, {
    contract: event.log.address,
    token: a.token,
    account: a.recipient,
    to: a.recipient,
    amount: a.amount,
    fund: true,
    id: event.id,
    block: event.block.number,
    tx: event.transaction.hash,
  });
});
