// What the connected player can do now, phase by phase: join and start; serve a random value; the draft; roll; the
// discard of a 7; the ghost ship (with the odds of each steal); building (the board highlights the legal spots);
// development cards; gold credits; end of turn. Each button is enabled by a static call of its action (useChecks),
// so the contract decides and the page shows its reason.
import { useEffect, useState, type ReactNode } from "react";
import { JsonRpcProvider, ZeroAddress } from "ethers";
import type { ContractTransactionResponse } from "ethers";
import { idsOf } from "../../../client/catamm/board";
import { mine } from "../../../client/chain";
import {
  DEV_CARD_NAMES,
  DevCard,
  NO_EDGE,
  Pending,
  PENDING_NAMES,
  Phase,
  PORT_PLACE,
  wholeCards,
  type Build,
  type GameSnapshot,
} from "../../../client/catamm/game";
import { POOL_PAIRS, RESOURCE_NAMES } from "../../../client/catamm/market";
import { RANDOMNESS_STATUS_NAMES } from "../../../client/chain";
import { plural } from "../../../client/format";
import { useBlock } from "../shared/block";
import { blocksLeft } from "../shared/countdown";
import { txCall, callAttrs, type TxCall } from "../shared/calls";
import { ActionButton, RequestId } from "../shared/ui";
import { Player } from "../shared/Player";
import { useWallet } from "../shared/wallet";
import type { CatammContracts } from "./contracts";
import { PLAYER_COLORS } from "./look";
import { useChecks, type Check } from "./useChecks";
import { useGameRead } from "./useGameRead";
import type { LiveGame } from "./useLiveGame";

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

/** A button enabled by its static check (of `call`, the transaction it sends); the reason shows under it when the
 *  contract refuses. */
function Checked(props: {
  check: Check | undefined;
  call: TxCall;
  onClick: () => Promise<unknown>;
  children: ReactNode;
  kind?: "primary" | "secondary";
}) {
  const ok = props.check?.ok === true;
  return (
    <div className="checked">
      <ActionButton
        onClick={props.onClick}
        disabled={!ok}
        kind={props.kind}
        title={props.check?.reason}
        call={props.call}
      >
        {props.children}
      </ActionButton>
      {props.check && !props.check.ok && <span className="why">{props.check.reason}</span>}
    </div>
  );
}

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
const firstOf = (mask: bigint): bigint => (mask !== 0n ? BigInt(idsOf(mask)[0]) : 0n);

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

/** Development cards the player may play now (each enabled by a static call of its play). */
function CardPlays(props: ActionProps & { checks: Partial<Record<string, Check>> }) {
  const { c, gameId, act, live, checks, setMode, mode } = props;
  const [yop, setYop] = useState<[number, number]>([0, 0]);
  const [mono, setMono] = useState(0);
  const me = live.me;
  if (!me) return null;
  const held = (card: number) => me.held[card] ?? 0;
  if ([DevCard.Knight, DevCard.RoadBuilding, DevCard.YearOfPlenty, DevCard.Monopoly].every((k) => held(k) === 0)) {
    return null;
  }
  const select = (value: number, set: (n: number) => void, label: string) => (
    <select aria-label={label} value={value} onChange={(e) => set(Number(e.target.value))}>
      {RESOURCE_NAMES.map((n, r) => (
        <option key={n} value={r}>
          {n}
        </option>
      ))}
    </select>
  );
  return (
    <div className="card-plays">
      <h3>Play a development card</h3>
      {held(DevCard.Knight) > 0 && (
        <Checked
          check={checks.knight}
          call={txCall(c.game, c.game.playKnight, [gameId])}
          kind="secondary"
          onClick={() => act("Play a Knight", () => c.game.playKnight(gameId))}
        >
          Play a Knight (move the ghost ship)
        </Checked>
      )}
      {held(DevCard.RoadBuilding) > 0 && (
        <Checked
          check={checks.roadBuilding}
          call={txCall(c.game, c.game.playRoadBuilding, [gameId, firstOf(me.spots.roads), NO_EDGE])}
          kind="secondary"
          onClick={async () => setMode(mode.kind === "roadBuilding" ? { kind: "none" } : { kind: "roadBuilding" })}
        >
          Play Road Building (pick two roads on the board)
        </Checked>
      )}
      {mode.kind === "roadBuilding" && <RoadBuildingHint {...props} />}
      {held(DevCard.YearOfPlenty) > 0 && (
        <div className="row">
          {select(yop[0], (n) => setYop([n, yop[1]]), "Year of Plenty: first resource")}
          {select(yop[1], (n) => setYop([yop[0], n]), "Year of Plenty: second resource")}
          <Checked
            check={checks.yearOfPlenty}
            call={txCall(c.game, c.game.playYearOfPlenty, [gameId, yop[0], yop[1]])}
            kind="secondary"
            onClick={() =>
              act(`Play Year of Plenty: ${RESOURCE_NAMES[yop[0]]} and ${RESOURCE_NAMES[yop[1]]}`, () =>
                c.game.playYearOfPlenty(gameId, yop[0], yop[1]),
              )
            }
          >
            Play Year of Plenty
          </Checked>
        </div>
      )}
      {held(DevCard.Monopoly) > 0 && (
        <div className="row">
          {select(mono, setMono, "Monopoly: resource")}
          <Checked
            check={checks.monopoly}
            call={txCall(c.game, c.game.playMonopoly, [gameId, mono])}
            kind="secondary"
            onClick={() => act(`Play Monopoly on ${RESOURCE_NAMES[mono]}`, () => c.game.playMonopoly(gameId, mono))}
          >
            Play Monopoly
          </Checked>
        </div>
      )}
    </div>
  );
}

function RoadBuildingHint(props: ActionProps) {
  const { c, gameId, act, mode, setMode } = props;
  if (mode.kind !== "roadBuilding") return null;
  return (
    <div className="hint">
      {mode.first === undefined ? (
        <p>Road Building: click a highlighted edge for the first free road.</p>
      ) : (
        <>
          <p>First road on edge {mode.first}: click a highlighted edge for the second, or build only this one.</p>
          <ActionButton
            kind="secondary"
            call={txCall(c.game, c.game.playRoadBuilding, [gameId, mode.first, NO_EDGE])}
            onClick={async () => {
              if (
                await act(`Play Road Building: edge ${mode.first}`, () =>
                  c.game.playRoadBuilding(gameId, mode.first!, NO_EDGE),
                )
              ) {
                setMode({ kind: "none" });
              }
            }}
          >
            Build only this road
          </ActionButton>
        </>
      )}
    </div>
  );
}

/** The discard of a 7: what the player gives up, exactly the count owed (whole cards and gold credits). */
function DiscardPanel(props: ActionProps & { snap: GameSnapshot }) {
  const { c, gameId, act, live, snap } = props;
  const me = live.me;
  const [take, setTake] = useState([0, 0, 0, 0, 0, 0]);
  const owing = snap.players.filter((p) => p.discardOwed > 0);
  if (!me || me.player.discardOwed === 0) {
    return (
      <p>
        A 7: waiting for {owing.map((p) => `P${p.seat + 1}`).join(", ") || "nobody"} to discard
        {owing.length ? ` (${owing.map((p) => `${p.discardOwed} cards`).join(", ")})` : ""}.
      </p>
    );
  }
  const whole = wholeCards(me.player.balances);
  const have = [...whole, me.player.gold];
  const total = take.reduce((a, b) => a + b, 0);
  const owed = me.player.discardOwed;
  const names = [...RESOURCE_NAMES, "Gold credits"];
  return (
    <form className="discard" aria-label="Discard" onSubmit={(e) => e.preventDefault()}>
      <h3>
        A 7: discard {owed} cards (selected {total} of {owed})
      </h3>
      <p className="muted">Your hand has {me.player.hand} cards (whole cards and gold credits); give up half of it.</p>
      <table>
        <tbody>
          {names.map((n, r) => (
            <tr key={n}>
              <td>{n}</td>
              <td className="muted">holding {have[r]}</td>
              <td>
                <input
                  aria-label={`Discard ${n}`}
                  className="num small"
                  type="number"
                  min={0}
                  max={have[r]}
                  value={take[r]}
                  onChange={(e) => {
                    const next = [...take];
                    next[r] = Math.max(0, Math.min(have[r], Number(e.target.value) || 0));
                    setTake(next);
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ActionButton
        disabled={total !== owed}
        call={txCall(c.game, c.game.discard, [gameId, [take[0], take[1], take[2], take[3], take[4]], take[5]])}
        onClick={() =>
          act(`Discard ${owed} cards`, () =>
            c.game.discard(gameId, [take[0], take[1], take[2], take[3], take[4]], take[5]),
          )
        }
      >
        Discard {owed} cards
      </ActionButton>
    </form>
  );
}

/** The ghost ship: pick a hex (and a victim, with the odds of each resource) or a port to flip. */
function GhostPanel(props: ActionProps & { snap: GameSnapshot }) {
  const { c, gameId, act, live, snap, mode } = props;
  const hex = mode.kind === "ghost" ? mode.hex : undefined;
  const port = mode.kind === "ghost" ? mode.port : undefined;
  const me = live.me?.address;
  const candidates = [...snap.players.map((p) => p.address).filter((a) => a !== me), ZeroAddress];
  // Whom the ghost ship may rob from this hex: the contract's answer for each candidate (static calls).
  const victims =
    useGameRead(c, gameId, hex === undefined ? null : ["ghostVictims", hex, candidates], live.version, () =>
      Promise.all(
        candidates.map((address) =>
          c.game.blockHex.staticCall(gameId, hex!, address).then(
            () => ({ address, ok: true }),
            () => ({ address, ok: false }),
          ),
        ),
      ),
    ).data ?? null;

  const place = snap.ghostShip >= PORT_PLACE ? `port ${snap.ghostShip - PORT_PLACE}` : `hex ${snap.ghostShip}`;
  return (
    <div className="ghost">
      <h3>Move the ghost ship</h3>
      <p className="muted">
        It is at {place}. Click a hex to block it and rob a player there, or a port to flip its market (its pool leaves,
        the missing pool takes the port, and one card is stolen from the pool that left).
      </p>
      {hex !== undefined && (
        <div>
          <p>
            <strong>Hex {hex}</strong>: whom to rob?
          </p>
          {!victims && <p aria-busy="true">Asking the contract…</p>}
          {victims?.map((v) => {
            if (!v.ok) return null;
            const p = snap.players.find((x) => x.address === v.address);
            return (
              <div key={v.address} className="victim">
                {p ? (
                  <>
                    <ActionButton
                      call={txCall(c.game, c.game.blockHex, [gameId, hex, v.address])}
                      onClick={() =>
                        act(`Ghost ship to hex ${hex}, robbing P${p.seat + 1}`, () =>
                          c.game.blockHex(gameId, hex, v.address),
                        )
                      }
                    >
                      Rob P{p.seat + 1}
                    </ActionButton>{" "}
                    <Player address={p.address} />
                    <Odds whole={wholeCards(p.balances)} />
                  </>
                ) : (
                  <ActionButton
                    call={txCall(c.game, c.game.blockHex, [gameId, hex, ZeroAddress])}
                    onClick={() =>
                      act(`Ghost ship to hex ${hex}, robbing nobody`, () => c.game.blockHex(gameId, hex, ZeroAddress))
                    }
                  >
                    Block it without a steal
                  </ActionButton>
                )}
              </div>
            );
          })}
          {victims && victims.every((v) => !v.ok) && <p className="danger">The contract refuses every choice here.</p>}
        </div>
      )}
      {port !== undefined && live.market && <FlipPreview {...props} port={port} />}
    </div>
  );
}

/** The chance of each resource in a steal from a victim holding `whole` cards per resource. */
function Odds({ whole }: { whole: number[] }) {
  const total = whole.reduce((a, b) => a + b, 0);
  if (total === 0) return <span className="muted"> holds no whole card</span>;
  return (
    <span className="odds">
      {" "}
      {total === 1 ? "steals its one card:" : `steals one of ${total} cards:`}{" "}
      {whole
        .map((n, r) => (n > 0 ? `${RESOURCE_NAMES[r]} ${((100 * n) / total).toFixed(0)}% (${n})` : ""))
        .filter(Boolean)
        .join(", ")}
    </span>
  );
}

function FlipPreview(props: ActionProps & { port: number }) {
  const { c, gameId, act, live, port } = props;
  const { account } = useWallet();
  const pool = live.market!.pools.find((p) => p.active && p.port === port);
  const missing = live.market!.pools.find((p) => !p.active);
  const checks = useChecks(
    live.version * 100 + port,
    { flip: () => c.game.flipPort.staticCall(gameId, port) },
    { holdWithin: `${account}:${port}` },
  );
  if (!pool) return null;
  const [a, b] = POOL_PAIRS[pool.pool];
  const sum = pool.reserve0 + pool.reserve1;
  const pct = (r: bigint) => (sum === 0n ? "0" : (Number((r * 10000n) / sum) / 100).toFixed(1));
  return (
    <div>
      <p>
        <strong>Flip port {port}</strong>: {RESOURCE_NAMES[a]}–{RESOURCE_NAMES[b]} leaves
        {missing ? ` and ${RESOURCE_NAMES[missing.resource0]}–${RESOURCE_NAMES[missing.resource1]} trades there` : ""};
        the steal takes 1 {RESOURCE_NAMES[a]} with {pct(pool.reserve0)}% or 1 {RESOURCE_NAMES[b]} with{" "}
        {pct(pool.reserve1)}% (by the reserves).
      </p>
      <Checked
        check={checks.flip}
        call={txCall(c.game, c.game.flipPort, [gameId, port])}
        onClick={() => act(`Flip port ${port}`, () => c.game.flipPort(gameId, port))}
      >
        Flip port {port}
      </Checked>
    </div>
  );
}

/** Gold credits into cards of any resource (any time after the start, any turn, not while a steal is drawn). */
function GoldPanel(props: ActionProps) {
  const { c, gameId, act, live } = props;
  const [resource, setResource] = useState(0);
  const [credits, setCredits] = useState("1");
  const gold = live.me!.player.gold;
  const { account } = useWallet();
  const amount = /^\d{1,9}$/.test(credits) ? BigInt(credits) : null;
  const checks = useChecks(
    `${live.version}-${resource}-${amount}`,
    { convert: amount !== null ? () => c.game.convertGold.staticCall(gameId, resource, amount) : undefined },
    { holdWithin: `${account}:${resource}:${amount}` },
  );
  return (
    <div className="gold row">
      <span>
        <strong>{gold}</strong> gold credit{gold === 1 ? "" : "s"}: convert
      </span>
      <input
        aria-label="Gold credits to convert"
        className="num small"
        value={credits}
        onChange={(e) => setCredits(e.target.value)}
        inputMode="numeric"
      />
      <span>into</span>
      <select aria-label="Resource for gold" value={resource} onChange={(e) => setResource(Number(e.target.value))}>
        {RESOURCE_NAMES.map((n, r) => (
          <option key={n} value={r}>
            {n}
          </option>
        ))}
      </select>
      <ActionButton
        kind="secondary"
        disabled={checks.convert?.ok !== true}
        title={checks.convert?.reason}
        call={amount !== null ? txCall(c.game, c.game.convertGold, [gameId, resource, amount]) : undefined}
        onClick={() =>
          act(`Convert ${plural(amount ?? 0n, "gold credit")} into ${RESOURCE_NAMES[resource]}`, () =>
            c.game.convertGold(gameId, resource, amount ?? 0n),
          )
        }
      >
        Convert
      </ActionButton>
      {amount === null && <span className="why">Not a number of credits.</span>}
      {checks.convert && !checks.convert.ok && <span className="why">{checks.convert.reason}</span>}
    </div>
  );
}

/** The player's development cards (drawn this turn marked), VP cards included (hidden from the score views). */
function CardsHeld({ live }: { live: LiveGame }) {
  const me = live.me!;
  const total = me.held.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  return (
    <p className="cards-held">
      Your development cards:{" "}
      {me.held
        .map((n, k) =>
          n > 0 ? `${n} ${DEV_CARD_NAMES[k]}${me.fresh[k] ? ` (${me.fresh[k]} drawn this turn)` : ""}` : "",
        )
        .filter(Boolean)
        .join(", ")}
      {me.held[DevCard.VictoryPoint] > 0 && (
        <span className="muted"> · VP cards count for you, hidden from the score views (the chain is public)</span>
      )}
    </p>
  );
}

/** A player's colour chip. */
export function SeatChip({ seat }: { seat: number }) {
  return (
    <span className="seat-chip" style={{ background: PLAYER_COLORS[seat] }} aria-hidden="true">
      P{seat + 1}
    </span>
  );
}
