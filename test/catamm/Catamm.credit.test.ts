// Issue 22, item 5: an absent CATAMM player's rolls are paid by that player, never by whoever advances the game.
// With a paid randomness source (Chainlink VRF with a request fee), joining holds TIMEOUT_ROLLS_HELD request fees of
// the player's credit; each timed-out roll is paid from it; what is left goes back when the player leaves, when the
// game is cancelled, after the win, or (issue 35) when anyone ends a started game its players abandoned. Every wei is
// followed: the credit at the source, the game's share of it, the fees sent to the subscription.
import { expect } from "chai";
import hre, { ethers } from "hardhat";
import fc from "fast-check";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { CatammGameHarness, VRFCoordinatorV2_5Mock, VRFRandomness } from "../../typechain-types";
import { deployVrfStack, vrfConfig } from "../../scripts/lib/common";
import { deployCatammHarness } from "../../scripts/catamm/deploy";
import { DevCard, OPEN_BLOCKS, Pending, Phase } from "../../client/catamm/game";
import { scaled } from "../helpers/coverage";
import { describeError } from "../../client/errors";

const FEE = 10n ** 15n; // 0.001 ETH a request: above what the mock charges for one (0.0001 ETH + gas at 1 gwei)
const HELD_ROLLS = 16n;
const HELD = HELD_ROLLS * FEE;
const TURN = 10;

interface Table {
  coordinator: VRFCoordinatorV2_5Mock;
  source: VRFRandomness;
  game: CatammGameHarness;
  signers: HardhatEthersSigner[];
  subscriptionId: bigint;
}

async function table(): Promise<Table> {
  const signers = await ethers.getSigners();
  const stack = await deployVrfStack(hre, { requestFee: FEE, baseFee: 10n ** 14n });
  const { game } = await deployCatammHarness(hre, await stack.source.getAddress());
  await stack.source.setConsumer(await game.getAddress(), true);
  return { ...stack, game, signers };
}

/** Serves the outstanding request through the coordinator, then `advance` by `by` uses it. */
async function serve(t: Table, gameId: bigint, by: HardhatEthersSigner) {
  const info = await t.game.gameInfo(gameId);
  await t.coordinator.fulfillRandomWords(info.requestId, await t.source.getAddress());
  return t.game.connect(by).advance(gameId);
}

/** Lets the current waiting state time out and advances it (the draft: automatic picks; nothing to pay). */
async function timeOut(t: Table, gameId: bigint, by: HardhatEthersSigner) {
  await mine(TURN + 1);
  return t.game.connect(by).advance(gameId);
}

/** Creates a game of `players` (the first creates), each depositing `deposit` of request credit first. */
async function seated(t: Table, players: HardhatEthersSigner[], deposit: bigint): Promise<bigint> {
  for (const p of players) await t.source.connect(p).depositRequestCredit(p.address, { value: deposit });
  await t.game.connect(players[0]).createGame(100, 0, TURN, OPEN_BLOCKS);
  const id = await t.game.gameCount();
  for (const p of players.slice(1)) await t.game.connect(p).joinGame(id);
  return id;
}

/** Starts the game (the creator pays the start's request) and lets the draft time out. */
async function started(t: Table, gameId: bigint, creator: HardhatEthersSigner, keeper: HardhatEthersSigner) {
  await t.game.connect(creator).startGame(gameId);
  await serve(t, gameId, keeper);
  while ((await t.game.gameInfo(gameId)).phase === BigInt(Phase.Setup)) await timeOut(t, gameId, keeper);
}

/** Plays `player`'s own turn as a present player would: rolls, lets a 7's waits pass, ends the turn. */
async function ownTurn(t: Table, gameId: bigint, player: HardhatEthersSigner, keeper: HardhatEthersSigner) {
  await t.game.connect(player).rollDice(gameId);
  await serve(t, gameId, keeper);
  for (;;) {
    const info = await t.game.gameInfo(gameId);
    if (info.phase === BigInt(Phase.Main)) return t.game.connect(player).endTurn(gameId);
    if (info.phase === BigInt(Phase.Finished)) return;
    await timeOut(t, gameId, keeper); // a 7: discards and the ghost ship take their defaults
  }
}

/** The seat's account whose turn it is. */
async function whoseTurn(t: Table, gameId: bigint): Promise<string> {
  const info = await t.game.gameInfo(gameId);
  return info.players[Number(info.currentSeat)];
}

/** Follows an absent player's timed-out turn to its end: the roll (if any) is served, then the defaults. */
async function absentTurn(t: Table, gameId: bigint, keeper: HardhatEthersSigner) {
  const turn = (await t.game.gameInfo(gameId)).turn;
  const tx = await timeOut(t, gameId, keeper);
  while ((await t.game.gameInfo(gameId)).turn === turn) {
    const info = await t.game.gameInfo(gameId);
    if (info.phase === BigInt(Phase.Finished)) break;
    if (info.pending !== BigInt(Pending.None)) await serve(t, gameId, keeper);
    else await timeOut(t, gameId, keeper);
  }
  return tx;
}

/** The game's credit at the source equals what it holds for the seats of all its games. */
async function expectGameCreditAccounted(t: Table): Promise<void> {
  let held = 0n;
  for (let id = 1n; id <= (await t.game.gameCount()); id++) {
    for (const c of (await t.game.gameInfo(id)).requestCredit) held += c;
  }
  expect(await t.source.requestCredit(await t.game.getAddress())).to.equal(held);
}

describe("Catamm: an absent player's rolls are paid by that player (paid randomness)", function () {
  it("a griefer who joins and never acts costs the honest player nothing over six timed-out turns", async function () {
    const t = await loadFixture(table);
    const [honest, griefer] = [t.signers[1], t.signers[2]];
    const id = await seated(t, [honest, griefer], HELD + 40n * FEE);
    // Each set aside HELD at joining; the honest player keeps the rest for its own requests.
    expect((await t.game.gameInfo(id)).requestCredit.slice(0, 2)).to.deep.equal([HELD, HELD]);
    expect(await t.source.requestCredit(griefer.address)).to.equal(40n * FEE);
    await started(t, id, honest, honest);
    let ownRequests = 1n; // the start
    let absentTurns = 0n;
    while (absentTurns < 6n) {
      if ((await whoseTurn(t, id)) === honest.address) {
        await ownTurn(t, id, honest, honest);
        ownRequests += 1n;
        continue;
      }
      // The griefer's turn times out; the honest player advances it, and pays nothing for the roll.
      const before = await t.source.requestCredit(honest.address);
      const tx = await absentTurn(t, id, honest);
      await expect(tx).to.emit(t.game, "RequestCreditCharged").withArgs(id, griefer.address, FEE);
      await expect(tx).to.emit(t.game, "TurnTimedOut").withArgs(id, griefer.address, anyTurn, true);
      await expect(tx)
        .to.emit(t.source, "RequestPaid")
        .withArgs(anyTurn, await t.game.getAddress(), FEE);
      expect(await t.source.requestCredit(honest.address)).to.equal(before);
      absentTurns += 1n;
    }
    // The honest player paid exactly for its own requests; the griefer's six rolls came out of what it set aside.
    expect(await t.source.requestCredit(honest.address)).to.equal(40n * FEE - ownRequests * FEE);
    const info = await t.game.gameInfo(id);
    const griefSeat = info.players.indexOf(griefer.address);
    expect(info.requestCredit[griefSeat]).to.equal(HELD - 6n * FEE);
    expect(await t.source.requestCredit(griefer.address)).to.equal(40n * FEE);
    await expectGameCreditAccounted(t);
  });

  it("joining needs the credit to set aside; without it nothing changes", async function () {
    const t = await loadFixture(table);
    const [creator, broke, short] = [t.signers[1], t.signers[3], t.signers[4]];
    await expect(t.game.connect(creator).createGame(100, 0, TURN, OPEN_BLOCKS))
      .to.be.revertedWithCustomError(t.source, "InsufficientRequestCredit")
      .withArgs(creator.address, 0n, HELD);
    const id = await seated(t, [creator], HELD);
    await expect(t.game.connect(broke).joinGame(id))
      .to.be.revertedWithCustomError(t.source, "InsufficientRequestCredit")
      .withArgs(broke.address, 0n, HELD);
    await t.source.connect(short).depositRequestCredit(short.address, { value: HELD - 1n });
    await expect(t.game.connect(short).joinGame(id))
      .to.be.revertedWithCustomError(t.source, "InsufficientRequestCredit")
      .withArgs(short.address, HELD - 1n, HELD);
    expect((await t.game.gameInfo(id)).playerCount).to.equal(1n);
    expect(await t.source.requestCredit(short.address)).to.equal(HELD - 1n);
    await expectGameCreditAccounted(t);
  });

  it("once what is held no longer covers a request, an absent turn ends unrolled and nobody pays", async function () {
    const t = await loadFixture(table);
    const [honest, griefer] = [t.signers[1], t.signers[2]];
    const id = await seated(t, [honest, griefer], HELD + 60n * FEE);
    await started(t, id, honest, honest);
    // The fee rises above what is held for each seat (the owner's call; a timelock announces it on public networks).
    const c = await t.source.config();
    await t.source.setConfig({ ...vrfConfig(c), requestFee: HELD + 1n });
    if ((await whoseTurn(t, id)) === honest.address) {
      await t.source.connect(honest).depositRequestCredit(honest.address, { value: HELD + 1n });
      await ownTurn(t, id, honest, honest);
    }
    const credits = await Promise.all([honest, griefer].map((p) => t.source.requestCredit(p.address)));
    const gameCredit = await t.source.requestCredit(await t.game.getAddress());
    const turn = (await t.game.gameInfo(id)).turn;
    await mine(TURN + 1);
    const tx = t.game.connect(honest).advance(id);
    await expect(tx).to.emit(t.game, "TurnTimedOut").withArgs(id, griefer.address, turn, false);
    await expect(tx).to.emit(t.game, "TurnEnded").withArgs(id, griefer.address, turn);
    await expect(tx).to.not.emit(t.source, "RequestPaid");
    const info = await t.game.gameInfo(id);
    expect(info.turn).to.equal(turn + 1n);
    expect(info.players[Number(info.currentSeat)]).to.equal(honest.address);
    expect(await Promise.all([honest, griefer].map((p) => t.source.requestCredit(p.address)))).to.deep.equal(credits);
    expect(await t.source.requestCredit(await t.game.getAddress())).to.equal(gameCredit);
  });

  it("what is held goes back: to a player who leaves, to everyone when the game is cancelled, and after the win", async function () {
    const t = await loadFixture(table);
    const [a, b, c, keeper] = [t.signers[1], t.signers[2], t.signers[3], t.signers[9]];
    // Leave: the leaver's share goes back; the seat it frees is taken by the last joined player.
    const id1 = await seated(t, [a, b, c], HELD);
    await expect(t.game.connect(b).leaveGame(id1))
      .to.emit(t.game, "RequestCreditReturned")
      .withArgs(id1, b.address, HELD);
    expect(await t.source.requestCredit(b.address)).to.equal(HELD);
    expect((await t.game.gameInfo(id1)).requestCredit).to.deep.equal([HELD, HELD, 0n, 0n]);
    // Cancel: everyone's share goes back at once.
    await expect(t.game.connect(a).cancelGame(id1))
      .to.emit(t.game, "RequestCreditReturned")
      .withArgs(id1, a.address, HELD)
      .and.to.emit(t.game, "RequestCreditReturned")
      .withArgs(id1, c.address, HELD);
    for (const p of [a, b, c]) expect(await t.source.requestCredit(p.address)).to.equal(HELD);
    await expectGameCreditAccounted(t);
    // A won game: what is left after the timed-out rolls goes back through anyone's releaseRequestCredit.
    await t.source.connect(a).depositRequestCredit(a.address, { value: 10n * FEE });
    await t.game.connect(a).createGame(100, 0, TURN, OPEN_BLOCKS);
    const id2 = await t.game.gameCount();
    await t.game.connect(b).joinGame(id2);
    await expect(t.game.connect(keeper).releaseRequestCredit(id2))
      .to.be.revertedWithCustomError(t.game, "WrongPhase")
      .withArgs(Phase.Open);
    await started(t, id2, a, keeper);
    await absentTurn(t, id2, keeper); // the first seat timed out: one fee from its share
    // The next player to begin a turn has 10 points (test setters), so the game ends when the turn changes.
    const info = await t.game.gameInfo(id2);
    const next = (Number(info.currentSeat) + 1) % 2;
    const settlements = (await t.game.playerInfo(id2, info.players[next])).settlements;
    await t.game.harnessSetPieces(id2, next, settlements, 0b111n << 40n, 0n);
    await t.game.harnessGiveCard(id2, next, DevCard.VictoryPoint, 5);
    await absentTurn(t, id2, keeper);
    expect((await t.game.gameInfo(id2)).phase).to.equal(BigInt(Phase.Finished));
    const left = (await t.game.gameInfo(id2)).requestCredit;
    expect(left[0] + left[1]).to.equal(2n * HELD - 2n * FEE);
    const before = await Promise.all(info.players.slice(0, 2).map((p) => t.source.requestCredit(p)));
    await expect(t.game.connect(keeper).releaseRequestCredit(id2)).to.emit(t.game, "RequestCreditReturned");
    for (let s = 0; s < 2; s++) {
      expect(await t.source.requestCredit(info.players[s])).to.equal(before[s] + left[s]);
    }
    expect((await t.game.gameInfo(id2)).requestCredit).to.deep.equal([0n, 0n, 0n, 0n]);
    await expect(t.game.connect(keeper).releaseRequestCredit(id2)).to.not.emit(t.game, "RequestCreditReturned");
    await expectGameCreditAccounted(t);
    expect(await t.source.requestCredit(await t.game.getAddress())).to.equal(0n);
  });

  it("a started game nobody plays any more: anyone ends it a round of turns after its deadline; credit goes back", async function () {
    const t = await loadFixture(table);
    const [a, b, c, keeper] = [t.signers[1], t.signers[2], t.signers[3], t.signers[9]];
    const id = await seated(t, [a, b, c], HELD + 10n * FEE);
    // Not started: cancelGame is the way out, not this.
    await expect(t.game.connect(keeper).endAbandonedGame(id))
      .to.be.revertedWithCustomError(t.game, "WrongPhase")
      .withArgs(Phase.Open);
    await expect(t.game.connect(keeper).endAbandonedGame(99)).to.be.revertedWithCustomError(t.game, "UnknownGame");
    await t.game.connect(a).startGame(id);
    await serve(t, id, keeper);
    // The draft waits for its first pick; then nobody acts, nobody advances: a round of turns past the deadline.
    const info = await t.game.gameInfo(id);
    expect(info.phase).to.equal(BigInt(Phase.Setup));
    const from = info.deadline + 3n * BigInt(TURN) + 1n;
    await expect(t.game.connect(keeper).endAbandonedGame(id))
      .to.be.revertedWithCustomError(t.game, "GameNotAbandoned")
      .withArgs(id, 0, 3, from);
    await mine(from - BigInt(await ethers.provider.getBlockNumber()) - 2n);
    // The last block before it (the call is mined in the next block).
    await expect(t.game.connect(keeper).endAbandonedGame(id))
      .to.be.revertedWithCustomError(t.game, "GameNotAbandoned")
      .withArgs(id, 0, 3, from);
    const before = await Promise.all([a, b, c].map((p) => t.source.requestCredit(p.address)));
    const tx = t.game.connect(keeper).endAbandonedGame(id);
    await expect(tx).to.emit(t.game, "GameAbandoned").withArgs(id, keeper.address, 0);
    for (const p of [a, b, c]) await expect(tx).to.emit(t.game, "RequestCreditReturned").withArgs(id, p.address, HELD);
    for (const [i, p] of [a, b, c].entries()) {
      expect(await t.source.requestCredit(p.address)).to.equal(before[i] + HELD);
    }
    const after = await t.game.gameInfo(id);
    expect(after.phase).to.equal(BigInt(Phase.Abandoned));
    expect(after.requestCredit).to.deep.equal([0n, 0n, 0n, 0n]);
    await expectGameCreditAccounted(t);
    // Over: every action is refused, ending it again too; the release finds nothing left.
    for (const call of [
      t.game.connect(keeper).endAbandonedGame(id),
      t.game.connect(keeper).advance(id),
      t.game.connect(a).placeInitial(id, 0, 0),
    ]) {
      await expect(call).to.be.revertedWithCustomError(t.game, "GameIsAbandoned").withArgs(id);
    }
    await expect(t.game.connect(keeper).releaseRequestCredit(id)).to.not.emit(t.game, "RequestCreditReturned");
    const err = await t.game
      .connect(keeper)
      .advance(id)
      .catch((e: unknown) => e);
    expect(describeError(err).message).to.match(/^game \d+ was ended as abandoned: its players had stopped playing/);
  });

  it("a game kept alive by a keeper ends once a whole round of turns timed out with no player acting", async function () {
    const t = await loadFixture(table);
    const [a, b, keeper] = [t.signers[1], t.signers[2], t.signers[9]];
    const id = await seated(t, [a, b], HELD + 10n * FEE);
    await started(t, id, a, keeper); // the draft's four picks timed out
    // The draft's timed-out picks count as absent turns: more than the two players, so it may be ended already.
    expect((await t.game.gameInfo(id)).absentTurns).to.equal(4n);
    // A player's own roll starts the count again: the game is being played.
    const player = await ethers.getSigner(await whoseTurn(t, id));
    await ownTurn(t, id, player, keeper);
    // Not yet abandoned after none, then one, timed-out turn in a row (the keeper advancing the absent players').
    for (const absent of [0n, 1n]) {
      if (absent > 0n) await absentTurn(t, id, keeper);
      const now = await t.game.gameInfo(id);
      expect(now.absentTurns).to.equal(absent);
      await expect(t.game.connect(keeper).endAbandonedGame(id))
        .to.be.revertedWithCustomError(t.game, "GameNotAbandoned")
        .withArgs(id, absent, 2, now.deadline + 2n * BigInt(TURN) + 1n);
    }
    // Two in a row are, whatever the deadline: the game ends with each seat's credit less its charged rolls.
    await absentTurn(t, id, keeper);
    const info = await t.game.gameInfo(id);
    expect(info.absentTurns).to.equal(2n);
    expect(BigInt(await ethers.provider.getBlockNumber())).to.be.lessThan(info.deadline);
    const held = info.requestCredit.slice(0, 2);
    expect(held[0] + held[1]).to.equal(2n * HELD - 2n * FEE);
    const tx = t.game.connect(keeper).endAbandonedGame(id);
    await expect(tx).to.emit(t.game, "GameAbandoned").withArgs(id, keeper.address, info.turn);
    for (let s = 0; s < 2; s++) {
      await expect(tx).to.emit(t.game, "RequestCreditReturned").withArgs(id, info.players[s], held[s]);
    }
    await expectGameCreditAccounted(t);
    expect(await t.source.requestCredit(await t.game.getAddress())).to.equal(0n);
  });

  it("property: across random lobbies and games, every wei deposited is free credit, held by a game, or a paid request", async function () {
    const t = await loadFixture(table);
    const players = t.signers.slice(1, 7);
    const keeper = t.signers[9];
    const game = await t.game.getAddress();
    const done = { games: 0, absentTurns: 0, cancelled: 0, leaves: 0, open: 0 };
    // One game's life: who creates it, who joins (some twice: refused), who then leaves (the creator: refused), and
    // how it ends: cancelled, left open, or played (some timed-out turns, then a win) and its credit released.
    const plan = fc.record({
      creator: fc.nat(5),
      joiners: fc.array(fc.nat(5), { minLength: 0, maxLength: 4 }),
      leavers: fc.array(fc.nat(5), { maxLength: 2 }),
      end: fc.constantFrom("cancel", "open", "play"),
      absent: fc.integer({ min: 0, max: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(plan, { minLength: 1, maxLength: 3 }), async (plans) => {
        const snapshot = await hre.network.provider.send("evm_snapshot");
        const deposited = new Map<string, bigint>(players.map((p) => [p.address, 0n]));
        const deposit = async (p: HardhatEthersSigner, amount: bigint) => {
          await t.source.connect(p).depositRequestCredit(p.address, { value: amount });
          deposited.set(p.address, deposited.get(p.address)! + amount);
        };
        try {
          for (const g of plans) {
            const creator = players[g.creator];
            await deposit(creator, HELD + 2n * FEE);
            await t.game.connect(creator).createGame(100, 0, TURN, OPEN_BLOCKS);
            const id = await t.game.gameCount();
            for (const j of g.joiners) {
              await deposit(players[j], HELD);
              // Refused joins (twice, a fifth player) change nothing.
              await t.game
                .connect(players[j])
                .joinGame(id)
                .catch(() => undefined);
            }
            for (const l of g.leavers) {
              const left = await t.game
                .connect(players[l])
                .leaveGame(id)
                .catch(() => undefined);
              if (left) done.leaves += 1;
            }
            const info = await t.game.gameInfo(id);
            if (g.end === "cancel") {
              await t.game.connect(creator).cancelGame(id);
              done.cancelled += 1;
            } else if (g.end === "open" || info.playerCount < 2n) {
              done.open += 1;
            } else {
              await started(t, id, creator, keeper);
              for (let i = 0; i < g.absent; i++) await absentTurn(t, id, keeper);
              // End it: the next player to begin a turn has 10 points (test setters).
              const now = await t.game.gameInfo(id);
              const next = (Number(now.currentSeat) + 1) % Number(now.playerCount);
              const pieces = (await t.game.playerInfo(id, now.players[next])).settlements;
              await t.game.harnessSetPieces(id, next, pieces, 0b111n << 40n, 0n);
              await t.game.harnessGiveCard(id, next, DevCard.VictoryPoint, 5);
              await absentTurn(t, id, keeper);
              expect((await t.game.gameInfo(id)).phase).to.equal(BigInt(Phase.Finished));
              await t.game.connect(keeper).releaseRequestCredit(id);
              done.games += 1;
              done.absentTurns += g.absent + 1;
            }
            await expectGameCreditAccounted(t);
          }
          // Per player: deposited = free credit + held for it in games + what its requests paid (its own, or its
          // timed-out rolls paid by the game from its share).
          for (const p of players) {
            let held = 0n;
            for (let id = 1n; id <= (await t.game.gameCount()); id++) {
              const info = await t.game.gameInfo(id);
              const seat = info.players.indexOf(p.address);
              if (seat >= 0 && seat < Number(info.playerCount)) held += info.requestCredit[seat];
            }
            const paid = await paidBy(t, p.address);
            expect((await t.source.requestCredit(p.address)) + held + paid, p.address).to.equal(
              deposited.get(p.address),
            );
          }
          // The source holds exactly the credit it owes (fees went to the subscription as they were paid).
          let owed = await t.source.requestCredit(game);
          for (const p of players) owed += await t.source.requestCredit(p.address);
          expect(await ethers.provider.getBalance(await t.source.getAddress())).to.equal(owed);
        } finally {
          await hre.network.provider.send("evm_revert", [snapshot]);
        }
      }),
      { numRuns: scaled(8, 2), seed: 22 },
    );
    // The runs played whole games (timed-out turns, a win, the release), cancelled some and left some open.
    expect(done.games, JSON.stringify(done)).to.be.greaterThan(2);
    expect(done.cancelled + done.leaves, JSON.stringify(done)).to.be.greaterThan(1);
  });
});

/** Fees paid for `player`: its own requests, and the timed-out rolls the game charged to its share. */
async function paidBy(t: Table, player: string): Promise<bigint> {
  const own = await t.source.queryFilter(t.source.filters.RequestPaid(undefined, player));
  const charged = await t.game.queryFilter(t.game.filters.RequestCreditCharged(undefined, player));
  return [...own, ...charged].reduce((sum, e) => sum + (e.args.fee as bigint), 0n);
}

/** Matches any value (a turn number, a request id). */
function anyTurn(): boolean {
  return true;
}
