// A seat card's link: the app's address and, in the URL fragment (which browsers never send to a server), the seat's
// key, its chain and deployment, its tournament, seat number and name:
//   http://192.168.1.20:5173/#/seat?k=<key, base64url>&c=31337&a=<SnatchTournament>&b=<deployment block>-<hash prefix>&t=1&s=12&n=Ada
// The deployment is named by the SnatchTournament's address and the hash of the block it was deployed in, so a card
// printed for a chain that was since restarted (same addresses, new blocks) is told apart too. `r` carries a JSON-RPC
// URL for a public network (a phone has no wallet to read the chain through); on the class stack the page's own /rpc
// serves. Pure: no DOM.
import { getAddress, hexlify, isAddress } from "ethers";
import { checkName } from "../common/names";

export interface SeatCard {
  /** The seat's private key, 0x and 64 hex digits (play money only). */
  key: string;
  chainId: number;
  /** The SnatchTournament the card plays in (checksummed). */
  tournamentContract: string;
  /** The block SnatchTournament was deployed in, and the first 8 hex digits of its hash (0x-prefixed). */
  deployBlock: number;
  deployHash: string;
  /** The tournament id, or null: the card opens the rooms lobby. */
  tournament: bigint | null;
  /** Seat number on the sheet (1-based). */
  seat: number;
  /** Display name ("" for none). */
  name: string;
  /** A JSON-RPC URL for phones (public networks), or null: the page's own. */
  rpc: string | null;
}

/** How the page that opens a card sees its chain. */
export interface Here {
  chainId: number;
  /** The deployment folder's name for `chainId` ("localhost", "sepolia"), or null: none in this bundle. */
  network: string | null;
  /** This bundle's SnatchTournament on `chainId`, or null. */
  tournamentContract: string | null;
  /** The hash of block `card.deployBlock` on this chain (null: no such block yet). */
  blockHash: string | null;
}

const HASH_PREFIX = 10; // "0x" + 8 hex digits

function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The hash prefix a card carries for a deployment block's hash. */
export function hashPrefix(blockHash: string): string {
  return blockHash.slice(0, HASH_PREFIX).toLowerCase();
}

/** The fragment of a card's link (`#/seat?...`). */
export function cardFragment(card: SeatCard): string {
  const key = card.key.replace(/^0x/, "");
  if (!/^[0-9a-fA-F]{64}$/.test(key)) throw new Error("a seat key is 32 bytes (64 hex digits)");
  const q = new URLSearchParams();
  q.set("k", toBase64Url(Uint8Array.from(key.match(/../g)!, (h) => parseInt(h, 16))));
  q.set("c", String(card.chainId));
  q.set("a", card.tournamentContract.toLowerCase());
  q.set("b", `${card.deployBlock}-${hashPrefix(card.deployHash).slice(2)}`);
  if (card.tournament !== null) q.set("t", card.tournament.toString());
  q.set("s", String(card.seat));
  if (card.name) q.set("n", card.name);
  if (card.rpc) q.set("r", card.rpc);
  return `#/seat?${q.toString()}`;
}

/** A card's whole link: `base` is the app's address (ends with "/" or a page name), the card in its fragment. */
export function cardLink(base: string, card: SeatCard): string {
  return base.replace(/#.*$/, "") + cardFragment(card);
}

export type DecodedCard = { ok: true; card: SeatCard } | { ok: false; problem: string };

/** Reads a card from the fragment's query (`#/seat?<query>`); a damaged card gets a sentence naming what is wrong. */
export function decodeCard(query: URLSearchParams): DecodedCard {
  const bad = (what: string): DecodedCard => ({
    ok: false,
    problem: `this card's link is damaged (${what}): scan the card again, or ask your teacher for a new one`,
  });
  const keyBytes = fromBase64Url(query.get("k") ?? "");
  if (!keyBytes || keyBytes.length !== 32) return bad("its key is not 32 bytes");
  const chainId = Number(query.get("c"));
  if (!Number.isSafeInteger(chainId) || chainId <= 0) return bad("no chain id");
  const address = query.get("a") ?? "";
  if (!isAddress(address)) return bad("no tournament contract address");
  const block = /^(\d{1,12})-([0-9a-f]{8})$/.exec(query.get("b") ?? "");
  if (!block) return bad("no deployment block");
  const t = query.get("t");
  if (t !== null && !/^\d{1,20}$/.test(t)) return bad("the tournament is not a number");
  const seat = Number(query.get("s"));
  if (!Number.isSafeInteger(seat) || seat < 1) return bad("no seat number");
  const name = query.get("n") ?? "";
  const nameProblem = checkName(name);
  if (nameProblem) return bad(`its name is refused: ${nameProblem}`);
  const rpc = query.get("r");
  if (rpc !== null && !/^https?:\/\//.test(rpc)) return bad("its node address is not an http(s) URL");
  return {
    ok: true,
    card: {
      key: hexlify(keyBytes),
      chainId,
      tournamentContract: getAddress(address),
      deployBlock: Number(block[1]),
      deployHash: "0x" + block[2],
      tournament: t === null ? null : BigInt(t),
      seat,
      name,
      rpc,
    },
  };
}

/** The card's deployment in words: "SnatchTournament 0x5FbD…0aa3 (deployed in block 12, 0x1a2b3c4d…)". */
function deploymentWords(address: string, block: number, hash: string): string {
  return `SnatchTournament ${address.slice(0, 6)}…${address.slice(-4)} (deployed in block ${block}, ${hash}…)`;
}

/**
 * Why the card does not belong to the chain and deployment the page is on, as a sentence naming both, or null when it
 * does.
 */
export function cardMismatch(card: SeatCard, here: Here): string | null {
  const ask = "ask your teacher for the class's link, or a card for this one";
  if (card.chainId !== here.chainId) {
    return (
      `this card is for chain ${card.chainId}; this page is on chain ${here.chainId}` +
      `${here.network ? ` (${here.network})` : ""}: open the card on the class's network, or ${ask}`
    );
  }
  if (!here.tournamentContract) {
    return `this card is for ${deploymentWords(card.tournamentContract, card.deployBlock, card.deployHash)} on chain ${card.chainId}; this app has no SnatchTournament on that chain: ${ask}`;
  }
  if (here.tournamentContract.toLowerCase() !== card.tournamentContract.toLowerCase()) {
    return (
      `this card is for ${deploymentWords(card.tournamentContract, card.deployBlock, card.deployHash)}; this page's ` +
      `deployment on chain ${here.chainId} has SnatchTournament ${here.tournamentContract}: it is another ` +
      `deployment, ${ask}`
    );
  }
  if (!here.blockHash || hashPrefix(here.blockHash) !== hashPrefix(card.deployHash)) {
    return (
      `this card is for ${deploymentWords(card.tournamentContract, card.deployBlock, card.deployHash)}; on this ` +
      `chain block ${card.deployBlock} is ${here.blockHash ? `${hashPrefix(here.blockHash)}…` : "not mined yet"}: ` +
      `the chain was restarted since the sheet was made, so this seat holds nothing here: ${ask}`
    );
  }
  return null;
}
