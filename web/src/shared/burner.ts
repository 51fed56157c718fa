// Burner seats: a key made in this browser (Play on a local chain with the class stack's faucet) or read from a class
// sheet's card, kept in this browser's storage and never sent anywhere. It holds play money only: a burner signs its
// own transactions through the page's JSON-RPC (the class stack's /rpc, or the card's node on a public network) and
// never touches a wallet's funds. This file keeps the seats (storage is passed in: localStorage in the page, a Map in
// tests); seatWallet.ts signs. No DOM types.
import { isolate } from "./bidi";
import { getAddress } from "ethers";
import { formatFixed, short } from "../../../client/format";

/** A burner seat as this browser keeps it. */
export interface BurnerSeat {
  /** 0x and 64 hex digits. Play money only. */
  key: string;
  address: string;
  chainId: number;
  /** "play": made here with Play (funded by the faucet); "card": opened from a class sheet's card. */
  source: "play" | "card";
  /** Seat number on the teacher's sheet, or null (a Play seat). */
  seat: number | null;
  name: string;
  /** The tournament the card plays in (decimal), or null. */
  tournament: string | null;
  /** JSON-RPC URL (a public network's card), or null: the page's own. */
  rpc: string | null;
  /** The seat's transaction count (nonce) when this device took it. */
  base: number;
  /** Transactions this device has sent from the seat since. */
  sent: number;
  /** When this device took the seat (ms since 1970). */
  since: number;
}

/** The storage a burner store uses (localStorage and sessionStorage have this shape). */
export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const SEATS = "burner.seats";
const ACTIVE = "burner.active";

/** The seats of this browser: the list in `local` (it outlives the tab), the one in use per tab in `session`. */
export class BurnerStore {
  constructor(
    private readonly local: KeyValue,
    private readonly session: KeyValue,
  ) {}

  list(): BurnerSeat[] {
    try {
      const raw = JSON.parse(this.local.getItem(SEATS) ?? "[]") as BurnerSeat[];
      return Array.isArray(raw) ? raw.filter((s) => /^0x[0-9a-fA-F]{64}$/.test(s.key ?? "")) : [];
    } catch {
      return [];
    }
  }

  get(address: string): BurnerSeat | null {
    return this.list().find((s) => s.address.toLowerCase() === address.toLowerCase()) ?? null;
  }

  /** Adds or replaces the seat of the same address. */
  save(seat: BurnerSeat): BurnerSeat {
    const s = { ...seat, address: getAddress(seat.address) };
    const others = this.list().filter((x) => x.address.toLowerCase() !== s.address.toLowerCase());
    this.local.setItem(SEATS, JSON.stringify([...others, s]));
    return s;
  }

  /** The seat this tab plays (or the one this browser used last), or null. */
  active(): BurnerSeat | null {
    const address = this.session.getItem(ACTIVE) ?? this.local.getItem(ACTIVE);
    return address ? this.get(address) : null;
  }

  setActive(address: string | null): void {
    if (address) {
      this.session.setItem(ACTIVE, address);
      this.local.setItem(ACTIVE, address);
    } else {
      this.session.removeItem(ACTIVE);
      this.local.removeItem(ACTIVE);
    }
  }

  /** Removes a seat's key from this browser (its play ETH stays on its address). */
  forget(address: string): void {
    this.local.setItem(
      SEATS,
      JSON.stringify(this.list().filter((s) => s.address.toLowerCase() !== address.toLowerCase())),
    );
    if (this.active()?.address.toLowerCase() === address.toLowerCase() || !this.active()) this.setActive(null);
  }

  /** Counts one transaction this device sent from `address`. */
  noteSent(address: string): BurnerSeat | null {
    const s = this.get(address);
    return s ? this.save({ ...s, sent: s.sent + 1 }) : null;
  }
}

/** How people name a seat: "seat 12 (0x1234…abcd)", "Ada, seat 12 (0x…)", "your play account (0x…)". */
export function seatWords(seat: Pick<BurnerSeat, "seat" | "name" | "address">): string {
  if (seat.seat !== null)
    return `${seat.name ? `${isolate(seat.name)}, ` : ""}seat ${seat.seat} (${short(seat.address)})`;
  return `your play account (${short(seat.address)})`;
}

/** "ask your teacher to fund seat 12 (0x…)" (a card's seat), or what a Play seat can do. */
export function askToFund(seat: Pick<BurnerSeat, "seat" | "address">): string {
  return seat.seat !== null
    ? `ask your teacher to fund seat ${seat.seat} (${seat.address})`
    : `your play account ${seat.address} needs play ETH: press Play again, or ask your teacher`;
}

/** The sentence for a seat that cannot pay for a transaction (before the wallet's or node's error). */
export function unfundedSentence(
  seat: Pick<BurnerSeat, "seat" | "name" | "address">,
  balance: bigint,
  needed: bigint,
  faucetRefusal?: string,
): string {
  const has =
    `it holds ${formatFixed(balance, 18, 8)} ETH` +
    (needed > 0n ? ` and this transaction needs up to ${formatFixed(needed, 18, 8)} ETH` : "");
  const why = faucetRefusal ? ` (the faucet refused: ${faucetRefusal})` : "";
  return `${askToFund(seat)}: ${has}${why}`;
}

/**
 * A second device on one seat: this device knows the seat's nonce when it took the seat (`base`) and how many
 * transactions it sent since (`sent`); any more mined transactions came from somewhere else. Returns how many, or 0.
 * It cannot see a second device that has sent nothing yet, and a transaction the teacher's sheet sent for the seat
 * (registering its name) after this device took it counts as one: the warning says both.
 */
export function foreignTransactions(seat: Pick<BurnerSeat, "base" | "sent">, minedNonce: number): number {
  return Math.max(0, minedNonce - seat.base - seat.sent);
}

/** The warning for {@link foreignTransactions}. */
export function secondDeviceSentence(seat: Pick<BurnerSeat, "seat" | "name" | "address">, count: number): string {
  return (
    `${count === 1 ? "a transaction" : `${count} transactions`} from ${seatWords(seat)} did not come from this ` +
    "device: another device plays this seat too (its card was opened twice), or your teacher registered its name. " +
    "Two devices on one seat see each other's moves as their own: keep one"
  );
}
