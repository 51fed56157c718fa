// What the connected player can do now, phase by phase: join and start; serve a random value; the draft; roll; the
// discard of a 7; the ghost ship (with the odds of each steal); building (the board highlights the legal spots);
// development cards; gold credits; end of turn. Each button is enabled by a static call of its action (useChecks),
// so the contract decides and the page shows its reason.
import { useEffect } from "react";
import { JsonRpcProvider } from "ethers";
import type { ContractTransactionResponse } from "ethers";
import { idsOf } from "../../../client/catamm/board";
import { mine } from "../../../client/chain";
import { NO_EDGE, Pending, PENDING_NAMES, Phase, type Build, type GameSnapshot } from "../../../client/catamm/game";
import { RANDOMNESS_STATUS_NAMES } from "../../../client/chain";
import { useBlock } from "../shared/block";
import { blocksLeft } from "../shared/countdown";
import { txCall, callAttrs } from "../shared/calls";
import { ActionButton, RequestId } from "../shared/ui";
import { Player } from "../shared/Player";
import { useWallet } from "../shared/wallet";
import type { CatammContracts } from "./contracts";
import { useChecks } from "./useChecks";
import { useGameRead } from "./useGameRead";
import type { LiveGame } from "./useLiveGame";
import { CardsHeld, Checked, firstOf } from "./ActionParts";
import { CardPlays, DiscardPanel, GhostPanel, GoldPanel } from "./TurnParts";

/** What a click on the board does now. */
export type Mode =
  | { kind: "none" }
  | { kind: "draft"; vertex?: number; edges?: bigint }
  | { kind: "road" | "settlement" | "city" }
  | { kind: "roadBuilding"; first?: number; seconds?: bigint }
  | { kind: "ghost"; hex?: number; port?: number };

/** Sends a transaction through the transactions panel, then re-reads the game; resolves to whether it was mined. */
export type Act = (label: string, submit: () => Promise<ContractTransactionResponse>) => Promise<boolean>;

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
  const info = useJoined(c, gameId, live.version);
  const isIn = account !== null && (info ?? joined).some((a) => a.toLowerCase() === account.toLowerCase());
  const block = useBlock();
  const creator = account?.toLowerCase() === snap.creator.toLowerCase();
  const late = block.number > snap.deadline;
  const checks = useChecks(
    `${live.version}-${late}`,
    {
      join: isIn ? undefined : () => c.game.joinGame.staticCall(gameId),
      leave: isIn && !creator ? () => c.game.leaveGame.staticCall(gameId) : undefined,
      start: creator ? () => c.game.startGame.staticCall(gameId) : undefined,
      cancel: creator || late ? () => c.game.cancelGame.staticCall(gameId) : undefined,
    },
    { holdWithin: account ?? "" },
  );
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
      <p className="muted small">
        Open until block {snap.deadline.toLocaleString("en-US")} (
        {blocksLeft(snap.deadline, block.number, block.secondsPerBlock)}
        ): players join and may leave until the creator starts; after it anyone may cancel a game that has not started.
      </p>
      <div className="row">
        {!isIn && (
          <Checked
            check={checks.join}
            call={txCall(c.game, c.game.joinGame, [gameId])}
            onClick={() => act(`Join game ${gameId}`, () => c.game.joinGame(gameId))}
          >
            Join the game
          </Checked>
        )}
        {creator && (
          <Checked
            check={checks.start}
            call={txCall(c.game, c.game.startGame, [gameId])}
            onClick={() => act(`Start game ${gameId}`, () => c.game.startGame(gameId))}
          >
            Start the game
          </Checked>
        )}
        {isIn && !creator && (
          <Checked
            check={checks.leave}
            call={txCall(c.game, c.game.leaveGame, [gameId])}
            kind="secondary"
            onClick={() => act(`Leave game ${gameId}`, () => c.game.leaveGame(gameId))}
          >
            Leave the game
          </Checked>
        )}
        {(creator || late) && (
          <Checked
            check={checks.cancel}
            call={txCall(c.game, c.game.cancelGame, [gameId])}
            kind="secondary"
            onClick={() => act(`Cancel game ${gameId}`, () => c.game.cancelGame(gameId))}
          >
            Cancel the game
          </Checked>
        )}
      </div>
    </div>
  );
}

/** The players of an open game (join order), from gameInfo. */
function useJoined(c: CatammContracts, gameId: bigint, version: number): string[] | null {
  const read = useGameRead(c, gameId, ["joined"], version, async () => {
    const g = await c.game.gameInfo(gameId);
    return g.players.slice(0, Number(g.playerCount));
  });
  return read.data ?? null;
}

/** The outstanding random value: whom it is for, when it is ready, and the button that serves it. */
function ServePanel(props: ActionProps & { snap: GameSnapshot }) {
  const { c, gameId, act, live, snap } = props;
  const block = useBlock();
  const { provider, mode } = useWallet();
  const r = live.randomness;
  const local = mode === "local" && provider instanceof JsonRpcProvider;
  const status = r ? RANDOMNESS_STATUS_NAMES[r.status] : "…";
  const serve = async () => {
    if (r && r.status === 1 && local) {
      // A development node mines on request: make the value ready, then serve it.
      const need = Math.max(1, r.readyAt - block.number);
      await mine(provider as JsonRpcProvider, need);
    }
    await act(`Serve the random value (${PENDING_NAMES[snap.pending]})`, () => c.game.advance(gameId));
  };
  // On the local node a pending value is made ready by mining first: its static call may refuse it as still pending.
  const mineFirst = r !== null && r.status === 1 && local;
  return (
    <div className="serve" role="status">
      <p>
        <strong>Waiting for a random value</strong> for the {PENDING_NAMES[snap.pending]} (request{" "}
        <RequestId id={snap.requestId} />
        ): {status}
        {r && r.status === 1 && ` (ready from block ${r.readyAt.toLocaleString("en-US")})`}. Anyone may serve it.
      </p>
      {r && r.status === 3 ? (
        <ActionButton
          call={txCall(c.game, c.game.rerequestRandomness, [gameId])}
          onClick={() => act("Re-request the stale random value", () => c.game.rerequestRandomness(gameId))}
        >
          Re-request it (stale)
        </ActionButton>
      ) : (
        <ActionButton
          onClick={serve}
          disabled={!r || (r.status !== 2 && !mineFirst)}
          call={txCall(c.game, c.game.advance, [gameId], mineFirst ? { accepts: ["RandomnessPending"] } : {})}
        >
          {r && r.status === 1 && local ? "Mine and serve the random value" : "Serve the random value"}
        </ActionButton>
      )}
    </div>
  );
}

/** The first spot of a mask (0 when empty: the contract's refusal then says why), the one a probe asks about. */

function MyTurn(props: ActionProps & { snap: GameSnapshot }) {
  const { c, gameId, act, live, snap, mode, setMode } = props;
  const { account } = useWallet();
  const me = live.me;
  const firstRoad = me ? firstOf(me.spots.roads) : 0n;
  const firstSettlement = me ? firstOf(me.spots.settlements) : 0n;
  const firstCity = me ? firstOf(me.spots.cities) : 0n;
  const main = snap.phase === Phase.Main;
  const checks = useChecks(
    live.version,
    {
      roll: main ? undefined : () => c.game.rollDice.staticCall(gameId),
      end: main ? () => c.game.endTurn.staticCall(gameId) : undefined,
      road: main ? () => c.game.buildRoad.staticCall(gameId, firstRoad) : undefined,
      settlement: main ? () => c.game.buildSettlement.staticCall(gameId, firstSettlement) : undefined,
      city: main ? () => c.game.buildCity.staticCall(gameId, firstCity) : undefined,
      buy: main ? () => c.game.buyDevCard.staticCall(gameId) : undefined,
      knight: () => c.game.playKnight.staticCall(gameId),
      roadBuilding: () => c.game.playRoadBuilding.staticCall(gameId, firstRoad, NO_EDGE),
      yearOfPlenty: () => c.game.playYearOfPlenty.staticCall(gameId, 0, 0),
      monopoly: () => c.game.playMonopoly.staticCall(gameId, 0),
    },
    { holdWithin: account ?? "" },
  );
  const spotMask = (kind: "road" | "settlement" | "city") =>
    me?.spots[kind === "road" ? "roads" : kind === "city" ? "cities" : "settlements"] ?? 0n;
  const spots = (mask: bigint | undefined) => {
    const n = mask ? idsOf(mask).length : 0;
    return `${n} spot${n === 1 ? "" : "s"}`;
  };
  const toggle = (kind: "road" | "settlement" | "city") => setMode(mode.kind === kind ? { kind: "none" } : { kind });
  const buildCall = {
    road: txCall(c.game, c.game.buildRoad, [gameId, firstRoad]),
    settlement: txCall(c.game, c.game.buildSettlement, [gameId, firstSettlement]),
    city: txCall(c.game, c.game.buildCity, [gameId, firstCity]),
  };
  // A build the contract refuses now (too few cards, no spot, no piece left) offers no spot on the board: leave it.
  const refusedBuild =
    (mode.kind === "road" || mode.kind === "settlement" || mode.kind === "city") && checks[mode.kind]?.ok === false;
  useEffect(() => {
    if (refusedBuild) setMode({ kind: "none" });
  }, [refusedBuild, setMode]);
  return (
    <div className="my-turn">
      <h3>Your turn {snap.turn}</h3>
      {!main && (
        <Checked
          check={checks.roll}
          call={txCall(c.game, c.game.rollDice, [gameId])}
          onClick={() => act("Roll the dice", () => c.game.rollDice(gameId))}
        >
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
                  disabled={checks[kind]?.ok !== true}
                  onClick={() => toggle(kind)}
                  title={COST_TEXT[kind]}
                  {...callAttrs(buildCall[kind])}
                >
                  Build a {kind} (
                  {spots(me?.spots[kind === "road" ? "roads" : kind === "city" ? "cities" : "settlements"])})
                </button>
                <span className="why">
                  {COST_TEXT[kind]}
                  {checks[kind] &&
                    !checks[kind]!.ok &&
                    (spotMask(kind) === 0n
                      ? ": no spot for it now (the contract's legal spots)"
                      : `: ${checks[kind]!.reason}`)}
                </span>
              </div>
            ))}
          </div>
          <Checked
            check={checks.buy}
            call={txCall(c.game, c.game.buyDevCard, [gameId])}
            kind="secondary"
            onClick={() => act("Buy a development card", () => c.game.buyDevCard(gameId))}
          >
            Buy a development card ({COST_TEXT.devCard})
          </Checked>
        </>
      )}
      <CardPlays {...props} checks={checks} />
      {main && (
        <Checked
          check={checks.end}
          call={txCall(c.game, c.game.endTurn, [gameId])}
          onClick={() => act("End the turn", () => c.game.endTurn(gameId))}
        >
          End the turn
        </Checked>
      )}
    </div>
  );
}
