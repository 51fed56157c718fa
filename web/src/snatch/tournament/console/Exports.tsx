// Downloads of the tournament's exports, served by the indexer (`/indexer/export/snatch/tournament/<id>/…`): one row
// per room and round, one row per player and phase, and the whole tournament as JSON. An export of a tournament that
// is still running says so in the file.
import { Stage } from "../../../../../client/snatch/tournament";
import { Panel } from "../../../shared/ui";
import { indexerBase } from "./indexer";

export const EXPORTS = [
  { file: "rounds.csv", label: "Rounds (CSV)", testid: "export-rounds", what: "one row per room and round" },
  { file: "players.csv", label: "Players (CSV)", testid: "export-players", what: "one row per player and phase" },
  { file: "tournament.json", label: "Everything (JSON)", testid: "export-json", what: "the whole tournament" },
] as const;

/** The URL of one export of tournament `id`, on the indexer behind this page. */
export function exportUrl(base: string, id: bigint, file: string): string {
  return `${base}/export/snatch/tournament/${id.toString()}/${file}`;
}

export function Exports({ id, stage }: { id: bigint; stage: number }) {
  const base = indexerBase();
  if (!base) return null;
  return (
    <Panel title="Results">
      <ul className="exports">
        {EXPORTS.map((e) => (
          <li key={e.file}>
            <a
              className="btn btn-secondary"
              href={exportUrl(base, id, e.file)}
              download={`tournament-${id.toString()}-${e.file}`}
              data-testid={e.testid}
            >
              {e.label}
            </a>{" "}
            <span className="muted small">{e.what}</span>
          </li>
        ))}
      </ul>
      {stage !== Stage.Final && (
        <p className="muted small">The tournament is still running: a download now holds the results so far.</p>
      )}
    </Panel>
  );
}
