// The connected seat's controls and the room's offers. Every control is there only when its static call passes
// (shared/probes.ts); where an action a player would expect is refused (no reject in round 3, the judge's snatch,
// offers while shamed out or suspended...), the contract's own sentence says why. A refusal at sending time (the
// room moved in between) shows in the transactions panel and as a message.
import { useMemo, useState, type Dispatch, type SetStateAction } from "react";
import { useBlock } from "../shared/block";
import { PENDING, useVerdict, type Probes } from "../shared/probes";
import { useTx } from "../shared/tx";
import { ActionButton, Panel } from "../shared/ui";
import { txCall } from "../shared/calls";
import { useWallet } from "../shared/wallet";
import { describeGoods, OfferStatus, Phase, RuleSet, STATUS_NAMES } from "../../../client/snatch/names";
import { offeredAmounts } from "../../../client/snatch/history";
import { acceptPreview, confirmPreview, offerPreviewText, reversalPreview } from "../../../client/snatch/rules";
import {
  roundOffers,
  seatLabel,
  seatOf,
  tradedGoods,
  type Goods,
  type OfferState,
  type RoomState,
} from "../../../client/snatch/state";
import { sendPadded } from "./gas";
import type { SnatchContracts } from "./contracts";
import { GoodsInput, GoodsText } from "./Goods";
import type { LiveRoom } from "./useRoom";
import { plural } from "../../../client/format";

interface Props {
  c: SnatchContracts;
  room: RoomState;
  live: LiveRoom;
  seat: number;
  probes: Probes;
  nameOf: (address: string) => string;
}

const ok = (probes: Probes, id: string) => probes.get(id)?.ok === true;
const why = (probes: Probes, id: string) => {
  const r = probes.get(id);
  return r && !r.ok ? r.reason : undefined;
};
const big = (g: Goods) => g.map((x) => BigInt(x)) as [bigint, bigint, bigint];

/** An offer being written (kept by the panel, so that the form keeps it while the room changes around it). */
interface Draft {
  target: number | null;
  give: Goods;
  ask: Goods;
}

/**
 * `part` "moves": the seat's own moves (an offer to answer first, then the offer form, pass, done, shame…), or nothing
 * when the seat has none; "offers": the room's offers (those to answer are in the moves) and the final points.
 */
export function RoomActions(props: Props & { part: "moves" | "offers" }) {
  const { room, seat, probes, live, part } = props;
  const [draft, setDraft] = useState<Draft>({ target: null, give: [0, 0, 0], ask: [0, 0, 0] });
  const running = room.phase >= Phase.Trading && room.phase <= Phase.Deciding;
  const mine = seat >= 0;
  const toAnswer = useMemo(() => answerable(props), [room, live.offers, probes, seat]);
  const offered = useMemo(() => offeredAmounts(live.events), [live.events]);
  if (part === "offers")
    return (
      <>
        {room.round > 0 && <Offers {...props} skip={toAnswer} />}
        {room.phase === Phase.Finished && <Results room={room} live={live} />}
      </>
    );
  const offerTargets = room.seats.filter((s) => ok(probes, `offer:${s.seat}`)).map((s) => s.seat);
  // Why this seat cannot offer, when it is its kind of phase and it could otherwise (e.g. shamed out, suspended).
  const offerRefusal =
    mine && running && offerTargets.length === 0 && (room.phase === Phase.Trading || room.phase === Phase.Offering)
      ? room.seats
          .filter((s) => s.seat !== seat)
          .map((s) => why(probes, `offer:${s.seat}`))
          .find((r) => r !== undefined)
      : undefined;
  if (!mine || !running) return null;
  return (
    <Panel title="Your moves" className="your-moves">
      <div className="moves">
        {toAnswer.length > 0 && (
          <ul className="offers to-answer" aria-label="Offers to answer">
            {toAnswer.map((o) => (
              <OfferRow key={o.id} {...props} offer={o} offered={offered.get(o.id)} />
            ))}
          </ul>
        )}
        {offerTargets.length > 0 && <OfferForm {...props} targets={offerTargets} draft={draft} setDraft={setDraft} />}
        {offerRefusal && (
          <p className="refusal" data-testid="offer-refusal">
            No offer now: {offerRefusal}.
          </p>
        )}
        <SeatButtons {...props} />
        <p className="muted small nothing-to-do">Nothing to do right now: the room waits on the others or the clock.</p>
      </div>
    </Panel>
  );
}

/** This round's offers the seat may act on now (answer, cancel, report, judge): shown in its moves, first. */
function answerable({ room, live, probes }: Pick<Props, "room" | "live" | "probes">): OfferState[] {
  const acts = ["accept", "reject", "snatch", "cancel", "report", "confirm", "dismiss"];
  return roundOffers(room, live.offers).filter((o) => acts.some((a) => ok(probes, `${a}:${o.id}`)));
}

function Results({ room }: { room: RoomState; live: LiveRoom }) {
  const ranked = [...room.seats].sort((a, b) => b.points - a.points);
  return (
    <Panel title="Final points">
      <ol className="results" data-testid="results">
        {ranked.map((s) => (
          <li key={s.seat}>
            {seatLabel(room, s.seat)}: <strong>{s.points}</strong> {s.points === 1 ? "point" : "points"} (
            <GoodsText goods={s.free} />)
          </li>
        ))}
      </ol>
    </Panel>
  );
}

/** Offer form: target, goods given and asked, the escrow it takes and the contract's verdict before sending. */
function OfferForm({
  c,
  room,
  live,
  seat,
  nameOf,
  targets,
  draft,
  setDraft,
}: Props & { targets: number[]; draft: Draft; setDraft: Dispatch<SetStateAction<Draft>> }) {
  const { send } = useTx();
  const block = useBlock();
  const { give, ask } = draft;
  // Functional updates: two inputs changed before a re-render must not undo each other.
  const setTarget = (target: number) => setDraft((d) => ({ ...d, target }));
  const set = (side: "give" | "ask") => (good: number, amount: number) =>
    setDraft((d) => {
      const goods = [...d[side]] as Goods;
      goods[good] = amount;
      return { ...d, [side]: goods };
    });
  const to = draft.target !== null && targets.includes(draft.target) ? draft.target : targets[0];
  const free = room.seats[seat].free;
  const goods = tradedGoods(room.playerCount);
  const targetAddress = room.seats[to].player;
  const empty = give.every((x) => x === 0);

  // The contract's verdict on exactly this offer, as the inputs change and as the room moves.
  const verdict = useVerdict(
    empty ? null : () => c.rooms.offer.staticCall(room.roomId, targetAddress, big(give), big(ask), PENDING),
    `${give}:${ask}:${targetAddress}:${live.version}`,
    { contract: "SnatchRooms", block: block.number },
  );

  const submit = async () => {
    const label = `Offer ${describeGoods(give)} to ${seatLabel(room, to)} for ${describeGoods(ask)}`;
    const r = await send(label, () => sendPadded(c.rooms.offer, room.roomId, targetAddress, big(give), big(ask)), {
      contract: "SnatchRooms",
    });
    if (r) {
      setDraft({ target: to, give: [0, 0, 0], ask: [0, 0, 0] });
      live.refresh();
    }
  };
  return (
    <form className="offer-form" aria-label="Make an offer" onSubmit={(e) => e.preventDefault()}>
      <h3>Make an offer</h3>
      {targets.length > 1 ? (
        <label className="inline">
          <span>To</span>
          <select aria-label="Offer to" value={to} onChange={(e) => setTarget(Number(e.target.value))}>
            {targets.map((t) => (
              <option key={t} value={t}>
                {nameOf(room.seats[t].player)}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p>To {nameOf(targetAddress)}</p>
      )}
      <div className="offer-goods">
        <GoodsInput
          label="You give"
          goods={goods}
          value={give}
          onChange={set("give")}
          hint={(g) => `you hold ${free[g]}`}
        />
        <GoodsInput
          label="You ask for"
          goods={goods}
          value={ask}
          onChange={set("ask")}
          hint={(g) => `they hold ${room.seats[to].free[g]}`}
        />
      </div>
      <p className="preview" data-testid="offer-preview">
        {offerPreviewText(give, ask, free)}
      </p>
      {verdict && (
        <p className="refusal" data-testid="offer-verdict">
          The contract would refuse this offer: {verdict}.
        </p>
      )}
      <ActionButton
        onClick={submit}
        disabled={empty || verdict !== null}
        busyText="Sending…"
        call={txCall(c.rooms, c.rooms.offer, [room.roomId, targetAddress, big(give), big(ask)])}
      >
        Send the offer
      </ActionButton>
    </form>
  );
}

/** Done, pass, G2 force, shame: the buttons of the seat that are not about one offer. */
function SeatButtons({ c, room, live, probes, nameOf }: Props) {
  const { send } = useTx();
  const id = room.roomId;
  const ctx = { contract: "SnatchRooms" as const };
  const after = (r: unknown) => {
    if (r) live.refresh();
    return r;
  };
  // Pass and Done end the seat's part of this window: one tap disables both until the window moves on.
  const moveWindow = `moves:${id}:${room.round}:${room.phase}`;
  const shameTargets = room.seats.filter((s) => ok(probes, `shame:${s.seat}`));
  const [shameTo, setShameTo] = useState<number | null>(null);
  const shameSeat = shameTargets.find((s) => s.seat === shameTo) ?? shameTargets[0];
  const doneLabel =
    room.phase === Phase.Judging
      ? "Close judging (undecided reports are dismissed)"
      : room.phase === Phase.Talk
        ? "Done talking"
        : `Done with round ${room.round}`;
  return (
    <div className="seat-buttons">
      {shameTargets.length > 0 && shameSeat && (
        <div className="shame-box">
          {room.rules === RuleSet.ShameTokens ? (
            <>
              <label className="inline">
                <span>Give your shame token of this round to</span>
                <select aria-label="Shame" value={shameSeat.seat} onChange={(e) => setShameTo(Number(e.target.value))}>
                  {shameTargets.map((s) => (
                    <option key={s.seat} value={s.seat}>
                      {nameOf(s.player)}
                    </option>
                  ))}
                </select>
              </label>
              <ActionButton
                call={txCall(c.rooms, c.rooms.shame, [id, shameSeat.player])}
                kind="danger"
                onClick={() =>
                  send(
                    `Shame ${seatLabel(room, shameSeat.seat)}`,
                    () => sendPadded(c.rooms.shame, id, shameSeat.player),
                    ctx,
                  ).then(after)
                }
              >
                Give the shame token
              </ActionButton>
            </>
          ) : (
            <ActionButton
              call={txCall(c.rooms, c.rooms.shame, [id, shameSeat.player])}
              kind="danger"
              onClick={() => send(`Shame P2`, () => sendPadded(c.rooms.shame, id, shameSeat.player), ctx).then(after)}
            >
              Shame P2 for the snatch (on P2's profile)
            </ActionButton>
          )}
        </div>
      )}
      {ok(probes, "force") && (
        <ActionButton
          call={txCall(c.rooms, c.rooms.setForce, [id, !room.forced])}
          kind="secondary"
          onClick={() =>
            send(
              room.forced ? "Lift the force" : "Force P1 to offer",
              () => sendPadded(c.rooms.setForce, id, !room.forced),
              ctx,
            ).then(after)
          }
        >
          {room.forced ? "Lift the force (let P1 pass)" : "Force P1 to offer"}
        </ActionButton>
      )}
      {ok(probes, "pass") && (
        <ActionButton
          call={txCall(c.rooms, c.rooms.pass, [id])}
          state={moveWindow}
          kind="secondary"
          onClick={() =>
            send(
              room.phase === Phase.Deciding ? "Pass (no decision)" : "Pass (no offer)",
              () => sendPadded(c.rooms.pass, id),
              ctx,
            ).then(after)
          }
        >
          {room.phase !== Phase.Deciding
            ? "Pass: no offer this round"
            : room.rules === RuleSet.G3Shame
              ? "Pass: no shame"
              : "Pass: no report"}
        </ActionButton>
      )}
      {room.rules === RuleSet.G2Forced &&
        room.phase === Phase.Offering &&
        room.forced &&
        !ok(probes, "pass") &&
        why(probes, "pass") && <p className="refusal">Passing is not possible: {why(probes, "pass")}.</p>}
      {ok(probes, "done") && (
        <ActionButton
          call={txCall(c.rooms, c.rooms.done, [id])}
          state={moveWindow}
          kind="secondary"
          onClick={() => send(doneLabel, () => sendPadded(c.rooms.done, id), ctx).then(after)}
        >
          {doneLabel}
        </ActionButton>
      )}
    </div>
  );
}

/** The room's offers: this round's first (with the answers the seat may give), then earlier ones. */
function Offers({ c, room, live, seat, probes, nameOf, skip }: Props & { skip: readonly OfferState[] }) {
  const offered = useMemo(() => offeredAmounts(live.events), [live.events]);
  const all = roundOffers(room, live.offers);
  const current = all.filter((o) => !skip.some((x) => x.id === o.id));
  const earlier = live.offers.filter((o) => !all.includes(o));
  const pendingAtClose =
    room.rules === RuleSet.NoReject && room.phase === Phase.Trading
      ? all.filter((o) => o.status === OfferStatus.Pending)
      : [];
  const row = (o: OfferState) => (
    <OfferRow
      key={o.id}
      c={c}
      room={room}
      live={live}
      seat={seat}
      probes={probes}
      nameOf={nameOf}
      offer={o}
      offered={offered.get(o.id)}
    />
  );
  return (
    <Panel title={`Offers${room.round > 0 ? ` (round ${room.round})` : ""}`}>
      {pendingAtClose.length > 0 && (
        <p className="note" data-testid="execute-at-close">
          No reject this round: {pendingAtClose.length} pending offer{pendingAtClose.length === 1 ? "" : "s"} (
          {pendingAtClose.map((o) => `#${o.id}`).join(", ")}) will execute as accepted when the round closes, in that
          order, each target giving what it holds then.
        </p>
      )}
      {skip.length > 0 && (
        <p className="muted small">
          {skip.length === 1 ? "One offer waits" : `${skip.length} offers wait`} for you in your moves, above.
        </p>
      )}
      {current.length === 0 ? (
        skip.length === 0 && <p className="muted">No offer this round yet.</p>
      ) : (
        <ul className="offers" aria-label="Offers this round">
          {current.map(row)}
        </ul>
      )}
      {earlier.length > 0 && (
        <details>
          <summary>Earlier rounds: {plural(earlier.length, "offer")}</summary>
          <ul className="offers">{earlier.map(row)}</ul>
        </details>
      )}
    </Panel>
  );
}

function OfferRow({
  c,
  room,
  live,
  probes,
  nameOf,
  offer: o,
  offered,
}: Props & { offer: OfferState; offered?: [number, number, number] }) {
  const { send } = useTx();
  const { account } = useWallet();
  const [suspend, setSuspend] = useState(false);
  const id = room.roomId;
  const oid = BigInt(o.id);
  const ctx = { contract: "SnatchRooms" as const };
  const after = (r: unknown) => {
    if (r) live.refresh();
    return r;
  };
  const toMe = !!account && o.to.toLowerCase() === account.toLowerCase();
  const targetSeat = seatOf(room, o.to);
  const fromSeat = seatOf(room, o.from);
  const preview = targetSeat >= 0 ? acceptPreview(o, room.seats[targetSeat].free) : null;
  const escrowedSum = o.escrowed.reduce((a, b) => a + b, 0);
  const canAccept = ok(probes, `accept:${o.id}`);
  const canReject = ok(probes, `reject:${o.id}`);
  const canSnatch = ok(probes, `snatch:${o.id}`);
  const pendingToMe = o.status === OfferStatus.Pending && toMe;
  const lastRound = room.round === room.roundCount;
  // Accept, Reject, Snatch and Cancel act on one pending offer: one tap disables them all until it is answered.
  const answer = `offer:${id}:${o.id}`;

  return (
    <li className={`offer st-${STATUS_NAMES[o.status]}`} data-offer={o.id} data-status={STATUS_NAMES[o.status]}>
      <div className="offer-line">
        <span className="oid">#{o.id}</span> {nameOf(o.from)} → {nameOf(o.to)}: gives{" "}
        <GoodsText goods={offered ?? o.escrowed} /> for <GoodsText goods={o.requested} />
        <span className={`chip chip-${STATUS_NAMES[o.status]}`}>{STATUS_NAMES[o.status]}</span>
      </div>
      {o.status === OfferStatus.Pending && (
        <div className="offer-escrow muted">
          in escrow: <GoodsText goods={o.escrowed} />
          {offered &&
            escrowedSum < o.offeredSum &&
            ` (${escrowedSum} of the ${o.offeredSum} offered: the offerer held less)`}
        </div>
      )}
      {pendingToMe && preview && canAccept && (
        <div className="accept-preview" data-testid="accept-preview">
          Accepting: you receive <GoodsText goods={preview.receive} /> and give <GoodsText goods={preview.give} />
          {preview.shrank && (
            <>
              {" "}
              (the request <GoodsText goods={o.requested} /> shrinks to <GoodsText goods={preview.shrunk} />:{" "}
              {escrowedSum} of {o.offeredSum} offered goods are in escrow)
            </>
          )}
          {preview.short && " (you give what you hold of it)"}.
        </div>
      )}
      <div className="offer-buttons">
        {canAccept && (
          <ActionButton
            call={txCall(c.rooms, c.rooms.accept, [id, oid])}
            state={answer}
            onClick={() => send(`Accept offer #${o.id}`, () => sendPadded(c.rooms.accept, id, oid), ctx).then(after)}
          >
            Accept
          </ActionButton>
        )}
        {canReject && (
          <ActionButton
            call={txCall(c.rooms, c.rooms.reject, [id, oid])}
            state={answer}
            kind="secondary"
            onClick={() => send(`Reject offer #${o.id}`, () => sendPadded(c.rooms.reject, id, oid), ctx).then(after)}
          >
            Reject
          </ActionButton>
        )}
        {canSnatch && (
          <ActionButton
            call={txCall(c.rooms, c.rooms.snatch, [id, oid])}
            state={answer}
            kind="danger"
            onClick={() => send(`Snatch offer #${o.id}`, () => sendPadded(c.rooms.snatch, id, oid), ctx).then(after)}
          >
            Snatch
          </ActionButton>
        )}
        {ok(probes, `cancel:${o.id}`) && (
          <ActionButton
            call={txCall(c.rooms, c.rooms.cancel, [id, oid])}
            state={answer}
            kind="secondary"
            onClick={() => send(`Cancel offer #${o.id}`, () => sendPadded(c.rooms.cancel, id, oid), ctx).then(after)}
          >
            Cancel my offer
          </ActionButton>
        )}
        {ok(probes, `report:${o.id}`) && (
          <>
            <ActionButton
              call={txCall(c.rooms, c.rooms.report, [id, oid])}
              kind="danger"
              onClick={() =>
                send(`Report the snatch of offer #${o.id}`, () => sendPadded(c.rooms.report, id, oid), ctx).then(after)
              }
            >
              {room.rules === RuleSet.G4Report ? "Report the snatch (reverse it)" : "Report the snatch to the judge"}
            </ActionButton>
            {room.rules === RuleSet.G4Report && targetSeat >= 0 && (
              <ReversalText offer={o} room={room} p2={targetSeat} />
            )}
          </>
        )}
        {ok(probes, `confirm:${o.id}`) && (
          <>
            <ConfirmText offer={o} room={room} snatcher={targetSeat} victim={fromSeat} />
            <label className="inline">
              <input type="checkbox" checked={suspend} onChange={(e) => setSuspend(e.target.checked)} /> also suspend
              the snatcher next round{lastRound && " (no effect: this is the last round)"}
            </label>
            <ActionButton
              call={txCall(c.rooms, c.rooms.confirmReport, [id, oid, suspend])}
              kind="danger"
              onClick={() =>
                send(
                  `Confirm the report of offer #${o.id}`,
                  () => sendPadded(c.rooms.confirmReport, id, oid, suspend),
                  ctx,
                ).then(after)
              }
            >
              Confirm the report
            </ActionButton>
          </>
        )}
        {ok(probes, `dismiss:${o.id}`) && (
          <ActionButton
            call={txCall(c.rooms, c.rooms.dismissReport, [id, oid])}
            kind="secondary"
            onClick={() =>
              send(`Dismiss the report of offer #${o.id}`, () => sendPadded(c.rooms.dismissReport, id, oid), ctx).then(
                after,
              )
            }
          >
            Dismiss the report
          </ActionButton>
        )}
      </div>
      {pendingToMe && !canReject && why(probes, `reject:${o.id}`) && (canAccept || canSnatch) && (
        <p className="refusal" data-testid="reject-refusal">
          Reject is not possible: {why(probes, `reject:${o.id}`)}.
        </p>
      )}
      {pendingToMe && !canSnatch && why(probes, `snatch:${o.id}`) && canAccept && (
        <p className="refusal">Snatch is not possible: {why(probes, `snatch:${o.id}`)}.</p>
      )}
    </li>
  );
}

function ConfirmText({
  offer,
  room,
  snatcher,
  victim,
}: {
  offer: OfferState;
  room: RoomState;
  snatcher: number;
  victim: number;
}) {
  if (snatcher < 0) return null;
  const p = confirmPreview(offer, room.seats[snatcher].free, room.seats[snatcher].role);
  return (
    <p className="sanction-preview" data-testid="confirm-preview">
      Confirming: {seatLabel(room, snatcher)} returns <GoodsText goods={p.returned} /> and forfeits{" "}
      <GoodsText goods={p.forfeited} /> to {victim >= 0 ? seatLabel(room, victim) : "the victim"}.
    </p>
  );
}

function ReversalText({ offer, room, p2 }: { offer: OfferState; room: RoomState; p2: number }) {
  const p = reversalPreview(offer, room.seats[p2].free);
  return (
    <p className="sanction-preview" data-testid="reversal-preview">
      Reporting: P2 returns <GoodsText goods={p.returned} /> and pays you <GoodsText goods={p.sanction} /> (the request,
      shrunk like an accept, from what P2 holds), getting nothing for it.
    </p>
  );
}
