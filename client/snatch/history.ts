// A room's history as people read it, rebuilt from its events alone (SnatchRooms emits one for every change): every
// seat taken, roles, round, offer, answer, snatch, shame, penalty, report, sanction, message and the final points.
// Also the G5 messages as a chat. Input: events decoded by name (client/events.ts decodeEvent gives this shape).
// Players are named by the display names their seats carry (PlayerJoined's `name`) or that the caller knows (a
// tournament's registrations, for its rooms).
import { describeGoods, GOOD_NAMES, NO_OFFER_REASON_NAMES, PHASE_NAMES, RULE_NAMES } from "./names";
import { requestLabel } from "../format";

/** A decoded SnatchRooms event of one room. */
export interface RoomEvent {
  name: string;
  args: Record<string, unknown>;
  block: number;
}

export type TimelineKind =
  "room" | "round" | "offer" | "trade" | "reject" | "snatch" | "shame" | "report" | "sanction" | "talk" | "end";

export interface TimelineEntry {
  block: number;
  /** The round the event belongs to (0 before round 1). */
  round: number;
  kind: TimelineKind;
  /** The event's name (tests and styling). */
  name: string;
  text: string;
}

export interface ChatMessage {
  block: number;
  round: number;
  from: string;
  /** The sender's display name, when its seat carries one. */
  name?: string;
  text: string;
}

/** How a caller shows a player: its address and, when known, its display name. */
export type NameOf = (address: string, name?: string) => string;

/**
 * The display names seats carry, by lower-case address (PlayerJoined's `name`; a later join with another name wins),
 * merged over `known` (e.g. a tournament's registered names, for its rooms, which have no PlayerJoined).
 */
export function seatNames(
  events: readonly RoomEvent[],
  known: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [address, name] of known) if (name) out.set(address.toLowerCase(), name);
  for (const e of events) {
    if (e.name === "PlayerJoined" && typeof e.args.name === "string" && e.args.name !== "") {
      out.set(String(e.args.player).toLowerCase(), e.args.name);
    }
  }
  return out;
}

const n = (x: unknown) => Number(x as bigint | number);
const goods = (x: unknown) => describeGoods(x as readonly bigint[]);
const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? "" : "s"}`;

/**
 * The timeline of a room from its events, oldest first. `nameOf(address, name)` shows a player (e.g. "Ada", "P1
 * 0x70…79c8", "you"), given its display name when its seat carries one (or `known` has it: see {@link seatNames}).
 */
export function roomTimeline(
  events: readonly RoomEvent[],
  nameOf: NameOf,
  known?: ReadonlyMap<string, string>,
): TimelineEntry[] {
  const names = seatNames(events, known);
  const who = (address: unknown) => nameOf(String(address), names.get(String(address).toLowerCase()));
  const out: TimelineEntry[] = [];
  const offers = new Map<number, { from: string; to: string }>();
  let players: string[] = [];
  let count = 0;
  let round = 0;
  const seatName = (seat: number) => (players[seat] ? who(players[seat]) : `seat ${seat}`);
  const push = (e: RoomEvent, kind: TimelineKind, text: string) =>
    out.push({ block: e.block, round, kind, name: e.name, text });
  const offerRef = (id: number) => {
    const o = offers.get(id);
    return o ? `offer #${id} (${who(o.from)} → ${who(o.to)})` : `offer #${id}`;
  };

  for (const e of events) {
    const a = e.args;
    switch (e.name) {
      case "RoomCreated":
        push(
          e,
          "room",
          a.byFactory
            ? `Created by the tournament ${who(a.creator)}`
            : `Created by ${who(a.creator)} (format ${n(a.format)})`,
        );
        break;
      case "PlayerJoined":
        players[n(a.seat)] = String(a.player);
        push(e, "room", `${who(a.player)} took seat ${n(a.seat)}`);
        break;
      case "PlayerLeft":
        players[n(a.seat)] = "";
        push(e, "room", `${who(a.player)} left seat ${n(a.seat)}`);
        break;
      case "RoomCancelled":
        push(e, "end", a.expired ? `Closed by ${who(a.by)}: it did not fill in time` : `Cancelled by its creator`);
        break;
      case "RolesRequested":
        push(
          e,
          "room",
          `The room is full: randomness for the roles requested (request ${requestLabel(a.requestId as bigint)})`,
        );
        break;
      case "RolesRerequested":
        push(
          e,
          "room",
          `The roles request went stale and was replaced (request ${requestLabel(a.newRequest as bigint)})`,
        );
        break;
      case "RolesAssigned": {
        players = (a.players as string[]).map(String);
        const roles = (a.roles as bigint[]).map(Number);
        count = players.filter((p) => !/^0x0{40}$/i.test(p)).length;
        const parts = players
          .slice(0, count)
          .map((p, s) =>
            count === 2
              ? `${roles[s] === 0 ? "P1" : "P2"} is ${who(p)} (10 ${GOOD_NAMES[roles[s]]})`
              : `${who(p)} produces ${GOOD_NAMES[roles[s]]}`,
          );
        const judge = count === 3 ? `; first judge: ${seatName(n(a.firstJudge))}` : "";
        push(e, "room", `Roles drawn: ${parts.join(", ")}${judge}`);
        break;
      }
      case "RoundStarted": {
        round = n(a.round);
        const judge = n(a.judge) < 3 ? `, judge ${seatName(n(a.judge))}` : "";
        push(
          e,
          "round",
          `Round ${round} (${RULE_NAMES[n(a.rules)]})${judge}: ${PHASE_NAMES[n(a.phase)]} until block ${n(a.deadline)}`,
        );
        break;
      }
      case "PhaseStarted":
        push(e, "round", `${capital(PHASE_NAMES[n(a.phase)])} until block ${n(a.deadline)}`);
        break;
      case "ShamePenaltyApplied":
        push(
          e,
          "sanction",
          `${who(a.player)} started the round with 2+ shame tokens: burned ${goods(a.burned)}, ` +
            `${plural(n(a.tokensLeft), "token")} left, may only answer offers this round`,
        );
        break;
      case "OfferMade": {
        const id = n(a.offerId);
        offers.set(id, { from: String(a.from), to: String(a.to) });
        const escrowed = goods(a.escrowed);
        const offered = goods(a.offering);
        push(
          e,
          "offer",
          `${who(a.from)} offers ${offered} to ${who(a.to)} for ${goods(a.requesting)} ` +
            `(offer #${id}; escrowed ${escrowed === offered ? "in full" : escrowed})`,
        );
        break;
      }
      case "OfferAccepted":
        push(
          e,
          "trade",
          `${capital(offerRef(n(a.offerId)))} ${a.atClose ? "executed at the close (no reject)" : "accepted"}: ` +
            `the target got ${goods(a.toTarget)}, the offerer ${goods(a.toOfferer)}`,
        );
        break;
      case "OfferRejected":
        push(
          e,
          "reject",
          `${capital(offerRef(n(a.offerId)))} rejected${a.byDefault ? " (no answer in time)" : ""}: escrow returned`,
        );
        break;
      case "OfferSnatched":
        push(
          e,
          "snatch",
          `${capital(offerRef(n(a.offerId)))} SNATCHED: the target took ${goods(a.taken)} and gave nothing`,
        );
        break;
      case "OfferCancelled":
        push(e, "reject", `${capital(offerRef(n(a.offerId)))} cancelled by its maker: escrow returned`);
        break;
      case "OfferExpired":
        push(e, "reject", `${capital(offerRef(n(a.offerId)))} expired at the close: escrow returned`);
        break;
      case "NoOffer":
        push(e, "reject", `No offer in round ${n(a.round)}: P1 ${NO_OFFER_REASON_NAMES[n(a.reason)]}`);
        break;
      case "ForceSet":
        push(e, "round", a.forced ? "P2 forces P1 to offer this round" : "P2 lifts the force: P1 may pass");
        break;
      case "PlayerDone":
        push(e, "round", `${who(a.player)} is done`);
        break;
      case "DoneCleared":
        push(e, "round", `An offer to ${who(a.player)} takes back its "done"`);
        break;
      case "DecisionDeclined":
        push(
          e,
          "round",
          a.byDefault ? "P1 made no decision in time (no shame, no report)" : "P1 passes: no shame, no report",
        );
        break;
      case "ShameGiven":
        push(
          e,
          "shame",
          `${who(a.from)} shames ${who(a.to)} ` +
            (count === 3 ? `(${plural(n(a.total), "shame token")} now)` : `(profile G3 shame ${n(a.total)})`),
        );
        break;
      case "SnatchReported":
        push(e, "report", `${who(a.victim)} reports the snatch of ${offerRef(n(a.offerId))}`);
        break;
      case "ReportConfirmed": {
        const suspension = a.suspended
          ? a.suspensionEffective
            ? "; the snatcher is suspended next round"
            : "; suspension chosen, but this was the last round (no effect)"
          : "";
        push(
          e,
          "sanction",
          `Report of ${offerRef(n(a.offerId))} confirmed${a.automatic ? " automatically (the victim judges)" : " by the judge"}: ` +
            `returned ${goods(a.returned)}, forfeited ${goods(a.forfeited)} to the victim${suspension}`,
        );
        break;
      }
      case "ReportDismissed":
        push(
          e,
          "report",
          `Report of ${offerRef(n(a.offerId))} dismissed${a.byDefault ? " (undecided at the close)" : ""}`,
        );
        break;
      case "SnatchReversed":
        push(
          e,
          "sanction",
          `Snatch of ${offerRef(n(a.offerId))} reversed: P1 got back ${goods(a.returned)} and received ` +
            `${goods(a.sanction)} from P2`,
        );
        break;
      case "MessageSent":
        push(e, "talk", `${who(a.from)}: “${String(a.text)}”`);
        break;
      case "RoomFinished":
        push(
          e,
          "end",
          `Finished. Points: ${(a.points as bigint[])
            .slice(0, count || 3)
            .map((p, s) => `${seatName(s)} ${p}`)
            .join(", ")}`,
        );
        break;
    }
  }
  return out;
}

/** The G5 messages of a room, oldest first, with their senders' display names where known (see seatNames). */
export function chatMessages(events: readonly RoomEvent[], known?: ReadonlyMap<string, string>): ChatMessage[] {
  const names = seatNames(events, known);
  return events
    .filter((e) => e.name === "MessageSent")
    .map((e) => {
      const from = String(e.args.from);
      const name = names.get(from.toLowerCase());
      return { block: e.block, round: n(e.args.round), from, ...(name ? { name } : {}), text: String(e.args.text) };
    });
}

/** The first judge's seat from RolesAssigned (3-player rooms), or undefined. */
export function firstJudgeOf(events: readonly RoomEvent[]): number | undefined {
  const e = events.find((x) => x.name === "RolesAssigned");
  return e ? n(e.args.firstJudge) : undefined;
}

/** The offered amounts of each offer (only OfferMade carries them; views keep Σoffered). */
export function offeredAmounts(events: readonly RoomEvent[]): Map<number, [number, number, number]> {
  const out = new Map<number, [number, number, number]>();
  for (const e of events) {
    if (e.name !== "OfferMade") continue;
    const o = e.args.offering as bigint[];
    out.set(n(e.args.offerId), [Number(o[0]), Number(o[1]), Number(o[2])]);
  }
  return out;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
