// A tournament's actions, each described once (shared/action.ts), for its page and its console; and the ones the
// page offers at a stage, for the contract to answer (data/checks.ts).
import type { SnatchTournament } from "../../../../typechain-types";
import { PHASE_NAMES, Stage } from "../../../../client/snatch/tournament";
import { action, type Action, type ArgsOf, type SendMethod } from "../../shared/action";
import { HEADROOM } from "../../../../client/snatch/gas";

/** The organiser's (and anyone's) calls on tournament `id`; rooms' callbacks make their gas vary: headroom. */
export function tournamentActions(t: SnatchTournament, id: bigint) {
  const a = <M extends SendMethod<SnatchTournament>>(m: M, args: ArgsOf<SnatchTournament, M>, label: string) =>
    action(t, m, args, { label, headroom: HEADROOM, describe: { contract: "SnatchTournament" } });
  return {
    register: (name: string) => a("register", [id, name], `Register in tournament ${id}`),
    startPhase: (phase: number) => a("startPhase", [id, phase], `Start phase ${phase} (${PHASE_NAMES[phase]})`),
    createPhaseRooms: (phase: number) => a("createPhaseRooms", [id], `Create the rooms of phase ${phase}`),
    rerequestPairing: (label = "Re-request the pairing") => a("rerequestPairing", [id], label),
    closeTimedOutRooms: (batch: number) =>
      a("closeTimedOutRooms", [id, BigInt(batch)], `Close timed-out rooms (batch of ${batch})`),
    recordRooms: (label = "Record finished rooms") => a("recordRooms", [id, 0, 100], label),
    closeTournament: (label = `Close tournament ${id} (fewer than two players)`) => a("closeTournament", [id], label),
    setOrganiser: (organiser: string) => a("setOrganiser", [id, organiser], `Hand tournament ${id} over`),
  };
}

export type TournamentActions = ReturnType<typeof tournamentActions>;

/** The phase anyone may start next at `stage` after phase `phase` (0: none). */
export function nextPhase(stage: number, phase: number): number {
  return stage === Stage.Registration ? 1 : stage === Stage.Ended ? phase + 1 : 0;
}

/** The actions the tournament page offers at `stage` (`closeBatch`: its rooms per close). */
export function tournamentOffers(
  t: SnatchTournament,
  id: bigint,
  stage: number,
  phase: number,
  closeBatch: number,
): Record<string, Action> {
  const act = tournamentActions(t, id);
  const next = nextPhase(stage, phase);
  const out: Record<string, Action> = {};
  if (stage === Stage.Registration) {
    out.register = act.register("");
    out.closeTournament = act.closeTournament();
  }
  if (next > 0) out.start = act.startPhase(next);
  if (stage === Stage.Pairing) {
    out.rooms = act.createPhaseRooms(phase);
    out.reroll = act.rerequestPairing();
  }
  if (stage === Stage.Playing) out.close = act.closeTimedOutRooms(closeBatch);
  if (stage === Stage.Pairing || stage === Stage.Playing) out.record = act.recordRooms();
  return out;
}
