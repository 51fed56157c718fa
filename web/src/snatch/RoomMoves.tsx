// The connected seat's moves: the offers waiting for its answer first, then the offer form, and the seat's buttons
// (done, pass, the G2 force, shame). Every control is there only when the contract accepts its call (data/checks.ts);
// where an action a player would expect is refused (offers while shamed out or suspended, a pass while forced), the
// contract's own sentence says why. A refusal at sending time (the room moved in between) shows in the transactions
// panel and as a message.
import { useMemo, useState, type Dispatch, type SetStateAction } from "react";
import { useChecks, type Checks } from "../data/checks";
import { ActionButton, Panel } from "../shared/ui";
import { Phase, RuleSet } from "../../../client/snatch/names";
import { offeredAmounts } from "../../../client/snatch/history";
import { offerPreviewText } from "../../../client/snatch/rules";
import {
  p1Talk,
  roundOffers,
  tradedGoods,
  type Goods,
  type OfferState,
  type RoomState,
} from "../../../client/snatch/state";
import type { SnatchContracts } from "./contracts";
import { GoodsInput } from "./Goods";
import { roomActions } from "./roomActions";
import { OfferRow } from "./RoomOffers";
import type { LiveRoom } from "./useRoom";

export interface RoomProps {
  c: SnatchContracts;
  room: RoomState;
  live: LiveRoom;
  /** The connected account's seat (-1: not seated). */
  seat: number;
  checks: Checks;
  nameOf: (address: string) => string;
}

/** An offer being written (kept by the panel, so that the form keeps it while the room changes around it). */
interface Draft {
  target: number | null;
  give: Goods;
  ask: Goods;
}

/** This round's offers the seat may act on now (answer, cancel, report, judge): shown in its moves, first. */
export function answerable(room: RoomState, offers: readonly OfferState[], checks: Checks): OfferState[] {
  const acts = ["accept", "reject", "snatch", "cancel", "report", "confirm", "dismiss"];
  return roundOffers(room, offers).filter((o) => acts.some((a) => checks.ok(`${a}:${o.id}`)));
}

/** The seat's own moves, or nothing when the seat has none now. */
export function RoomMoves(props: RoomProps & { toAnswer: OfferState[] }) {
  const { room, seat, checks, live, toAnswer } = props;
  const [draft, setDraft] = useState<Draft>({ target: null, give: [0, 0, 0], ask: [0, 0, 0] });
  const offered = useMemo(() => offeredAmounts(live.events), [live.events]);
  const running = room.phase >= Phase.Trading && room.phase <= Phase.Deciding;
  const mine = seat >= 0;
  if (!mine || !running) return null;
  const offerTargets = room.seats.filter((s) => checks.ok(`offer:${s.seat}`)).map((s) => s.seat);
  // G5's talk window as P1: once P2 is done, P1's offer or pass ends the talk; before, the contract says why not.
  const talk = p1Talk(room, seat);
  // Why this seat cannot offer, when it is its kind of phase and it could otherwise (e.g. shamed out, suspended).
  const offerRefusal =
    offerTargets.length === 0 && (room.phase === Phase.Trading || room.phase === Phase.Offering || talk)
      ? room.seats
          .filter((s) => s.seat !== seat)
          .map((s) => checks.why(`offer:${s.seat}`))
          .find((r) => r !== undefined)
      : undefined;
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
        {talk?.p2Done && offerTargets.length > 0 && (
          <p className="talk-ends" data-testid="talk-ends">
            {props.nameOf(room.seats[talk.p2].player)} is done talking: your offer or pass ends the talk (no need to say
            done).
          </p>
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
}: RoomProps & { targets: number[]; draft: Draft; setDraft: Dispatch<SetStateAction<Draft>> }) {
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
  const offer = roomActions(c.rooms, room).offer(to, targetAddress, give, ask);
  // The contract's verdict on exactly this offer, as the inputs change and as the room moves.
  const verdict = useChecks(live.stateKey, { offer: empty ? null : offer });
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
      {verdict.why("offer") && (
        <p className="refusal" data-testid="offer-verdict">
          The contract would refuse this offer: {verdict.why("offer")}.
        </p>
      )}
      <ActionButton
        action={offer}
        onDone={() => {
          setDraft({ target: to, give: [0, 0, 0], ask: [0, 0, 0] });
          live.refresh();
        }}
        disabled={empty || !verdict.ok("offer")}
        busyText="Sending…"
      >
        Send the offer
      </ActionButton>
    </form>
  );
}

/** Done, pass, G2 force, shame: the buttons of the seat that are not about one offer. */
function SeatButtons({ c, room, live, checks, nameOf }: RoomProps) {
  const act = roomActions(c.rooms, room);
  const after = () => live.refresh();
  // Pass and Done end the seat's part of this window: one tap disables both until the window moves on.
  const moveWindow = `moves:${room.roomId}:${room.round}:${room.phase}`;
  const shameTargets = room.seats.filter((s) => checks.ok(`shame:${s.seat}`));
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
              <ActionButton action={act.shame(shameSeat.seat, shameSeat.player)} kind="danger" onDone={after}>
                Give the shame token
              </ActionButton>
            </>
          ) : (
            <ActionButton action={act.shame(shameSeat.seat, shameSeat.player)} kind="danger" onDone={after}>
              Shame P2 for the snatch (on P2&apos;s profile)
            </ActionButton>
          )}
        </div>
      )}
      {checks.ok("force") && (
        <ActionButton action={act.setForce(!room.forced)} kind="secondary" onDone={after}>
          {room.forced ? "Lift the force (let P1 pass)" : "Force P1 to offer"}
        </ActionButton>
      )}
      {checks.ok("pass") && (
        <ActionButton action={act.pass()} state={moveWindow} kind="secondary" onDone={after}>
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
        !checks.ok("pass") &&
        checks.why("pass") && <p className="refusal">Passing is not possible: {checks.why("pass")}.</p>}
      {checks.ok("done") && (
        <ActionButton action={act.done(doneLabel)} state={moveWindow} kind="secondary" onDone={after}>
          {doneLabel}
        </ActionButton>
      )}
    </div>
  );
}
