// The class sheet's pure parts: the list of names a teacher types or uploads, the play ETH each seat needs (from the
// measured gas of a whole tournament), the CSV the teacher keeps (seat, name, address: never a key), and the sheet as
// it is kept in the teacher's browser. No DOM, no React.
import { checkName } from "../../../client/common/names";
import unhomoglyph from "unhomoglyph";
import { toCsv } from "../../../client/common/csv";
import { csvFields } from "../../../client/common/csv-read";
import gas from "../../../reports/gas.json";

export { csvFields };

/** Most seats on one sheet (SeatFunder takes up to 256 a transaction: the sheet funds in batches). */
export const MAX_SEATS = 500;

/** Seats per SeatFunder transaction (its bound is 256; 100 fresh seats cost about 3.8M gas). */
export const FUND_BATCH = 100;

export interface NameLine {
  /** 1-based line of the text. */
  line: number;
  name: string;
  /** Why the contract would refuse the name, or null. */
  problem: string | null;
}

/** How a names list was read: one name a line, or a CSV's name column (its header cell as typed). */
export type NamesFormat = { kind: "lines" } | { kind: "csv"; column: string };

/** Header cells that name the names column of a CSV (case-insensitive). */
const NAME_HEADERS = ["name", "names", "nombre", "student", "full name", "fullname", "display name"];

/**
 * How `text` is read: a CSV only when it clearly is one, its first line a header of at least two columns one of which
 * is a name column ("name", "student", …); else one name a line, whole (a comma in "O'Brien, Jr." is part of the name).
 */
export function namesFormat(text: string): NamesFormat & { header: number; index: number } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const first = lines.findIndex((l) => l.trim() !== "");
  if (first >= 0) {
    const header = csvFields(lines[first]);
    const index = header.findIndex((h) => NAME_HEADERS.includes(h.trim().toLowerCase()));
    if (header.length >= 2 && index >= 0) return { kind: "csv", column: header[index].trim(), header: first, index };
  }
  return { kind: "lines", header: -1, index: 0 };
}

/**
 * The names of a typed list or an uploaded file: one name a line (the whole line, trimmed), or the name column of a
 * CSV with a header (see {@link namesFormat}). Blank lines are skipped; each name is checked as the contract would
 * (its reason when refused). Nothing is cut silently: the page shows the list as read before anything is made.
 */
export function parseNames(text: string): NameLine[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const format = namesFormat(text);
  const out: NameLine[] = [];
  for (let i = format.header + 1; i < lines.length; i++) {
    if (lines[i].trim() === "") continue;
    const name = format.kind === "csv" ? (csvFields(lines[i])[format.index] ?? "").trim() : lines[i].trim();
    out.push({ line: i + 1, name, problem: checkName(name) });
  }
  return out;
}

/**
 * What a name looks like, for telling look-alikes apart: compatibility forms folded (NFKC: "ﬁ" is "fi", a full-width
 * "Ａ" is "A"), format characters removed (zero-width spaces, bidi controls: Unicode category Cf), Unicode's
 * confusable characters mapped to the one they imitate (the Cyrillic "а" to the Latin "a", `unhomoglyph`), case
 * folded (before and after) and runs of spaces made one.
 */
export function nameSkeleton(name: string): string {
  const fold = (text: string) => text.toUpperCase().toLowerCase();
  const plain = fold(name.normalize("NFKC").replace(/\p{Cf}/gu, ""));
  return fold(unhomoglyph(plain)).replace(/\s+/gu, " ").trim();
}

/** Groups of two or more names of `names` (with their 1-based seats) that look alike; names left empty are skipped. */
export function lookAlikes(names: readonly string[]): { seats: number[]; names: string[] }[] {
  const groups = new Map<string, { seats: number[]; names: string[] }>();
  names.forEach((name, i) => {
    if (name.trim() === "") return;
    const key = nameSkeleton(name);
    const g = groups.get(key) ?? { seats: [], names: [] };
    g.seats.push(i + 1);
    g.names.push(name);
    groups.set(key, g);
  });
  return [...groups.values()].filter((g) => g.seats.length > 1);
}

/** The teacher's CSV: seat, name, address (the keys never leave the sheet but on the cards), written by the project's
 *  one CSV writer (client/common/csv.ts: quoted where needed, a name a spreadsheet would run as a formula defused). */
export function seatsCsv(seats: readonly { seat: number; name: string; address: string }[]): string {
  return toCsv(
    ["seat", "name", "address"] as const,
    seats.map((s) => ({ seat: s.seat, name: s.name, address: s.address })),
  );
}

/** The measured gas the budget is made of (reports/gas.json, written by `npm run bench`). */
export const MEASURED = {
  /** A whole 200-player tournament: creation, registrations, five phases of rooms, play. */
  tournamentTotal200: gas["tournament.total.200"],
  /** Registering with a name. */
  registerNamed: gas["tournament.register.named"],
} as const;

/** Gas the room and tournament transactions carry above their estimate (client/snatch/gas.ts): held, not spent. */
export const HEADROOM_GAS = 400_000n;

/** A plain transfer: the sweep back. */
export const TRANSFER_GAS = 21_000n;

export interface SeatBudget {
  /** Gas a seat should be able to pay for. */
  gas: bigint;
  /** Wei per seat at the gas price. */
  perSeat: bigint;
  gasPrice: bigint;
  /** The sum, in words, line by line. */
  lines: string[];
}

/**
 * What a seat needs to play a whole tournament: a player's share of a measured 200-player tournament (its total gas
 * / 200) plus registering with a name, plus the gas headroom a room transaction must hold, plus the sweep back, all
 * raised by `marginPercent` (gas prices move), at `gasPrice` (wei per gas: the chain's max fee now).
 */
export function seatBudget(gasPrice: bigint, marginPercent = 50): SeatBudget {
  const play = BigInt(Math.ceil(MEASURED.tournamentTotal200 / 200));
  const register = BigInt(MEASURED.registerNamed);
  const base = play + register + HEADROOM_GAS + TRANSFER_GAS;
  const total = (base * BigInt(100 + marginPercent) + 99n) / 100n;
  const n = (x: bigint) => x.toLocaleString("en-US");
  return {
    gas: total,
    perSeat: total * gasPrice,
    gasPrice,
    lines: [
      `${n(play)} gas: a player's share of a whole 200-player tournament (${MEASURED.tournamentTotal200.toLocaleString("en-US")} gas measured / 200)`,
      `+ ${n(register)} gas: registering with a name`,
      `+ ${n(HEADROOM_GAS)} gas: the headroom a room transaction carries above its estimate (held, not spent)`,
      `+ ${n(TRANSFER_GAS)} gas: the sweep back`,
      `+ ${marginPercent}% margin = ${n(total)} gas`,
    ],
  };
}

/** One seat of a sheet, as the teacher's browser keeps it. */
export interface SheetSeat {
  seat: number;
  name: string;
  address: string;
  /** The seat's private key (play money only; kept in the teacher's browser and on the seat's card). */
  key: string;
}

/** A class sheet, kept in the teacher's browser (localStorage) so a closed tab resumes where it was. */
export interface Sheet {
  version: 1;
  chainId: number;
  /** The SnatchTournament contract and its deployment block (the cards carry them). */
  tournamentContract: string;
  deployBlock: number;
  deployHash: string;
  /** The tournament the cards play in, or null (the rooms lobby). */
  tournament: string | null;
  /** JSON-RPC URL phones use (public networks), or null: the page's own. */
  rpc: string | null;
  /** The balance each seat is topped up to, in wei (decimal string), once chosen. */
  target: string | null;
  /** Seats whose funding was mined (addresses): they count as funded even once they spent some of it. */
  funded?: string[];
  createdAt: number;
  seats: SheetSeat[];
}

/** A stored sheet, or null when `json` is not one (a damaged or older entry is ignored, not half-read). */
export function readSheet(json: string | null): Sheet | null {
  if (!json) return null;
  try {
    const s = JSON.parse(json) as Partial<Sheet>;
    if (s.version !== 1 || !Array.isArray(s.seats) || typeof s.chainId !== "number") return null;
    const seatsOk = s.seats.every(
      (x) =>
        typeof x.seat === "number" &&
        typeof x.name === "string" &&
        /^0x[0-9a-fA-F]{40}$/.test(x.address) &&
        /^0x[0-9a-fA-F]{64}$/.test(x.key),
    );
    return seatsOk && typeof s.tournamentContract === "string" ? (s as Sheet) : null;
  } catch {
    return null;
  }
}

/** Whether a seat has had its play ETH: its funding was recorded, or it holds the target now. */
export function isFunded(sheet: Sheet, address: string, balance: bigint | undefined): boolean {
  if (sheet.funded?.some((a) => a.toLowerCase() === address.toLowerCase())) return true;
  return balance !== undefined && sheet.target !== null && balance >= BigInt(sheet.target);
}

/** Splits `items` into batches of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The value a seat sweeps back: its balance minus the transfer's gas at `gasPrice` (a legacy transaction pays exactly
 * its gas price, so the seat ends at zero); 0n when the gas would eat it all.
 */
export function sweepValue(balance: bigint, gasPrice: bigint): bigint {
  const fee = TRANSFER_GAS * gasPrice;
  return balance > fee ? balance - fee : 0n;
}
