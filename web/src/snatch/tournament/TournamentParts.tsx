// Parts of a tournament's page: the connected player's rooms (from the contract, read with the tournament: a phase's
// room reaches its players' pages with the block that made it), the phases, and a phase's rooms (from the indexer,
// paged, each linking to its room page).
import { useState } from "react";
import { ZeroAddress } from "ethers";
import type { QueryKey } from "@tanstack/react-query";
import { href } from "../../shared/routes";
import { Panel } from "../../shared/ui";
import { Player } from "../../shared/Player";
import { useWallet } from "../../shared/wallet";
import { useChainRead } from "../../data/chain";
import { readPhaseRooms } from "../../data/class";
import { indexerKeys } from "../../data/keys";
import { useSnapshot } from "../../data/useSnapshot";
import { indexerError } from "../../data/useList";
import { Phase } from "../../../../client/snatch/names";
import { PHASE_NAMES, ROLE_NAMES } from "../../../../client/snatch/tournament";
import type { SnatchTournament } from "../../../../typechain-types";
import { RoomNowLink } from "../MyRooms";
import type { PhaseViewData } from "./useTournament";

/** The connected player's phases in the tournament (its `history`), or nothing when it is not registered. */
export function YourPart({
  t,
  id,
  account,
  current,
  stateKey,
}: {
  t: SnatchTournament;
  id: bigint;
  account: string;
  current: number;
  /** The tournament's key: read again with it. */
  stateKey: QueryKey | null;
}) {
  const read = useChainRead(
    stateKey && [...stateKey, "entrant", account.toLowerCase()],
    async () => ((await t.entryOf(id, account)).index === 0n ? null : t.history(id, account)),
    { describe: { contract: "SnatchTournament" } },
  );
  const records = read.data;
  if (read.error && !records) return <p className="danger">Your rooms: {read.error}</p>;
  if (!records) return null;
  const now = records.find((r) => Number(r.phase) === current && r.roomId > 0n && !r.finished);
  return (
    <Panel title="Your rooms" actions={<a href={href("snatch", "tournament", id, "player", account)}>your history</a>}>
      {now && (
        <ul className="rooms-now-list" data-testid="room-now">
          <RoomNowLink
            id={now.roomId}
            kind={`phase ${current} (${PHASE_NAMES[current]}), as ${ROLE_NAMES[Number(now.role)]}`}
          />
        </ul>
      )}
      {records.length === 0 ? (
        <p className="muted">Registered; no phase has started yet.</p>
      ) : (
        <HistoryTable records={records} />
      )}
    </Panel>
  );
}

/** A phase record as the contract's `history` view gives it (or the indexer's pairing row mapped to it). */
export interface HistoryRecord {
  phase: bigint | number;
  role: bigint | number;
  roomId: bigint;
  opponent: string;
  points: bigint | number;
  opponentPoints: bigint | number;
  finished: boolean;
}

export function HistoryTable({ records }: { records: readonly HistoryRecord[] }) {
  return (
    <table className="history-table" aria-label="Phases played">
      <thead>
        <tr>
          <th>phase</th>
          <th>role</th>
          <th>room</th>
          <th>opponent</th>
          <th>points</th>
          <th>opponent&apos;s</th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={Number(r.phase)} data-phase={Number(r.phase)}>
            <td>{PHASE_NAMES[Number(r.phase)]}</td>
            <td>{ROLE_NAMES[Number(r.role)]}</td>
            <td>{r.roomId > 0n ? <a href={href("snatch", "room", r.roomId)}>Room {r.roomId.toString()}</a> : "—"}</td>
            <td>{r.opponent !== ZeroAddress ? <Player address={r.opponent} /> : "—"}</td>
            <td>
              {r.roomId > 0n ? Number(r.points) : "—"}
              {r.roomId > 0n && !r.finished && <span className="muted small"> (playing)</span>}
            </td>
            <td>{r.roomId > 0n ? Number(r.opponentPoints) : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PhasesTable({ phases, current }: { phases: PhaseViewData[]; current: number }) {
  return (
    <Panel title="Phases">
      <table aria-label="Phases">
        <thead>
          <tr>
            <th>phase</th>
            <th>rooms</th>
            <th>finished</th>
            <th>state</th>
          </tr>
        </thead>
        <tbody>
          {phases.map((p, i) => (
            <tr key={i} className={i + 1 === current ? "current" : ""} data-phase={i + 1}>
              <td>{PHASE_NAMES[i + 1]}</td>
              <td>{p.started ? Number(p.rooms) : "—"}</td>
              <td>{p.started ? Number(p.totals.finished) : "—"}</td>
              <td>
                {!p.started
                  ? "not started"
                  : p.ended
                    ? `ended at block ${Number(p.endedAt).toLocaleString("en-US")}`
                    : Number(p.deadline) > 0
                      ? `playing until block ${Number(p.deadline).toLocaleString("en-US")}`
                      : "pairing"}
                {p.satOut !== ZeroAddress && (
                  <span className="muted small">
                    {" "}
                    · sat out: <Player address={p.satOut} />
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

const ROOMS_PAGE = 20;

/** The rooms of a started phase (the current one unless another is chosen), from the indexer, a page at a time. */
export function PhaseRooms({ id, current }: { id: bigint; current: number }) {
  const { account } = useWallet();
  const [phaseShown, setPhaseShown] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const phase = phaseShown ?? current;
  const read = useSnapshot(
    indexerKeys.classRead("tournament", id, "rooms", phase),
    (db) => readPhaseRooms(db, id, phase),
    phase > 0,
  );
  if (current === 0) return null;
  const all = read.data ?? [];
  const pages = Math.max(1, Math.ceil(all.length / ROOMS_PAGE));
  const rows = all.slice(page * ROOMS_PAGE, (page + 1) * ROOMS_PAGE);
  return (
    <Panel
      title={`Rooms of phase ${phase} (${PHASE_NAMES[phase]})`}
      actions={
        <select
          aria-label="Phase shown"
          value={phase}
          onChange={(e) => {
            setPhaseShown(Number(e.target.value));
            setPage(0);
          }}
        >
          {Array.from({ length: current }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              phase {i + 1}
            </option>
          ))}
        </select>
      }
    >
      {read.error && <p className="danger">{indexerError(read.error)}</p>}
      {read.data === undefined ? (
        !read.error && <p aria-busy="true">Reading the rooms…</p>
      ) : all.length === 0 ? (
        <p className="muted">No room created yet.</p>
      ) : (
        <>
          <table className="pairs" aria-label="Phase rooms">
            <thead>
              <tr>
                <th>pair</th>
                <th>room</th>
                <th>P1</th>
                <th>P2</th>
                <th>points P1 / P2</th>
                <th>state</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const p1 = r.seats.find((s) => s.seat === 0);
                const p2 = r.seats.find((s) => s.seat === 1);
                const mine = !!account && r.seats.some((s) => s.player === account.toLowerCase());
                return (
                  <tr key={r.pair} className={mine ? "row-you" : ""} data-room={r.id.toString()}>
                    <td>{r.pair + 1}</td>
                    <td>
                      <a href={href("snatch", "room", r.id)}>Room {r.id.toString()}</a>
                    </td>
                    <td>{p1 && <Player address={p1.player} you={account} />}</td>
                    <td>{p2 && <Player address={p2.player} you={account} />}</td>
                    <td>
                      {p1?.points ?? 0} / {p2?.points ?? 0}
                    </td>
                    <td>{r.phase >= Phase.Finished ? "finished" : "playing"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {pages > 1 && (
            <div className="pager">
              <button
                type="button"
                className="btn btn-secondary"
                data-ui="pages the list"
                disabled={page === 0}
                onClick={() => setPage(page - 1)}
              >
                ‹ previous
              </button>
              <span>
                page {page + 1} of {pages}
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                data-ui="pages the list"
                disabled={page + 1 >= pages}
                onClick={() => setPage(page + 1)}
              >
                next ›
              </button>
            </div>
          )}
        </>
      )}
    </Panel>
  );
}
