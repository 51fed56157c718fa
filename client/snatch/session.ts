// The three-player class session's vocabulary (SnatchSession): enums with names, the default config, the class
// sheet's seats read from CSV. Shared by the task, the tests, the indexer and the web app.

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
 * The seats of a class sheet's CSV (the sheet's export: `seat,name,address`, header optional; or `address,name`, or
 * one address a line): each row's address (the cell that is one) and name (the other non-number cell, "" if none).
 * Throws a sentence naming the line of a row without an address.
 */
export function parseSeatsCsv(text: string): ListedSeat[] {
  const seats: ListedSeat[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    const cells = line.split(",").map((c) => c.trim().replace(/^"(.*)"$/, "$1"));
    const address = cells.find((c) => ADDRESS.test(c));
    if (!address) {
      if (i === 0) return; // a header
      throw new Error(`line ${i + 1} of the seats file has no address: "${line}"`);
    }
    const name = cells.find((c) => c !== address && c !== "" && !/^\d+$/.test(c)) ?? "";
    seats.push({ address, name });
  });
  return seats;
}
