// A player's tournament: its leaderboard entry and, per phase, its role, room, opponent and points (the contract's
// `history` view, which recomputes each phase's pairing).
import { useEffect, useState } from "react";
import { href } from "../../shared/routes";
import { useBlock } from "../../shared/block";
import { describeError } from "../../shared/errors";
import { Address, Panel } from "../../shared/ui";
import { useWallet } from "../../shared/wallet";
import { satOutCount } from "../../../../client/snatch/tournament";
import type { SnatchTournament } from "../../../../typechain-types";
import { useSnatchContracts } from "../contracts";
import { HistoryTable } from "./TournamentPage";

const rooms = (n: bigint) => `${n} room${n === 1n ? "" : "s"}`;

type Entry = Awaited<ReturnType<SnatchTournament["entryOf"]>>;
type Records = Awaited<ReturnType<SnatchTournament["history"]>>;

export function PlayerHistory({ id, player }: { id: bigint; player: string }) {
  const c = useSnatchContracts();
  const t = c?.tournament ?? null;
  const block = useBlock();
  const { account } = useWallet();
  const [data, setData] = useState<{ entry: Entry; records: Records } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!t || block.number === 0) return;
    let stale = false;
    Promise.all([t.entryOf(id, player), t.history(id, player)]).then(
      ([entry, records]) => !stale && (setData({ entry, records }), setError(null)),
      (err) => !stale && setError(describeError(err, { contract: "SnatchTournament" })),
    );
    return () => {
      stale = true;
    };
    // Every 5 blocks is enough for a history.
  }, [t, id, player, Math.floor(block.number / 5)]);

  if (!t) return <p>No SnatchTournament deployment on this network.</p>;
  return (
    <div className="snatch-tournament player-history" data-player={player.toLowerCase()}>
      <nav className="crumbs">
        <a href={href("snatch")}>Rooms</a> › <a href={href("snatch", "tournaments")}>Tournaments</a> ›{" "}
        <a href={href("snatch", "tournament", id)}>Tournament {id.toString()}</a> › player
      </nav>
      <h1>
        <Address address={player} you={account} /> in tournament {id.toString()}
      </h1>
      {error && <p className="danger">{error}</p>}
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
