// A CATAMM game: `#/catamm/<game>` (the board), `.../markets` (the pools, swaps, liquidity) and `.../charts` (price
// and points history). Beside each: whom the game waits on and until when, the connected player's actions, and the
// players' points, cards and awards.
import { useCallback, useEffect, useMemo, useState } from "react";
import { PORT_COUNT } from "../../../client/catamm/board";
import {
  DEV_CARD_NAMES,
  Pending,
  Phase,
  PHASE_NAMES,
  PORT_PLACE,
  type GameSnapshot,
} from "../../../client/catamm/game";
import { NO_PORT, PRESET_FEES, RESOURCE_NAMES, formatAmount, formatBps, poolName } from "../../../client/catamm/market";
import { plural } from "../../../client/format";
import { href } from "../shared/routes";
import { useTx } from "../shared/tx";
import { Panel } from "../shared/ui";
import { Player } from "../shared/Player";
import { useWallet } from "../shared/wallet";
import { TurnPanel, type Act, type Mode } from "./Actions";
import { SeatChip } from "./ActionParts";
import { Board } from "./Board";
import { Charts } from "./Charts";
import { useCatamm, useRandomnessSource, type CatammContracts } from "./contracts";
import { useOffers } from "./useBoardOffers";
import { PLAYER_COLOR_NAMES } from "./look";
import { Markets } from "./Markets";
import { fractionText, splitCards } from "../../../client/catamm/cards";
import { useLiveGame, type LiveGame } from "./useLiveGame";
import { StatusBar } from "./StatusBar";

export type GameView = "board" | "markets" | "charts";

export function GamePage({ gameId, view }: { gameId: bigint; view: GameView }) {
  const c = useCatamm();
  const source = useRandomnessSource(c);
  const live = useLiveGame(c, source, gameId);
  const { sendAction } = useTx();
  const refreshGame = live.refresh;
  const act: Act = useCallback(
    async (a) => {
      const receipt = await sendAction(a);
      refreshGame();
      return receipt !== null;
    },
    [sendAction, refreshGame],
  );
  if (!c) return <p>No CATAMM deployment on this network.</p>;
  const snap = live.snap;
  return (
    <div
      className="catamm-game"
      data-phase={snap?.phase}
      data-turn={snap?.turn}
      data-pick={snap?.setupPick}
      data-pending={snap?.pending}
      data-version={live.version}
    >
      <header className="game-head">
        <div className="crumbs">
          <a href={href("catamm")}>CATAMM games</a> / Game {gameId.toString()}
        </div>
        <h1>CATAMM game {gameId.toString()}</h1>
        {snap && <Facts snap={snap} />}
        <nav className="tabs" aria-label="Game views">
          {(["board", "markets", "charts"] as const).map((v) => (
            <a
              key={v}
              href={v === "board" ? href("catamm", gameId) : href("catamm", gameId, v)}
              className={view === v ? "active" : ""}
              aria-current={view === v ? "page" : undefined}
            >
              {v === "board" ? "Board" : v === "markets" ? "Markets" : "Charts"}
            </a>
          ))}
        </nav>
      </header>
      {live.error && <p className="danger">{live.error}</p>}
      {!snap ? (
        <p aria-busy="true">Reading the game…</p>
      ) : (
        <Playing c={c} live={live} snap={snap} gameId={gameId} view={view} act={act} />
      )}
    </div>
  );
}

function Facts({ snap }: { snap: GameSnapshot }) {
  const preset = PRESET_FEES[snap.feePreset];
  return (
    <p className="facts">
      <span>{snap.players.length || "…"} players</span>
      <span>
        {preset?.name ?? "?"} fees ({formatBps(preset?.feeBps ?? 0n)} without the pool's port,{" "}
        {formatBps(preset?.portFeeBps ?? 0n)} with it)
      </span>
      <span>pools {snap.depthCards.toLocaleString("en-US")} cards a side</span>
      <span>{snap.turnBlocks} blocks per wait</span>
      <span>{snap.turn > 0 ? `turn ${snap.turn}` : PHASE_NAMES[snap.phase]}</span>
    </p>
  );
}

function Playing(props: {
  c: CatammContracts;
  live: LiveGame;
  snap: GameSnapshot;
  gameId: bigint;
  view: GameView;
  act: Act;
}) {
  const { c, live, snap, gameId, view, act } = props;
  const { account } = useWallet();
  const [mode, setMode] = useState<Mode>({ kind: "none" });
  const myTurn = account !== null && snap.players[snap.seat]?.address.toLowerCase() === account.toLowerCase();
  const free = snap.pending === Pending.None;

  // The board's mode follows the phase: the draft and the ghost ship need a click; leaving a phase clears it.
  useEffect(() => {
    if (snap.phase === Phase.Setup && myTurn && free) {
      if (mode.kind !== "draft") setMode({ kind: "draft" });
    } else if (snap.phase === Phase.GhostShip && myTurn && free) {
      if (mode.kind !== "ghost") setMode({ kind: "ghost" });
    } else if (snap.phase !== Phase.Main || !myTurn || !free) {
      if (mode.kind !== "none") setMode({ kind: "none" });
    } else if (mode.kind === "draft" || mode.kind === "ghost") {
      setMode({ kind: "none" });
    }
  }, [snap.phase, myTurn, free, mode.kind]);
  // A new draft pick or turn starts with nothing chosen.
  useEffect(() => {
    setMode((m) => (m.kind === "draft" ? { kind: "draft" } : m.kind === "ghost" ? { kind: "ghost" } : m));
  }, [snap.setupPick, snap.turn]);

  const offers = useOffers(c, live, gameId, mode, setMode, act);
  const poolOfPort = useMemo(() => {
    const out = Array<number>(PORT_COUNT).fill(-1);
    for (const p of live.market?.pools ?? []) if (p.port !== NO_PORT) out[p.port] = p.pool;
    return out;
  }, [live.market]);
  const missing = live.market?.pools.find((p) => !p.active)?.pool ?? -1;

  return (
    <>
      <StatusBar c={c} live={live} snap={snap} gameId={gameId} act={act} />
      <div className="catamm-grid">
        <div className="catamm-main">
          {view === "board" && (
            <>
              {snap.phase > Phase.Starting && (
                <p className="board-legend">
                  <span>
                    Missing pool: <strong>{missing >= 0 ? poolName(missing) : "…"}</strong> (no trades there)
                  </span>
                  <span>
                    Ghost ship:{" "}
                    {snap.ghostShip >= PORT_PLACE
                      ? `at port ${snap.ghostShip - PORT_PLACE}`
                      : `hex ${snap.ghostShip}${snap.ghostShip === snap.board.desert ? " (the desert: blocks nothing)" : " (blocked)"}`}
                  </span>
                  <span className="muted">
                    house: settlement, tower: city; 6 and 8 in red: the likeliest rolls (dots: the ways to roll it)
                  </span>
                </p>
              )}
              {snap.phase > Phase.Starting ? (
                <Board
                  board={snap.board}
                  players={snap.players}
                  ghostShip={snap.ghostShip}
                  poolOfPort={poolOfPort}
                  missingPool={missing}
                  ports={snap.players.map((_, i) => live.market?.ports[i] ?? 0n)}
                  offers={offers}
                  lastRoll={snap.turn > 0 ? snap.lastRoll : undefined}
                />
              ) : (
                <p className="muted">The board is laid out when the game starts.</p>
              )}
              <div className="under-board">
                <LastRoll live={live} snap={snap} />
                <Feed live={live} />
              </div>
            </>
          )}
          {view === "markets" && <Markets c={c} live={live} gameId={gameId} act={act} />}
          {view === "charts" && <Charts live={live} />}
        </div>
        <aside className="catamm-side">
          <TurnPanel c={c} live={live} gameId={gameId} mode={mode} setMode={setMode} act={act} />
          <Players live={live} snap={snap} />
        </aside>
      </div>
    </>
  );
}

/** Every player: points, hand, resources, gold, knights, road, cards, awards; the one on the move marked. */
function Players({ live, snap }: { live: LiveGame; snap: GameSnapshot }) {
  const { account } = useWallet();
  if (snap.players.length === 0) return null;
  return (
    <Panel title="Players" className="players">
      <table aria-label="Players">
        <thead>
          <tr>
            <th>seat</th>
            <th title="public points: settlements, cities, longest road, largest army (VP cards are hidden)">points</th>
            <th>hand</th>
            <th title="whole cards (they build and count in the hand) + the fraction beside them (it only trades)">
              resources
            </th>
          </tr>
        </thead>
        <tbody>
          {snap.players.map((p) => {
            const current = snap.phase < Phase.Finished && p.seat === snap.seat;
            const cardsHeld = p.cards.reduce((a, b) => a + b, 0);
            return (
              <tr key={p.address} className={current ? "current" : ""} data-seat={p.seat}>
                <td>
                  <SeatChip seat={p.seat} /> <Player address={p.address} you={account} />
                  <div className="muted small">{PLAYER_COLOR_NAMES[p.seat]}</div>
                </td>
                <td className="points">
                  <strong>{p.publicPoints}</strong>
                  {snap.longestRoad === p.address && <div className="award">Longest road</div>}
                  {snap.largestArmy === p.address && <div className="award">Largest army</div>}
                </td>
                <td>
                  {plural(p.hand, "card")}
                  {p.discardOwed > 0 && <div className="danger">owes {p.discardOwed}</div>}
                </td>
                <td className="res">
                  {p.balances.map((b, r) => (
                    <Cards key={r} resource={r} balance={b} />
                  ))}
                  <div className="muted small">
                    gold {p.gold} · knights {p.knights} · road {p.roadLength} · dev cards {cardsHeld}
                    {p.cards.some((n) => n > 0) &&
                      ` (${p.cards
                        .map((n, k) => (n > 0 ? `${n} ${DEV_CARD_NAMES[k]}` : ""))
                        .filter(Boolean)
                        .join(", ")})`}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {live.history.points.length === 0 && snap.turn === 0 && <p className="muted small">No turn yet.</p>}
    </Panel>
  );
}

/** A balance as whole cards (they build and count in the hand) and, apart, the fraction beside them (it only trades). */
function Cards({ resource, balance }: { resource: number; balance: bigint }) {
  const { whole, fraction } = splitCards(balance);
  const name = RESOURCE_NAMES[resource];
  return (
    <span
      className={`res-chip res-${resource}`}
      data-testid={`cards-${name}`}
      title={`${formatAmount(balance, 6)} ${name}: ${plural(whole, "whole card")}${
        fraction > 0n
          ? ` and ${fractionText(fraction, 6)} of a card, which only trades (building takes whole cards)`
          : ""
      }`}
    >
      {name} <strong>{whole.toString()}</strong>
      {fraction > 0n && <span className="fraction"> +{fractionText(fraction)}</span>}
    </span>
  );
}

/** What the last roll produced, per player (gold credits too). */
function LastRoll({ live, snap }: { live: LiveGame; snap: GameSnapshot }) {
  const last = live.history.production[live.history.production.length - 1];
  if (!last) return null;
  const seatOf = (a: string) => snap.players.findIndex((p) => p.address === a);
  const rows = [...last.byPlayer.entries()];
  return (
    <Panel title={last.roll === 0 ? "Draft: second settlements produced" : `Roll of turn ${last.turn}: ${last.roll}`}>
      {last.roll === 7 ? (
        <p>A 7: nothing is produced; hands of 8 or more discard half, then the ghost ship moves.</p>
      ) : rows.length === 0 ? (
        <p className="muted">Nothing produced (no building on a hex with this number, or it is blocked).</p>
      ) : (
        <ul className="production">
          {rows.map(([address, got]) => (
            <li key={address}>
              <SeatChip seat={seatOf(address)} /> <Player address={address} />:{" "}
              {[
                ...got.cards.map((n, r) => (n > 0 ? `+${n} ${RESOURCE_NAMES[r]}` : "")),
                got.gold > 0 ? `+${got.gold} gold credit${got.gold > 1 ? "s" : ""}` : "",
              ]
                .filter(Boolean)
                .join(", ")}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The game's recent events, in words. */
function Feed({ live }: { live: LiveGame }) {
  const lines = live.history.feed.slice(-14).reverse();
  return (
    <Panel title="What happened" className="feed">
      <ol>
        {lines.map((l, i) => (
          <li key={`${l.block}-${i}`}>
            <span className="muted">#{l.block}</span> {l.text}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
