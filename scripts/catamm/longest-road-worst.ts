/**
 * Searches for the 15-road networks that make the longest-road search (LongestRoad.sol, mirrored in board.ts) do the
 * most work, by hill climbing over connected road sets, optionally with opponents' buildings on them.
 *
 *   npx ts-node scripts/catamm/longest-road-worst.ts [restarts] [steps]
 *
 * Prints the worst sets found; the best of them are kept in board.ts as LONGEST_ROAD_WORST_CASES.
 */
import { TOPOLOGY, distanceRuleOk, idsOf, longestRoadSearch, maskOf } from "../../client/catamm/board";

const ROADS = 15;

/** A small deterministic generator (so runs are repeatable). */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function frontier(set: Set<number>): number[] {
  const out: number[] = [];
  for (const e of set)
    for (const v of TOPOLOGY.edgeVertices[e]) for (const f of TOPOLOGY.vertexEdges[v]) if (!set.has(f)) out.push(f);
  return out;
}

function connected(set: Set<number>): boolean {
  const [first] = set;
  const seen = new Set([first]);
  const stack = [first];
  while (stack.length) {
    const e = stack.pop()!;
    for (const v of TOPOLOGY.edgeVertices[e])
      for (const f of TOPOLOGY.vertexEdges[v])
        if (set.has(f) && !seen.has(f)) {
          seen.add(f);
          stack.push(f);
        }
  }
  return seen.size === set.size;
}

function randomBlockers(set: Set<number>, rnd: () => number): bigint {
  const vertices = [...new Set([...set].flatMap((e) => TOPOLOGY.edgeVertices[e]))];
  let occupied = 0n;
  const k = Math.floor(rnd() * 4);
  for (let i = 0; i < k; i++) {
    const v = vertices[Math.floor(rnd() * vertices.length)];
    if (distanceRuleOk(occupied, v)) occupied |= 1n << BigInt(v);
  }
  return occupied;
}

function main(): void {
  const restarts = Number(process.argv[2] ?? 20);
  const steps = Number(process.argv[3] ?? 2000);
  const rnd = lcg(20261122);
  const found: { visits: number; roads: number[]; blockers: number[] }[] = [];
  for (let r = 0; r < restarts; r++) {
    const withBlockers = r % 2 === 1;
    let set = new Set<number>([Math.floor(rnd() * 72)]);
    while (set.size < ROADS) {
      const f = frontier(set);
      set.add(f[Math.floor(rnd() * f.length)]);
    }
    let blockers = withBlockers ? randomBlockers(set, rnd) : 0n;
    let visits = longestRoadSearch(maskOf(set), blockers).visits;
    for (let i = 0; i < steps; i++) {
      const next = new Set(set);
      const removed = [...next][Math.floor(rnd() * next.size)];
      next.delete(removed);
      const f = frontier(next).filter((e) => e !== removed);
      next.add(f[Math.floor(rnd() * f.length)]);
      if (!connected(next)) continue;
      const nextBlockers = withBlockers && rnd() < 0.5 ? randomBlockers(next, rnd) : blockers;
      const v = longestRoadSearch(maskOf(next), nextBlockers).visits;
      if (v >= visits) [set, blockers, visits] = [next, nextBlockers, v];
    }
    found.push({ visits, roads: [...set].sort((a, b) => a - b), blockers: idsOf(blockers) });
  }
  found.sort((a, b) => b.visits - a.visits);
  for (const f of found.slice(0, 5)) console.log(JSON.stringify(f));
}

main();
