// Downloads of a tournament's or a class session's exports, served by the indexer
// (`/indexer/export/snatch/tournament/<id>/…`, `/indexer/export/snatch/session/<id>/…`; client/common/export.ts):
// for a tournament one row per room and round, one row per player and phase, the leaderboard, and the whole tournament as JSON; for a
// session one row per room and seat, one per offer, one per player, and the whole session as JSON. An export of a
// tournament or session that is still running says so in the file.
import { EXPORTS, exportFileName, exportUrl as exportPath } from "../../../../client/common/export";
import { Panel } from "../../shared/ui";
import { indexerBase } from "./indexer";

/** How each file is offered: its button and what a row is. The files offered are the ones the indexer serves. */
const DESCRIBED: Record<string, { label: string; what: string } | undefined> = {
  "rounds.csv": { label: "Rounds (CSV)", what: "one row per room and round" },
  "leaderboard.csv": { label: "Leaderboard (CSV)", what: "one row per player, ranked as the contract ranks" },
  "rooms.csv": { label: "Rooms (CSV)", what: "one row per room and seat" },
  "offers.csv": { label: "Offers (CSV)", what: "one row per offer and its fate" },
};

function described(game: "snatch" | "session", file: string): { label: string; what: string } {
  if (file === "players.csv")
    return {
      label: "Players (CSV)",
      what: game === "snatch" ? "one row per player and phase" : "one row per seated player",
    };
  if (file.endsWith(".json"))
    return { label: "Everything (JSON)", what: `the whole ${game === "snatch" ? "tournament" : "session"}` };
  return DESCRIBED[file] ?? { label: file, what: "" };
}

/** `game`: a tournament (`snatch`) or a class session; `final`: its results are final (else the files say so). */
export function Exports({ id, game = "snatch", final }: { id: bigint; game?: "snatch" | "session"; final: boolean }) {
  const base = indexerBase();
  if (!base) return null;
  const noun = game === "snatch" ? "tournament" : "session";
  return (
    <Panel title="Results">
      <ul className="exports">
        {EXPORTS[game].files.map((file) => (
          <li key={file}>
            <a
              className="btn btn-secondary"
              href={exportPath(base, game, id, file)}
              download={exportFileName(game, id, file)}
              data-testid={`export-${file.endsWith(".json") ? "json" : file.replace(/\.csv$/, "")}`}
            >
              {described(game, file).label}
            </a>{" "}
            <span className="muted small">{described(game, file).what}</span>
          </li>
        ))}
      </ul>
      {!final && <p className="muted small">The {noun} is still running: a download now holds the results so far.</p>}
    </Panel>
  );
}
