// A position's state in words, as the tree and the position panel show it.
import { isOpen, openUntil, type HexGameData, type Outcome } from "../../../client/hex";
import { blocksLeft } from "../shared/countdown";

export type StateKind = "open" | "closed" | "proven" | "winning" | "losing" | "void" | "cancelled" | "waiting";

export interface PositionState {
  kind: StateKind;
  /** Short, for a tree row. */
  text: string;
  /** A sentence, for the position panel. */
  long: string;
}

/**
 * After the end (not cancelled): the settlement outcome (winning / losing / void). Before: proven, or open with the
 * blocks left, or closed (with the block it closed at). `block` is the latest block.
 */
export function positionState(
  game: HexGameData,
  id: number,
  block: number,
  secondsPerBlock: number,
  outcomes?: Outcome[],
): PositionState {
  const p = game.positions[id];
  if (game.cancelled) return { kind: "cancelled", text: "cancelled", long: "The creator cancelled the game." };
  if (game.ended && outcomes) {
    const o = outcomes[id];
    const why =
      o === "void"
        ? "below a proven position: its stake is refunded"
        : o === "winning"
          ? "not beaten: its stake is refunded (and it collects shares of losing moves below it)"
          : "an answer below it wins: its stake pays the other colour's moves above it";
    return { kind: o, text: p.proven ? `${o} · proven` : o, long: `The game has ended; this move is ${o}, ${why}.` };
  }
  if (p.proven) return { kind: "proven", text: "proven", long: "Proven winning: no more moves on it." };
  // The next transaction lands in block + 1: that is the block a move would be judged in.
  if (isOpen(game, p, block + 1)) {
    const until = openUntil(game, p);
    if (until === undefined) {
      return { kind: "waiting", text: "open", long: "Waiting for Blue's only reply (no deadline)." };
    }
    return {
      kind: "open",
      text: `open · ${until - block} left`,
      long: `Open for a reply until block ${until.toLocaleString("en-US")}: ${blocksLeft(until, block, secondsPerBlock)}.`,
    };
  }
  const until = openUntil(game, p);
  const answered = id === 1 && game.positions.length > 2;
  return {
    kind: "closed",
    text: "closed",
    long: answered
      ? "Closed: position 1 takes exactly one reply, and it has it."
      : `Closed since block ${until?.toLocaleString("en-US")} (it is block ${block.toLocaleString("en-US")}): no more moves on it.`,
  };
}
