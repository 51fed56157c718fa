// The status line of a CATAMM game (GamePage.tsx): whom the game waits on and until when, the advance once its deadline
// has passed, the end of a game its players abandoned, and the winner at the end.
import {
  ADVANCE_DEFAULTS,
  abandonableFrom,
  Pending,
  Phase,
  PHASE_NAMES,
  waitingOn,
  type GameSnapshot,
} from "../../../client/catamm/game";
import { plural } from "../../../client/format";
import { useBlock, useCountdown } from "../shared/block";
import { callOf } from "../shared/action";
import { ActionButton } from "../shared/ui";
import { Player } from "../shared/Player";
import { useWallet } from "../shared/wallet";
import type { Act } from "./Actions";
import { SeatChip } from "./ActionParts";
import type { CatammContracts } from "./contracts";
import { gameAction, useGameChecks } from "./checks";
import type { LiveGame } from "./useLiveGame";

/** Whom the game waits on, until when, and `advance` once the deadline has passed; the winner at the end. */
export function StatusBar(props: { c: CatammContracts; live: LiveGame; snap: GameSnapshot; gameId: bigint; act: Act }) {
  const { c, live, snap, gameId, act } = props;
  const { account } = useWallet();
  const block = useBlock();
  const countdown = useCountdown(snap.deadline);
  const seatOf = (a: string) => snap.players.findIndex((p) => p.address === a);
  const timed = snap.phase > Phase.Starting && snap.phase < Phase.Finished && snap.pending === Pending.None;
  const late = timed && block.number > snap.deadline;
  // A started game nobody plays any more may be ended by anyone (Catamm.endAbandonedGame).
  const abandonable = snap.phase > Phase.Open && snap.phase < Phase.Finished && block.number >= abandonableFrom(snap);
  const advance = gameAction(c, "advance", [gameId], `Advance the game (${PHASE_NAMES[snap.phase]})`);
  const abandon = gameAction(c, "endAbandonedGame", [gameId], `End game ${gameId} as abandoned`);
  const checks = useGameChecks(c, gameId, [live.version, late, abandonable], {
    advance: late ? advance : undefined,
    abandon: abandonable ? abandon : undefined,
  });
  if (snap.phase === Phase.Abandoned) {
    return (
      <div className="status" role="status">
        <span className="phase">{PHASE_NAMES[snap.phase]}</span>
        <span>
          Ended as abandoned after {plural(snap.turn, "turn")}: its players had stopped playing, and what the game held
          for them went back to them.
        </span>
      </div>
    );
  }
  if (snap.phase === Phase.Finished) {
    const seat = seatOf(snap.winner);
    return (
      <div className="status status-won" role="status">
        <span className="trophy" aria-hidden="true">
          ★
        </span>{" "}
        <SeatChip seat={seat} /> <Player address={snap.winner} you={account} /> won
        {live.history.winnerPoints ? ` with ${plural(live.history.winnerPoints, "point")}` : ""} after{" "}
        {plural(snap.turn, "turn")}.
      </div>
    );
  }
  const w = waitingOn(snap);
  const names = w.players.map((a) => {
    const seat = seatOf(a);
    return (
      <span key={a} className="who-waits">
        {seat >= 0 && <SeatChip seat={seat} />} <Player address={a} you={account} />
      </span>
    );
  });

  return (
    <div className={`status${late ? " status-late" : ""}`} role="status">
      <span className="phase">{PHASE_NAMES[snap.phase]}</span>
      <span>
        Waiting for {names.length ? names : "anyone"} to {w.action}
      </span>
      {timed && (
        <span className="deadline">
          deadline block {snap.deadline.toLocaleString("en-US")}: {countdown}
        </span>
      )}
      {late && ADVANCE_DEFAULTS[snap.phase] && (
        <ActionButton
          kind="secondary"
          disabled={!checks.ok("advance")}
          title={checks.why("advance")}
          call={callOf(advance)}
          onClick={() => act(advance)}
        >
          Advance: {ADVANCE_DEFAULTS[snap.phase]}
        </ActionButton>
      )}
      {abandonable && checks.ok("abandon") && (
        <ActionButton kind="secondary" call={callOf(abandon)} onClick={() => act(abandon)}>
          End the game as abandoned (its players stopped playing)
        </ActionButton>
      )}
    </div>
  );
}
