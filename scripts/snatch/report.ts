// Prints a tournament simulation's report as tables (the `tournament` task and the demo).
import { short } from "../../client/format";
import { STRATEGIES } from "./bots";
import type { SimulationReport } from "./simulation";
import { satOutCount } from "../../client/snatch/tournament";

const pct = (x: number) => `${Math.round(x * 100)}%`;
const pad = (s: string | number, n: number) => String(s).padStart(n);

/** Prints a simulation report (the `tournament` task and the demo use it). */
export function printReport(r: SimulationReport): void {
  console.log(
    "\nvariant           rooms  offers/round  accept  reject  snatch  shames  reports  refusals  avg P1  avg P2",
  );
  for (const v of r.variants) {
    console.log(
      `${v.variant.padEnd(17)} ${pad(v.rooms, 5)}  ${pad(v.offerRate.toFixed(2), 12)}  ${pad(pct(v.acceptRate), 6)}  ` +
        `${pad(pct(v.rejectRate), 6)}  ${pad(pct(v.snatchRate), 6)}  ${pad(v.shames, 6)}  ${pad(v.reports, 7)}  ` +
        `${pad(v.refusals, 8)}  ${pad(v.avgP1.toFixed(2), 6)}  ${pad(v.avgP2.toFixed(2), 6)}`,
    );
  }
  console.log("  (accept/reject/snatch: share of offers; refusals: forced P1s who stayed silent in G2)");
  console.log("\naverage round-3 points per strategy and variant (as P1 or P2), and over the tournament:");
  console.log(`  ${"strategy".padEnd(18)}${r.variants.map((v) => pad(`G${v.phase}`, 7)).join("")}  aggregate`);
  for (const s of STRATEGIES) {
    if (r.counts[s] === 0) continue;
    const cells = r.variants.map((v) => pad(v.avgByStrategy[s]?.toFixed(2) ?? "-", 7)).join("");
    console.log(
      `  ${`${s} (${r.counts[s]})`.padEnd(18)}${cells}  ${pad(r.aggregateByStrategy[s]?.toFixed(2) ?? "-", 9)}`,
    );
  }
  console.log("\ntop 10 (aggregate = score as P1 + score as P2; ties share a rank):");
  console.log("  rank  name                player        strategy      as P1  as P2  aggregate  sat out  G3 shame");
  for (const t of r.top10) {
    console.log(
      `  ${pad(t.rank, 4)}  ${(t.name || "-").padEnd(18)}  ${short(t.player)}  ${t.strategy.padEnd(12)}  ${pad(t.scoreAsP1, 5)}  ${pad(t.scoreAsP2, 5)}  ` +
        `${pad(t.aggregate, 9)}  ${pad(satOutCount(t.satOut), 7)}  ${pad(t.g3Shame, 8)}`,
    );
  }
}
