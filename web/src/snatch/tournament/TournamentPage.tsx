// One tournament: its stage, the actions anyone (or its organiser) may take now (ActionsPanel.tsx), the
// connected player's rooms, the phases, a phase's rooms, the leaderboard and per-variant charts. Its data comes from
// useTournament.ts (the contract's views) and the indexer (rooms, leaderboard); the list of actions it may offer from
// tournamentActions.ts, and the contract's answers to them from data/checks.ts.
import { useMemo, useState } from "react";
import { useBlock } from "../../shared/block";
import { Countdown, useBlockTime } from "../../shared/Countdown";
import { windowWords } from "../../shared/blocktime";
import { href } from "../../shared/routes";
import { Player } from "../../shared/Player";
import { useWallet } from "../../shared/wallet";
import { useChecks } from "../../data/checks";
import { plural } from "../../../../client/format";
import { PHASE_NAMES, Stage, STAGE_NAMES } from "../../../../client/snatch/tournament";
import { useSnatchContracts } from "../contracts";
import { MyRoomsNow } from "../MyRooms";
import { Leaderboard, VariantCharts } from "./Leaderboard";
import { TournamentActions } from "./ActionsPanel";
import { tournamentOffers } from "./tournamentActions";
import { PhaseRooms, PhasesTable, YourPart } from "./TournamentParts";
import { useTournament } from "./useTournament";

export function TournamentPage({ id }: { id: bigint }) {
  const c = useSnatchContracts();
  const t = c?.tournament ?? null;
  const live = useTournament(c?.chainId ?? null, t, id);
  const { account } = useWallet();
  const block = useBlock();
  const view = live.view;
  const stage = view ? Number(view.stage) : 0;
  const current = view ? Number(view.phase) : 0;
  const [closeBatch, setCloseBatch] = useState("10");
  const seconds = useBlockTime();
  const batch = Number(closeBatch) || 1;
  const offered = useMemo(
    () => (t && view ? tournamentOffers(t, id, stage, current, batch) : {}),
    [t, id, view, stage, current, batch],
  );
  const checks = useChecks(live.stateKey, offered);

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
          {account && <YourPart t={t} id={id} account={account} current={current} stateKey={live.stateKey} />}
          <TournamentActions
            t={t}
            id={id}
            live={live}
            checks={checks}
            closeBatch={closeBatch}
            setCloseBatch={setCloseBatch}
          />
          <PhaseRooms id={id} current={current} />
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
