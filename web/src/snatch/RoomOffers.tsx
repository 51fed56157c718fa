// The room's offers, this round's first: each with what is in escrow and the answers the seat may give (accept with
// what it receives and gives, reject, snatch; cancel its own; report a snatch; the judge's confirm or dismiss), each
// shown only when the contract accepts it, with the contract's reason where an expected answer is refused. Then the
// final points of a finished room.
import { useMemo, useState } from "react";
import { ActionButton, Panel } from "../shared/ui";
import { useWallet } from "../shared/wallet";
import { OfferStatus, Phase, RuleSet, STATUS_NAMES } from "../../../client/snatch/names";
import { offeredAmounts } from "../../../client/snatch/history";
import { acceptPreview, confirmPreview, reversalPreview } from "../../../client/snatch/rules";
import { roundOffers, seatLabel, seatOf, type OfferState, type RoomState } from "../../../client/snatch/state";
import { plural } from "../../../client/format";
import { GoodsText } from "./Goods";
import { roomActions } from "./roomActions";
import type { RoomProps } from "./RoomMoves";

/** The room's offers but those in the seat's moves (`skip`), and the final points once the room is finished. */
export function RoomOffers(props: RoomProps & { skip: readonly OfferState[] }) {
  const { room } = props;
  return (
    <>
      {room.round > 0 && <Offers {...props} />}
      {room.phase === Phase.Finished && <Results room={room} />}
    </>
  );
}

function Results({ room }: { room: RoomState }) {
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

/** The room's offers: this round's first (with the answers the seat may give), then earlier ones. */
function Offers(props: RoomProps & { skip: readonly OfferState[] }) {
  const { room, live, skip } = props;
  const offered = useMemo(() => offeredAmounts(live.events), [live.events]);
  const all = roundOffers(room, live.offers);
  const current = all.filter((o) => !skip.some((x) => x.id === o.id));
  const earlier = live.offers.filter((o) => !all.includes(o));
  // The contract keeps a room's latest offers only (a ring of slots: 12 in a 3-player room, 1 in a 2-player room);
  // the older ones are in the timeline, which the room's events rebuild.
  const gone = Math.max(0, room.offerCount - live.offers.length);
  const pendingAtClose =
    room.rules === RuleSet.NoReject && room.phase === Phase.Trading
      ? all.filter((o) => o.status === OfferStatus.Pending)
      : [];
  const row = (o: OfferState) => <OfferRow key={o.id} {...props} offer={o} offered={offered.get(o.id)} />;
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
      {gone > 0 && (
        <p className="muted small">{plural(gone, "earlier offer")} from past rounds: in the room's history below.</p>
      )}
    </Panel>
  );
}

export function OfferRow({
  c,
  room,
  live,
  checks,
  nameOf,
  offer: o,
  offered,
}: RoomProps & { offer: OfferState; offered?: [number, number, number] }) {
  const { account } = useWallet();
  const [suspend, setSuspend] = useState(false);
  const act = roomActions(c.rooms, room);
  const after = () => live.refresh();
  const ok = (what: string) => checks.ok(`${what}:${o.id}`);
  const why = (what: string) => checks.why(`${what}:${o.id}`);
  const toMe = !!account && o.to.toLowerCase() === account.toLowerCase();
  const targetSeat = seatOf(room, o.to);
  const fromSeat = seatOf(room, o.from);
  const preview = targetSeat >= 0 ? acceptPreview(o, room.seats[targetSeat].free) : null;
  const escrowedSum = o.escrowed.reduce((a, b) => a + b, 0);
  const pendingToMe = o.status === OfferStatus.Pending && toMe;
  const lastRound = room.round === room.roundCount;
  // Accept, Reject, Snatch and Cancel act on one pending offer: one tap disables them all until it is answered.
  const answer = `offer:${room.roomId}:${o.id}`;

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
      {pendingToMe && preview && ok("accept") && (
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
        {ok("accept") && (
          <ActionButton action={act.accept(o.id)} state={answer} onDone={after}>
            Accept
          </ActionButton>
        )}
        {ok("reject") && (
          <ActionButton action={act.reject(o.id)} state={answer} kind="secondary" onDone={after}>
            Reject
          </ActionButton>
        )}
        {ok("snatch") && (
          <ActionButton action={act.snatch(o.id)} state={answer} kind="danger" onDone={after}>
            Snatch
          </ActionButton>
        )}
        {ok("cancel") && (
          <ActionButton action={act.cancel(o.id)} state={answer} kind="secondary" onDone={after}>
            Cancel my offer
          </ActionButton>
        )}
        {ok("report") && (
          <>
            <ActionButton action={act.report(o.id)} kind="danger" onDone={after}>
              {room.rules === RuleSet.G4Report ? "Report the snatch (reverse it)" : "Report the snatch to the judge"}
            </ActionButton>
            {room.rules === RuleSet.G4Report && targetSeat >= 0 && (
              <ReversalText offer={o} room={room} p2={targetSeat} />
            )}
          </>
        )}
        {ok("confirm") && (
          <>
            <ConfirmText offer={o} room={room} snatcher={targetSeat} victim={fromSeat} />
            <label className="inline">
              <input type="checkbox" checked={suspend} onChange={(e) => setSuspend(e.target.checked)} /> also suspend
              the snatcher next round{lastRound && " (no effect: this is the last round)"}
            </label>
            <ActionButton action={act.confirmReport(o.id, suspend)} kind="danger" onDone={after}>
              Confirm the report
            </ActionButton>
          </>
        )}
        {ok("dismiss") && (
          <ActionButton action={act.dismissReport(o.id)} kind="secondary" onDone={after}>
            Dismiss the report
          </ActionButton>
        )}
      </div>
      {pendingToMe && !ok("reject") && why("reject") && (ok("accept") || ok("snatch")) && (
        <p className="refusal" data-testid="reject-refusal">
          Reject is not possible: {why("reject")}.
        </p>
      )}
      {pendingToMe && !ok("snatch") && why("snatch") && ok("accept") && (
        <p className="refusal">Snatch is not possible: {why("snatch")}.</p>
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
