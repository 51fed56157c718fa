// Downloads of a tournament's or a class session's exports, served by the indexer
// (`/indexer/export/snatch/tournament/<id>/…`, `/indexer/export/snatch/session/<id>/…`; client/common/export.ts):
// for a tournament one row per room and round, one row per player and phase, and the whole tournament as JSON; for a
// session one row per room and seat, one per offer, one per player, and the whole session as JSON. An export of a
// tournament or session that is still running says so in the file.
import { exportFileName, exportUrl as exportPath } from "../../../../../client/common/export";
import { Panel } from "../../../shared/ui";
import { indexerBase } from "./indexer";

interface ExportFile {
  file: string;
  label: string;
  testid: string;
  what: string;
}

export const EXPORTS: Record<"snatch" | "session", readonly ExportFile[]> = {
  snatch: [
    { file: "rounds.csv", label: "Rounds (CSV)", testid: "export-rounds", what: "one row per room and round" },
    { file: "players.csv", label: "Players (CSV)", testid: "export-players", what: "one row per player and phase" },
    { file: "tournament.json", label: "Everything (JSON)", testid: "export-json", what: "the whole tournament" },
  ],
  session: [
    { file: "rooms.csv", label: "Rooms (CSV)", testid: "export-rooms", what: "one row per room and seat" },
    { file: "offers.csv", label: "Offers (CSV)", testid: "export-offers", what: "one row per offer and its fate" },
    { file: "players.csv", label: "Players (CSV)", testid: "export-players", what: "one row per seated player" },
    { file: "session.json", label: "Everything (JSON)", testid: "export-json", what: "the whole session" },
  ],
};

/** `game`: a tournament (`snatch`) or a class session; `final`: its results are final (else the files say so). */
export function Exports({ id, game = "snatch", final }: { id: bigint; game?: "snatch" | "session"; final: boolean }) {
  const base = indexerBase();
  if (!base) return null;
  const noun = game === "snatch" ? "tournament" : "session";
  return (
    <Panel title="Results">
      <ul className="exports">
        {EXPORTS[game].map((e) => (
          <li key={e.file}>
            <a
              className="btn btn-secondary"
              href={exportPath(base, game, id, e.file)}
              download={exportFileName(game, id, e.file)}
              data-testid={e.testid}
            >
              {e.label}
            </a>{" "}
            <span className="muted small">{e.what}</span>
          </li>
        ))}
      </ul>
      {!final && <p className="muted small">The {noun} is still running: a download now holds the results so far.</p>}
    </Panel>
  );
}
