// `npm run demo`: deploys every game on the in-process Hardhat network and plays each end to end.
import hre from "hardhat";
import { demoCommon } from "./common";
import { demoHex } from "./hex";
import { demoSnatch } from "./snatch";
import { demoTournament } from "./tournament";
import { demoCatamm } from "./catamm";

async function main() {
  const started = Date.now();
  await demoCommon(hre);
  await demoHex(hre);
  await demoSnatch(hre);
  await demoTournament(hre);
  await demoCatamm(hre);
  console.log(`\nDemo finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
