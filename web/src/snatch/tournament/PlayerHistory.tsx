// A player's tournament: its leaderboard entry and, per phase, its role, room, opponent and points, from the
// indexer (web/src/data/snatch.ts usePlayerHistory: the entry and the pairings the contract's `history` view
// recomputes), kept live by the data layer; "not found" for a player who is not registered there.
import { ZeroAddress } from "ethers";
import { href } from "../../shared/routes";
import { Panel } from "../../shared/ui";
import { Player } from "../../shared/Player";
import { useWallet } from "../../shared/wallet";
import { satOutCount } from "../../../../client/snatch/tournament";
import { usePlayerHistory, type PairingRow } from "../../data/snatch";
import { useSnatchContracts } from "../contracts";
import { HistoryTable, type HistoryRecord } from "./TournamentParts";

/** An indexer pairing as the contract's history record. */
function toRecord(p: PairingRow): HistoryRecord {
  return {
    phase: p.phase,
    role: p.role,
    roomId: p.roomId ?? 0n,
    opponent: p.opponent ?? ZeroAddress,
    points: p.points ?? 0,
    opponentPoints: p.opponentPoints ?? 0,
    finished: p.recordedBlock !== null,
  };
}

const rooms = (n: bigint | number) => `${n} room${n === 1n ? "" : "s"}`;

export function PlayerHistory({ id, player }: { id: bigint; player: string }) {
  const c = useSnatchContracts();
  const t = c?.tournament ?? null;
  const { account } = useWallet();
  const history = usePlayerHistory(id, player);
  const error = history.error;
  const data = history.data
    ? { entry: history.data.entry, records: history.data.pairings.map(toRecord) }
    : history.data;

  if (!t) return <p>No SnatchTournament deployment on this network.</p>;
  return (
    <div className="snatch-tournament player-history" data-player={player.toLowerCase()}>
      <nav className="crumbs">
        <a href={href("snatch")}>Rooms</a> › <a href={href("snatch", "tournaments")}>Tournaments</a> ›{" "}
        <a href={href("snatch", "tournament", id)}>Tournament {id.toString()}</a> › player
      </nav>
      <h1>
        <Player address={player} name={data?.entry.name} you={account} /> in tournament {id.toString()}
      </h1>
      {error && <p className="danger">{error}</p>}
      {data === null && (
        <p className="danger" data-testid="not-found">
          Not found: {player} is not registered in tournament {id.toString()}.
        </p>
      )}
      {data && (
        <>
          <Panel title="Scores">
            <p data-testid="entry">
              As P1 <strong>{Number(data.entry.scoreAsP1)}</strong> ({rooms(data.entry.roomsAsP1)}) · as P2{" "}
              <strong>{Number(data.entry.scoreAsP2)}</strong> ({rooms(data.entry.roomsAsP2)}) · aggregate{" "}
              <strong>{Number(data.entry.scoreAsP1) + Number(data.entry.scoreAsP2)}</strong> · sat out{" "}
              {satOutCount(Number(data.entry.satOut))} · G3 shame received {Number(data.entry.g3Shame)} · registered #
              {Number(data.entry.index)}
            </p>
          </Panel>
          <Panel title="Phases">
            {data.records.length === 0 ? (
              <p className="muted">No phase started yet.</p>
            ) : (
              <HistoryTable records={data.records} />
            )}
          </Panel>
        </>
      )}
    </div>
  );
}
