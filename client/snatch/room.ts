// Reading a Snatch room for people: a multi-line picture of a room from the lens, and event values from receipts.
import type { SnatchRooms, SnatchRoomsLens } from "../../typechain-types";
import { getLogsPaged, type LogSource, type PagingOptions } from "../logs";
import { seatNames, type RoomEvent } from "./history";
import { describeGoods, Good, GOOD_NAMES, NO_SEAT, Phase, PHASE_NAMES, RULE_NAMES } from "./names";
import { plural } from "../format";

/** Reads a uint field of the last event `name` emitted by `rooms` in a transaction's receipt. */
export async function eventArg(
  rooms: SnatchRooms,
  tx: { wait(): Promise<{ logs: readonly { topics: readonly string[]; data: string }[] } | null> },
  name: string,
  arg: string,
): Promise<bigint> {
  const receipt = await tx.wait();
  let found: bigint | undefined;
  for (const log of receipt!.logs) {
    let parsed;
    try {
      parsed = rooms.interface.parseLog(log);
    } catch {
      continue;
    }
    if (parsed?.name === name) found = parsed.args[arg] as bigint;
  }
  if (found === undefined) throw new Error(`no ${name} event in the transaction`);
  return found;
}

/**
 * The display names a room's seats carry, by lower-case address, from its PlayerJoined events (names are emitted, not
 * stored), read in pages from `opts.fromBlock` (e.g. the deployment's block).
 */
export async function roomSeatNames(
  rooms: SnatchRooms,
  provider: LogSource,
  roomId: bigint,
  opts: PagingOptions = {},
): Promise<Map<string, string>> {
  const topics = await rooms.filters.PlayerJoined(roomId).getTopicFilter();
  const logs = await getLogsPaged(provider, { address: await rooms.getAddress(), topics }, opts);
  const events: RoomEvent[] = [];
  for (const log of logs) {
    const parsed = rooms.interface.parseLog(log);
    if (parsed)
      events.push({
        name: parsed.name,
        args: { player: parsed.args.player, name: parsed.args.name },
        block: log.blockNumber,
      });
  }
  return seatNames(events);
}

/**
 * A printable, multi-line picture of a room (the `snatch:show` task and the demo use it); players with a display name
 * in `names` (by lower-case address: {@link roomSeatNames}) read "Ada (0x…)".
 */
export async function describeRoom(
  lens: SnatchRoomsLens,
  roomId: bigint,
  currentBlock: number,
  names: ReadonlyMap<string, string> = new Map(),
): Promise<string[]> {
  const who = (address: string) => {
    const name = names.get(address.toLowerCase());
    return name ? `${name} (${address})` : address;
  };
  const v = await lens.roomView(roomId);
  const lines: string[] = [];
  const phase = Number(v.phase);
  const round = Number(v.round);
  const label = (s: number) => (Number(v.playerCount) === 2 ? (Number(v.roles[s]) === Good.Turkey ? "P1" : "P2") : "");
  lines.push(
    `room ${roomId}: format ${v.format} (${v.playerCount} players, ${v.roundCount} rounds), ` +
      (round > 0 ? `round ${round}/${v.roundCount}: ${RULE_NAMES[Number(v.rules)]}, ` : "") +
      `phase: ${PHASE_NAMES[phase]}`,
  );
  if (phase !== Phase.Open && phase < Phase.Finished && phase !== Phase.AwaitingRoles) {
    const left = Number(v.deadline) - currentBlock;
    let timing = `deadline block ${v.deadline} (${left >= 0 ? `${plural(left, "block")} left` : "expired: anyone may advance"})`;
    if (phase === Phase.Trading) timing += `, offers until block ${v.offersUntil}`;
    lines.push(`  ${timing}`);
  }
  if (phase === Phase.Open) {
    const left = Number(v.deadline) - currentBlock;
    lines.push(
      `  fill window until block ${v.deadline} (` +
        (left >= 0 ? `${plural(left, "block")} left)` : "passed: anyone may cancel the room)"),
    );
  }
  if (phase === Phase.AwaitingRoles) lines.push(`  roles request ${v.rolesRequest} (advance once it is ready)`);
  if (Number(v.judge) !== NO_SEAT) lines.push(`  judge: seat ${v.judge} (${who(v.players[Number(v.judge)])})`);
  if (v.forced) lines.push("  G2: P2 forces P1 to offer this round");
  for (let s = 0; s < Number(v.playerCount); s++) {
    const player = v.players[s];
    if (player === "0x0000000000000000000000000000000000000000") {
      lines.push(`  seat ${s}: (empty)`);
      continue;
    }
    if (round === 0) {
      lines.push(`  seat ${s}: ${who(player)}  profile G3 shame ${v.profileShame[s]}`);
      continue;
    }
    const flags = [
      v.done[s] ? "done" : "",
      v.suspended[s] ? "SUSPENDED" : "",
      v.suspendedNext[s] ? "suspended next round" : "",
      v.shamedOut[s] ? "SHAMED OUT (respond only)" : "",
    ].filter((f) => f !== "");
    lines.push(
      `  seat ${s} ${label(s)} ${who(player)}  produces ${GOOD_NAMES[Number(v.roles[s])]}: ` +
        `holds ${describeGoods(v.free[s])}` +
        (v.escrow[s].some((e) => Number(e) > 0) ? `, escrowed ${describeGoods(v.escrow[s])}` : "") +
        `  → ${plural(v.points[s], "point")}` +
        (Number(v.playerCount) === 3 ? `, shame tokens ${v.shameTokens[s]}` : "") +
        `, profile G3 shame ${v.profileShame[s]}` +
        (flags.length > 0 ? `  [${flags.join(", ")}]` : ""),
    );
  }
  const open = await lens.openOffers(roomId);
  for (const id of open) {
    const o = await lens.offerView(roomId, id);
    lines.push(
      `  open offer #${id}: ${who(o.from)} → ${who(o.to)}: escrowed ${describeGoods(o.escrowed)} ` +
        `(of ${o.offeredSum} offered) for ${describeGoods(o.requested)}`,
    );
  }
  const s = v.stats;
  lines.push(
    `  counters: ${s.offers} offers, ${s.accepts} accepted, ${s.rejects} rejected, ${s.snatches} snatched, ` +
      `${s.shames} shames, ${s.reports} reports, ${s.refusals} refusals`,
  );
  return lines;
}

/**
 * What an offer of `offered` escrows from a player holding `free` (per good): the contract escrows, good by good,
 * what the offerer holds of what it offers.
 */
export function escrowOf(
  offered: readonly (bigint | number)[],
  free: readonly (bigint | number)[],
): [bigint, bigint, bigint] {
  const out: [bigint, bigint, bigint] = [0n, 0n, 0n];
  for (let g = 0; g < 3; g++) {
    const o = BigInt(offered[g] ?? 0);
    const f = BigInt(free[g] ?? 0);
    out[g] = o < f ? o : f;
  }
  return out;
}
