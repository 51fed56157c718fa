import { expect } from "chai";
import hre from "hardhat";
import fc from "fast-check";
import { DEFAULT_MIX, STRATEGIES, type Strategy } from "../../scripts/snatch/bots";
import { simulateTournament } from "../../scripts/snatch/simulation";
import { Stage } from "../../client/snatch/tournament";
import { checkTournament } from "./tournament-helpers";
import { runs } from "../helpers/coverage";

/** Runs `body` on a chain snapshot, so that simulations do not pile up state for later tests. */
async function isolated<T>(body: () => Promise<T>): Promise<T> {
  const snapshot = await hre.network.provider.send("evm_snapshot", []);
  try {
    return await body();
  } finally {
    await hre.network.provider.send("evm_revert", [snapshot]);
  }
}

describe("SnatchTournament: whole tournaments", function () {
  it("plays G1..G5 with 21 bot players: an odd one out, absent players' rooms closed at the phase deadline", async function () {
    await isolated(async () => {
      // 2 of 21 players never act: their rooms time out, and the tournament's batch close ends each phase.
      const mix = { ...DEFAULT_MIX, absent: 10 };
      const run = await simulateTournament(hre, { players: 21, seed: 2024n, mix, keeper: "deadline" });
      const { report, rooms, tournament, tournamentId } = run;
      expect(report.counts.absent).to.equal(2);
      expect(report.gas.failed, report.gas.failures.join("; ")).to.equal(0);
      expect(Number((await tournament.tournament(tournamentId)).stage)).to.equal(Stage.Final);
      expect(report.variants.map((v) => v.rooms)).to.deep.equal([10, 10, 10, 10, 10]);
      expect(report.variants.every((v) => v.satOut !== null)).to.equal(true);
      // Timed-out rooms were closed through the tournament in every phase.
      const closes = await tournament.queryFilter(tournament.filters.TimedOutRoomsClosed(tournamentId));
      expect(new Set(closes.filter((e) => e.args.advanced > 0n).map((e) => Number(e.args.phase))).size).to.equal(5);
      await checkTournament(rooms, tournament, tournamentId);
      // G3 shame follows its receivers into G4 and G5 (their profiles); the leaderboard shows what each received in
      // this tournament, and the profile counter (equal here: a fresh chain).
      const shamed = await rooms.queryFilter(rooms.filters.ShameGiven());
      const rows = await tournament.leaderboard(tournamentId, 0, 21);
      for (const row of rows) {
        const received = shamed.filter((e) => e.args.to === row.player).length;
        expect(Number(row.g3Shame)).to.equal(received);
        expect(Number(row.profileG3Shame)).to.equal(received);
      }
      expect(report.variants[2].shames).to.equal(shamed.length);
    });
  });

  it("replays exactly from its seed", async function () {
    const once = () => isolated(async () => (await simulateTournament(hre, { players: 6, seed: 99n })).report);
    const a = await once();
    const b = await once();
    expect({ ...a, wallSeconds: 0 }).to.deep.equal({ ...b, wallSeconds: 0 });
  });

  it("keeps the leaderboard, the totals and the pairings consistent over random tournaments (property)", async function () {
    const mixes = fc.array(fc.integer({ min: 0, max: 5 }), {
      minLength: STRATEGIES.length,
      maxLength: STRATEGIES.length,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 9 }),
        fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }),
        mixes.filter((m) => m.some((x) => x > 0)),
        fc.constantFrom("rooms" as const, "deadline" as const),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        async (players, seed, weights, keeper, tremble) => {
          await isolated(async () => {
            const mix = Object.fromEntries(STRATEGIES.map((s, i) => [s, weights[i]])) as Record<Strategy, number>;
            const run = await simulateTournament(hre, { players, seed, mix, keeper, tremble });
            expect(run.report.gas.failed, run.report.gas.failures.join("; ")).to.equal(0);
            expect(Number((await run.tournament.tournament(run.tournamentId)).stage)).to.equal(Stage.Final);
            await checkTournament(run.rooms, run.tournament, run.tournamentId);
          });
        },
      ),
      { numRuns: Number(process.env.TOURNAMENT_RUNS ?? runs(3, 6, 2)) },
    );
  });
});
