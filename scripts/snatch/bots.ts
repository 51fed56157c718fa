// Bot players of the SnatchGame tournament simulation: what each strategy does as P1 and as P2 in each variant.
// Pure decisions; the engine (simulation.ts) reads the chain, asks these functions, and sends the transactions.
// docs/snatch-tournament.md describes the strategies in words; keep both in step.
import { Rng } from "../../client/rng";

export const STRATEGIES = ["sharer", "snatcher", "opportunist", "reputation", "honest", "liar", "absent"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** One-line descriptions (printed by the simulation and the docs). */
export const STRATEGY_TEXT: Record<Strategy, string> = {
  sharer: "always share: offers 2-4 turkeys for as many corn, accepts everything, never shames nor reports",
  snatcher: "always snatch: snatches every offer; offers 1 turkey for 4 corn; shames and reports when snatched",
  opportunist:
    "snatch unless punished: snatches in G1/G2/G5, accepts fair offers in G3/G4; offers only where snatching is " +
    "punished (G3 to an unshamed opponent, G4), the minimum when forced",
  reputation:
    "tit-for-tat on the shame record: offers 3 for 3 to an opponent without G3 shame who has not snatched from it " +
    "in this room (else passes, or stays silent when forced); snatches from shamed P1s, accepts fair offers",
  honest:
    "cheap talk, honest: shares like a sharer but rejects greedy offers and punishes snatches; in G5 says what it " +
    "will do and does it, and as P1 offers only after P2 promised to accept",
  liar: "cheap talk, dishonest: an opportunist that in G5 promises fair play, then snatches or offers 1 for 4",
  absent: "absent: never acts; its rooms advance only through deadlines and their defaults",
};

/** Default shares, in percent (must sum to 100). */
export const DEFAULT_MIX: Record<Strategy, number> = {
  sharer: 20,
  snatcher: 10,
  opportunist: 25,
  reputation: 20,
  honest: 15,
  liar: 10,
  absent: 0,
};

/** A generator for one decision, from the run's seed and the decision's coordinates (order-independent). */
export function rngFor(seed: bigint, ...keys: number[]): Rng {
  let h = Number(seed & 0xffffffffn) ^ 0x9e3779b9;
  h = Math.imul(h ^ Number((seed >> 32n) & 0xffffffffn), 0x85ebca6b);
  for (const k of keys) {
    h = Math.imul(h ^ (k >>> 0), 0xcc9e2d51);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return new Rng(h);
}

/**
 * Assigns strategies to `n` players in the given proportions (largest remainders), then shuffles the assignment with
 * the seed. Returns one strategy per player.
 */
export function assignStrategies(n: number, mix: Record<Strategy, number>, seed: bigint): Strategy[] {
  const total = STRATEGIES.reduce((sum, s) => sum + mix[s], 0);
  if (total <= 0) throw new Error("the strategy mix is empty");
  const exact = STRATEGIES.map((s) => (mix[s] / total) * n);
  const counts = exact.map(Math.floor);
  let left = n - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k++, left--) counts[order[k % order.length].i]++;
  const list: Strategy[] = [];
  STRATEGIES.forEach((s, i) => {
    for (let c = 0; c < counts[i]; c++) list.push(s);
  });
  const rng = rngFor(seed, 0x5eed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** Parses "sharer=30,snatcher=10,..." (missing strategies get 0) or "default". */
export function parseMix(text: string): Record<Strategy, number> {
  if (text.trim() === "" || text.trim() === "default") return { ...DEFAULT_MIX };
  const mix = Object.fromEntries(STRATEGIES.map((s) => [s, 0])) as Record<Strategy, number>;
  for (const part of text.split(",")) {
    const [name, value] = part.split("=").map((x) => x.trim());
    if (!(STRATEGIES as readonly string[]).includes(name) || !/^\d+(\.\d+)?$/.test(value ?? "")) {
      throw new Error(`cannot read "${part}": write e.g. sharer=30,snatcher=20 (strategies: ${STRATEGIES.join(", ")})`);
    }
    mix[name as Strategy] = Number(value);
  }
  return mix;
}

/** What a bot knows when it decides. */
export interface Situation {
  /** Phase = variant, 1..5 (G1..G5). */
  variant: number;
  round: number;
  /** The opponent's G3 shame record (its profile, carried across rooms). */
  opponentShame: number;
  /** A snatch already happened in this room (P1 was robbed). */
  snatchedInRoom: boolean;
  /** P1's free turkeys. */
  turkeys: number;
  /** P1's free corn. */
  corn: number;
  /** G2: P1 must offer this round. */
  forced: boolean;
  /** G5: P2 promised this round to accept. */
  promised: boolean;
  rng: Rng;
}

export interface Offer {
  give: number;
  want: number;
}

export type P1Choice = Offer | "pass" | "silent";
export type Response = "accept" | "reject" | "snatch" | "silent";

const fair = (o: Offer) => o.want <= o.give + 1;
const protectedVariant = (v: number) => v === 3 || v === 4;

/**
 * P1 with no turkey to offer. Bots only ever offer turkeys, and a forced offer (G2) must escrow a good: a forced P1
 * that still holds corn stays silent (a refusal); one that holds nothing is not bound by the force and passes.
 */
function noTurkey(x: Situation): P1Choice {
  return x.forced && x.corn > 0 ? "silent" : "pass";
}

function sized(give: number, want: number, x: Situation): P1Choice {
  const g = Math.min(give, x.turkeys);
  if (g <= 0) return noTurkey(x);
  return { give: g, want };
}

/** P1: offer (turkeys for corn), pass, or stay silent (a forced P1's refusal; an absent player). */
export function p1Offer(s: Strategy, x: Situation): P1Choice {
  const noOffer: P1Choice = x.forced ? sized(1, 1, x) : "pass";
  switch (s) {
    case "absent":
      return "silent";
    case "sharer": {
      const k = 2 + x.rng.int(3);
      return sized(k, k, x);
    }
    case "honest": {
      if (x.variant === 5 && !x.promised) return noOffer;
      const k = x.variant === 5 ? 3 : 2 + x.rng.int(3);
      return sized(k, k, x);
    }
    case "snatcher":
      return sized(1, 4, x);
    case "liar":
      if (x.variant === 5) return sized(1, 4, x);
      return opportunistOffer(x, noOffer);
    case "opportunist":
      return opportunistOffer(x, noOffer);
    case "reputation":
      if (x.snatchedInRoom || x.opponentShame > 0) return x.forced ? "silent" : "pass";
      return sized(3, 3, x);
  }
}

function opportunistOffer(x: Situation, noOffer: P1Choice): P1Choice {
  if (x.variant === 4) return sized(4, 4, x);
  if (x.variant === 3 && x.opponentShame === 0 && !x.snatchedInRoom) return sized(2, 2, x);
  return noOffer;
}

/** G2, P2: set P1's obligation to offer (undefined: leave the default, forced). */
export function p2Force(s: Strategy, x: Situation): boolean | undefined {
  if (s === "sharer" || s === "honest") return x.rng.next() < 0.5 ? false : undefined;
  return undefined;
}

/** P2's answer to P1's offer; `tremble` is the chance of a random answer instead (mistakes). */
export function p2Respond(s: Strategy, x: Situation, offer: Offer, tremble: number): Response {
  if (s === "absent") return "silent";
  if (x.rng.next() < tremble) return (["accept", "reject", "snatch"] as const)[x.rng.int(3)];
  switch (s) {
    case "sharer":
      return "accept";
    case "honest":
      return fair(offer) ? "accept" : "reject";
    case "snatcher":
      return "snatch";
    case "reputation":
      if (x.opponentShame > 0) return "snatch";
      return fair(offer) ? "accept" : "reject";
    case "liar":
    case "opportunist":
      if (!protectedVariant(x.variant)) return "snatch";
      return fair(offer) ? "accept" : "reject";
  }
}

/** P1 after a snatch in G3/G4: punish (shame / report), pass, or stay silent. */
export function p1AfterSnatch(s: Strategy): "punish" | "pass" | "silent" {
  if (s === "absent") return "silent";
  if (s === "sharer") return "pass";
  return "punish";
}

/** G5 talk: the message a bot sends in its seat (0 = P1, 1 = P2), if any. */
export function talk(s: Strategy, seat: number): string | undefined {
  if (seat === 1) {
    if (s === "honest" || s === "liar" || s === "sharer") return "I will accept a fair offer.";
    return undefined;
  }
  if (s === "honest") return "I offer 3 turkeys for 3 corn.";
  if (s === "liar") return "I offer 4 turkeys for 4 corn.";
  return undefined;
}

/** Whether a G5 message is a promise to accept (what P1s listen for). */
export function isPromise(text: string | undefined): boolean {
  return text !== undefined && text.startsWith("I will accept");
}
