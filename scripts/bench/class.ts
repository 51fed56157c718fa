import hre from "hardhat";
import { Wallet } from "ethers";
import { gasOf, type BenchModule } from "../lib/gas";

const { ethers } = hre;

/** A fresh burner account per seat, as the class sheet makes them (none has ever held ETH). */
const burners = (n: number) => Array.from({ length: n }, () => Wallet.createRandom().address);

export const bench: BenchModule = {
  title: "Class sheet (SeatFunder)",
  goals: {
    "class.fund.30": { text: "report (30 fresh seats funded in one transaction)" },
    "class.fund.perSeat": { text: "report (class.fund.30 / 30: a new account, the value transfer and its event)" },
    "class.fund.256": {
      text: "≤ 10,000,000 (a full batch: MAX_SEATS fresh seats; the class sheet sends 100)",
      max: 10_000_000,
    },
    "class.topUp.30.resume": {
      text: "report (topUp of 30 seats after an interrupted funding: 12 already funded, 18 topped up, the rest refunded)",
    },
  },
  async run() {
    const out: Record<string, number> = {};
    const each = ethers.parseEther("0.05");
    const funder = await ethers.deployContract("SeatFunder");
    const thirty = burners(30);
    out["class.fund.30"] = await gasOf(funder.fund(thirty, each, { value: each * 30n }));
    out["class.fund.perSeat"] = Math.round(out["class.fund.30"] / 30);
    const full = burners(256);
    out["class.fund.256"] = await gasOf(funder.fund(full, 1n, { value: 256n }));
    const resumed = burners(30);
    await funder.fund(resumed.slice(0, 12), each, { value: each * 12n });
    out["class.topUp.30.resume"] = await gasOf(funder.topUp(resumed, each, { value: each * 30n }));
    return out;
  },
};
