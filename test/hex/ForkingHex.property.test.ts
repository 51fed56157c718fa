import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, mine, setBalance } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import { colourOfDepth, neighbours, outcomes, RED, type HexGameData } from "../../client/hex";
import { deployHex, deployPlayers, ETH } from "./fixtures";
import { settleModel, type ModelPosition } from "./model";
import { expectedOutcome } from "./paths";
import { HexSim, Rng } from "./sim";
import { runs } from "../helpers/coverage";

// HEX_TREES (default 60; 500 under TEST_FULL=1, `npm run test:full`) random games of up to HEX_MAX_POSITIONS (default 20) positions on boards 2..5 (HEX_MAX_SIZE
// raises it), built on the real contract through the batching player harness, settled in random batch sizes, and
// checked against the independent reference model in ./model.ts. One tree in eight grows past 32 positions (the
// ledger counts stakes 32 at a time, ahead of the moves: OWED_BLOCK), some run beside a second game of the same token
// that is never settled (a bystander, whose stakes must never be swept), and ETH or tokens are sent straight to the
// contract and swept at random moments (while moves are made, between settlement batches, after it): after every
// step the ledger's `owed` must be exactly what it holds for players and the fund plus what the running games
// counted ahead, and a sweep must take exactly the surplus above it.
// Under `npm run coverage` (instrumented, unoptimised contracts) the default is 50 trees.
const TREES = Number(process.env.HEX_TREES ?? runs(60, 500, 50));
const MAX_POSITIONS = Number(process.env.HEX_MAX_POSITIONS ?? 20);
const MAX_SIZE = Number(process.env.HEX_MAX_SIZE ?? 5);
/** Stakes the ledger counts at a time, ahead of the moves (ForkingHex.OWED_BLOCK). */
const OWED_BLOCK = 32n;

interface Step {
  player: number;
  target: string;
  value: bigint;
  data: string;
}

interface Stats {
  trees: number;
  erc20: number;
  cancelled: number;
  withLastBlock: number;
  positions: number;
  proofs: number;
  proofsWithChildren: number;
  moveAndClaims: number;
  voids: number;
  losing: number;
  firstLosing: number;
  settleCalls: number;
  /** Trees that grew past one block of counted stakes (more than OWED_BLOCK positions). */
  pastOneBlock: number;
  /** Trees with a bystander game of the same token. */
  bystanders: number;
  /** Direct transfers to the contract, sweeps that took something, and sweeps refused (nothing above `owed`). */
  donations: number;
  sweeps: number;
  refusedSweeps: number;
  /** Invalid actions sent on their own (each must revert with the expected error and change nothing), by kind. */
  invalid: Record<InvalidKind, number>;
  /** The errors those invalid actions reverted with, by name. */
  invalidErrors: Record<string, number>;
}

/**
 * Invalid proofs: a straight edge-to-edge line through cells that are not all the prover's (opponent stones where
 * possible), a winning path of another position of the same colour (a sibling fork where possible) whose stones
 * the target lacks, and a winning path with a cell cut out (a gap). Plus a move the last-block rule refuses.
 */
type InvalidKind = "wrongColour" | "otherFork" | "gap" | "lateMove";

/** An invalid action and the error it must revert with, as `Name(arg,...)`. */
interface Invalid {
  kind: InvalidKind;
  id: number;
  path: number[];
  cell: number;
  expected: string;
}

/**
 * Picks an invalid proof on a random unproven position whose prover has enough stones for the path (so the error
 * is about the path itself, not its length); null if this tree offers none of the drawn kind.
 */
function invalidProof(sim: HexSim, rng: Rng): Invalid | null {
  const n = sim.cfg.n;
  const stones = (id: number) => (sim.positions[id].depth + 1) >> 1;
  const unproven: number[] = [];
  const winners: number[] = [];
  for (let id = 2; id <= sim.count; id++) {
    if (!sim.positions[id].proven) unproven.push(id);
    if (sim.winningPath(id)) winners.push(id);
  }
  const kind = rng.pick(["wrongColour", "otherFork", "gap"] as const);
  let id: number;
  let path: number[];
  if (kind === "wrongColour") {
    const targets = unproven.filter((a) => stones(a) >= n);
    if (targets.length === 0) return null;
    id = rng.pick(targets);
    const p = sim.positions[id];
    const colour = colourOfDepth(p.depth);
    // Red's columns and Blue's rows are edge-to-edge chains of neighbours.
    const lines = Array.from({ length: n }, (_, k) =>
      Array.from({ length: n }, (_, i) => (colour === RED ? i * n + k : k * n + i)),
    );
    const crossing = lines.filter((line) => line.some((c) => p.board[c] !== 0 && p.board[c] !== colour));
    path = rng.pick(crossing.length > 0 ? crossing : lines);
  } else {
    if (winners.length === 0) return null;
    const from = rng.pick(winners);
    const wp = sim.winningPath(from)!;
    const parity = sim.positions[from].depth % 2;
    const same = unproven.filter((a) => sim.positions[a].depth % 2 === parity && stones(a) >= wp.length);
    if (kind === "otherFork") {
      // The stones of `from`'s path, claimed for another position of the same colour (a sibling fork if any).
      const others = same.filter((a) => a !== from);
      const siblings = others.filter((a) => sim.positions[a].parent === sim.positions[from].parent);
      if (others.length === 0) return null;
      id = rng.pick(siblings.length > 0 ? siblings : others);
      path = wp;
    } else {
      // A gap: one cell of the path (an inner one if any) replaced by one not next to the cell before it, a
      // stone of the prover's where possible, so the path jumps.
      if (same.length === 0) return null;
      id = same.includes(from) ? from : rng.pick(same);
      const at = wp.length > 2 ? rng.range(1, wp.length - 2) : wp.length - 1;
      const board = sim.positions[id].board;
      const colour = colourOfDepth(sim.positions[id].depth);
      const far = [...Array(n * n).keys()].filter(
        (c) => !wp.includes(c) && c !== wp[at - 1] && !neighbours(wp[at - 1], n).includes(c),
      );
      if (far.length === 0) return null;
      const own = far.filter((c) => board[c] === colour);
      path = wp.map((c, k) => (k === at ? rng.pick(own.length > 0 ? own : far) : c));
    }
  }
  const p = sim.positions[id];
  const expected = expectedOutcome(p.board, n, colourOfDepth(p.depth), stones(id), path);
  return expected === "ok" ? null : { kind, id, path, cell: 0, expected };
}

/** A move on a position still open by its deadline that the last-block rule refuses in `block` (or null). */
function lateMove(sim: HexSim, rng: Rng, block: number, gameId: bigint): Invalid | null {
  const last = sim.cfg.lastBlock;
  if (last === 0) return null;
  const candidates: number[] = [];
  for (let id = 1; id <= sim.count; id++) {
    const p = sim.positions[id];
    const byDeadline = id === 1 ? sim.count === 1 : !p.proven && block <= p.deadline;
    if (byDeadline && !sim.open(id, block) && sim.emptyCells(id).length > 0) candidates.push(id);
  }
  if (candidates.length === 0) return null;
  const id = rng.pick(candidates);
  const deadline = block + sim.window(sim.positions[id].depth + 1);
  const expected = `ReplyWindowPastLastBlock(${gameId},${deadline},${last})`;
  return { kind: "lateMove", id, path: [], cell: rng.pick(sim.emptyCells(id)), expected };
}

describe("ForkingHex property: random game trees settle exactly as the reference model says", function () {
  async function fixture() {
    const base = await deployHex();
    const players = await deployPlayers(base.hex, base.token);
    const addresses = await players.playerAddresses();
    // Player 0 owns the fee config, so a game's first transaction can also set a random fee.
    const feeConfigAddress = await base.feeConfig.getAddress();
    await base.feeConfig.transferOwnership(addresses[0]);
    await players.run([
      {
        player: 0,
        target: feeConfigAddress,
        value: 0n,
        data: base.feeConfig.interface.encodeFunctionData("acceptOwnership"),
      },
    ]);
    const start = await ethers.provider.getBlockNumber();
    return { ...base, players, addresses, feeConfigAddress, start };
  }
  type Fixture = Awaited<ReturnType<typeof fixture>>;

  async function playRandomGame(f: Fixture, seed: number, stats: Stats): Promise<void> {
    const rng = new Rng(seed);
    const { hex, players, addresses } = f;
    const hexAddress = await hex.getAddress();
    // One tree in eight is big: it grows past the first block of counted stakes (on a board of 4×4 or more, with
    // more moves per round and no idle blocks while it grows).
    const big = rng.chance(0.125);
    const n = big ? rng.range(Math.min(4, MAX_SIZE), MAX_SIZE) : rng.range(2, MAX_SIZE);
    const red = rng.range(1, 3);
    const blue = rng.range(red + 1, red + 4);
    const useToken = rng.chance(0.4);
    const token = useToken ? await f.token.getAddress() : ETH;
    const stake = rng.pick([
      1n,
      3n,
      7n,
      999n,
      10n ** 15n + BigInt(rng.range(0, 1e9)),
      BigInt(rng.range(1, 1e9)) * 10n ** 9n,
    ]);
    const feeBps = rng.pick([0, 1000, rng.range(0, 1000), rng.range(0, 1000)]);
    let block = f.start + 1; // the block the next transaction is mined in
    // A last block must leave Blue's reply to position 1 its window: at least the creation block + red.
    const lastBlock = rng.chance(0.25) ? block + rng.range(red, red + 14) : 0;
    const creator = rng.range(0, addresses.length - 1);
    const firstCell = rng.range(0, n * n - 1);
    const value = useToken ? 0n : stake;
    const gameId = 1n;
    stats.trees++;
    if (useToken) stats.erc20++;
    if (lastBlock) stats.withLastBlock++;

    const sim = new HexSim({ n, red, blue, lastBlock }, creator, firstCell);
    const send = async (steps: Step[]) => {
      await players.run(steps, { gasLimit: 29_000_000 });
      block++;
    };
    const moveStep = (player: number, parent: number, cell: number): Step => ({
      player,
      target: hexAddress,
      value,
      data: hex.interface.encodeFunctionData("move", [gameId, parent, cell]),
    });

    // The ledger's books. `surplus`: what was sent straight to the contract and not swept yet. A running game (not
    // cancelled, settlement not finished) has counted its stakes up to the end of its last block of OWED_BLOCK.
    const countedAhead = (count: bigint) => (OWED_BLOCK - (count % OWED_BLOCK)) % OWED_BLOCK;
    const ledger = { surplus: 0n, swept: 0n };
    let bystander: { creator: number; count: bigint; stake: bigint; cancelled: boolean } | undefined;
    const bystanderHeld = () => (bystander && !bystander.cancelled ? bystander.count * bystander.stake : 0n);
    const held = async () => (useToken ? f.token.balanceOf(hexAddress) : ethers.provider.getBalance(hexAddress));
    const margin = async () => {
      const g = await hex.game(gameId);
      let m = g.cancelled || g.settlePhase === 3n ? 0n : countedAhead(g.positionCount) * stake;
      if (bystander && !bystander.cancelled) m += countedAhead(bystander.count) * bystander.stake;
      return m;
    };
    // What the ledger owes is what it holds for players and the fund (all it holds but the surplus), plus the margin.
    const checkOwed = async (where: string) => {
      expect(await hex.owed(token), `owed ${where}`).to.equal((await held()) - ledger.surplus + (await margin()));
    };
    const donate = async (amount: bigint) => {
      if (useToken) {
        await f.token.mint(hexAddress, amount);
        block++;
      } else {
        await setBalance(hexAddress, (await held()) + amount);
      }
      ledger.surplus += amount;
      stats.donations++;
    };
    // A sweep takes exactly what is held above `owed` (the surplus less the margin), or is refused.
    const sweep = async () => {
      const [h, o] = [await held(), await hex.owed(token)];
      if (h <= o) {
        await expect(hex.connect(f.alice).sweep.staticCall(token))
          .to.be.revertedWithCustomError(hex, "NothingToSweep")
          .withArgs(token, h, o);
        stats.refusedSweeps++;
        return;
      }
      const fundBefore = await hex.fundCredits(token);
      await expect(hex.connect(f.alice).sweep(token))
        .to.emit(hex, "Swept")
        .withArgs(token, f.alice.address, h - o);
      block++;
      expect(await hex.fundCredits(token)).to.equal(fundBefore + h - o);
      ledger.surplus -= h - o;
      ledger.swept += h - o;
      stats.sweeps++;
    };
    // Sometimes a direct transfer, sometimes a sweep; the books are checked every time.
    const disturb = async (where: string) => {
      if (rng.chance(0.2)) await donate(rng.pick([1n, stake, BigInt(rng.range(1, 40)) * stake + 1n]));
      if (rng.chance(0.2)) await sweep();
      await checkOwed(where);
    };
    // The end of every tree: the bystander's creator may cancel it (position 1 only), a last sweep, then every credit
    // is withdrawn. Left: the bystander's stakes (if it still runs) and what the last sweep could not take.
    const payOut = async () => {
      if (bystander && bystander.count === 1n && rng.chance(0.5)) {
        await send([
          {
            player: bystander.creator,
            target: hexAddress,
            value: 0n,
            data: hex.interface.encodeFunctionData("cancelGame", [2n]),
          },
        ]);
        bystander.cancelled = true;
        await checkOwed("after the bystander's cancellation");
      }
      await sweep();
      const steps: Step[] = [];
      for (let i = 0; i < addresses.length; i++) {
        if ((await hex.credits(token, addresses[i])) === 0n) continue;
        steps.push({
          player: i,
          target: hexAddress,
          value: 0n,
          data: hex.interface.encodeFunctionData("withdraw", [token]),
        });
      }
      if (steps.length > 0) await send(steps);
      if ((await hex.fundCredits(token)) > 0n) {
        await hex.connect(f.fund).withdrawFund(token);
        block++;
      }
      await checkOwed("after every withdrawal");
      expect(await held()).to.equal(bystanderHeld() + ledger.surplus);
      // Only the bystander's margin can keep a surplus from the fund.
      expect(ledger.surplus).to.be.lte(
        bystander && !bystander.cancelled ? countedAhead(bystander.count) * bystander.stake : 0n,
      );
    };

    let steps: Step[] = [
      {
        player: 0,
        target: f.feeConfigAddress,
        value: 0n,
        data: f.feeConfig.interface.encodeFunctionData("setFeeBps", [feeBps]),
      },
      {
        player: creator,
        target: hexAddress,
        value,
        data: hex.interface.encodeFunctionData("createGame", [n, red, blue, stake, token, lastBlock, firstCell, 1000]),
      },
    ];
    if (rng.chance(0.4)) {
      // A bystander: game 2, same token, 3×3, 1 to 3 positions made now, never settled (it ends unanswered or waits
      // for its first reply forever); nothing the tree or a sweep does may touch its stakes.
      const b = { creator: rng.range(0, addresses.length - 1), count: BigInt(rng.range(1, 3)), cancelled: false };
      const bStake = rng.pick([1n, 5n, stake, BigInt(rng.range(1, 1e6))]);
      bystander = { ...b, stake: bStake };
      const bValue = useToken ? 0n : bStake;
      steps.push({
        player: b.creator,
        target: hexAddress,
        value: bValue,
        data: hex.interface.encodeFunctionData("createGame", [3, 1, 2, bStake, token, 0, 0, 1000]),
      });
      for (let id = 1n; id < b.count; id++) {
        steps.push({
          player: rng.range(0, addresses.length - 1),
          target: hexAddress,
          value: bValue,
          data: hex.interface.encodeFunctionData("move", [2n, id, id]),
        });
      }
      stats.bystanders++;
    }

    if (rng.chance(0.04)) {
      // The creator cancels before any reply: the stake comes back, nothing else happens.
      await send(steps);
      await send([
        {
          player: creator,
          target: hexAddress,
          value: 0n,
          data: hex.interface.encodeFunctionData("cancelGame", [gameId]),
        },
      ]);
      const out = await players.readout(hexAddress, gameId, token);
      expect(out.credits[creator]).to.be.gte(stake); // the bystander's creator may be the same player
      expect(out.fundCredits).to.equal(0n);
      expect(out.balance).to.equal(stake + bystanderHeld());
      expect(out.payouts[creator].total).to.equal(stake);
      await checkOwed("after the cancellation");
      await disturb("after the cancellation");
      await payOut();
      stats.cancelled++;
      return;
    }

    const target = big ? rng.range(Number(OWED_BLOCK) + 1, 2 * Number(OWED_BLOCK) + 8) : rng.range(2, MAX_POSITIONS);
    // Blue's reply to position 1 comes in the creation block (a reply in the same block is allowed).
    const replier = rng.range(0, addresses.length - 1);
    const replyCell = rng.pick(sim.emptyCells(1));
    sim.move(1, replyCell, replier, block);
    steps.push(moveStep(replier, 1, replyCell));

    // Sends an invalid action from an EOA: it must revert with the expected error and leave the game as it was. A
    // reverted transaction still mines a block.
    let invalidLeft = 2;
    const sendInvalid = async (bad: Invalid) => {
      const [name, argText] = bad.expected.replace(")", "").split("(");
      const args = argText.split(",").map((a) => BigInt(a));
      const state = async () => {
        const g = await hex.game(gameId);
        const p = await hex.position(gameId, bad.id);
        return [
          g.positionCount,
          g.maxDeadline,
          g.lowestProven,
          p.proven,
          p.deadline,
          await hex.occupancy(gameId, bad.id),
        ];
      };
      const before = await state();
      const tx =
        bad.kind === "lateMove"
          ? hex.connect(f.alice).move(gameId, bad.id, bad.cell, { value })
          : hex.connect(f.alice).claimWin(gameId, bad.id, bad.path);
      await expect(tx, `${bad.kind} on ${bad.id}: ${bad.path.join(",")}`)
        .to.be.revertedWithCustomError(hex, name)
        .withArgs(...args);
      block++;
      expect(await state()).to.deep.equal(before);
      stats.invalid[bad.kind]++;
      stats.invalidErrors[name] = (stats.invalidErrors[name] ?? 0) + 1;
    };

    for (let round = 0; ; round++) {
      if (round > 0) steps = [];
      if (sim.ended(block)) break;
      const actions = big ? rng.range(3, 8) : rng.range(1, 6);
      for (let a = 0; a < actions; a++) {
        const provable = [];
        for (let id = 2; id <= sim.count; id++) if (!sim.positions[id].proven && sim.winningPath(id)) provable.push(id);
        if (provable.length > 0 && rng.chance(0.3)) {
          const id = rng.pick(provable);
          if (sim.positions.some((p) => p && p.parent === id)) stats.proofsWithChildren++;
          steps.push({
            player: rng.range(0, addresses.length - 1),
            target: hexAddress,
            value: 0n,
            data: hex.interface.encodeFunctionData("claimWin", [gameId, id, sim.winningPath(id)!]),
          });
          sim.positions[id].proven = true;
          stats.proofs++;
          continue;
        }
        if (sim.count >= target) continue;
        const open = sim.openPositions(block).filter((id) => sim.emptyCells(id).length > 0);
        if (open.length === 0) continue;
        // Favour the deepest open position so lines get long enough to win on bigger boards.
        const parent = rng.chance(0.5)
          ? open.reduce((x, y) => (sim.positions[y].depth > sim.positions[x].depth ? y : x))
          : rng.pick(open);
        const wins = sim.winningCells(parent);
        const cell = wins.length > 0 && rng.chance(0.6) ? rng.pick(wins) : rng.pick(sim.emptyCells(parent));
        const player = rng.range(0, addresses.length - 1);
        const id = sim.move(parent, cell, player, block);
        const path = sim.winningPath(id);
        if (path && rng.chance(0.4)) {
          steps.push({
            player,
            target: hexAddress,
            value,
            data: hex.interface.encodeFunctionData("moveAndClaim", [gameId, parent, cell, path]),
          });
          sim.positions[id].proven = true;
          stats.proofs++;
          stats.moveAndClaims++;
        } else {
          steps.push(moveStep(player, parent, cell));
        }
      }
      if (steps.length > 0) await send(steps);
      await disturb(`in round ${round}`);
      if (invalidLeft > 0 && !sim.ended(block) && rng.chance(0.35)) {
        const bad = (rng.chance(0.3) ? lateMove(sim, rng, block, gameId) : null) ?? invalidProof(sim, rng);
        if (bad) {
          invalidLeft--;
          await sendInvalid(bad);
        }
      }
      // Let time pass: sometimes nothing, sometimes enough for positions (or the whole game) to expire.
      const growing = big && sim.count < target;
      const skip =
        steps.length === 0 ? rng.range(1, blue + 1) : growing ? 0 : rng.pick([0, 0, 0, 1, rng.range(0, blue + 2)]);
      if (skip > 0) {
        await mine(skip);
        block += skip;
      }
    }

    // The game has ended. Check the payout view, then settle in random batches and check the credits.
    const modelPositions: ModelPosition[] = [];
    for (let id = 1; id <= sim.count; id++) {
      const p = sim.positions[id];
      modelPositions[id] = { id, parent: p.parent, player: addresses[p.player], proven: p.proven };
    }
    const model = settleModel(modelPositions, stake, feeBps);
    stats.positions += sim.count;
    stats.voids += model.status.filter((s) => s === "void").length;
    stats.losing += model.status.filter((s) => s === "losing").length;
    if (model.status[1] === "losing") stats.firstLosing++;

    // The display evaluation of client/hex agrees with the model too.
    const display: Pick<HexGameData, "positions"> = { positions: [] };
    for (let id = 1; id <= sim.count; id++) {
      const p = sim.positions[id];
      display.positions[id] = { ...p, player: addresses[p.player], block: 0, children: [] };
      if (p.parent) display.positions[p.parent].children.push(id);
    }
    expect(outcomes(display).slice(1)).to.deep.equal(model.status.slice(1));

    const check = (out: Awaited<ReturnType<typeof players.readout>>) => {
      for (let i = 0; i < addresses.length; i++) {
        const a = addresses[i];
        const p = out.payouts[i];
        expect(p.total, `payout of player ${i}`).to.equal(model.payouts.get(a) ?? 0n);
        expect(p.refunded).to.equal(model.refunded.get(a) ?? 0n);
        expect(p.forfeited).to.equal(model.forfeited.get(a) ?? 0n);
        expect(p.rewards).to.equal(model.rewards.get(a) ?? 0n);
        expect(p.moves).to.equal(BigInt(model.moves.get(a) ?? 0));
        expect(p.deposited).to.equal(BigInt(model.moves.get(a) ?? 0) * stake);
      }
    };
    check(await players.readout(hexAddress, gameId, token));

    let lowest = 0;
    for (let id = 1; id <= sim.count; id++) if (sim.positions[id].proven) lowest = lowest || id;
    const work = sim.count + (lowest !== 0 && lowest < sim.count ? sim.count - lowest : 0);
    const settleSteps: Step[] = [];
    for (let done = 0; done < work;) {
      const batch = rng.range(1, Math.max(1, Math.ceil(work / 2)));
      settleSteps.push({
        player: rng.range(0, addresses.length - 1),
        target: hexAddress,
        value: 0n,
        data: hex.interface.encodeFunctionData("settle", [gameId, batch]),
      });
      done += batch;
    }
    stats.settleCalls += settleSteps.length;
    // One batch per transaction, with transfers and sweeps between them.
    for (const step of settleSteps) {
      await send([step]);
      await disturb("between settlement batches");
    }
    expect((await hex.game(gameId)).settlePhase).to.equal(3n);
    if (sim.count > Number(OWED_BLOCK)) stats.pastOneBlock++;

    const out = await players.readout(hexAddress, gameId, token);
    check(out);
    let credited = 0n;
    for (let i = 0; i < addresses.length; i++) {
      // The bystander (never settled) credits nobody unless cancelled, which happens only in payOut below.
      expect(out.credits[i], `credits of player ${i}`).to.equal(model.payouts.get(addresses[i]) ?? 0n);
      credited += out.credits[i];
    }
    // The fund has the tree's fees and remainders, and exactly what the sweeps took.
    expect(out.fundCredits).to.equal(model.fund + ledger.swept);
    // Deposits = payouts + fund, to the wei; and the contract holds exactly that, the bystander's stakes and the
    // surplus not swept.
    expect(credited + out.fundCredits - ledger.swept).to.equal(BigInt(sim.count) * stake);
    expect(out.balance).to.equal(BigInt(sim.count) * stake + bystanderHeld() + ledger.swept + ledger.surplus);
    // Settled, the tree counts nothing ahead any more.
    await checkOwed("after settlement");
    // Settlement recycles board words of parents settled across batches: the occupancy view still gives every
    // board (checked on one tree in four, to keep the run short).
    if (rng.chance(0.25)) {
      for (let id = 1; id <= sim.count; id++) {
        let low = 0n;
        let high = 0n; // cells 214.. (boards above 14×14, with HEX_MAX_SIZE)
        sim.positions[id].board.forEach((colour, c) => {
          if (colour !== 0 && c < 214) low |= 1n << BigInt(c);
          else if (colour !== 0) high |= 1n << BigInt(c - 214);
        });
        expect(await hex.occupancy(gameId, id), `occupancy of ${id}`).to.deep.equal([low, high]);
      }
    }
    await payOut();
  }

  it("the test players obey only their driver", async function () {
    const { players } = await loadFixture(fixture);
    const player = await ethers.getContractAt("HexPlayerHarness", (await players.playerAddresses())[0]);
    await expect(player.exec(ETH, 0, "0x")).to.be.revertedWithCustomError(player, "NotDriver");
  });

  it(`builds ${TREES} random trees (sizes 2..${MAX_SIZE}, ≤ ${MAX_POSITIONS} positions, one in eight past ${OWED_BLOCK}), with transfers and sweeps, and settles each to the model`, async function () {
    const stats: Stats = {
      trees: 0,
      erc20: 0,
      cancelled: 0,
      withLastBlock: 0,
      positions: 0,
      proofs: 0,
      proofsWithChildren: 0,
      moveAndClaims: 0,
      voids: 0,
      losing: 0,
      firstLosing: 0,
      settleCalls: 0,
      pastOneBlock: 0,
      bystanders: 0,
      donations: 0,
      sweeps: 0,
      refusedSweeps: 0,
      invalid: { wrongColour: 0, otherFork: 0, gap: 0, lateMove: 0 },
      invalidErrors: {},
    };
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const f = await loadFixture(fixture);
        await playRandomGame(f, seed, stats);
      }),
      {
        numRuns: TREES,
        ...(process.env.HEX_SEED ? { seed: Number(process.env.HEX_SEED) } : {}),
        endOnFailure: true,
      },
    );
    if (process.env.HEX_VERBOSE) console.dir(stats, { depth: 3 });
    // The random games really exercise what they should.
    expect(stats.erc20).to.be.greaterThan(0);
    expect(stats.erc20).to.be.lessThan(stats.trees);
    if (TREES >= 100) {
      expect(stats.cancelled).to.be.greaterThan(0);
      expect(stats.proofsWithChildren).to.be.greaterThan(0);
      expect(stats.moveAndClaims).to.be.greaterThan(0);
      expect(stats.voids).to.be.greaterThan(0);
      expect(stats.firstLosing).to.be.greaterThan(0);
      expect(stats.withLastBlock).to.be.greaterThan(0);
      for (const key of ["pastOneBlock", "bystanders", "donations", "sweeps", "refusedSweeps"] as const) {
        expect(stats[key], key).to.be.greaterThan(0);
      }
      for (const kind of Object.keys(stats.invalid) as InvalidKind[])
        expect(stats.invalid[kind], kind).to.be.greaterThan(0);
      for (const name of ["PathCellWrongColour", "CellsNotAdjacent", "ReplyWindowPastLastBlock"]) {
        expect(stats.invalidErrors[name] ?? 0, name).to.be.greaterThan(0);
      }
    }
    expect(stats.losing).to.be.greaterThan(0);
  });
});
