// One tournament: its stage and the actions anyone (or its organiser) may take now (register, start the next phase,
// draw the pairing and create the rooms, close timed-out rooms in batches, record rooms that finished without the
// callback), the connected player's rooms, the phases, the current phase's rooms (each linking to its room page), the
// leaderboard (every registered player, read in pages from the contract, sortable) and per-variant charts.
import { useEffect, useMemo, useState } from "react";
import { JsonRpcProvider, ZeroAddress } from "ethers";
import { useBlock } from "../../shared/block";
import { Countdown, useBlockTime, useTimeLeft } from "../../shared/Countdown";
import { windowWords } from "../../shared/blocktime";
import { NameField, usePlayerName } from "../../shared/NameField";
import { checkName } from "../../../../client/common/names";
import { describeError } from "../../shared/errors";
import { PENDING, useProbes, type Probe, type Probes } from "../../shared/probes";
import { href } from "../../shared/routes";
import { useToasts } from "../../shared/toasts";
import { useTx } from "../../shared/tx";
import { ActionButton, Panel, RequestId } from "../../shared/ui";
import { Player } from "../../shared/Player";
import { useLeaderboard } from "../../data/snatch";
import { txCall } from "../../shared/calls";
import { VirtualList } from "../../shared/VirtualList";
import { useWallet } from "../../shared/wallet";
import { mine, RANDOMNESS_STATUS_NAMES } from "../../../../client/chain";
import {
  PHASE_NAMES,
  rank,
  ROLE_NAMES,
  Stage,
  STAGE_NAMES,
  variantFigures,
  type Ranked,
} from "../../../../client/snatch/tournament";
import { useRandomness, useSnatchContracts, type SnatchContracts } from "../contracts";
import { MyRoomsNow, RoomNowLink } from "../MyRooms";
import { sendPadded } from "../gas";
import { AnswerShares, AveragePoints, type VariantRow } from "./Charts";
import { useTournament, type LiveTournament, type PhaseViewData } from "./useTournament";
import type { SnatchTournament } from "../../../../typechain-types";
import { plural } from "../../../../client/format";

export function TournamentPage({ id }: { id: bigint }) {
  const c = useSnatchContracts();
  const t = c?.tournament ?? null;
  const live = useTournament(t, id);
  const { account, signer } = useWallet();
  const block = useBlock();
  const view = live.view;
  const stage = view ? Number(view.stage) : 0;
  const current = view ? Number(view.phase) : 0;
  const next = stage === Stage.Registration ? 1 : stage === Stage.Ended ? current + 1 : 0;
  const [closeBatch, setCloseBatch] = useState("10");
  const seconds = useBlockTime();

  const probeList = useMemo<Probe[]>(() => {
    if (!t || !view || !signer) return [];
    const list: Probe[] = [];
    const add = (pid: string, call: () => Promise<unknown>) => list.push({ id: pid, call });
    if (stage === Stage.Registration) {
      add("register", () => t.register.staticCall(id, "", PENDING));
      add("closeTournament", () => t.closeTournament.staticCall(id, PENDING));
    }
    if (next > 0) add("start", () => t.startPhase.staticCall(id, next, PENDING));
    if (stage === Stage.Pairing) {
      add("rooms", () => t.createPhaseRooms.staticCall(id, PENDING));
      add("reroll", () => t.rerequestPairing.staticCall(id, PENDING));
    }
    if (stage === Stage.Playing) {
      add("close", () => t.closeTimedOutRooms.staticCall(id, BigInt(Number(closeBatch) || 1), PENDING));
    }
    if (stage === Stage.Pairing || stage === Stage.Playing) {
      add("record", () => t.recordRooms.staticCall(id, 0, 100, PENDING));
    }
    return list;
  }, [t, live.version, signer, account, closeBatch]);
  const probes = useProbes(
    probeList,
    `${live.version}:${account}:${closeBatch}`,
    { contract: "SnatchTournament", block: block.number },
    { holdWithin: `${account}:${closeBatch}` },
  );

  if (!c) return <p>No Snatch or Share deployment on this network.</p>;
  if (!t) return <p>No SnatchTournament deployment on this network.</p>;
  if (live.error && !view)
    return (
      <p className="danger">
        Tournament {id.toString()}: {live.error}
      </p>
    );
  if (!view) return <p aria-busy="true">Loading tournament {id.toString()}…</p>;

  const registrationEnds = Number(view.createdAt) + Number(view.registrationBlocks);
  const ww = (blocks: bigint | number) => windowWords(Number(blocks), seconds);
  return (
    <div className="snatch-tournament" data-tournament={id.toString()} data-stage={stage}>
      <nav className="crumbs">
        <a href={href("snatch")}>Rooms</a> › <a href={href("snatch", "tournaments")}>Tournaments</a> › Tournament{" "}
        {id.toString()} · <a href={href("snatch", "tournament", id, "console")}>Console</a> ·{" "}
        <a href={href("snatch", "tournament", id, "projector")}>Projector view</a>
      </nav>
      <header className="room-head">
        <h1>Tournament {id.toString()}</h1>
        <div className="phase-line">
          <strong data-testid="stage">
            {STAGE_NAMES[stage] ?? `stage ${stage}`}
            {current > 0 && ` · phase ${current}: ${PHASE_NAMES[current]}`}
          </strong>
          <span>
            {Number(view.playerCount)} of {plural(Number(view.cap), "player")} registered
          </span>
          <span className="muted">
            organiser <Player address={view.organiser} you={account} />
          </span>
        </div>
        <p className="muted small">
          Rooms: offer {ww(view.offer)}, response {ww(view.response)}, decision {ww(view.decision)}, talk{" "}
          {ww(view.talk)}; {Number(view.roomsPerBatch)} room{Number(view.roomsPerBatch) === 1 ? "" : "s"} per batch.
          Anyone may start phase 1 from block {registrationEnds.toLocaleString("en-US")}
          {stage === Stage.Registration && block.number < registrationEnds && (
            <>
              {" "}
              (<Countdown deadline={registrationEnds} />)
            </>
          )}{" "}
          and each later phase {Number(view.grace) === 0 ? "as soon as" : `${Number(view.grace)} blocks after`} the
          previous one ended (the organiser at once).
        </p>
      </header>
      <div className="room-grid">
        <div className="room-main">
          {/* A student's room first: this tournament's (from the contract), a class session's (from the indexer). */}
          <MyRoomsNow except={(r) => r.tournamentId === id} />
          {account && <YourPart t={t} id={id} account={account} version={live.version} current={current} />}
          <TournamentActions
            c={c}
            t={t}
            id={id}
            live={live}
            next={next}
            probes={probes}
            closeBatch={closeBatch}
            setCloseBatch={setCloseBatch}
          />
          <PhaseRooms c={c} t={t} id={id} live={live} />
          <Leaderboard id={id} you={account} />
        </div>
        <div className="room-side">
          <PhasesTable phases={live.phases} current={current} />
          <VariantCharts phases={live.phases} />
        </div>
      </div>
    </div>
  );
}

function TournamentActions({
  t,
  id,
  live,
  next,
  probes,
  closeBatch,
  setCloseBatch,
}: {
  c: SnatchContracts;
  t: SnatchTournament;
  id: bigint;
  live: LiveTournament;
  next: number;
  probes: Probes;
  closeBatch: string;
  setCloseBatch: (v: string) => void;
}) {
  const { send } = useTx();
  const { provider, mode } = useWallet();
  const toasts = useToasts();
  const randomness = useRandomness(t);
  const [status, setStatus] = useState<number | null>(null);
  const view = live.view!;
  const stage = Number(view.stage);
  const phase = live.phases[Number(view.phase) - 1];
  const deadlineText = useTimeLeft(phase ? Number(phase.deadline) : 0).text;
  const [name, setName] = usePlayerName();
  const nameProblem = checkName(name);
  const ok = (p: string) => probes.get(p)?.ok === true;
  const why = (p: string) => {
    const r = probes.get(p);
    return r && !r.ok ? r.reason : undefined;
  };
  const ctx = { contract: "SnatchTournament" as const };
  const after = (r: unknown) => {
    if (r) live.refresh();
  };

  useEffect(() => {
    if (!randomness || !phase || stage !== Stage.Pairing || phase.request === 0n) return setStatus(null);
    randomness.status(phase.request).then(
      (s) => setStatus(Number(s)),
      () => setStatus(null),
    );
  }, [randomness, phase?.request, stage, live.version]);

  const items = [];
  if (ok("register"))
    items.push(
      <NameField key="name" value={name} onChange={setName} hint="shown on the leaderboard instead of your address" />,
      <ActionButton
        call={txCall(t, t.register, [id, name])}
        key="reg"
        disabled={nameProblem !== null}
        onClick={() => send(`Register in tournament ${id}`, () => sendPadded(t.register, id, name), ctx).then(after)}
      >
        Register
      </ActionButton>,
    );
  if (next > 0) {
    if (ok("start"))
      items.push(
        <ActionButton
          call={txCall(t, t.startPhase, [id, next])}
          key="start"
          onClick={() =>
            send(`Start phase ${next} (${PHASE_NAMES[next]})`, () => sendPadded(t.startPhase, id, next), ctx).then(
              after,
            )
          }
        >
          Start phase {next}: {PHASE_NAMES[next]}
        </ActionButton>,
      );
    else if (why("start"))
      items.push(
        <p key="nostart" className="refusal" data-testid="start-refusal">
          Phase {next} cannot start yet: {why("start")}.
        </p>,
      );
  }
  if (stage === Stage.Pairing && phase) {
    items.push(
      <p key="pairing" data-testid="pairing">
        {phase.seed === 0n ? (
          <>
            Pairing randomness for phase {Number(view.phase)} (request <RequestId id={phase.request} />
            ): <strong>{status === null ? "reading…" : RANDOMNESS_STATUS_NAMES[status]}</strong>.
          </>
        ) : (
          <>
            Pairing drawn; {Number(phase.created)} of {plural(Number(phase.rooms), "room")} created.
          </>
        )}
      </p>,
    );
    if (ok("rooms"))
      items.push(
        <ActionButton
          call={txCall(t, t.createPhaseRooms, [id])}
          key="rooms"
          onClick={() =>
            send(`Create the rooms of phase ${Number(view.phase)}`, () => sendPadded(t.createPhaseRooms, id), ctx).then(
              after,
            )
          }
        >
          {phase.seed === 0n ? "Draw the pairing and create rooms" : "Create the next batch of rooms"}
        </ActionButton>,
      );
    if (ok("reroll"))
      items.push(
        <ActionButton
          call={txCall(t, t.rerequestPairing, [id])}
          key="reroll"
          kind="secondary"
          onClick={() => send(`Re-request the pairing`, () => sendPadded(t.rerequestPairing, id), ctx).then(after)}
        >
          Request the pairing randomness again
        </ActionButton>,
      );
    if (!ok("rooms") && mode === "local" && provider instanceof JsonRpcProvider)
      items.push(
        <ActionButton
          key="mine"
          kind="secondary"
          ui="mines a block on the local node"
          onClick={() => mine(provider, 1).catch((err) => toasts.push("error", describeError(err)))}
        >
          Mine a block (local node)
        </ActionButton>,
      );
  }
  if (stage === Stage.Playing && phase) {
    items.push(
      <p key="playing">
        {Number(phase.totals.finished)} of {plural(Number(phase.rooms), "room")} finished. Phase deadline: block{" "}
        {Number(phase.deadline).toLocaleString("en-US")} ({deadlineText}); after it anyone closes the rooms still
        running with their defaults, in batches.
      </p>,
    );
    items.push(
      <div key="close" className="row">
        <label className="inline">
          <span>Rooms per batch</span>
          <input
            className="num"
            aria-label="Rooms per batch"
            value={closeBatch}
            onChange={(e) => setCloseBatch(e.target.value)}
          />
        </label>
        {ok("close") ? (
          <ActionButton
            call={txCall(t, t.closeTimedOutRooms, [id, BigInt(Number(closeBatch) || 1)])}
            onClick={() =>
              send(
                `Close timed-out rooms (batch of ${closeBatch})`,
                () => sendPadded(t.closeTimedOutRooms, id, BigInt(Number(closeBatch) || 1)),
                ctx,
              ).then(after)
            }
          >
            Close timed-out rooms
          </ActionButton>
        ) : (
          <span className="muted small">{why("close")}</span>
        )}
      </div>,
    );
  }
  if (ok("record"))
    items.push(
      <ActionButton
        call={txCall(t, t.recordRooms, [id, 0, 100])}
        key="record"
        kind="secondary"
        onClick={() => send(`Record finished rooms`, () => sendPadded(t.recordRooms, id, 0, 100), ctx).then(after)}
      >
        Record rooms that finished without reporting (up to 100)
      </ActionButton>,
    );
  if (ok("closeTournament"))
    items.push(
      <ActionButton
        call={txCall(t, t.closeTournament, [id])}
        key="closeTournament"
        kind="danger"
        onClick={() =>
          send(`Close tournament ${id} (fewer than two players)`, () => sendPadded(t.closeTournament, id), ctx).then(
            after,
          )
        }
      >
        Close the tournament (it never reached two players)
      </ActionButton>,
    );
  if (stage === Stage.Final) items.push(<p key="final">The tournament is final: its leaderboard no longer changes.</p>);
  if (stage === Stage.Closed) items.push(<p key="closed">The tournament was closed: it never reached two players.</p>);
  if (items.length === 0) return null;
  return (
    <Panel title="Actions">
      <div className="phase-panel">{items}</div>
    </Panel>
  );
}

type PhaseRecord = Awaited<ReturnType<SnatchTournament["history"]>>[number];

function YourPart({
  t,
  id,
  account,
  version,
  current,
}: {
  t: SnatchTournament;
  id: bigint;
  account: string;
  version: number;
  current: number;
}) {
  const [records, setRecords] = useState<PhaseRecord[] | null>(null);
  useEffect(() => {
    let stale = false;
    t.entryOf(id, account).then(
      (e) =>
        Number(e.index) === 0
          ? !stale && setRecords(null)
          : t.history(id, account).then((h) => !stale && setRecords(h)),
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [t, id, account, version]);
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
          <th>opponent's</th>
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

function PhasesTable({ phases, current }: { phases: PhaseViewData[]; current: number }) {
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

interface PairRow {
  pair: number;
  roomId: bigint;
  p1: string;
  p2: string;
  finished: boolean;
  pointsP1: number;
  pointsP2: number;
}

function PhaseRooms({ t, id, live }: { c: SnatchContracts; t: SnatchTournament; id: bigint; live: LiveTournament }) {
  const { account } = useWallet();
  const view = live.view!;
  const [phaseShown, setPhaseShown] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<PairRow[]>([]);
  const current = Number(view.phase);
  const phase = phaseShown ?? current;
  const data = live.phases[phase - 1];
  const created = data ? Number(data.created) : 0;

  useEffect(() => {
    if (phase < 1 || created === 0) return setRows([]);
    let stale = false;
    const from = page * ROOMS_PAGE;
    const to = Math.min(created, from + ROOMS_PAGE);
    Promise.all(
      Array.from({ length: Math.max(0, to - from) }, (_, k) =>
        t.roomAt(id, phase, from + k).then((r) => ({
          pair: from + k,
          roomId: r.roomId,
          p1: r.p1,
          p2: r.p2,
          finished: r.finished,
          pointsP1: Number(r.pointsP1),
          pointsP2: Number(r.pointsP2),
        })),
      ),
    ).then(
      (list) => !stale && setRows(list),
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [t, id, phase, page, created, live.version]);

  if (current === 0) return null;
  const pages = Math.max(1, Math.ceil(created / ROOMS_PAGE));
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
      {created === 0 ? (
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
                const mine = !!account && [r.p1, r.p2].some((p) => p.toLowerCase() === account.toLowerCase());
                return (
                  <tr key={r.pair} className={mine ? "row-you" : ""} data-room={r.roomId.toString()}>
                    <td>{r.pair + 1}</td>
                    <td>
                      <a href={href("snatch", "room", r.roomId)}>Room {r.roomId.toString()}</a>
                    </td>
                    <td>
                      <Player address={r.p1} you={account} />
                    </td>
                    <td>
                      <Player address={r.p2} you={account} />
                    </td>
                    <td>
                      {r.pointsP1} / {r.pointsP2}
                    </td>
                    <td>{r.finished ? "finished" : "playing"}</td>
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

type SortKey = keyof Omit<Ranked, "player">;

const COLUMNS: { key: SortKey | "player"; label: string; title: string }[] = [
  { key: "rank", label: "rank", title: "by aggregate; ties share a rank, earlier registration first" },
  { key: "player", label: "player", title: "" },
  { key: "scoreAsP1", label: "as P1", title: "sum of round-3 points as P1" },
  { key: "scoreAsP2", label: "as P2", title: "sum of round-3 points as P2" },
  { key: "aggregate", label: "total", title: "aggregate: as P1 + as P2" },
  { key: "roomsAsP1", label: "rooms as P1", title: "finished rooms as P1" },
  { key: "roomsAsP2", label: "rooms as P2", title: "finished rooms as P2" },
  { key: "satOut", label: "sat out", title: "phases sat out" },
  { key: "g3Shame", label: "G3 shame", title: "G3 shame received in this tournament" },
  { key: "profileG3Shame", label: "all-time shame", title: "the player's G3 shame across all rooms, live" },
];

// A row is a 44 px tap target on a phone (a name links to the player's history).
const ROW = 44;

/** The leaderboard, from the indexer (web/src/data/snatch.ts useLeaderboard), ranked as the contract ranks. */
function Leaderboard({ id, you }: { id: bigint; you: string | null }) {
  const [sort, setSort] = useState<{ key: SortKey | "player"; desc: boolean }>({ key: "rank", desc: false });
  const board = useLeaderboard(id);
  const ranked = useMemo(() => (board.data ? rank(board.data.entries) : []), [board.data]);
  const sorted = useMemo(() => {
    const list = [...ranked];
    const k = sort.key;
    list.sort((a, b) => {
      const d =
        k === "player"
          ? a.player.toLowerCase().localeCompare(b.player.toLowerCase())
          : (a[k] as number) - (b[k] as number);
      return (sort.desc ? -d : d) || a.rank - b.rank;
    });
    return list;
  }, [ranked, sort]);
  const height = Math.min(12, Math.max(1, sorted.length)) * ROW;
  return (
    <Panel title={`Leaderboard (${plural(ranked.length, "player")})`} className="leaderboard">
      {board.error && <p className="danger">{board.error}</p>}
      {board.data === undefined ? (
        board.error ? null : (
          <p aria-busy="true">Reading the leaderboard…</p>
        )
      ) : ranked.length === 0 ? (
        <p className="muted">Nobody registered yet.</p>
      ) : (
        <div className="lb" role="table" aria-label="Leaderboard" aria-rowcount={sorted.length + 1}>
          <div className="lb-row lb-head" role="row">
            {COLUMNS.map((col) => (
              <button
                key={col.key}
                type="button"
                role="columnheader"
                className={`lb-cell lb-${col.key}${sort.key === col.key ? " sorted" : ""}`}
                title={col.title}
                aria-sort={sort.key === col.key ? (sort.desc ? "descending" : "ascending") : "none"}
                onClick={() =>
                  setSort((s) => ({
                    key: col.key,
                    desc: s.key === col.key ? !s.desc : col.key !== "rank" && col.key !== "player",
                  }))
                }
              >
                {col.label}
                {sort.key === col.key ? (sort.desc ? " ▼" : " ▲") : ""}
              </button>
            ))}
          </div>
          <VirtualList
            count={sorted.length}
            rowHeight={ROW}
            height={height}
            ariaLabel="Leaderboard rows"
            role="rowgroup"
            renderRow={(i) => {
              const r = sorted[i];
              const mine = !!you && r.player.toLowerCase() === you.toLowerCase();
              return (
                <div
                  className={`lb-row${mine ? " row-you" : ""}`}
                  role="row"
                  data-player={r.player.toLowerCase()}
                  data-aggregate={r.aggregate}
                  data-rank={r.rank}
                >
                  {COLUMNS.map((col) => (
                    <span key={col.key} className={`lb-cell lb-${col.key}`} role="cell">
                      {col.key === "player" ? (
                        <a href={href("snatch", "tournament", id, "player", r.player)}>
                          <Player address={r.player} name={r.name} you={you} />
                        </a>
                      ) : (
                        r[col.key]
                      )}
                    </span>
                  ))}
                </div>
              );
            }}
          />
        </div>
      )}
    </Panel>
  );
}

function VariantCharts({ phases }: { phases: PhaseViewData[] }) {
  const rows: VariantRow[] = phases
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.started && Number(p.rooms) > 0)
    .map(({ p, i }) => ({ label: PHASE_NAMES[i + 1], figures: variantFigures(p.totals, Number(p.totals.finished)) }));
  if (rows.length === 0)
    return (
      <Panel title="Variants">
        <p className="muted">Charts appear once a phase has rooms.</p>
      </Panel>
    );
  return (
    <Panel title="Variants" className="charts">
      <AnswerShares rows={rows} />
      <AveragePoints rows={rows} />
      <table className="figures" aria-label="Variant figures">
        <thead>
          <tr>
            <th>variant</th>
            <th>rooms done</th>
            <th>offers / round</th>
            <th>shames</th>
            <th>reports</th>
            <th>refusals</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <td>{r.label}</td>
              <td>{r.figures.rooms}</td>
              <td>{r.figures.offerRate.toFixed(2)}</td>
              <td>{r.figures.shames}</td>
              <td>{r.figures.reports}</td>
              <td>{r.figures.refusals}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">
        From the phases' totals (finished rooms' round-3 results); averages per finished room.
      </p>
    </Panel>
  );
}
