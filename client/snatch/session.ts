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

/**
 * Most listed seats a task or page sends in one transaction (~54k gas a seat with a name: 120 ≈ 6.5M gas). A longer
 * list goes in batches ({@link listingBatches}): SnatchSession.createListedSession with the first, addSeats with each
 * next one, then start; no transaction of a 240-seat class passes 10M gas (EIP-7825 caps one at 2^24 on mainnet).
 */
export const LISTED_SEATS_PER_TX = 120;

/**
 * Most rooms per createRooms transaction the tasks and the form accept (each room of three new players creates their
 * SnatchRooms profiles: ~218k gas a room, 40 rooms ≈ 8.7M gas, under 10M; the contract takes up to 50).
 */
export const ROOMS_PER_TX = 40;

/**
 * How a seat list is sent: one createSession when it fits one transaction ({@link LISTED_SEATS_PER_TX}), else
 * batches of at most that many (createListedSession, then addSeats for each next batch, then start).
 */
export function listingBatches<T>(seats: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < seats.length; i += LISTED_SEATS_PER_TX) out.push(seats.slice(i, i + LISTED_SEATS_PER_TX));
  return out;
}

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
