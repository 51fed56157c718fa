// What the connected player can do now, phase by phase: join and start; serve a random value; the draft; roll; the
// discard of a 7; the ghost ship (with the odds of each steal); building (the board highlights the legal spots);
// development cards; gold credits; end of turn. Each action is described once (checks.ts `gameAction`) and its button
// is enabled by the contract's answer to it (useGameChecks), so the contract decides and the page shows its reason.
import { useEffect } from "react";
import { JsonRpcProvider } from "ethers";
import { idsOf } from "../../../client/catamm/board";
import { mine } from "../../../client/chain";
import { Pending, PENDING_NAMES, Phase, type Build, type GameSnapshot } from "../../../client/catamm/game";
import { RANDOMNESS_STATUS_NAMES } from "../../../client/chain";
import { useBlock } from "../shared/block";
import { blocksLeft } from "../shared/countdown";
import { callAttrs } from "../shared/calls";
import { callOf, type Action } from "../shared/action";
import { ActionButton, RequestId } from "../shared/ui";
import { Player } from "../shared/Player";
import { useWallet } from "../shared/wallet";
import type { CatammContracts } from "./contracts";
import { gameAction, useGameChecks } from "./checks";
import { useGameRead } from "./useGameRead";
import type { LiveGame } from "./useLiveGame";
import { CardsHeld, Checked, firstOf } from "./ActionParts";
import { CardPlays, DiscardPanel, GhostPanel, GoldPanel } from "./TurnParts";

/** What a click on the board does now. */
export type Mode =
  | { kind: "none" }
  | { kind: "draft"; vertex?: number }
  | { kind: "road" | "settlement" | "city" }
  | { kind: "roadBuilding"; first?: number }
  | { kind: "ghost"; hex?: number; port?: number };

/** Sends an action through the transactions panel, then re-reads the game; resolves to whether it was mined. */
export type Act = (a: Action) => Promise<boolean>;

export interface ActionProps {
  c: CatammContracts;
  live: LiveGame;
  gameId: bigint;
  mode: Mode;
  setMode: (m: Mode) => void;
  act: Act;
}

const COST_TEXT: Record<Build, string> = {
  road: "1 Wood + 1 Brick",
  settlement: "1 Wood + 1 Brick + 1 Sheep + 1 Wheat",
  city: "3 Ore + 2 Wheat",
  devCard: "1 Sheep + 1 Ore + 1 Wheat",
};

export function TurnPanel(props: ActionProps) {
  const { live, c } = props;
  const { account } = useWallet();
  const snap = live.snap;
  if (!snap) return null;
  const me = live.me;
  const mine = account !== null && snap.players[snap.seat]?.address.toLowerCase() === account.toLowerCase();
  return (
    <section className="panel turn-panel" aria-label="Your actions">
      {snap.phase === Phase.Finished && <p>The game is over: every action is closed; the views keep answering.</p>}
      {snap.phase === Phase.Cancelled && <p>The game was cancelled before it started.</p>}
      {snap.phase === Phase.Abandoned && (
        <p>The game was ended as abandoned: its players had stopped playing. Every action is closed.</p>
      )}
      {snap.phase === Phase.Open && <OpenActions {...props} snap={snap} />}
      {snap.pending !== Pending.None && <ServePanel {...props} snap={snap} />}
      {snap.phase === Phase.Setup && snap.pending === Pending.None && (
        <p>
          {mine ? (
            <strong>
              Your draft pick: click a highlighted vertex for a settlement, then one of its edges for its road.
            </strong>
          ) : (
            <>Draft: waiting for another player's pick.</>
          )}
        </p>
      )}
      {snap.phase === Phase.Discard && <DiscardPanel {...props} snap={snap} />}
      {snap.phase === Phase.GhostShip && mine && <GhostPanel {...props} snap={snap} />}
      {mine && (snap.phase === Phase.BeforeRoll || snap.phase === Phase.Main) && snap.pending === Pending.None && (
        <MyTurn {...props} snap={snap} />
      )}
      {mine && snap.phase === Phase.Main && snap.pending === Pending.Draw && (
        <p className="muted">Your card is drawn with the random value above; serve it before you end the turn.</p>
      )}
      {me && me.player.gold > 0 && snap.phase >= Phase.Setup && snap.phase < Phase.Finished && <GoldPanel {...props} />}
      {me && <CardsHeld live={live} />}
      {!me && snap.phase > Phase.Open && (
        <p className="muted">You are watching: the connected account is not a player of this game.</p>
      )}
      {c.lens === null && <p className="muted">No CatammLens deployment: legal spots cannot be shown.</p>}
    </section>
  );
}

function OpenActions(props: ActionProps & { snap: GameSnapshot }) {
  const { c, gameId, act, live, snap } = props;
  const { account } = useWallet();
  const joined = snap.players.length > 0 ? snap.players.map((p) => p.address) : [];
  const { players: info, error: joinedError } = useJoined(c, gameId, live.version);
  const isIn = account !== null && (info ?? joined).some((a) => a.toLowerCase() === account.toLowerCase());
  const block = useBlock();
  const creator = account?.toLowerCase() === snap.creator.toLowerCase();
  const late = block.number > snap.deadline;
  const join = gameAction(c, "joinGame", [gameId], `Join game ${gameId}`);
  const start = gameAction(c, "startGame", [gameId], `Start game ${gameId}`);
  const leave = gameAction(c, "leaveGame", [gameId], `Leave game ${gameId}`);
  const cancel = gameAction(c, "cancelGame", [gameId], `Cancel game ${gameId}`);
  const checks = useGameChecks(c, gameId, [live.version, late], {
    join: isIn ? undefined : join,
    leave: isIn && !creator ? leave : undefined,
    start: creator ? start : undefined,
    cancel: creator || late ? cancel : undefined,
  });
  return (
    <div>
      <h3>Players joined</h3>
      <ol className="joined">
        {(info ?? []).map((a) => (
          <li key={a}>
            <Player address={a} you={account} />
            {a === snap.creator && <span className="badge">creator</span>}
          </li>
        ))}
      </ol>
      {joinedError && <p className="danger">{joinedError}</p>}
      <p className="muted small">
        Open until block {snap.deadline.toLocaleString("en-US")} (
        {blocksLeft(snap.deadline, block.number, block.secondsPerBlock)}
        ): players join and may leave until the creator starts; after it anyone may cancel a game that has not started.
      </p>
      <div className="row">
        {!isIn && (
          <Checked check={checks.get("join")} action={join} act={act}>
            Join the game
          </Checked>
        )}
        {creator && (
          <Checked check={checks.get("start")} action={start} act={act}>
            Start the game
          </Checked>
        )}
        {isIn && !creator && (
          <Checked check={checks.get("leave")} action={leave} act={act} kind="secondary">
            Leave the game
          </Checked>
        )}
        {(creator || late) && (
          <Checked check={checks.get("cancel")} action={cancel} act={act} kind="secondary">
            Cancel the game
          </Checked>
        )}
      </div>
    </div>
  );
}

/** The players of an open game (join order), from gameInfo. */
function useJoined(
  c: CatammContracts,
  gameId: bigint,
  version: number,
): { players: string[] | null; error: string | null } {
  const read = useGameRead(c, gameId, ["joined"], version, async () => {
    const g = await c.game.gameInfo(gameId);
    return g.players.slice(0, Number(g.playerCount));
  });
  return { players: read.data ?? null, error: read.error };
}

/** The outstanding random value: whom it is for, when it is ready, and the button that serves it. */
function ServePanel(props: ActionProps & { snap: GameSnapshot }) {
  const { c, gameId, act, live, snap } = props;
  const block = useBlock();
  const { provider, mode } = useWallet();
  const r = live.randomness;
  const local = mode === "local" && provider instanceof JsonRpcProvider;
  const status = r ? RANDOMNESS_STATUS_NAMES[r.status] : "…";
  // On the local node a pending value is made ready by mining first: its static call may refuse it as still pending.
  const mineFirst = r !== null && r.status === 1 && local;
  const advance = gameAction(
    c,
    "advance",
    [gameId],
    `Serve the random value (${PENDING_NAMES[snap.pending]})`,
    mineFirst ? ["RandomnessPending"] : undefined,
  );
  const rerequest = gameAction(c, "rerequestRandomness", [gameId], "Re-request the stale random value");
  const serve = async () => {
    if (r && r.status === 1 && local) {
      // A development node mines on request: make the value ready, then serve it.
      const need = Math.max(1, r.readyAt - block.number);
      await mine(provider as JsonRpcProvider, need);
    }
    await act(advance);
  };
  return (
    <div className="serve" role="status">
      <p>
        <strong>Waiting for a random value</strong> for the {PENDING_NAMES[snap.pending]} (request{" "}
        <RequestId id={snap.requestId} />
        ): {status}
        {r && r.status === 1 && ` (ready from block ${r.readyAt.toLocaleString("en-US")})`}. Anyone may serve it.
      </p>
      {r && r.status === 3 ? (
        <ActionButton call={callOf(rerequest)} onClick={() => act(rerequest)}>
          Re-request it (stale)
        </ActionButton>
      ) : (
        <ActionButton onClick={serve} disabled={!r || (r.status !== 2 && !mineFirst)} call={callOf(advance)}>
          {r && r.status === 1 && local ? "Mine and serve the random value" : "Serve the random value"}
        </ActionButton>
      )}
    </div>
  );
}

function MyTurn(props: ActionProps & { snap: GameSnapshot }) {
  const { c, gameId, act, live, snap, mode, setMode } = props;
  const me = live.me;
  const firstRoad = me ? firstOf(me.spots.roads) : 0n;
  const firstSettlement = me ? firstOf(me.spots.settlements) : 0n;
  const firstCity = me ? firstOf(me.spots.cities) : 0n;
  const main = snap.phase === Phase.Main;
  // The builds are asked at the first spot of each kind (0 when none: the contract's refusal then says why); the
  // board then offers every legal spot.
  const acts = {
    roll: gameAction(c, "rollDice", [gameId], "Roll the dice"),
    end: gameAction(c, "endTurn", [gameId], "End the turn"),
    road: gameAction(c, "buildRoad", [gameId, firstRoad], "Build a road"),
    settlement: gameAction(c, "buildSettlement", [gameId, firstSettlement], "Build a settlement"),
    city: gameAction(c, "buildCity", [gameId, firstCity], "Build a city"),
    buy: gameAction(c, "buyDevCard", [gameId], "Buy a development card"),
  };
  const checks = useGameChecks(c, gameId, live.version, {
    roll: main ? undefined : acts.roll,
    end: main ? acts.end : undefined,
    road: main ? acts.road : undefined,
    settlement: main ? acts.settlement : undefined,
    city: main ? acts.city : undefined,
    buy: main ? acts.buy : undefined,
  });
  const spotMask = (kind: "road" | "settlement" | "city") =>
    me?.spots[kind === "road" ? "roads" : kind === "city" ? "cities" : "settlements"] ?? 0n;
  const spots = (mask: bigint | undefined) => {
    const n = mask ? idsOf(mask).length : 0;
    return `${n} spot${n === 1 ? "" : "s"}`;
  };
  const toggle = (kind: "road" | "settlement" | "city") => setMode(mode.kind === kind ? { kind: "none" } : { kind });
  // A build the contract refuses now (too few cards, no spot, no piece left) offers no spot on the board: leave it.
  const refusedBuild =
    (mode.kind === "road" || mode.kind === "settlement" || mode.kind === "city") && checks.get(mode.kind)?.ok === false;
  useEffect(() => {
    if (refusedBuild) setMode({ kind: "none" });
  }, [refusedBuild, setMode]);
  return (
    <div className="my-turn">
      <h3>Your turn {snap.turn}</h3>
      {!main && (
        <Checked check={checks.get("roll")} action={acts.roll} act={act}>
          Roll the dice
        </Checked>
      )}
      {main && (
        <>
          <p className="muted">
            Rolled {snap.lastRoll}. Trade in the <a href={`#/catamm/${gameId}/markets`}>markets</a>, build, then end the
            turn.
          </p>
          <div className="build-buttons">
            {(["road", "settlement", "city"] as const).map((kind) => (
              <div key={kind} className="checked">
                <button
                  type="button"
                  className={`btn ${mode.kind === kind ? "btn-primary" : "btn-secondary"}`}
                  aria-pressed={mode.kind === kind}
                  disabled={!checks.ok(kind)}
                  onClick={() => toggle(kind)}
                  title={COST_TEXT[kind]}
                  {...callAttrs(callOf(acts[kind]))}
                >
                  Build a {kind} (
                  {spots(me?.spots[kind === "road" ? "roads" : kind === "city" ? "cities" : "settlements"])})
                </button>
                <span className="why">
                  {COST_TEXT[kind]}
                  {checks.why(kind) !== undefined &&
                    (spotMask(kind) === 0n
                      ? ": no spot for it now (the contract's legal spots)"
                      : `: ${checks.why(kind)}`)}
                </span>
              </div>
            ))}
          </div>
          <Checked check={checks.get("buy")} action={acts.buy} act={act} kind="secondary">
            Buy a development card ({COST_TEXT.devCard})
          </Checked>
        </>
      )}
      <CardPlays {...props} />
      {main && (
        <Checked check={checks.get("end")} action={acts.end} act={act}>
          End the turn
        </Checked>
      )}
    </div>
  );
}
