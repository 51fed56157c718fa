// Random steps of a Snatch room for property tests: fast-check arbitraries of plans, and their resolution against
// the reference model's state (./model.ts) into concrete actions. Shared by SnatchRooms.property.test.ts (on the
// in-process network) and the indexer's differential test (on a node).
import fc from "fast-check";
import { MAX_AMOUNT, Ph, RS, St, type Action, type Goods, type RoomModel } from "./model";

const amount = fc.oneof(
  { weight: 60, arbitrary: fc.integer({ min: 0, max: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom(MAX_AMOUNT, MAX_AMOUNT + 1) },
);
const amounts3 = fc.tuple(amount, amount, amount);
/** 2-player rooms trade turkey and corn; coffee is mostly zero (and rejected when not). */
const amounts2 = fc.tuple(
  amount,
  fc.oneof({ weight: 15, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: amount }),
  amount,
);

/**
 * A step of a random game: what to do, and numbers the runner resolves against the model's current state (which
 * pending offer to answer, as its target; which snatch to report, as its victim; ...). A `noisy` step uses the
 * numbers raw instead (any caller, any offer id), so that rejected calls are exercised too.
 */
export interface Plan {
  kind: Action["kind"];
  a: number;
  b: number;
  noisy: boolean;
  offering: Goods;
  requesting: Goods;
  flag: boolean;
  length: number;
  blocks: number;
}

export function plans(n: number): fc.Arbitrary<Plan> {
  const kinds: [number, Action["kind"]][] =
    n === 3
      ? [
          [7, "offer"],
          [4, "accept"],
          [1, "reject"],
          [3, "snatch"],
          [1, "cancel"],
          [3, "done"],
          [1, "pass"],
          [1, "force"],
          [1, "talk"],
          [2, "shame"],
          [3, "report"],
          [2, "confirm"],
          [1, "dismiss"],
          [1, "advance"],
          [2, "mine"],
        ]
      : [
          [6, "offer"],
          [3, "accept"],
          [2, "reject"],
          [3, "snatch"],
          [1, "cancel"],
          [2, "done"],
          [3, "pass"],
          [2, "force"],
          [2, "talk"],
          [2, "shame"],
          [2, "report"],
          [1, "confirm"],
          [1, "advance"],
          [2, "mine"],
        ];
  return fc.record({
    kind: fc.oneof(...kinds.map(([weight, k]) => ({ weight, arbitrary: fc.constant(k) }))),
    a: fc.nat(60),
    b: fc.nat(60),
    noisy: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    offering: n === 3 ? amounts3 : amounts2,
    requesting: n === 3 ? amounts3 : amounts2,
    flag: fc.boolean(),
    length: fc.constantFrom(0, 5, 280, 281),
    blocks: fc.constantFrom(1, 2, 4, 8, 15),
  });
}

/** The kinds that make sense in the model's current phase (for non-noisy plans). */
export function sensible(m: RoomModel): Action["kind"][] {
  const has = (status: number) => m.offers.some((o, i) => o.status === status && i + 1 >= m.firstOffer);
  // Judge rounds lean towards snatching, so that reports and the judge's decisions get exercised.
  const responses: Action["kind"][] = !has(St.Pending)
    ? []
    : m.rules === RS.Judge
      ? ["accept", "snatch", "snatch", "snatch", "cancel"]
      : ["accept", "reject", "snatch", "cancel"];
  switch (m.phase) {
    case Ph.Trading:
      return [
        "offer",
        "offer",
        "offer",
        "done",
        ...responses,
        ...responses,
        ...(m.rules === RS.ShameTokens ? (["shame", "shame"] as const) : []),
        ...(has(St.Snatched) && m.rules === RS.Judge ? (["report", "report", "report"] as const) : []),
      ];
    case Ph.Judging:
      return [
        "done",
        ...(has(St.Reported) ? (["confirm", "confirm", "dismiss"] as const) : []),
        ...(has(St.Snatched) ? (["report"] as const) : []),
      ];
    case Ph.Talk:
      // P1's offer or pass ends the talk once P2 said done (refused before).
      return ["talk", "talk", "done", "done", "offer", "pass"];
    case Ph.Offering:
      return ["offer", "offer", "pass", ...(m.rules === RS.G2Forced ? (["force"] as const) : [])];
    case Ph.Responding:
      return responses;
    case Ph.Deciding:
      return ["pass", m.rules === RS.G3Shame ? "shame" : "report"];
    default:
      return ["advance"];
  }
}

/** Turns a plan into a concrete action, guided by the model's state (see {@link Plan}). */
export function resolve(plan: Plan, m: RoomModel): Action {
  let p = plan;
  if (!p.noisy && p.kind !== "mine" && p.kind !== "advance") {
    const kinds = sensible(m);
    if (!kinds.includes(p.kind)) p = { ...p, kind: kinds[p.a % kinds.length] };
  }
  const n = m.n;
  const any = (k: number) => k % (n + 1); // a seat, or n: the outsider
  const members = Array.from({ length: n }, (_, s) => s);
  const pick = <T>(list: T[], k: number): T | undefined => (list.length > 0 ? list[k % list.length] : undefined);
  const ids = (status: number) =>
    m.offers.flatMap((o, i) => (o.status === status && i + 1 >= m.firstOffer ? [i + 1] : []));
  const rawId = 1 + (p.a % (m.offers.length + 1));
  const caller = p.noisy ? any(p.b) : (pick(members, p.b) as number);
  switch (p.kind) {
    case "mine":
      return { kind: "mine", blocks: p.blocks };
    case "offer": {
      const able = members.filter((s) => !m.done[s] && !m.suspended[s] && !m.shamedOut[s]);
      const from = p.noisy ? any(p.a) : n === 2 ? 0 : (pick(able, p.a) ?? (pick(members, p.a) as number));
      const to = p.noisy
        ? any(p.b)
        : (pick(
            members.filter((s) => s !== from),
            p.b,
          ) as number);
      return { kind: "offer", caller: from, target: to, offering: p.offering, requesting: p.requesting };
    }
    case "accept":
    case "reject":
    case "snatch":
    case "cancel": {
      const id = p.noisy ? rawId : (pick(ids(St.Pending), p.a) ?? rawId);
      const o = m.offers[id - 1];
      const who = p.noisy || !o ? any(p.b) : p.kind === "cancel" ? o.from : o.to;
      return { kind: p.kind, caller: who, offer: id };
    }
    case "report": {
      const id = p.noisy ? rawId : (pick(ids(St.Snatched), p.a) ?? rawId);
      const o = m.offers[id - 1];
      return { kind: "report", caller: p.noisy || !o ? any(p.b) : o.from, offer: id };
    }
    case "confirm":
    case "dismiss": {
      const id = p.noisy ? rawId : (pick(ids(St.Reported), p.a) ?? rawId);
      const judge = m.judge < n && !p.noisy ? m.judge : any(p.b);
      return p.kind === "confirm"
        ? { kind: "confirm", caller: judge, offer: id, suspend: p.flag }
        : { kind: "dismiss", caller: judge, offer: id };
    }
    case "done": {
      if (p.noisy) return { kind: "done", caller: any(p.b) };
      if (m.phase === Ph.Judging && m.judge < n) return { kind: "done", caller: m.judge };
      return {
        kind: "done",
        caller:
          pick(
            members.filter((s) => !m.done[s]),
            p.b,
          ) ?? caller,
      };
    }
    case "pass":
      return { kind: "pass", caller: p.noisy ? any(p.b) : 0 };
    case "force":
      return { kind: "force", caller: p.noisy ? any(p.b) : 1, forced: p.flag };
    case "talk":
      return { kind: "talk", caller, length: p.length };
    case "shame": {
      const from = n === 2 && !p.noisy ? 0 : caller;
      const to = p.noisy
        ? any(p.a)
        : (pick(
            members.filter((s) => s !== from),
            p.a,
          ) as number);
      return { kind: "shame", caller: from, target: to };
    }
    case "advance":
      return { kind: "advance", caller };
  }
}
