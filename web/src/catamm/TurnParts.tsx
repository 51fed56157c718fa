// The CATAMM turn panel's parts for one moment of a turn: the development cards to play, the discard after a 7, the
// ghost ship's move, the gold market.
import { useState } from "react";
import { ZeroAddress } from "ethers";
import { DevCard, NO_EDGE, PORT_PLACE, wholeCards, type GameSnapshot } from "../../../client/catamm/game";
import { POOL_PAIRS, RESOURCE_NAMES } from "../../../client/catamm/market";
import { plural } from "../../../client/format";
import { callOf } from "../shared/action";
import { ActionButton } from "../shared/ui";
import { Player } from "../shared/Player";
import { gameAction, useGameChecks } from "./checks";
import type { ActionProps } from "./Actions";
import { Checked, firstOf } from "./ActionParts";

/** Development cards the player may play now (each enabled by the contract's answer to exactly that play). */
export function CardPlays(props: ActionProps) {
  const { c, gameId, act, live, setMode, mode } = props;
  const [yop, setYop] = useState<[number, number]>([0, 0]);
  const [mono, setMono] = useState(0);
  const me = live.me;
  const plays = {
    knight: gameAction(c, "playKnight", [gameId], "Play a Knight"),
    // The card leads to the board's choice of two roads: asked with the first legal road alone.
    roadBuilding: gameAction(c, "playRoadBuilding", [gameId, firstOf(me?.spots.roads ?? 0n), NO_EDGE], "Road Building"),
    yearOfPlenty: gameAction(
      c,
      "playYearOfPlenty",
      [gameId, yop[0], yop[1]],
      `Play Year of Plenty: ${RESOURCE_NAMES[yop[0]]} and ${RESOURCE_NAMES[yop[1]]}`,
    ),
    monopoly: gameAction(c, "playMonopoly", [gameId, mono], `Play Monopoly on ${RESOURCE_NAMES[mono]}`),
  };
  const held = (card: number) => me?.held[card] ?? 0;
  const checks = useGameChecks(c, gameId, live.version, {
    knight: held(DevCard.Knight) > 0 ? plays.knight : null,
    roadBuilding: held(DevCard.RoadBuilding) > 0 ? plays.roadBuilding : null,
    yearOfPlenty: held(DevCard.YearOfPlenty) > 0 ? plays.yearOfPlenty : null,
    monopoly: held(DevCard.Monopoly) > 0 ? plays.monopoly : null,
  });
  if (!me) return null;
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
        <Checked check={checks.get("knight")} action={plays.knight} act={act} kind="secondary">
          Play a Knight (move the ghost ship)
        </Checked>
      )}
      {held(DevCard.RoadBuilding) > 0 && (
        <Checked
          check={checks.get("roadBuilding")}
          action={plays.roadBuilding}
          act={act}
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
          <Checked check={checks.get("yearOfPlenty")} action={plays.yearOfPlenty} act={act} kind="secondary">
            Play Year of Plenty
          </Checked>
        </div>
      )}
      {held(DevCard.Monopoly) > 0 && (
        <div className="row">
          {select(mono, setMono, "Monopoly: resource")}
          <Checked check={checks.get("monopoly")} action={plays.monopoly} act={act} kind="secondary">
            Play Monopoly
          </Checked>
        </div>
      )}
    </div>
  );
}

export function RoadBuildingHint(props: ActionProps) {
  const { c, gameId, act, mode, setMode } = props;
  if (mode.kind !== "roadBuilding") return null;
  const only =
    mode.first !== undefined
      ? gameAction(c, "playRoadBuilding", [gameId, mode.first, NO_EDGE], `Play Road Building: edge ${mode.first}`)
      : null;
  return (
    <div className="hint">
      {mode.first === undefined ? (
        <p>Road Building: click a highlighted edge for the first free road.</p>
      ) : (
        <>
          <p>First road on edge {mode.first}: click a highlighted edge for the second, or build only this one.</p>
          <ActionButton
            kind="secondary"
            call={only ? callOf(only) : undefined}
            onClick={async () => {
              if (await act(only!)) setMode({ kind: "none" });
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
export function DiscardPanel(props: ActionProps & { snap: GameSnapshot }) {
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
  const discard = gameAction(
    c,
    "discard",
    [gameId, [take[0], take[1], take[2], take[3], take[4]], take[5]],
    `Discard ${owed} cards`,
  );
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
      <ActionButton disabled={total !== owed} call={callOf(discard)} onClick={() => act(discard)}>
        Discard {owed} cards
      </ActionButton>
    </form>
  );
}

/** The ghost ship: pick a hex (and a victim, with the odds of each resource) or a port to flip. */
export function GhostPanel(props: ActionProps & { snap: GameSnapshot }) {
  const { c, gameId, act, live, snap, mode } = props;
  const hex = mode.kind === "ghost" ? mode.hex : undefined;
  const port = mode.kind === "ghost" ? mode.port : undefined;
  const me = live.me?.address;
  const candidates = [...snap.players.map((p) => p.address).filter((a) => a !== me), ZeroAddress];
  // Whom the ghost ship may rob from this hex: the contract's answer for each candidate.
  const robs =
    hex === undefined
      ? []
      : candidates.map((address) => {
          const p = snap.players.find((x) => x.address === address);
          const whom = p ? `P${p.seat + 1}` : "nobody";
          return {
            address,
            p,
            rob: gameAction(c, "blockHex", [gameId, hex, address], `Ghost ship to hex ${hex}, robbing ${whom}`),
          };
        });
  const checks = useGameChecks(c, gameId, live.version, Object.fromEntries(robs.map((r) => [r.address, r.rob])));
  const victims = robs.some((r) => checks.get(r.address) === undefined)
    ? null
    : robs.filter((r) => checks.ok(r.address));

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
          {victims?.map(({ address, p, rob }) => (
            <div key={address} className="victim">
              {p ? (
                <>
                  <ActionButton call={callOf(rob)} onClick={() => act(rob)}>
                    Rob P{p.seat + 1}
                  </ActionButton>{" "}
                  <Player address={p.address} />
                  <Odds whole={wholeCards(p.balances)} />
                </>
              ) : (
                <ActionButton call={callOf(rob)} onClick={() => act(rob)}>
                  Block it without a steal
                </ActionButton>
              )}
            </div>
          ))}
          {victims?.length === 0 && <p className="danger">The contract refuses every choice here.</p>}
        </div>
      )}
      {port !== undefined && live.market && <FlipPreview {...props} port={port} />}
    </div>
  );
}

/** The chance of each resource in a steal from a victim holding `whole` cards per resource. */
export function Odds({ whole }: { whole: number[] }) {
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

export function FlipPreview(props: ActionProps & { port: number }) {
  const { c, gameId, act, live, port } = props;
  const pool = live.market!.pools.find((p) => p.active && p.port === port);
  const missing = live.market!.pools.find((p) => !p.active);
  const flip = gameAction(c, "flipPort", [gameId, port], `Flip port ${port}`);
  const checks = useGameChecks(c, gameId, live.version, { flip });
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
      <Checked check={checks.get("flip")} action={flip} act={act}>
        Flip port {port}
      </Checked>
    </div>
  );
}

/** Gold credits into cards of any resource (any time after the start, any turn, not while a steal is drawn). */
export function GoldPanel(props: ActionProps) {
  const { c, gameId, act, live } = props;
  const [resource, setResource] = useState(0);
  const [credits, setCredits] = useState("1");
  const gold = live.me!.player.gold;
  const amount = /^\d{1,9}$/.test(credits) ? BigInt(credits) : null;
  const convert =
    amount !== null
      ? gameAction(
          c,
          "convertGold",
          [gameId, resource, amount],
          `Convert ${plural(amount, "gold credit")} into ${RESOURCE_NAMES[resource]}`,
        )
      : null;
  const checks = useGameChecks(c, gameId, live.version, { convert });
  const why = checks.why("convert");
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
        disabled={!checks.ok("convert")}
        title={why}
        call={convert ? callOf(convert) : undefined}
        onClick={() => act(convert!)}
      >
        Convert
      </ActionButton>
      {amount === null && <span className="why">Not a number of credits.</span>}
      {why !== undefined && <span className="why">{why}</span>}
    </div>
  );
}
