// An independent reference model of Forking Hex's evaluation and payout rules (DECISIONS.md, Forking Hex), written
// straight from the rules' wording rather than from the contract's bottom-up accumulators:
//   - void: some strict ancestor was proven;
//   - winning (non-void): proven, or no non-void child is winning; losing otherwise;
//   - each losing move forfeits its stake: fee = floor(stake × feeBps / 10000) to the fund; net = stake − fee is
//     split among the k opposite-colour moves on the path from position 1 to it (found by walking that path), each
//     getting floor(net / k), the remainder to the fund; k = 0 → the whole stake to the fund;
//   - every other move (winning or void) gets its stake back.

export interface ModelPosition {
  id: number;
  /** 0 for position 1. */
  parent: number;
  player: string;
  proven: boolean;
}

export type ModelStatus = "winning" | "losing" | "void";

export interface ModelResult {
  status: ModelStatus[];
  /** What each player is owed in total (refunds + rewards). */
  payouts: Map<string, bigint>;
  refunded: Map<string, bigint>;
  forfeited: Map<string, bigint>;
  rewards: Map<string, bigint>;
  moves: Map<string, number>;
  fund: bigint;
}

function add(map: Map<string, bigint>, key: string, amount: bigint): void {
  map.set(key, (map.get(key) ?? 0n) + amount);
}

/** Evaluates a tree given as positions indexed by id (index 0 unused). */
export function settleModel(positions: ModelPosition[], stake: bigint, feeBps: number): ModelResult {
  const count = positions.length - 1;
  const depth = (id: number): number => {
    let d = 0;
    for (let a = id; a !== 0; a = positions[a].parent) d++;
    return d;
  };
  const ancestors = (id: number): number[] => {
    const out: number[] = [];
    for (let a = positions[id].parent; a !== 0; a = positions[a].parent) out.push(a);
    return out;
  };
  const isVoid = (id: number): boolean => ancestors(id).some((a) => positions[a].proven);
  const children = (id: number): number[] => {
    const out: number[] = [];
    for (let c = 1; c <= count; c++) if (positions[c].parent === id) out.push(c);
    return out;
  };
  const memo = new Map<number, boolean>();
  const winning = (id: number): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const result = positions[id].proven || !children(id).some((c) => !isVoid(c) && winning(c));
    memo.set(id, result);
    return result;
  };

  const result: ModelResult = {
    status: [],
    payouts: new Map(),
    refunded: new Map(),
    forfeited: new Map(),
    rewards: new Map(),
    moves: new Map(),
    fund: 0n,
  };
  for (let id = 1; id <= count; id++) {
    const p = positions[id];
    result.moves.set(p.player, (result.moves.get(p.player) ?? 0) + 1);
    if (isVoid(id)) {
      result.status[id] = "void";
      add(result.refunded, p.player, stake);
      continue;
    }
    if (winning(id)) {
      result.status[id] = "winning";
      add(result.refunded, p.player, stake);
      continue;
    }
    result.status[id] = "losing";
    add(result.forfeited, p.player, stake);
    const myParity = depth(id) % 2;
    const opposite = ancestors(id).filter((a) => depth(a) % 2 !== myParity);
    const k = BigInt(opposite.length);
    if (k === 0n) {
      result.fund += stake;
      continue;
    }
    const fee = (stake * BigInt(feeBps)) / 10_000n;
    const net = stake - fee;
    const share = net / k;
    for (const a of opposite) add(result.rewards, positions[a].player, share);
    result.fund += fee + net - share * k;
  }
  for (const [player, amount] of result.refunded) add(result.payouts, player, amount);
  for (const [player, amount] of result.rewards) add(result.payouts, player, amount);
  return result;
}
