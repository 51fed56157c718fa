// `npm run demo`: deploys every game on the in-process Hardhat network and plays each end to end.
import hre from "hardhat";
import { demoCommon } from "./common";
import { demoCatamm } from "./catamm";

async function main() {
  const started = Date.now();
  await demoCommon(hre);
  await demoCatamm(hre);
  console.log(`\nDemo finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
