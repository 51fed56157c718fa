// How decoded error and event arguments read: enums by name (from the ABI's `internalType`), amounts with their
// units (ETH or token units, CATAMM cards and shares at 18 decimals, Snatch goods, points), CATAMM resources, pools
// and places by name, addresses shortened, strings quoted (a revert string full of NUL bytes stays printable).
import { ZeroAddress } from "ethers";
import type { AbiParam, Game } from "./abi";
import { RANDOMNESS_STATUS_NAMES } from "./chain";
import { bps, eth, num, requestLabel, short } from "./format";
import { DEV_CARD_NAMES, PENDING_NAMES, PHASE_NAMES as CATAMM_PHASE_NAMES, PORT_PLACE } from "./catamm/game";
import { PRESET_FEES, RESOURCE_NAMES, RESOURCE_COUNT, formatAmount, poolName } from "./catamm/market";
import {
  describeGoods,
  GOOD_NAMES,
  NO_OFFER_REASON_NAMES,
  PHASE_NAMES as SNATCH_PHASE_NAMES,
  RULE_NAMES,
  STATUS_NAMES,
} from "./snatch/names";
import { ROLE_NAMES, STAGE_NAMES } from "./snatch/tournament";
import { SESSION_STAGE_NAMES } from "./snatch/session";

/** Names of every enum the registered ABIs use, by `internalType` without "enum " (a test checks the list). */
export const ENUM_NAMES: Record<string, readonly string[]> = {
  "IRandomness.Status": RANDOMNESS_STATUS_NAMES,
  "ISnatchRooms.Good": GOOD_NAMES,
  "ISnatchRooms.Phase": SNATCH_PHASE_NAMES,
  "ISnatchRooms.OfferStatus": STATUS_NAMES,
  "ISnatchRooms.RuleSet": RULE_NAMES,
  "ISnatchRooms.NoOfferReason": NO_OFFER_REASON_NAMES,
  "ISnatchTournament.Stage": STAGE_NAMES,
  "ISnatchTournament.Role": ROLE_NAMES,
  "ISnatchSession.Stage": SESSION_STAGE_NAMES,
  "ICatamm.DevCard": DEV_CARD_NAMES,
  "ICatamm.Phase": CATAMM_PHASE_NAMES,
  "ICatamm.Pending": PENDING_NAMES,
  "TimelockController.OperationState": ["unset", "waiting", "ready", "done"],
};

/** The enum an `internalType` names ("enum ISnatchRooms.Good[3]" -> "ISnatchRooms.Good"), if any. */
export function enumOf(internalType: string | undefined): string | undefined {
  const m = /^enum ([\w.]+)/.exec(internalType ?? "");
  return m ? m[1] : undefined;
}

/** How an argument's number reads. */
export type Unit =
  | "money" // ETH, or raw units when a sibling `token` argument names an ERC-20
  | "eth"
  | "tokenUnits"
  | "cards" // CATAMM resources: 18 decimals
  | "shares" // CATAMM pool shares: 18 decimals
  | "wholeCards" // CATAMM uint256[5] of whole cards per resource
  | "goods" // Snatch uint256[3] of turkey, coffee, corn
  | "points" // Snatch uint256[3] points per seat
  | "resource"
  | "pool"
  | "pools"
  | "place" // CATAMM ghost ship place: a hex 0-18 or 19 + a port
  | "piece"
  | "preset"
  | "bps"
  | "request" // a randomness request id: a short label (client/format.ts requestLabel)
  | "plain";

/** Units by argument name (or "ErrorOrEvent.argument" for one owner), per game; "common" applies everywhere. */
export const UNITS: Record<Game, Record<string, Unit>> = {
  common: {
    amount: "money",
    refund: "money",
    sent: "eth",
    "UnexpectedEth.value": "eth",
    expected: "money",
    received: "money",
    "InsufficientBalance.balance": "eth", // OpenZeppelin's Address: the contract's own ETH
    "InsufficientBalance.needed": "eth",
    "InsufficientFunding.needed": "eth",
    "WrongFundingValue.expected": "eth",
    each: "eth",
    target: "eth",
    "ERC20InsufficientBalance.balance": "tokenUnits",
    "ERC20InsufficientBalance.needed": "tokenUnits",
    "ERC20InsufficientAllowance.allowance": "tokenUnits",
    "ERC20InsufficientAllowance.needed": "tokenUnits",
    bps: "bps",
    maxBps: "bps",
    previousBps: "bps",
    newBps: "bps",
    feeBps: "bps",
    // Randomness request ids in error sentences (events keep the raw id: tools read them).
    "RandomnessNotReady.id": "request",
    "RandomnessNotStale.id": "request",
    "RandomnessPending.requestId": "request",
    "PairingNotReady.requestId": "request",
  },
  hex: {
    stake: "money",
    fundAmount: "money",
  },
  snatch: {
    toTarget: "goods",
    toOfferer: "goods",
    offering: "goods",
    requesting: "goods",
    escrowed: "goods",
    taken: "goods",
    returned: "goods",
    forfeited: "goods",
    burned: "goods",
    sanction: "goods",
    points: "points",
    "AmountTooLarge.amount": "plain",
  },
  catamm: {
    amount: "cards",
    amountIn: "cards",
    amountOut: "cards",
    minAmountOut: "cards",
    fee: "cards",
    fee0: "cards",
    fee1: "cards",
    amount0: "cards",
    amount1: "cards",
    reserve0: "cards",
    reserve1: "cards",
    reserveIn: "cards",
    reserveOut: "cards",
    balance: "cards",
    needed: "cards",
    depth: "cards",
    shares: "shares",
    "InsufficientShares.held": "shares",
    "InsufficientShares.requested": "shares",
    cards: "wholeCards",
    resource: "resource",
    resourceIn: "resource",
    resource1: "resource",
    resource2: "resource",
    pool: "pool",
    deactivatedPool: "pool",
    activatedPool: "pool",
    missingPool: "pool",
    poolOfPort: "pools",
    place: "place",
    piece: "piece",
    preset: "preset",
    feePreset: "preset",
    portFeeBps: "bps",
  },
};

/** The unit of argument `arg` of error or event `owner` in a contract of `game`, if it has one. */
export function unitOf(game: Game, owner: string, arg: string): Unit | undefined {
  for (const table of [UNITS[game], UNITS.common]) {
    const unit = table[`${owner}.${arg}`] ?? table[arg];
    if (unit) return unit;
  }
  return undefined;
}

/** Where a value sits: which game's units apply, which error or event it belongs to, and its siblings (by name). */
export interface ValueContext {
  game: Game;
  owner: string;
  siblings: Record<string, unknown>;
  /** Thousands separators in plain numbers (sentences: yes; `Name(arg=value)`: no, commas separate arguments). */
  separators?: boolean;
}

const PIECES = ["road", "settlement", "city"] as const;

function plain(value: bigint, ctx: ValueContext): string {
  return ctx.separators ? num(value) : value.toString();
}

/** An 18-decimal amount with its noun, singular for exactly one ("1 card", "0.5 cards"). */
function counted(value: bigint, noun: string): string {
  return `${formatAmount(value, 4)} ${noun}${value === 10n ** 18n ? "" : "s"}`;
}

function withUnit(unit: Unit, value: bigint, ctx: ValueContext): string {
  switch (unit) {
    case "money": {
      const token = ctx.siblings.token;
      return typeof token === "string" && token !== ZeroAddress ? `${plain(value, ctx)} token units` : eth(value);
    }
    case "eth":
      return eth(value);
    case "tokenUnits":
      return `${plain(value, ctx)} token units`;
    case "cards":
      return counted(value, "card");
    case "shares":
      return counted(value, "share");
    case "resource":
      return RESOURCE_NAMES[Number(value)] ?? `resource ${value}`;
    case "pool":
      return value < 10n ? `#${value} ${poolName(Number(value))}` : `pool ${value}`;
    case "place":
      return value < BigInt(PORT_PLACE) ? `hex ${value}` : `port ${value - BigInt(PORT_PLACE)}`;
    case "piece":
      return PIECES[Number(value)] ?? `piece ${value}`;
    case "preset":
      return PRESET_FEES[Number(value)]?.name ?? `preset ${value}`;
    case "bps":
      return bps(value);
    case "request":
      return requestLabel(value);
    default:
      return plain(value, ctx);
  }
}

/** One decoded value as people read it, given its ABI parameter. */
export function formatValue(param: AbiParam, value: unknown, ctx: ValueContext): string {
  const enumName = enumOf(param.internalType);
  const unit = unitOf(ctx.game, ctx.owner, param.name);
  if (Array.isArray(value) || isResultLike(value)) {
    const items = Array.from(value as ArrayLike<unknown>);
    if (param.type.startsWith("tuple") && !param.type.endsWith("]") && param.components) {
      const parts = param.components.map((c, i) => `${c.name}: ${formatValue(c, items[i], { ...ctx, owner: "" })}`);
      return `{${parts.join(", ")}}`;
    }
    if (unit === "goods" && items.length === 3) return describeGoods(items as bigint[]);
    if (unit === "wholeCards" && items.length === RESOURCE_COUNT) {
      const parts = (items as bigint[]).map((n, r) => (n > 0n ? `${n} ${RESOURCE_NAMES[r]}` : "")).filter(Boolean);
      return parts.length > 0 ? parts.join(" + ") : "nothing";
    }
    if (unit === "points") return `${items.map(String).join(" / ")} points`;
    const child: AbiParam = {
      name: param.name,
      type: param.type.replace(/\[\d*\]$/, ""),
      internalType: param.internalType?.replace(/\[\d*\]$/, ""),
      components: param.components,
    };
    return `[${items.map((item) => formatValue(child, item, ctx)).join(", ")}]`;
  }
  if (typeof value === "bigint") {
    if (enumName) return ENUM_NAMES[enumName]?.[Number(value)] ?? `${enumName} ${value}`;
    return unit ? withUnit(unit, value, ctx) : plain(value, ctx);
  }
  if (typeof value === "string") {
    if (param.type === "address") return short(value);
    if (param.type === "string") return JSON.stringify(value);
    return value;
  }
  return String(value);
}

/** An ethers Result (array-like with named keys) or any array. */
function isResultLike(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as { length?: unknown }).length === "number";
}
