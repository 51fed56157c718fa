// Every game's bench module, in the order the table shows them. Each game adds one line.
import type { BenchModule } from "../lib/gas";
import { bench as common } from "./common";
import { bench as hex } from "./hex";

export const modules: BenchModule[] = [common, hex];
