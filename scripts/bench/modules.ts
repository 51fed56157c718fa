// Every game's bench module, in the order the table shows them. Each game adds one line.
import type { BenchModule } from "../lib/gas";
import { bench as common } from "./common";
import { bench as hex } from "./hex";
import { bench as snatch } from "./snatch";
import { bench as catamm } from "./catamm";
import { bench as tournament } from "./tournament";
import { bench as seatFunder } from "./class";
import { bench as session } from "./session";

export const modules: BenchModule[] = [common, hex, snatch, tournament, session, catamm, seatFunder];
