import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { loadFixture, mine, setBalance } from "@nomicfoundation/hardhat-network-helpers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { ForkingHex } from "../../typechain-types";
import { impersonatedAccounts } from "../../scripts/hex/accounts";
import { coreSlot, createGame, deployHex, deployPlayers, ETH, FEE_BPS, setPlayerCount } from "./fixtures";
import { settleModel, type ModelPosition } from "./model";

/** Small stakes make the rounding visible: fee 2.5% of 1000 = 25, net 975. */
const STAKE = 1000n;

type Move = [HardhatEthersSigner, number, number]; // player, parent, cell

async function play(hex: ForkingHex, gameId: bigint, moves: Move[], token = ETH): Promise<void> {
  for (const [who, parent, cell] of moves) {
    await hex.connect(who).move(gameId, parent, cell, { value: token === ETH ? STAKE : 0n });
  }
}

/** {deployHex} plus an account that plays no game. */
async function deployHexWithStranger() {
  const f = await deployHex();
  return { ...f, stranger: f.signers[9] };
}

async function endGame(hex: ForkingHex, gameId: bigint): Promise<void> {
  const end = Number((await hex.game(gameId)).endBlock);
  const now = await ethers.provider.getBlockNumber();
  if (now <= end) await mine(end - now + 1);
}

/**
 * A position's word and its entry in the game's `spill` map, read from storage. A game's words start at the slot its
 * id hashes to (core, meta, the spill map, the two player maps and the overflow movers, then two words per position
 * from +6): the mapping's own slot is the one whose core word holds the game's size (bits 0..4) and position count
 * (bits 76..99).
 */
async function storedWords(hex: ForkingHex, gameId: bigint, id: number): Promise<{ word: bigint; spill: bigint }> {
  const coder = ethers.AbiCoder.defaultAbiCoder();
  const address = await hex.getAddress();
  const read = async (slot: bigint) => BigInt(await ethers.provider.getStorage(address, slot));
  // A game's words start at its core slot: core, meta, the spill map, the player maps and the overflow movers, then
  // two words a position from offset 6.
  const base = await coreSlot(hex, gameId);
  const spillAt = BigInt(ethers.keccak256(coder.encode(["uint256", "uint256"], [id, base + 2n])));
  return { word: await read(base + 6n + 2n * BigInt(id)), spill: await read(spillAt) };
}

async function settleAll(hex: ForkingHex, gameId: bigint, batch: number): Promise<number> {
  let calls = 1;
  while (!(await hex.settle.staticCall(gameId, batch))) {
    await hex.settle(gameId, batch);
    calls++;
  }
  await hex.settle(gameId, batch);
  return calls;
}

/**
 * Game 1 of the void tests, 3×3: alice's Red 0, 3, 6 wins at position 5 (proven by dave) after carol (6) and dave (7)
 * played on below it; carol then moves on 7 (8), a move on 5 being refused. With `full`, the player list is made full
 * after bob's reply (2): carol and dave then move as overflow.
 */
async function playVoidTree(hex: ForkingHex, [alice, bob, carol, dave]: HardhatEthersSigner[], full: boolean) {
  await createGame(hex, { size: 3, red: 10, blue: 20, stake: STAKE, cell: 0 }, alice);
  await play(hex, 1n, [[bob, 1, 1]]);
  if (full) expect(await setPlayerCount(hex, 1n, 4095n)).to.equal(2n);
  await play(hex, 1n, [
    [alice, 2, 3],
    [bob, 3, 4],
    [alice, 4, 6],
    [carol, 5, 2],
    [dave, 6, 7],
  ]);
  await hex.connect(dave).claimWin(1, 5, [0, 3, 6]);
  await expect(hex.connect(carol).move(1, 5, 8, { value: STAKE }))
    .to.be.revertedWithCustomError(hex, "PositionProven")
    .withArgs(1, 5);
  await play(hex, 1n, [[carol, 7, 8]]);
}

describe("ForkingHex: evaluation, settlement and payouts", function () {
  /**
   * 3×3, stake 1000, fee 2.5%. Tree: 1 (alice, Red) → 2 (bob, Blue) → {3 (carol, Red) → 5 (dave, Blue); 4 (alice,
   * Red)}. Leaves 4 and 5 win; 3 loses (its reply 5 wins); 2 loses (its reply 4 wins); 1 wins.
   * 3 (k = 1: bob's 2) pays 975 to bob, 25 to the fund; 2 (k = 1: alice's 1) pays 975 to alice, 25 to the fund.
   */
  async function forkFixture() {
    const f = await deployHex();
    const { hex, alice, bob, carol, dave } = f;
    await createGame(hex, { size: 3, red: 5, blue: 10, stake: STAKE, cell: 0 }, alice);
    await play(hex, 1n, [
      [bob, 1, 1],
      [carol, 2, 2],
      [alice, 2, 3],
      [dave, 3, 4],
    ]);
    return f;
  }

  it("minimax: pays each losing move's stake to the opposite-colour moves on its path, fee to the fund", async function () {
    const { hex, alice, bob, carol, dave } = await loadFixture(forkFixture);
    const expected = new Map([
      [alice.address, 2975n],
      [bob.address, 975n],
      [carol.address, 0n],
      [dave.address, 1000n],
    ]);
    // The view gives the payouts before the game ends (if it ended now) and after.
    const before = await hex.payoutOf(1, alice.address);
    expect([
      before.moves,
      before.deposited,
      before.refunded,
      before.forfeited,
      before.rewards,
      before.total,
    ]).to.deep.equal([2n, 2000n, 2000n, 0n, 975n, 2975n]);
    await expect(hex.settle(1, 10))
      .to.be.revertedWithCustomError(hex, "GameNotEnded")
      .withArgs(1, (await hex.game(1)).endBlock);
    await endGame(hex, 1n);
    for (const [who, amount] of expected) expect((await hex.payoutOf(1, who)).total).to.equal(amount);
    const carolView = await hex.payoutOf(1, carol.address);
    expect([carolView.forfeited, carolView.total]).to.deep.equal([1000n, 0n]);

    const tx = hex.settle(1, 10);
    await expect(tx).to.emit(hex, "SettlementProgressed").withArgs(1, 3, 0, 50);
    await expect(tx).to.emit(hex, "PayoutCredited").withArgs(1, alice.address, 2975n);
    await expect(tx).to.emit(hex, "PayoutCredited").withArgs(1, bob.address, 975n);
    await expect(tx).to.emit(hex, "PayoutCredited").withArgs(1, dave.address, 1000n);
    await expect(tx).to.emit(hex, "FundCredited").withArgs(ETH, 50n);
    for (const [who, amount] of expected) expect(await hex.credits(ETH, who)).to.equal(amount);
    expect(await hex.fundCredits(ETH)).to.equal(50n);
    expect((await hex.game(1)).settlePhase).to.equal(3n);
    for (const [who, amount] of expected) expect((await hex.payoutOf(1, who)).total).to.equal(amount);

    await expect(hex.settle(1, 10)).to.be.revertedWithCustomError(hex, "AlreadySettled").withArgs(1);
    // Claim: one call each; a second claim has nothing to withdraw.
    await expect(hex.connect(alice).withdraw(ETH)).to.changeEtherBalances([alice, hex], [2975n, -2975n]);
    await expect(hex.connect(alice).withdraw(ETH))
      .to.be.revertedWithCustomError(hex, "NothingToWithdraw")
      .withArgs(ETH, alice.address);
    await expect(hex.connect(carol).withdraw(ETH))
      .to.be.revertedWithCustomError(hex, "NothingToWithdraw")
      .withArgs(ETH, carol.address);
  });

  it("splits among k moves with the remainder to the fund; a losing position 1 gives its whole stake to the fund", async function () {
    const { hex, alice, bob, carol, dave, fund } = await loadFixture(deployHex);
    // A single line: 1 alice R, 2 bob B, 3 alice R, 4 bob B, 5 carol R, 6 dave B. The leaf 6 wins, so 5, 3 and 1
    // lose: 5 (k = 2, bob twice) pays 487 + 487 to bob, 25 + 1 to the fund; 3 (k = 1) pays 975 to bob; 1 (k = 0)
    // gives all 1000 to the fund.
    await createGame(hex, { size: 3, red: 5, blue: 10, stake: STAKE, cell: 0 }, alice);
    await play(hex, 1n, [
      [bob, 1, 1],
      [alice, 2, 2],
      [bob, 3, 3],
      [carol, 4, 4],
      [dave, 5, 5],
    ]);
    await endGame(hex, 1n);
    await settleAll(hex, 1n, 1); // one position per call: every parent's accumulator crosses a batch
    expect(await hex.credits(ETH, alice.address)).to.equal(0n);
    expect(await hex.credits(ETH, bob.address)).to.equal(1000n + 1000n + 974n + 975n);
    expect(await hex.credits(ETH, carol.address)).to.equal(0n);
    expect(await hex.credits(ETH, dave.address)).to.equal(1000n);
    expect(await hex.fundCredits(ETH)).to.equal(26n + 25n + 1000n);
    const alicePayout = await hex.payoutOf(1, alice.address);
    expect([alicePayout.moves, alicePayout.forfeited, alicePayout.total]).to.deep.equal([2n, 2000n, 0n]);
    await expect(hex.connect(fund).withdrawFund(ETH)).to.changeEtherBalances([fund, hex], [1051n, -1051n]);
  });

  it("when nobody answers Blue's reply, Blue's stake comes back and Red's goes to the fund", async function () {
    const { hex, alice, bob } = await loadFixture(deployHex);
    await createGame(hex, { size: 5, red: 2, blue: 4, stake: STAKE }, alice);
    await play(hex, 1n, [[bob, 1, 7]]);
    await endGame(hex, 1n);
    await hex.settle(1, 1);
    await hex.settle(1, 1);
    expect(await hex.credits(ETH, alice.address)).to.equal(0n);
    expect(await hex.credits(ETH, bob.address)).to.equal(STAKE);
    expect(await hex.fundCredits(ETH)).to.equal(STAKE);
  });

  it("refunds void moves (below a proof, made before it or after it on descendants) in a first pass", async function () {
    const { hex, alice, bob, carol, dave } = await loadFixture(deployHex);
    // 3×3: Red (alice) 0, 3, 6 wins at position 5. Carol and Dave play on below it (6, 7), the proof comes, then
    // Carol moves on 7 (8). 5 wins, so 4 loses (k = 2: alice's 1 and 3 get 487 each, fund 26) and 2 loses (k = 1:
    // alice's 1 gets 975, fund 25). 6, 7, 8 are void and refunded.
    await playVoidTree(hex, [alice, bob, carol, dave], false);
    await endGame(hex, 1n);
    const calls: { phase: bigint; cursor: bigint }[] = [];
    for (let i = 0; i < 6; i++) {
      const receipt = await (await hex.settle(1, 2)).wait();
      const log = receipt!.logs.map((l) => hex.interface.parseLog(l)).find((e) => e?.name === "SettlementProgressed");
      calls.push({ phase: log!.args.phase, cursor: log!.args.cursor });
      if (log!.args.phase === 3n) break;
    }
    // Phase 1 marks 6..8 (2, then 1 + one evaluated position), phase 2 evaluates 8..1 in batches.
    expect(calls.map((c) => `${c.phase}:${c.cursor}`)).to.deep.equal(["1:8", "2:7", "2:5", "2:3", "2:1", "3:0"]);
    expect(await hex.credits(ETH, alice.address)).to.equal(3000n + 974n + 975n);
    expect(await hex.credits(ETH, bob.address)).to.equal(0n);
    expect(await hex.credits(ETH, carol.address)).to.equal(2000n);
    expect(await hex.credits(ETH, dave.address)).to.equal(1000n);
    expect(await hex.fundCredits(ETH)).to.equal(51n);
    const c = await hex.payoutOf(1, carol.address);
    expect([c.moves, c.refunded, c.forfeited, c.rewards]).to.deep.equal([2n, 2000n, 0n, 0n]);
  });

  it("gives the same credits whatever the batch sizes", async function () {
    const { hex, signers } = await loadFixture(deployHex);
    const players = signers.slice(2, 8);
    // The same random-ish tree twice (games 1 and 2), settled in one call and one position at a time.
    for (let g = 1n; g <= 2n; g++) {
      await createGame(hex, { size: 4, red: 30, blue: 60, stake: STAKE, cell: 5 }, players[0]);
      const moves: Move[] = [];
      const boards: Set<number>[] = [new Set(), new Set([5])];
      for (let id = 2; id <= 24; id++) {
        const parent = id === 2 ? 1 : 2 + ((id * 7) % (id - 2));
        const free = [...Array(16).keys()].filter((c) => !boards[parent].has(c));
        const cell = free[(id * 5) % free.length];
        boards[id] = new Set([...boards[parent], cell]);
        moves.push([players[id % players.length], parent, cell]);
      }
      await play(hex, g, moves);
    }
    await endGame(hex, 2n);
    await hex.settle(1, 100);
    const first = await Promise.all(players.map((p) => hex.credits(ETH, p.address)));
    const boards = await Promise.all([...Array(24).keys()].map((i) => hex.occupancy(2, i + 1)));
    expect(await settleAll(hex, 2n, 1)).to.equal(24);
    // Settlement recycled the board words of parents settled in a later batch; the view rebuilds their occupancy.
    expect(await Promise.all([...Array(24).keys()].map((i) => hex.occupancy(2, i + 1)))).to.deep.equal(boards);
    const second = await Promise.all(players.map((p) => hex.credits(ETH, p.address)));
    expect(second).to.deep.equal(first.map((x) => 2n * x));
    expect(await hex.fundCredits(ETH)).to.equal(2n * (24n * STAKE) - second.reduce((a, b) => a + b, 0n));
  });

  it("credits overflow movers (newcomers once 4,095 accounts moved) per position, as with the list not full", async function () {
    // A random-ish 4×4 tree of 30 positions among five players, played three times on fresh deployments: with the
    // list as it is, and with its length set to 4,095 after bob's reply (carol, dave and erin then move as overflow,
    // numbered 4,095, each move keeping its mover by position), settled in one call and one position a call.
    const moves: [number, number, number][] = []; // player, parent, cell
    const boards: Set<number>[] = [new Set(), new Set([5])];
    for (let id = 2; id <= 30; id++) {
      const parent = id === 2 ? 1 : 2 + ((id * 7) % (id - 2));
      const free = [...Array(16).keys()].filter((c) => !boards[parent].has(c));
      const cell = free[(id * 5) % free.length];
      boards[id] = new Set([...boards[parent], cell]);
      moves.push([id === 2 ? 1 : (id * 3) % 5, parent, cell]);
    }
    const run = async (full: boolean, batch: number) => {
      const { hex, alice, bob, carol, dave, erin } = await deployHex();
      const players = [alice, bob, carol, dave, erin];
      await createGame(hex, { size: 4, red: 40, blue: 80, stake: STAKE, cell: 5 }, alice);
      for (const [who, parent, cell] of moves) {
        await hex.connect(players[who]).move(1, parent, cell, { value: STAKE });
        if (full && parent === 1) expect(await setPlayerCount(hex, 1n, 4095n)).to.equal(2n);
      }
      if (full) expect(await setPlayerCount(hex, 1n, 4095n)).to.equal(4095n); // nobody joined the list since
      const views = await Promise.all(
        players.map(async (p) => {
          const v = await hex.payoutOf(1, p.address);
          return [v.moves, v.deposited, v.refunded, v.forfeited, v.rewards, v.total];
        }),
      );
      await endGame(hex, 1n);
      const calls = await settleAll(hex, 1n, batch);
      const credits = await Promise.all(players.map((p) => hex.credits(ETH, p.address)));
      const movers = await Promise.all([...Array(30).keys()].map(async (i) => (await hex.position(1, i + 1)).player));
      return { players, views, credits, fund: await hex.fundCredits(ETH), movers, calls };
    };
    const plain = await run(false, 100);
    const addresses = plain.players.map((p) => p.address);
    const tree: ModelPosition[] = [{ id: 0, parent: 0, player: "", proven: false }];
    tree.push({ id: 1, parent: 0, player: addresses[0], proven: false });
    moves.forEach(([who, parent], i) => tree.push({ id: i + 2, parent, player: addresses[who], proven: false }));
    const model = settleModel(tree, STAKE, FEE_BPS);
    expect(model.status.filter((x) => x === "losing").length).to.be.greaterThan(5);
    expect(plain.credits).to.deep.equal(addresses.map((a) => model.payouts.get(a) ?? 0n));
    expect(plain.fund).to.equal(model.fund);
    for (const [full, batch, calls] of [
      [true, 100, 1],
      [true, 1, 30],
    ] as const) {
      const r = await run(full, batch);
      expect(r.calls).to.equal(calls);
      expect(r.players.map((p) => p.address)).to.deep.equal(addresses); // the same accounts
      expect(r.credits).to.deep.equal(plain.credits);
      expect(r.fund).to.equal(plain.fund);
      expect(r.views).to.deep.equal(plain.views);
      expect(r.movers).to.deep.equal(tree.slice(1).map((p) => p.player));
    }
  });

  it("refunds void overflow moves and credits each overflow position's mover in its own event", async function () {
    const { hex, alice, bob, carol, dave } = await loadFixture(deployHex);
    // The tree of the void test above, with the list full after bob's reply: carol (6, 8) and dave (7) move as
    // overflow. The same credits: 6, 7, 8 are void and refunded (settlement's first pass), alice gets 3 stakes back
    // and 974 + 975.
    await playVoidTree(hex, [alice, bob, carol, dave], true);
    await endGame(hex, 1n);
    const c = await hex.payoutOf(1, carol.address);
    expect([c.moves, c.refunded, c.forfeited, c.rewards]).to.deep.equal([2n, 2000n, 0n, 0n]);
    const tx = await hex.settle(1, 11); // phase 1 (6..8) and phase 2 (8..1) in one call
    const credited = (await tx.wait())!.logs
      .map((l) => hex.interface.parseLog(l))
      .filter((e) => e?.name === "PayoutCredited")
      .map((e) => [e!.args.player, e!.args.amount]);
    // The list's players once each, by number, then the overflow positions by descending id: carol's 8, dave's 7,
    // carol's 6.
    expect(credited).to.deep.equal([
      [alice.address, 3000n + 974n + 975n],
      [carol.address, 1000n],
      [dave.address, 1000n],
      [carol.address, 1000n],
    ]);
    expect(await hex.credits(ETH, alice.address)).to.equal(3000n + 974n + 975n);
    expect(await hex.credits(ETH, bob.address)).to.equal(0n);
    expect(await hex.credits(ETH, carol.address)).to.equal(2000n);
    expect(await hex.credits(ETH, dave.address)).to.equal(1000n);
    expect(await hex.fundCredits(ETH)).to.equal(51n);
    expect((await hex.position(1, 7)).player).to.equal(dave.address);
    expect((await hex.payoutOf(1, carol.address)).total).to.equal(2000n);
  });

  for (const kind of ["ETH", "ERC-20"] as const) {
    it(`sweeps only what arrived outside the games (${kind}), never a stake in play or a credit`, async function () {
      const { hex, token, fund, alice, bob, carol, dave, stranger } = await loadFixture(deployHexWithStranger);
      const t = kind === "ETH" ? ETH : await token.getAddress();
      const address = await hex.getAddress();
      const held = async () => (t === ETH ? ethers.provider.getBalance(address) : token.balanceOf(address));
      const donate = async (n: bigint) =>
        t === ETH ? setBalance(address, (await held()) + n) : token.mint(address, n).then(() => undefined);
      await createGame(hex, { size: 3, red: 5, blue: 10, stake: 1000n, token: t, cell: 0 }, alice);
      await play(
        hex,
        1n,
        [
          [bob, 1, 1],
          [carol, 2, 2],
        ],
        t,
      );
      // A running game's stakes are owed, counted a block of 32 ahead (OWED_BLOCK): never less than what is held.
      expect(await hex.owed(t)).to.equal(32n * 1000n);
      await expect(hex.connect(stranger).sweep(t))
        .to.be.revertedWithCustomError(hex, "NothingToSweep")
        .withArgs(t, 3000n, 32n * 1000n);
      // A surplus below the margin counted ahead waits for the game to settle; nothing owed is ever swept.
      await donate(123n);
      await expect(hex.connect(stranger).sweep(t)).to.be.revertedWithCustomError(hex, "NothingToSweep");
      await play(
        hex,
        1n,
        [
          [alice, 2, 3],
          [dave, 3, 4],
        ],
        t,
      );
      await endGame(hex, 1n);
      await hex.settle(1, 5);
      // Settled: every stake is a credit, and owed is exact again (5 stakes), so the 123 can go to the fund.
      expect(await hex.owed(t)).to.equal(5000n);
      await donate(7n);
      await expect(hex.connect(stranger).sweep(t)).to.emit(hex, "Swept").withArgs(t, stranger.address, 130n);
      for (const p of [alice, bob, carol, dave])
        if ((await hex.credits(t, p.address)) > 0n) await hex.connect(p).withdraw(t);
      await hex.connect(fund).withdrawFund(t);
      // Every stake was paid out and the fund took exactly the fee, the remainder and the 130 swept.
      expect(await held()).to.equal(0n);
      expect(await hex.owed(t)).to.equal(0n);
    });
  }

  it("settles and pays an ERC-20 game", async function () {
    const { hex, token, alice, bob, carol, dave } = await loadFixture(deployHex);
    const t = await token.getAddress();
    await createGame(hex, { size: 3, red: 5, blue: 10, stake: STAKE, token: t, cell: 0 }, alice);
    await play(
      hex,
      1n,
      [
        [bob, 1, 1],
        [carol, 2, 2],
        [alice, 2, 3],
        [dave, 3, 4],
      ],
      t,
    );
    await endGame(hex, 1n);
    await hex.settle(1, 5);
    expect(await hex.credits(t, alice.address)).to.equal(2975n);
    expect(await hex.credits(ETH, alice.address)).to.equal(0n);
    await expect(hex.connect(alice).withdraw(t)).to.changeTokenBalances(token, [alice, hex], [2975n, -2975n]);
    expect(await hex.fundCredits(t)).to.equal(50n);
  });

  // [no-coverage]: 2,200 moves take over ten minutes on instrumented contracts.
  it("keeps accumulators that outgrow a recycled position word (sums ≥ 2^76) in their own slot [no-coverage]", async function () {
    const { hex, token } = await loadFixture(deployHex);
    const players = await deployPlayers(hex, token);
    const addresses = await players.playerAddresses();
    for (const a of addresses) await token.mint(a, 1n << 140n);
    const stake = (1n << 96n) - 1n;
    const t = await token.getAddress();
    const hexAddress = await hex.getAddress();
    const step = (player: number, data: string) => ({ player, target: hexAddress, value: 0n, data });
    const move = (player: number, parent: number, cell: number) =>
      step(player, hex.interface.encodeFunctionData("move", [1n, parent, cell]));
    // Position 2 (Blue) gets 1,100 equal Red forks, each answered once by Blue: every fork loses, and position 2's
    // sum of Red-made losses (1,100 shares of ~2^96) passes 2^76 (its first share does) while spilled across batches.
    const forks = 1100;
    const positions: ModelPosition[] = [];
    positions[1] = { id: 1, parent: 0, player: addresses[0], proven: false };
    positions[2] = { id: 2, parent: 1, player: addresses[1], proven: false };
    let steps = [
      step(0, hex.interface.encodeFunctionData("createGame", [19, 2000, 4000, stake, t, 0, 0, 1000])),
      move(1, 1, 1),
    ];
    for (let i = 0; i < forks; i++) {
      const fork = 3 + 2 * i;
      steps.push(move(i % 5, 2, 2), move((i + 2) % 5, fork, 3));
      positions[fork] = { id: fork, parent: 2, player: addresses[i % 5], proven: false };
      positions[fork + 1] = { id: fork + 1, parent: fork, player: addresses[(i + 2) % 5], proven: false };
      if (steps.length >= 100) {
        await players.run(steps, { gasLimit: 29_000_000 });
        steps = [];
      }
    }
    if (steps.length > 0) await players.run(steps, { gasLimit: 29_000_000 });
    await endGame(hex, 1n);
    const model = settleModel(positions, stake, 250);
    for (let i = 0; i < 5; i++) {
      expect((await hex.payoutOf(1, addresses[i])).total).to.equal(model.payouts.get(addresses[i]) ?? 0n);
    }
    // Batches of 100 over 2,202 positions: the last one is [1, 2], so all 1,100 forks reach position 2 through storage.
    await settleAll(hex, 1n, 100);
    for (let i = 0; i < 5; i++) {
      expect(await hex.credits(t, addresses[i])).to.equal(model.payouts.get(addresses[i]) ?? 0n);
    }
    expect(await hex.fundCredits(t)).to.equal(model.fund);
    // Position 2's word was recycled, then marked wide (bit 153); recycling kept its parent (1, bits 196..219) and
    // mover (index 1, bits 243..254) and zeroed its deadline field (bits 220..242, the deadline moved to 172..194).
    const { word: board } = await storedWords(hex, 1n, 2);
    expect(board >> 196n).to.equal(((1n << 196n) | (1n << 243n)) >> 196n);
    expect((board >> 153n) & 1n).to.equal(1n);
    // Its occupancy view is rebuilt from its kept cell and its grandparent's stones; the deadline was kept.
    expect((await hex.occupancy(1, 2))[0]).to.equal(3n);
    expect((await hex.position(1, 2)).deadline).to.be.greaterThan(0n);
  });

  it("moves a parent's stored sums from its recycled word to the spill map when a later batch passes 2^76", async function () {
    const { hex, token, alice, bob, carol, dave } = await loadFixture(deployHex);
    const t = await token.getAddress();
    // Stake 2^75 (an ERC-20: the fixture gives each player 10^24 ≈ 2^79.7). Position 2 (bob, Blue) is forked by Red
    // five times. Fork 11 wins (Blue's 12 loses to Red's 13): 2 stores Blue's 12 (a half share: k = 2) and a winning
    // child. Forks 9, 7, 5 and 3 lose to a Blue leaf each: a whole net share each in 2's Red sum, which fits in 76
    // bits after two (1.95 · 2^75) and not after three (2.925 · 2^75).
    const stake = 1n << 75n;
    const net = stake - (stake * 250n) / 10000n;
    const moves: Move[] = [
      [bob, 1, 1],
      [carol, 2, 2],
      [dave, 3, 3],
      [carol, 2, 2],
      [dave, 5, 3],
      [alice, 2, 2],
      [dave, 7, 3],
      [carol, 2, 2],
      [bob, 9, 3],
      [carol, 2, 2],
      [dave, 11, 3],
      [alice, 12, 4],
    ];
    const positions: ModelPosition[] = [];
    positions[1] = { id: 1, parent: 0, player: alice.address, proven: false };
    moves.forEach(([who, parent], i) => (positions[i + 2] = { id: i + 2, parent, player: who.address, proven: false }));
    for (let g = 1n; g <= 3n; g++) {
      await createGame(hex, { size: 5, red: 30, blue: 60, stake, token: t, cell: 0 }, alice);
      await play(hex, g, moves, t);
    }
    for (let g = 1n; g <= 3n; g++) await endGame(hex, g);
    const players = [alice, bob, carol, dave].map((p) => p.address);
    const model = settleModel(positions, stake, 250);

    // Game 1 in one batch: position 2 is never stored.
    await hex.settle(1, 13);
    const once = await Promise.all(players.map((p) => hex.credits(t, p)));
    // Game 2 in four: [11, 13] stores fork 11 into 2's word, [9, 10] fork 9, [3, 8] forks 7, 5 and 3 (the sum passes
    // 2^76 at fork 5), and [1, 2] evaluates 2 from the spill map.
    const stored: { word: bigint; spill: bigint }[] = [];
    for (const batch of [3, 2, 6]) {
      await hex.settle(2, batch);
      stored.push(await storedWords(hex, 2n, 2));
    }
    expect((await hex.game(2)).settlePhase).to.equal(2n);
    await hex.settle(2, 2);
    expect((await hex.game(2)).settlePhase).to.equal(3n);

    // Every payout is the one-batch game's and the model's, and the recycled word's view is unchanged.
    expect(once).to.deep.equal(players.map((p) => model.payouts.get(p) ?? 0n));
    expect(await Promise.all(players.map((p) => hex.credits(t, p)))).to.deep.equal(once.map((x) => 2n * x));
    expect(await hex.fundCredits(t)).to.equal(2n * model.fund);
    for (const p of players) expect((await hex.payoutOf(2, p)).total).to.equal(model.payouts.get(p) ?? 0n);
    expect((await hex.position(2, 2)).depth).to.equal(2n);

    // The word (HexWords: Red sum in bits 0..75, Blue's in 76..151, a winning child 152, wide 153; a deadline field
    // of 0 in 220..242 marks it recycled) was compact after the first two batches, with what each stored...
    const recycled = (w: bigint) => (w >> 220n) & ((1n << 23n) - 1n);
    const sums = (w: bigint) => w & ((1n << 154n) - 1n);
    const half = net / 2n;
    expect(stored.map((s) => recycled(s.word))).to.deep.equal([0n, 0n, 0n]);
    expect(sums(stored[0].word)).to.equal((half << 76n) | (1n << 152n));
    expect(sums(stored[1].word)).to.equal(net | (half << 76n) | (1n << 152n));
    expect([stored[0].spill, stored[1].spill]).to.deep.equal([0n, 0n]);
    // ...and wide after the third, its sums (the two compact stores' merged with the third batch's) in the spill map.
    expect(2n * net).to.be.lessThan(1n << 76n);
    expect(3n * net).to.be.greaterThanOrEqual(1n << 76n);
    expect(sums(stored[2].word)).to.equal(1n << 153n);
    expect(stored[2].spill).to.equal((4n * net) | (half << 120n) | (1n << 255n));

    // Game 3 in [3, 2, 4, 4]: position 2's word is wide after the third batch, and the last batch holds 2 with its
    // child 3 (the loop hands the wide word to the slow path, which merges the spill map, then adds the window's
    // children): every payout is still the one-batch game's.
    for (const batch of [3, 2, 4]) await hex.settle(3, batch);
    expect(sums((await storedWords(hex, 3n, 2)).word)).to.equal(1n << 153n);
    await hex.settle(3, 4);
    expect((await hex.game(3)).settlePhase).to.equal(3n);
    expect(await Promise.all(players.map((p) => hex.credits(t, p)))).to.deep.equal(once.map((x) => 3n * x));
    expect(await hex.fundCredits(t)).to.equal(3n * model.fund);
  });

  it("settles a batch of players with addresses ground to share their low bits as fast as ordinary ones", async function () {
    // Each of `forks` fresh accounts forks position 2 once; the whole game is settled in one batch. The payee map of
    // a batch must not let chosen addresses collide: its probe starts at a hash salted with the previous block's
    // hash, which nobody knows when choosing addresses.
    const forks = 150;
    const perPosition = async (lowBits?: number): Promise<number> => {
      const { hex, alice, bob } = await loadFixture(deployHex);
      await createGame(hex, { red: 1500, blue: 3000 }, alice);
      await hex.connect(bob).move(1, 1, 1, { value: 10n ** 16n });
      const accounts = await impersonatedAccounts(hre, forks, 7, lowBits);
      for (let i = 0; i < forks; i++) await hex.connect(accounts[i]).move(1, 2, 2 + i, { value: 10n ** 16n });
      await endGame(hex, 1n);
      const receipt = await (await hex.settle(1, forks + 2)).wait();
      expect((await hex.game(1)).settlePhase).to.equal(3n);
      for (const a of accounts) expect(await hex.credits(ETH, a.address)).to.equal(10n ** 16n);
      return Number(receipt!.gasUsed) / (forks + 2);
    };
    const ordinary = await perPosition();
    const ground = await perPosition(0xbeef);
    expect(ground).to.be.lessThan(1.03 * ordinary);
  });

  it("answers the position and occupancy views from recycled words as before settlement; payoutOf too", async function () {
    const { hex, alice, bob, carol, dave } = await loadFixture(deployHex);
    await createGame(hex, { size: 4, red: 30, blue: 60, stake: STAKE, cell: 5 }, alice);
    // 1 ← 2 ← {3 ← 5 ← 6, 4}: settling one position a batch stores what each child passes up in its parent's word
    // (recycled), so every view below reads recycled words: its own, its parent's or its grandparent's.
    await play(hex, 1n, [
      [bob, 1, 6],
      [carol, 2, 7],
      [dave, 2, 8],
      [alice, 3, 9],
      [bob, 5, 10],
    ]);
    const players = [alice, bob, carol, dave].map((p) => p.address);
    const ids = [1, 2, 3, 4, 5, 6];
    const views = async () => ({
      positions: await Promise.all(ids.map((id) => hex.position(1, id))),
      boards: await Promise.all(ids.map((id) => hex.occupancy(1, id))),
      payouts: await Promise.all(players.map((p) => hex.payoutOf(1, p))),
    });
    await endGame(hex, 1n);
    const before = await views();
    expect(before.positions.map((p) => p.cell)).to.deep.equal([5n, 6n, 7n, 8n, 9n, 10n]);
    for (let batch = 0; batch < 6; batch++) {
      await hex.settle(1, 1);
      expect(await views(), `after batch ${batch + 1}`).to.deep.equal(before);
    }
    expect((await hex.game(1)).settlePhase).to.equal(3n);
  });

  it("keeps each recycled word's stone key, from which the views find cells up to 195 and, on 19×19, above", async function () {
    const { hex, alice, bob, carol, dave } = await loadFixture(deployHex);
    // Game 1 (14×14): a line 1 ← 2 ← ... ← 8 on cells 195 down to 188 (the largest keys), and 9 (cell 0) on 2.
    // Game 2 (19×19): cells 196.. live in the `high` words, which keep no key: 1 on 360, 2 on 0, 3 on 200, 4 on 5,
    // 5 on 359, 6 on 1, and 7 (cell 201) on 4.
    const games: { size: number; cells: number[]; parents: number[] }[] = [
      { size: 14, cells: [195, 194, 193, 192, 191, 190, 189, 188, 0], parents: [0, 1, 2, 3, 4, 5, 6, 7, 2] },
      { size: 19, cells: [360, 0, 200, 5, 359, 1, 201], parents: [0, 1, 2, 3, 4, 5, 4] },
    ];
    const signers = [alice, bob, carol, dave];
    for (const [i, { size, cells, parents }] of games.entries()) {
      await createGame(hex, { size, red: 30, blue: 60, stake: STAKE, cell: cells[0] }, alice);
      await play(
        hex,
        BigInt(i + 1),
        cells.slice(1).map((cell, j) => [signers[(j + 1) % 4], parents[j + 1], cell] as Move),
      );
    }
    // The key of a word's stones (bits 0..195): Σ (cell + 1) mod 512.
    const key = (word: bigint) => {
      let k = 0n;
      for (let c = 0n; c < 196n; c++) if ((word >> c) & 1n) k += c + 1n;
      return k % 512n;
    };
    for (const [i, { cells, parents }] of games.entries()) {
      const gameId = BigInt(i + 1);
      const ids = cells.map((_, j) => j + 1);
      const views = async () => ({
        positions: await Promise.all(ids.map((id) => hex.position(gameId, id))),
        boards: await Promise.all(ids.map((id) => hex.occupancy(gameId, id))),
      });
      await endGame(hex, gameId);
      const before = await views();
      expect(before.positions.map((p) => Number(p.cell))).to.deep.equal(cells);
      const live = await Promise.all(ids.map((id) => storedWords(hex, gameId, id)));
      // One position a batch: every parent is stored into from a later batch, its word recycled.
      for (let batch = 0; batch < ids.length; batch++) {
        await hex.settle(gameId, 1);
        expect(await views(), `game ${gameId}, after batch ${batch + 1}`).to.deep.equal(before);
      }
      for (const id of ids.filter((id) => parents.includes(id))) {
        const { word } = await storedWords(hex, gameId, id);
        expect((word >> 220n) & ((1n << 23n) - 1n), `position ${id} recycled`).to.equal(0n);
        expect((word >> 163n) & 511n, `position ${id}'s key`).to.equal(key(live[id - 1].word));
      }
    }
  });

  it("rejects settling unknown games, games not ended, and empty batches", async function () {
    const { hex, alice } = await loadFixture(deployHex);
    await expect(hex.settle(1, 1)).to.be.revertedWithCustomError(hex, "UnknownGame").withArgs(1);
    await createGame(hex, {}, alice);
    // Before Blue's reply, without a last block, no end is scheduled (endBlock 0).
    await expect(hex.settle(1, 1)).to.be.revertedWithCustomError(hex, "GameNotEnded").withArgs(1, 0);
    await hex.connect(alice).move(1, 1, 1, { value: 10n ** 16n });
    await endGame(hex, 1n);
    await expect(hex.settle(1, 0)).to.be.revertedWithCustomError(hex, "ZeroBatch");
  });
});
