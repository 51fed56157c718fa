// Snatch or Share / SnatchGame vocabulary: the contracts' enums with their names, goods and their notation,
// the presets' windows. Shared by the tasks, the demo, the bench, the tests and the web app.

/** Goods, in the contract's order. */
export const Good = { Turkey: 0, Coffee: 1, Corn: 2 } as const;
export const GOOD_NAMES = ["turkey", "coffee", "corn"] as const;

/** ISnatchRooms.RuleSet. */
export const RuleSet = {
  None: 0,
  Anarchy: 1,
  NoReject: 2,
  ShameTokens: 3,
  Judge: 4,
  G1Plain: 5,
  G2Forced: 6,
  G3Shame: 7,
  G4Report: 8,
  G5CheapTalk: 9,
} as const;
export const RULE_NAMES = [
  "none",
  "anarchy",
  "no reject (offers execute at close)",
  "shame tokens",
  "judge",
  "G1 plain",
  "G2 forced offer",
  "G3 shame",
  "G4 report",
  "G5 cheap talk",
] as const;

/** ISnatchRooms.Phase. */
export const Phase = {
  None: 0,
  Open: 1,
  AwaitingRoles: 2,
  Trading: 3,
  Judging: 4,
  Talk: 5,
  Offering: 6,
  Responding: 7,
  Deciding: 8,
  Finished: 9,
  Cancelled: 10,
} as const;
/** Default fill window of rooms the scripts create, in blocks (SnatchRooms.MAX_FILL_BLOCKS: 100,000). */
export const DEFAULT_FILL_BLOCKS = 1_000;
export const PHASE_NAMES = [
  "none",
  "open (waiting for players)",
  "waiting for roles (randomness)",
  "trading",
  "judging",
  "talk (G5)",
  "P1's offer window",
  "P2's response window",
  "P1's decision window",
  "finished",
  "cancelled (before it filled)",
] as const;

/** ISnatchRooms.OfferStatus. */
export const OfferStatus = {
  None: 0,
  Pending: 1,
  Accepted: 2,
  Rejected: 3,
  Snatched: 4,
  Cancelled: 5,
  Expired: 6,
  Reported: 7,
  Confirmed: 8,
  Dismissed: 9,
  Reversed: 10,
} as const;
export const STATUS_NAMES = [
  "none",
  "pending",
  "accepted",
  "rejected",
  "snatched",
  "cancelled",
  "expired",
  "reported",
  "confirmed",
  "dismissed",
  "reversed",
] as const;

/** ISnatchRooms.NoOfferReason. */
export const NoOfferReason = { Passed: 0, TimedOut: 1, Refused: 2 } as const;
export const NO_OFFER_REASON_NAMES = ["passed", "timed out", "refused (forced P1 stayed silent)"] as const;

/** Preset format ids created by the constructor. */
export const Preset = { SnatchOrShare: 1, G1: 2, G2: 3, G3: 4, G4: 5, G5: 6 } as const;

/** Window lengths in blocks (ISnatchRooms.Windows). */
export interface WindowLengths {
  trading: number;
  closing: number;
  judging: number;
  talk: number;
  offer: number;
  response: number;
  decision: number;
}

/** The presets' windows (SnatchFormats.defaultWindows). */
export const DEFAULT_WINDOWS: WindowLengths = {
  trading: 120,
  closing: 10,
  judging: 60,
  talk: 20,
  offer: 20,
  response: 20,
  decision: 20,
};

/** No judge this round. */
export const NO_SEAT = 3;

/** Amounts per good (turkey, coffee, corn) from a partial record, e.g. `goods({ turkey: 2 })`. */
export function goods(a: { turkey?: number; coffee?: number; corn?: number }): [bigint, bigint, bigint] {
  return [BigInt(a.turkey ?? 0), BigInt(a.coffee ?? 0), BigInt(a.corn ?? 0)];
}

/** "2 turkey + 1 corn" (or "nothing"). */
export function describeGoods(amounts: readonly (bigint | number)[]): string {
  const parts = amounts.map((a, g) => (Number(a) > 0 ? `${a} ${GOOD_NAMES[g]}` : "")).filter((p) => p !== "");
  return parts.length > 0 ? parts.join(" + ") : "nothing";
}

/** "turkey=2,corn=1" or "2,0,1" → amounts per good. */
export function parseGoods(text: string): [bigint, bigint, bigint] {
  const out: [bigint, bigint, bigint] = [0n, 0n, 0n];
  if (text.trim() === "" || text.trim() === "nothing") return out;
  if (/^\d+,\d+,\d+$/.test(text.trim())) return text.split(",").map((x) => BigInt(x)) as [bigint, bigint, bigint];
  for (const part of text.split(",")) {
    const [name, amount] = part.split("=").map((x) => x.trim().toLowerCase());
    const good = GOOD_NAMES.indexOf(name as (typeof GOOD_NAMES)[number]);
    if (good < 0 || amount === undefined || !/^\d+$/.test(amount)) {
      throw new Error(`cannot read "${part}": write e.g. turkey=2,corn=1 or 2,0,1`);
    }
    out[good] += BigInt(amount);
  }
  return out;
}

/** Rule set names for --rounds: anarchy, no-reject, shame-tokens, judge, g1..g5. */
export const RULE_KEYS: Record<string, number> = {
  anarchy: RuleSet.Anarchy,
  "no-reject": RuleSet.NoReject,
  "shame-tokens": RuleSet.ShameTokens,
  judge: RuleSet.Judge,
  g1: RuleSet.G1Plain,
  g2: RuleSet.G2Forced,
  g3: RuleSet.G3Shame,
  g4: RuleSet.G4Report,
  g5: RuleSet.G5CheapTalk,
};
