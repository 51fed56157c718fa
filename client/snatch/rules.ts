// Snatch or Share / SnatchGame rules in plain words, and what an action will do before it is sent (the escrow an
// offer takes, the shrunk request an accept pays, a G4 reversal, a confirmed report, the defaults `advance` applies).
// These explain; they never decide: whether an action is possible is the contracts' answer (a static call), and the
// amounts here follow the contracts' arithmetic (SnatchGoods.shrink, SnatchProgress.acceptOffer,
// SnatchSanctions.confirm / reverse) so that a page can say what will happen.
import { describeGoods, GOOD_NAMES, OfferStatus, Phase, RULE_NAMES, RuleSet } from "./names";
import type { Goods, OfferState, RoomState } from "./state";

/** Each rule set in a sentence or two, as a player needs to know it. */
export const RULE_TEXT: Record<number, string> = {
  [RuleSet.Anarchy]:
    "Anarchy: offer any goods to anyone (at most 2 offers to each opponent per round); the target accepts, " +
    "rejects or snatches (takes the offered goods and gives nothing). No rule protects you.",
  [RuleSet.NoReject]:
    "No reject: offers cannot be rejected. Offers still pending when the round closes execute as if accepted, in " +
    "the order they were made. Snatching is still possible.",
  [RuleSet.ShameTokens]:
    "Shame tokens: each player may give one shame token to another player this round. Tokens last the whole game: " +
    "whoever starts a later round with 2 or more burns 2 goods (own good first), loses 2 tokens and may only " +
    "answer offers in that round.",
  [RuleSet.Judge]:
    "Judge: one player judges. The judge trades but may not snatch. A victim may report a snatch made this round; " +
    "after trading closes, the judge confirms each report (the snatcher returns the goods and forfeits 3 more to " +
    "the victim, and may be suspended next round) or dismisses it. Undecided reports are dismissed.",
  [RuleSet.G1Plain]:
    "G1 plain: P1 makes one offer of turkeys for corn, or passes; P2 accepts, rejects or snatches. Nothing protects P1.",
  [RuleSet.G2Forced]:
    "G2 forced offer: P2 may force P1 to offer (on at each round's start; P2 can lift it). A forced P1 must offer " +
    "at least one good it holds and cannot take the offer back; staying silent counts as a refusal.",
  [RuleSet.G3Shame]:
    "G3 shame: after a snatch, P1 may shame P2. The shame stays on P2's profile and shows in later matches; it has " +
    "no other penalty.",
  [RuleSet.G4Report]:
    "G4 report: after a snatch, P1 may report it. The automatic judge returns the snatched goods to P1 and P2 pays " +
    "P1 the request (shrunk like an accept), from what P2 holds, getting nothing for it.",
  [RuleSet.G5CheapTalk]:
    "G5 cheap talk: before each offer, a talk window where both may send messages. Messages are public and bind " +
    "nobody. It ends when both say done; once P2 has, P1's offer or pass ends it. Then the round plays like G1.",
};

/** Scoring, in words (the same for every format). */
export const SCORING_TEXT =
  "Points: each good you produce counts 1, every other good 2 (goods escrowed in your open offers still count as yours).";

/** The rule sets of a format, one per round: "1 anarchy · 2 anarchy · 3 no reject …". */
export function roundsText(rounds: readonly number[], names: readonly string[]): string {
  return rounds.map((r, i) => `${i + 1} ${names[r] ?? r}`).join(" · ");
}

const sum = (a: readonly number[]) => a.reduce((x, y) => x + y, 0);

/** What an offer escrows now: per good, what the offerer holds free, up to the amount offered. */
export function escrowFor(offering: Goods, free: Goods): Goods {
  return [0, 1, 2].map((g) => Math.min(offering[g], free[g])) as Goods;
}

/** SnatchGoods.shrink: each requested amount × Σescrowed / Σoffered, rounded down. */
export function shrinkRequest(requested: Goods, escrowedSum: number, offeredSum: number): Goods {
  if (offeredSum === 0) return [0, 0, 0];
  return requested.map((r) => Math.floor((r * escrowedSum) / offeredSum)) as Goods;
}

export interface AcceptPreview {
  /** The escrow, now the target's. */
  receive: Goods;
  /** The request after shrinking (equal to the request when everything offered was escrowed). */
  shrunk: Goods;
  /** What the target gives: the shrunk request up to what it holds (after receiving the escrow). */
  give: Goods;
  /** The request shrank (the offerer escrowed less than it offered). */
  shrank: boolean;
  /** The target holds less than the shrunk request of some good. */
  short: boolean;
}

/** What accepting `offer` does, for a target holding `targetFree` (SnatchProgress.acceptOffer's order). */
export function acceptPreview(offer: OfferState, targetFree: Goods): AcceptPreview {
  const receive = offer.escrowed;
  const shrunk = shrinkRequest(offer.requested, sum(offer.escrowed), offer.offeredSum);
  const give = [0, 1, 2].map((g) => Math.min(shrunk[g], targetFree[g] + receive[g])) as Goods;
  return {
    receive,
    shrunk,
    give,
    shrank: shrunk.some((x, g) => x !== offer.requested[g]),
    short: give.some((x, g) => x < shrunk[g]),
  };
}

/** What an offer of `offering` for `requesting` will escrow and, if accepted, ask back (before it is sent). */
export function offerPreview(offering: Goods, requesting: Goods, free: Goods) {
  const escrowed = escrowFor(offering, free);
  const shrunk = shrinkRequest(requesting, sum(escrowed), sum(offering));
  return {
    escrowed,
    shrunk,
    /** Less is escrowed than offered (the offerer holds less). */
    partial: sum(escrowed) < sum(offering),
    shrank: shrunk.some((x, g) => x !== requesting[g]),
  };
}

/** A sentence for an offer form: what is escrowed now and what an accept would ask back. */
export function offerPreviewText(offering: Goods, requesting: Goods, free: Goods): string {
  const p = offerPreview(offering, requesting, free);
  if (sum(offering) === 0) return "Offer at least one good.";
  let text = `Sending escrows ${describeGoods(p.escrowed)} now`;
  if (p.partial) text += ` (you hold less than the ${describeGoods(offering)} you offer)`;
  text += `. If accepted you receive ${describeGoods(p.shrunk)}`;
  if (p.shrank)
    text += ` (your request of ${describeGoods(requesting)} shrinks by ${sum(p.escrowed)}/${sum(offering)})`;
  return `${text}, as far as the target holds it.`;
}

/** Takes `n` goods one at a time: own good while any is left, else the largest holding (ties: turkey, coffee, corn). */
export function takeUnits(held: Goods, own: number, n: number): Goods {
  const left = [...held] as Goods;
  const taken: Goods = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    let g = own;
    if (left[own] === 0) {
      g = [0, 1, 2].reduce((best, x) => (left[x] > left[best] ? x : best), 0);
      if (left[g] === 0) break;
    }
    left[g]--;
    taken[g]++;
  }
  return taken;
}

/** SnatchSanctions.confirm: the snatcher returns the snatched goods up to what it holds, then forfeits 3 goods. */
export function confirmPreview(offer: OfferState, snatcherFree: Goods, snatcherRole: number) {
  const returned = [0, 1, 2].map((g) => Math.min(offer.escrowed[g], snatcherFree[g])) as Goods;
  const after = [0, 1, 2].map((g) => snatcherFree[g] - returned[g]) as Goods;
  return { returned, forfeited: takeUnits(after, snatcherRole, 3) };
}

/** SnatchSanctions.reverse (G4): P2 returns the snatched goods, then pays the shrunk request, up to what it holds. */
export function reversalPreview(offer: OfferState, p2Free: Goods) {
  const returned = [0, 1, 2].map((g) => Math.min(offer.escrowed[g], p2Free[g])) as Goods;
  const left = [0, 1, 2].map((g) => p2Free[g] - returned[g]);
  const want = shrinkRequest(offer.requested, sum(offer.escrowed), offer.offeredSum);
  const sanction = [0, 1, 2].map((g) => Math.min(want[g], left[g])) as Goods;
  return { returned, sanction };
}

/** Points of holdings for a producer of `role`: own good 1, others 2. */
export function pointsOf(goods: Goods, role: number): number {
  return goods.reduce((p, n, g) => p + n * (g === role ? 1 : 2), 0);
}

/** What the current phase is about, for the room's heading. */
export function phaseText(room: Pick<RoomState, "phase" | "rules" | "playerCount">): string {
  switch (room.phase) {
    case Phase.Open:
      return "Waiting for players";
    case Phase.AwaitingRoles:
      return "Waiting for the randomness that draws the roles";
    case Phase.Trading:
      return room.rules === RuleSet.NoReject
        ? "Trading (no reject: pending offers execute at the close)"
        : "Trading: make offers, answer offers, say done";
    case Phase.Judging:
      return "Judging: the judge confirms or dismisses each report";
    case Phase.Talk:
      return "Talk window: send messages, then say done (once P2 is, P1's offer or pass ends it)";
    case Phase.Offering:
      return "P1's offer window: P1 offers or passes";
    case Phase.Responding:
      return "P2's response window: accept, reject or snatch";
    case Phase.Deciding:
      return room.rules === RuleSet.G3Shame
        ? "P1's decision window: shame P2 for the snatch, or pass"
        : "P1's decision window: report the snatch, or pass";
    case Phase.Finished:
      return "Finished: points are final";
    default:
      return room.phase === 10 ? "Cancelled before it filled" : "Unknown";
  }
}

/**
 * What `advance` will apply now that the current window's deadline has passed (the contract applies it; this says
 * it). `pending` are the round's offers. Windows after this one whose deadline also passed close in the same call,
 * each with its own default.
 */
export function advanceDefaults(room: RoomState, offers: readonly OfferState[]): string[] {
  const pending = offers.filter((o) => o.id >= room.firstOffer && o.status === OfferStatus.Pending);
  const snatched = offers.filter(
    (o) => o.id >= room.firstOffer && (o.status === OfferStatus.Snatched || o.status === OfferStatus.Reported),
  );
  const ids = (list: readonly OfferState[]) => list.map((o) => `#${o.id}`).join(", ");
  const out: string[] = [];
  switch (room.phase) {
    case Phase.AwaitingRoles:
      out.push("draws the roles from the ready random value and starts round 1");
      break;
    case Phase.Trading:
      if (pending.length > 0) {
        out.push(
          room.rules === RuleSet.NoReject
            ? `closes trading: pending offers ${ids(pending)} execute as accepted, in that order`
            : `closes trading: pending offers ${ids(pending)} expire and their escrow returns`,
        );
      } else out.push("closes trading");
      if (room.rules === RuleSet.Judge && snatched.length > 0) {
        out.push(`opens judging for this round's snatches (${ids(snatched)})`);
      } else out.push(room.round < room.roundCount ? `starts round ${room.round + 1}` : "finishes the room");
      break;
    case Phase.Judging: {
      const reported = offers.filter((o) => o.id >= room.firstOffer && o.status === OfferStatus.Reported);
      out.push(
        reported.length > 0 ? `dismisses the undecided reports (${ids(reported)})` : "closes judging",
        room.round < room.roundCount ? `starts round ${room.round + 1}` : "finishes the room",
      );
      break;
    }
    case Phase.Talk:
      out.push("closes the talk window and opens P1's offer window");
      break;
    case Phase.Offering:
      out.push(
        room.forced
          ? "records that the forced P1 refused to offer (no offer this round)"
          : "records no offer this round (P1's window timed out)",
      );
      break;
    case Phase.Responding:
      out.push(
        `rejects the offer${pending.length > 0 ? ` ${ids(pending)}` : ""} (P2 did not answer): its escrow returns`,
      );
      break;
    case Phase.Deciding:
      out.push(room.rules === RuleSet.G3Shame ? "records no shame (P1 did not decide)" : "records no report");
      break;
  }
  if (room.playerCount === 2 && room.phase >= Phase.Offering && room.phase <= Phase.Deciding) {
    out.push(room.round < room.roundCount ? `starts round ${room.round + 1}` : "finishes the room");
  }
  return out;
}

/** Goods as "2 turkey + 1 corn" (re-exported for pages). */
export { describeGoods, GOOD_NAMES };

/** A format's name: "Snatch or Share" for the preset's rounds, "G4 report ×3" for one variant, else its rounds. */
export function formatName(playerCount: number, rounds: readonly number[]): string {
  if (playerCount === 3 && rounds.join(",") === "1,1,2,3,4") return "Snatch or Share";
  if (rounds.length > 0 && rounds.every((r) => r === rounds[0])) {
    return `${playerCount === 2 ? "SnatchGame " : ""}${RULE_NAMES[rounds[0]]} ×${rounds.length}`;
  }
  return rounds.map((r) => RULE_NAMES[r]).join(", ");
}
