// A room's players: each seat's role, holdings and what is in escrow, points, shame tokens, profile shame, who
// judges round 5, and this round's flags (judge, done, suspended, shamed out).
import { Panel } from "../shared/ui";
import { Player } from "../shared/Player";
import { plural } from "../../../client/format";
import { firstJudgeOf } from "../../../client/snatch/history";
import { GOOD_NAMES, NO_SEAT, Phase, RuleSet } from "../../../client/snatch/names";
import { seatLabel, type RoomState } from "../../../client/snatch/state";
import { GoodIcon } from "./Goods";
import type { LiveRoom } from "./useRoom";

export function Seats({ room, you, live }: { room: RoomState; you: string | null; live: LiveRoom }) {
  const firstJudge = firstJudgeOf(live.events);
  const judgeRound = live.format?.rounds.indexOf(RuleSet.Judge) ?? -1;
  return (
    <Panel title="Players" className="players-panel">
      <div className="seats">
        {room.seats.map((s) => {
          const empty = s.player === "0x0000000000000000000000000000000000000000";
          const mine = !!you && s.player.toLowerCase() === you.toLowerCase();
          const judge = room.judge !== NO_SEAT && room.judge === s.seat && room.rules === RuleSet.Judge;
          // Per-round flags mean nothing once the room is finished.
          const flags = (
            room.phase >= Phase.Finished
              ? []
              : [
                  judge && "judge",
                  s.done && "done",
                  s.suspended && "suspended",
                  s.suspendedNext && "suspended next round",
                  s.shamedOut && "shamed out: may only answer",
                ]
          ).filter(Boolean) as string[];
          return (
            <article
              key={s.seat}
              className={`seat${mine ? " seat-you" : ""}${judge ? " seat-judge" : ""}`}
              data-seat={s.seat}
              data-player={s.player.toLowerCase()}
              data-role={room.round > 0 ? GOOD_NAMES[s.role] : ""}
              aria-label={`${seatLabel(room, s.seat)}${mine ? " (you)" : ""}`}
            >
              <header>
                <strong>{seatLabel(room, s.seat)}</strong>
                <div>{empty ? <span className="muted">empty seat</span> : <Player address={s.player} you={you} />}</div>
              </header>
              {room.round > 0 && !empty && (
                <>
                  <div className="produces">
                    produces <GoodIcon good={s.role} /> {GOOD_NAMES[s.role]}
                  </div>
                  <table className="holdings">
                    <tbody>
                      {[0, 1, 2]
                        .filter((g) => room.playerCount === 3 || g !== 1)
                        .map((g) => (
                          <tr key={g} data-good={GOOD_NAMES[g]}>
                            <th scope="row">
                              <GoodIcon good={g} /> {GOOD_NAMES[g]}
                            </th>
                            <td className="free" data-testid={`free-${GOOD_NAMES[g]}`}>
                              {s.free[g]}
                            </td>
                            <td className="escrow">{s.escrow[g] > 0 ? `+${s.escrow[g]} in escrow` : ""}</td>
                          </tr>
                        ))}
                    </tbody>
                  </table>
                  <div className="points" data-testid="points">
                    {plural(s.points, "point")}
                  </div>
                </>
              )}
              <div className="seat-meta">
                {room.playerCount === 3 && room.round > 0 && (
                  <span className={s.shameTokens >= 2 ? "warn" : ""} data-testid="shame-tokens">
                    {s.shameTokens} shame token{s.shameTokens === 1 ? "" : "s"}
                    {s.shameTokens >= 2 && room.phase < Phase.Finished && " (burns 2 goods at the next round's start)"}
                  </span>
                )}
                {!empty && (
                  <span title="G3 shame received across all rooms (shown to later opponents)">
                    profile G3 shame {s.profileShame}
                  </span>
                )}
                {room.playerCount === 3 && firstJudge === s.seat && judgeRound >= 0 && room.round <= judgeRound && (
                  <span>judges round {judgeRound + 1}</span>
                )}
              </div>
              {flags.length > 0 && (
                <div className="flags">
                  {flags.map((f) => (
                    <span key={f} className={`chip chip-${f.split(" ")[0].replace(":", "")}`}>
                      {f}
                    </span>
                  ))}
                </div>
              )}
            </article>
          );
        })}
      </div>
    </Panel>
  );
}
