// Shared helpers for Snatch or Share / SnatchGame scripts, tasks, demo, bench and tests.
// Only `import type` from typechain-types: tasks load this file before the first compile.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Signer } from "ethers";
import type { SnatchRooms, SnatchRoomsLens } from "../../typechain-types";

/** Goods, in the contract's order. */
export const Good = { Turkey: 0, Coffee: 1, Corn: 2 } as const;
export const GOOD_NAMES = ["turkey", "coffee", "corn"] as const;

/** ISnatchRooms.RuleSet. */
export const RuleSet = {
  None: 0,
  Anarchy: 1,
  NoReject: 2,
  ShameTokens: 3,
  Judge: 4,
  G1Plain: 5,
  G2Forced: 6,
  G3Shame: 7,
  G4Report: 8,
  G5CheapTalk: 9,
} as const;
export const RULE_NAMES = [
  "none",
  "anarchy",
  "no reject (offers execute at close)",
  "shame tokens",
  "judge",
  "G1 plain",
  "G2 forced offer",
  "G3 shame",
  "G4 report",
  "G5 cheap talk",
] as const;

/** ISnatchRooms.Phase. */
export const Phase = {
  None: 0,
  Open: 1,
  AwaitingRoles: 2,
  Trading: 3,
  Judging: 4,
  Talk: 5,
  Offering: 6,
  Responding: 7,
  Deciding: 8,
  Finished: 9,
  Cancelled: 10,
} as const;
/** Default fill window of rooms the scripts create, in blocks (SnatchRooms.MAX_FILL_BLOCKS: 100,000). */
export const DEFAULT_FILL_BLOCKS = 1_000;
export const PHASE_NAMES = [
  "none",
  "open (waiting for players)",
  "waiting for roles (randomness)",
  "trading",
  "judging",
  "talk (G5)",
  "P1's offer window",
  "P2's response window",
  "P1's decision window",
  "finished",
  "cancelled (before it filled)",
] as const;

/** ISnatchRooms.OfferStatus. */
export const OfferStatus = {
  None: 0,
  Pending: 1,
  Accepted: 2,
  Rejected: 3,
  Snatched: 4,
  Cancelled: 5,
  Expired: 6,
  Reported: 7,
  Confirmed: 8,
  Dismissed: 9,
  Reversed: 10,
} as const;
export const STATUS_NAMES = [
  "none",
  "pending",
  "accepted",
  "rejected",
  "snatched",
  "cancelled",
  "expired",
  "reported",
  "confirmed",
  "dismissed",
  "reversed",
] as const;

/** ISnatchRooms.NoOfferReason. */
export const NoOfferReason = { Passed: 0, TimedOut: 1, Refused: 2 } as const;

/** Preset format ids created by the constructor. */
export const Preset = { SnatchOrShare: 1, G1: 2, G2: 3, G3: 4, G4: 5, G5: 6 } as const;

/** Window lengths in blocks (ISnatchRooms.Windows). */
export interface WindowLengths {
  trading: number;
  closing: number;
  judging: number;
  talk: number;
  offer: number;
  response: number;
  decision: number;
}

/** The presets' windows (SnatchFormats.defaultWindows). */
export const DEFAULT_WINDOWS: WindowLengths = {
  trading: 120,
  closing: 10,
  judging: 60,
  talk: 20,
  offer: 20,
  response: 20,
  decision: 20,
};

/** No judge this round. */
export const NO_SEAT = 3;

/** Amounts per good (turkey, coffee, corn) from a partial record, e.g. `goods({ turkey: 2 })`. */
export function goods(a: { turkey?: number; coffee?: number; corn?: number }): [bigint, bigint, bigint] {
  return [BigInt(a.turkey ?? 0), BigInt(a.coffee ?? 0), BigInt(a.corn ?? 0)];
}

/** "2 turkey + 1 corn" (or "nothing"). */
export function describeGoods(amounts: readonly (bigint | number)[]): string {
  const parts = amounts.map((a, g) => (Number(a) > 0 ? `${a} ${GOOD_NAMES[g]}` : "")).filter((p) => p !== "");
  return parts.length > 0 ? parts.join(" + ") : "nothing";
}

export interface SnatchContracts {
  rooms: SnatchRooms;
  lens: SnatchRoomsLens;
  libraries: { SnatchProgress: string; SnatchSanctions: string; SnatchFormats: string };
}

/** Deploys the linked libraries, SnatchRooms and SnatchRoomsLens with plain ethers factories (tests, demo, bench). */
export async function deploySnatch(
  hre: HardhatRuntimeEnvironment,
  randomness: string,
  opts: { owner?: Signer } = {},
): Promise<SnatchContracts> {
  const { ethers } = hre;
  const [first] = await ethers.getSigners();
  const owner = opts.owner ?? first;
  const libraries = {
    SnatchProgress: await (await ethers.deployContract("SnatchProgress", [], owner)).getAddress(),
    SnatchSanctions: await (await ethers.deployContract("SnatchSanctions", [], owner)).getAddress(),
    SnatchFormats: await (await ethers.deployContract("SnatchFormats", [], owner)).getAddress(),
  };
  const factory = await ethers.getContractFactory("SnatchRooms", { libraries, signer: owner });
  const rooms = (await factory.deploy(randomness, await owner.getAddress())) as unknown as SnatchRooms;
  await rooms.waitForDeployment();
  const lens = (await ethers.deployContract("SnatchRoomsLens", [await rooms.getAddress()], owner)) as SnatchRoomsLens;
  return { rooms, lens, libraries };
}

/** The deployed SnatchRooms and SnatchRoomsLens of the selected network (hardhat-deploy), or at given addresses. */
export async function snatchAt(
  hre: HardhatRuntimeEnvironment,
  addresses: { rooms?: string; lens?: string } = {},
): Promise<{ rooms: SnatchRooms; lens: SnatchRoomsLens }> {
  const roomsAddress = addresses.rooms || (await hre.deployments.get("SnatchRooms")).address;
  const lensAddress = addresses.lens || (await hre.deployments.get("SnatchRoomsLens")).address;
  const rooms = (await hre.ethers.getContractAt("SnatchRooms", roomsAddress)) as unknown as SnatchRooms;
  const lens = (await hre.ethers.getContractAt("SnatchRoomsLens", lensAddress)) as unknown as SnatchRoomsLens;
  return { rooms, lens };
}

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

/** A printable, multi-line picture of a room (the `snatch:show` task and the demo use it). */
export async function describeRoom(lens: SnatchRoomsLens, roomId: bigint, currentBlock: number): Promise<string[]> {
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
    let timing = `deadline block ${v.deadline} (${left >= 0 ? `${left} blocks left` : "expired: anyone may advance"})`;
    if (phase === Phase.Trading) timing += `, offers until block ${v.offersUntil}`;
    lines.push(`  ${timing}`);
  }
  if (phase === Phase.Open) {
    const left = Number(v.deadline) - currentBlock;
    lines.push(
      `  fill window until block ${v.deadline} (` +
        (left >= 0 ? `${left} blocks left)` : "passed: anyone may cancel the room)"),
    );
  }
  if (phase === Phase.AwaitingRoles) lines.push(`  roles request ${v.rolesRequest} (advance once it is ready)`);
  if (Number(v.judge) !== NO_SEAT) lines.push(`  judge: seat ${v.judge} (${v.players[Number(v.judge)]})`);
  if (v.forced) lines.push("  G2: P2 forces P1 to offer this round");
  for (let s = 0; s < Number(v.playerCount); s++) {
    const player = v.players[s];
    if (player === "0x0000000000000000000000000000000000000000") {
      lines.push(`  seat ${s}: (empty)`);
      continue;
    }
    if (round === 0) {
      lines.push(`  seat ${s}: ${player}  profile G3 shame ${v.profileShame[s]}`);
      continue;
    }
    const flags = [
      v.done[s] ? "done" : "",
      v.suspended[s] ? "SUSPENDED" : "",
      v.suspendedNext[s] ? "suspended next round" : "",
      v.shamedOut[s] ? "SHAMED OUT (respond only)" : "",
    ].filter((f) => f !== "");
    lines.push(
      `  seat ${s} ${label(s)} ${player}  produces ${GOOD_NAMES[Number(v.roles[s])]}: ` +
        `holds ${describeGoods(v.free[s])}` +
        (v.escrow[s].some((e) => Number(e) > 0) ? `, escrowed ${describeGoods(v.escrow[s])}` : "") +
        `  → ${v.points[s]} points` +
        (Number(v.playerCount) === 3 ? `, shame tokens ${v.shameTokens[s]}` : "") +
        `, profile G3 shame ${v.profileShame[s]}` +
        (flags.length > 0 ? `  [${flags.join(", ")}]` : ""),
    );
  }
  const open = await lens.openOffers(roomId);
  for (const id of open) {
    const o = await lens.offerView(roomId, id);
    lines.push(
      `  open offer #${id}: ${o.from} → ${o.to}: escrowed ${describeGoods(o.escrowed)} ` +
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
