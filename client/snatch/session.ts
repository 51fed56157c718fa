// The three-player class session's vocabulary (SnatchSession): enums with names, the default config, the class
// sheet's seats read from CSV. Shared by the task, the tests, the indexer and the web app.
import { csvFields } from "../common/csv-read";

/** ISnatchSession.Stage. */
export const SessionStage = {
  None: 0,
  Registration: 1,
  Drawing: 2,
  Creating: 3,
  Playing: 4,
  Finished: 5,
  Closed: 6,
} as const;
export const SESSION_STAGE_NAMES = [
  "none",
  "registration (first come, first seated)",
  "drawing (randomness requested)",
  "creating rooms",
  "playing",
  "finished",
  "closed (never reached three players)",
] as const;

/** ISnatchSession.Config as plain numbers. */
export interface SessionConfig {
  rooms: number;
  roomsPerBatch: number;
  joinBlocks: number;
  trading: number;
  closing: number;
  judging: number;
}

/** Defaults of the task and the web form: the preset's windows (format 1: 120-block rounds, 10 closing, 60 judging). */
export const DEFAULT_SESSION_CONFIG: SessionConfig = {
  rooms: 10,
  roomsPerBatch: 25,
  joinBlocks: 100,
  trading: 120,
  closing: 10,
  judging: 60,
};

/** A listed seat: its address and display name. */
export interface ListedSeat {
  address: string;
  name: string;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The seats of a class sheet's CSV (its export: `seat,name,address` with a header; any CSV whose header names an
 * "address" column and optionally a "name" column; or lines of an address and a name in either order, or one address
 * a line). Blank lines are skipped. Throws a sentence naming the line of a row without an address.
 */
export function parseSeatsCsv(text: string): ListedSeat[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const first = lines.findIndex((l) => l.trim() !== "");
  if (first < 0) return [];
  const header = csvFields(lines[first]).map((h) => h.toLowerCase());
  const addressColumn = header.indexOf("address");
  const nameColumn = header.findIndex((h) => h === "name" || h === "names" || h === "nombre");
  const seats: ListedSeat[] = [];
  for (let i = addressColumn >= 0 ? first + 1 : first; i < lines.length; i++) {
    if (lines[i].trim() === "") continue;
    const cells = csvFields(lines[i]);
    const address = addressColumn >= 0 ? cells[addressColumn] : cells.find((c) => ADDRESS.test(c));
    if (!address || !ADDRESS.test(address)) {
      throw new Error(`line ${i + 1} of the seats file has no address: "${lines[i]}"`);
    }
    const name =
      nameColumn >= 0 ? (cells[nameColumn] ?? "") : (cells.find((c) => c !== address && !/^\d*$/.test(c)) ?? "");
    seats.push({ address, name });
  }
  return seats;
}
