// The one-word states the lobbies filter on (and the indexer stores beside each game's enum), per game. A word is
// what a player looks for ("open" rooms to join, "playing" games to watch), not the contract's exact phase.
import { Phase as SnatchPhase } from "./snatch/names";
import { Stage } from "./snatch/tournament";
import { SessionStage } from "./snatch/session";
import { Phase as CatammPhase } from "./catamm/game";
import { SETTLED_PHASE } from "./hex/game";

/** Forking Hex: "open" until cancelled or settling ("ended" depends on the reader's block: see hex_game.end_block). */
export type HexStateWord = "open" | "cancelled" | "settling" | "settled";
export function hexState(g: { cancelled: boolean; settlePhase: number }): HexStateWord {
  if (g.cancelled) return "cancelled";
  if (g.settlePhase === SETTLED_PHASE) return "settled";
  return g.settlePhase > 0 ? "settling" : "open";
}

export type RoomStateWord = "open" | "starting" | "playing" | "finished" | "cancelled";
/** A Snatch room's state from ISnatchRooms.Phase. */
export function roomState(phase: number): RoomStateWord {
  if (phase === SnatchPhase.Open) return "open";
  if (phase === SnatchPhase.AwaitingRoles) return "starting";
  if (phase === SnatchPhase.Finished) return "finished";
  if (phase === SnatchPhase.Cancelled) return "cancelled";
  return "playing";
}

export type TournamentStateWord = "registration" | "pairing" | "playing" | "ended" | "final" | "closed";
/** A tournament's state from ISnatchTournament.Stage. */
export function tournamentState(stage: number): TournamentStateWord {
  const words: Record<number, TournamentStateWord> = {
    [Stage.Registration]: "registration",
    [Stage.Pairing]: "pairing",
    [Stage.Playing]: "playing",
    [Stage.Ended]: "ended",
    [Stage.Final]: "final",
    [Stage.Closed]: "closed",
  };
  return words[stage] ?? "registration";
}

export type SessionStateWord = "registration" | "drawing" | "creating" | "playing" | "finished" | "closed";
/** A class session's state from ISnatchSession.Stage. */
export function sessionState(stage: number): SessionStateWord {
  const words: Record<number, SessionStateWord> = {
    [SessionStage.Registration]: "registration",
    [SessionStage.Drawing]: "drawing",
    [SessionStage.Creating]: "creating",
    [SessionStage.Playing]: "playing",
    [SessionStage.Finished]: "finished",
    [SessionStage.Closed]: "closed",
  };
  return words[stage] ?? "registration";
}

export type CatammStateWord = "open" | "starting" | "playing" | "finished" | "cancelled" | "abandoned";
/** A CATAMM game's state from ICatamm.Phase. */
export function catammState(phase: number): CatammStateWord {
  if (phase === CatammPhase.Open) return "open";
  if (phase === CatammPhase.Starting) return "starting";
  if (phase === CatammPhase.Finished) return "finished";
  if (phase === CatammPhase.Cancelled) return "cancelled";
  if (phase === CatammPhase.Abandoned) return "abandoned";
  return "playing";
}
