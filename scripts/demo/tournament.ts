import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { heading, step } from "../lib/log";
import { short } from "../../client/format";
import { DEFAULT_MIX, STRATEGIES, STRATEGY_TEXT } from "../snatch/bots";
import { printReport } from "../snatch/report";
import { simulateTournament } from "../snatch/simulation";
import { PHASE_NAMES, rank, readLeaderboard, Role, ROLE_NAMES } from "../../client/snatch/tournament";

/** A short SnatchGame tournament: 13 bot players through G1..G5, then a player's history read from the contract. */
export async function demoTournament(hre: HardhatRuntimeEnvironment): Promise<void> {
  heading("SnatchGame tournament: 13 bot players, phases G1..G5, random pairing each phase");
  step("players register; for each phase the organiser asks for randomness, and the next call (anyone's) shuffles");
  step("every player and pairs them into 2-player rooms (P1 10 turkeys, P2 10 corn; 13 is odd: one sits out)");
  step("only each room's round-3 result enters the leaderboard, written by the move that ends the room");
  for (const s of STRATEGIES) if (DEFAULT_MIX[s] > 0) step(`${s} (${DEFAULT_MIX[s]}%): ${STRATEGY_TEXT[s]}`);
  const { report, tournament, tournamentId } = await simulateTournament(hre, {
    players: 13,
    seed: 5n,
  });
  printReport(report);

  const ranked = rank(await readLeaderboard(tournament, tournamentId));
  const winner = ranked[0];
  // Every bot registered under a display name (its strategy and number): names replace addresses.
  const nameOf = async (player: string) => (await tournament.nameOf(tournamentId, player)) || short(player);
  heading(`The winner's path: ${await nameOf(winner.player)} (${short(winner.player)}), ${winner.aggregate} points`);
  for (const r of await tournament.history(tournamentId, winner.player)) {
    const name = PHASE_NAMES[Number(r.phase)];
    if (Number(r.role) === Role.SatOut) {
      step(`${name}: sat out (odd number of players)`);
      continue;
    }
    step(
      `${name}: ${ROLE_NAMES[Number(r.role)]} in room ${r.roomId} against ${await nameOf(r.opponent)}: ` +
        `${r.points} to ${r.opponentPoints}`,
    );
  }
  step(
    `as P1 ${winner.scoreAsP1} + as P2 ${winner.scoreAsP2} = ${winner.aggregate}; ` +
      `${report.gas.transactions} transactions, ${report.blocks} blocks, all on-chain; the leaderboard is now read-only`,
  );
}
