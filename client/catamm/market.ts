// CATAMM markets in TypeScript: the shared ids, an exact bigint mirror of the on-chain math and market state
// (contracts/catamm/CatammMarket.sol, libraries/AmmMath.sol), and formatting for the CLI. Tests use the mirror to
// predict every on-chain result to the wei; bots can use it to plan trades without calls.
import { AbiCoder, keccak256, toUtf8Bytes } from "ethers";

/** One card: amounts have 18 decimals. */
export const ONE_CARD = 10n ** 18n;
export const BPS = 10_000n;
export const WAD = 10n ** 18n;

/** Resource ids, in the order every contract uses. */
export const Resource = { Wood: 0, Brick: 1, Sheep: 2, Ore: 3, Wheat: 4 } as const;
export const RESOURCE_NAMES = ["Wood", "Brick", "Sheep", "Ore", "Wheat"] as const;
export const RESOURCE_COUNT = 5;
export const POOL_COUNT = 10;
export const PORT_COUNT = 9;
/** What a steal takes from a pool side holding `reserve`: one card, never leaving less than one (CatammMarket). */
export function stealable(reserve: bigint): bigint {
  if (reserve <= ONE_CARD) return 0n;
  return reserve - ONE_CARD < ONE_CARD ? reserve - ONE_CARD : ONE_CARD;
}

/** The "port" of the missing pool. */
export const NO_PORT = 15;

/** Pool id -> [side-0 resource, side-1 resource], in the spec's order. */
export const POOL_PAIRS: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 4],
  [1, 2],
  [1, 3],
  [1, 4],
  [2, 3],
  [2, 4],
  [3, 4],
];

/** Fee presets (basis points): without the pool's port (also the withdrawal fee), with it. */
export const FeePreset = { Classic: 0, Defi: 1 } as const;
export const PRESET_FEES: readonly { name: string; feeBps: bigint; portFeeBps: bigint }[] = [
  { name: "classic", feeBps: 1000n, portFeeBps: 0n },
  { name: "defi", feeBps: 30n, portFeeBps: 15n },
];

/** Initial depth bounds (whole cards per side) and the default. */
export const MIN_DEPTH_CARDS = 1;
export const MAX_DEPTH_CARDS = 1_000_000;
export const DEFAULT_DEPTH_CARDS = 1000;

/** Largest balance per resource (85-bit fields, see ResourceBalances.sol). */
export const MAX_BALANCE = (1n << 85n) - 1n;

export function poolName(pool: number): string {
  const [a, b] = POOL_PAIRS[pool];
  return `${RESOURCE_NAMES[a]}-${RESOURCE_NAMES[b]}`;
}

/** The pool trading `a` against `b`, and whether `a` is its side 0. */
export function poolOf(a: number, b: number): { pool: number; aIsSide0: boolean } {
  if (a === b) throw new Error(`same resource ${a}`);
  const pool = POOL_PAIRS.findIndex(([x, y]) => (x === a && y === b) || (x === b && y === a));
  if (pool < 0) throw new Error(`unknown resources ${a}, ${b}`);
  return { pool, aIsSide0: a < b };
}

/** Parses a resource name or id ("wood", "Ore", "3"). */
export function parseResource(text: string): number {
  const n = Number(text);
  if (Number.isInteger(n) && n >= 0 && n < RESOURCE_COUNT) return n;
  const i = RESOURCE_NAMES.findIndex((name) => name.toLowerCase() === text.toLowerCase());
  if (i < 0) throw new Error(`unknown resource "${text}" (one of ${RESOURCE_NAMES.join(", ")} or 0-4)`);
  return i;
}

// ---------------------------------------------------------------------------------------------------------------
// Math (AmmMath.sol)

function ceilDiv(a: bigint, b: bigint): bigint {
  return a === 0n ? 0n : (a - 1n) / b + 1n;
}

/** `ceil(amountIn × feeBps / 10000)`. */
export function fee(amountIn: bigint, feeBps: bigint): bigint {
  return ceilDiv(amountIn * feeBps, BPS);
}

/** `floor(reserveOut × netIn / (reserveIn + netIn))`. */
export function amountOutNet(netIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (reserveIn === 0n || reserveOut === 0n) throw new Error("empty reserve");
  return (reserveOut * netIn) / (reserveIn + netIn);
}

/** Output and burned fee of a swap of `amountIn`. */
export function getAmountOut(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: bigint,
): { amountOut: bigint; fee: bigint } {
  if (feeBps >= BPS) throw new Error("fee too high");
  const f = fee(amountIn, feeBps);
  return { amountOut: amountOutNet(amountIn - f, reserveIn, reserveOut), fee: f };
}

/** The least input whose output is at least `amountOut`. */
export function getAmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint, feeBps: bigint): bigint {
  if (feeBps >= BPS) throw new Error("fee too high");
  if (reserveIn === 0n || reserveOut === 0n) throw new Error("empty reserve");
  if (amountOut >= reserveOut) throw new Error("output exceeds reserve");
  const netIn = ceilDiv(reserveIn * amountOut, reserveOut - amountOut);
  return ceilDiv(netIn * BPS, BPS - feeBps);
}

/** Price of one input in output, 18 decimals, rounded down. */
export function spotPrice(reserveIn: bigint, reserveOut: bigint): bigint {
  if (reserveIn === 0n || reserveOut === 0n) throw new Error("empty reserve");
  return (reserveOut * WAD) / reserveIn;
}

/** The spec's price impact `1 − out / (netIn × spot)`, 18 decimals, rounded up. */
export function priceImpact(netIn: bigint, amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (reserveIn === 0n || reserveOut === 0n) throw new Error("empty reserve");
  if (netIn === 0n) return 0n;
  const ideal = netIn * reserveOut;
  return ceilDiv((ideal - amountOut * reserveIn) * WAD, ideal);
}

/** Uniswap V2's `getAmountOut` at 0.3% (UniswapV2Library.sol), for comparison. */
export function uniswapV2GetAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const amountInWithFee = amountIn * 997n;
  return (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee);
}

/** Uniswap V2's `getAmountIn` at 0.3% (UniswapV2Library.sol), for comparison. */
export function uniswapV2GetAmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  return (reserveIn * amountOut * 1000n) / ((reserveOut - amountOut) * 997n) + 1n;
}

// ---------------------------------------------------------------------------------------------------------------
// Randomness (RandomDraw.sol)

const coder = AbiCoder.defaultAbiCoder();

/** RandomDraw.uniform: `keccak256(abi.encode(seed, salt)) % n`. */
export function uniform(seed: bigint, salt: bigint, n: bigint): bigint {
  return BigInt(keccak256(coder.encode(["uint256", "uint256"], [seed, salt]))) % n;
}

/**
 * RandomDraw.permutation: Fisher–Yates over 0..n-1, place i (from n - 1 down to 1) swapping with
 * `uniform(seed, salt + i, i + 1)` (the salt wraps at 2^256).
 */
export function permutation(seed: bigint, salt: bigint, n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Number(uniform(seed, BigInt.asUintN(256, salt + BigInt(i)), BigInt(i + 1)));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

export const SALT_PORTS = BigInt(keccak256(toUtf8Bytes("CATAMM.market.ports")));
export const SALT_STEAL = BigInt(keccak256(toUtf8Bytes("CATAMM.market.steal")));

/** The port assignment `open` derives from `seed`: pool at each port 0–8, and the missing pool. */
export function portAssignment(seed: bigint): { poolOfPort: number[]; missingPool: number } {
  const order = permutation(seed, SALT_PORTS, POOL_COUNT);
  return { poolOfPort: order.slice(0, PORT_COUNT), missingPool: order[PORT_COUNT] };
}

/** The same assignment read back from the pools' view (`marketPools`: each pool's port, NO_PORT for the missing one). */
export function portsOfPools(pools: readonly { pool: bigint; port: bigint }[]): {
  poolOfPort: number[];
  missingPool: number;
} {
  const poolOfPort = Array<number>(PORT_COUNT).fill(-1);
  let missingPool = -1;
  for (const p of pools) {
    if (Number(p.port) === NO_PORT) missingPool = Number(p.pool);
    else poolOfPort[Number(p.port)] = Number(p.pool);
  }
  return { poolOfPort, missingPool };
}

// ---------------------------------------------------------------------------------------------------------------
// State mirror (CatammMarket.sol)

export interface MirrorPool {
  reserve0: bigint;
  reserve1: bigint;
  /** NO_PORT for the missing pool. */
  port: number;
  playerShares: bigint;
}

/** Thrown by the mirror where the contract reverts; `error` is the contract's custom error name. */
export class MirrorRevert extends Error {
  constructor(
    readonly error: string,
    readonly args: readonly (bigint | number)[] = [],
  ) {
    super(`${error}(${args.join(", ")})`);
  }
}

/**
 * An exact model of one game's markets and the balances they touch. Every method returns what the contract returns
 * and throws {@link MirrorRevert} where the contract reverts.
 */
export class MarketMirror {
  readonly pools: MirrorPool[];
  readonly burned: bigint[] = [0n, 0n, 0n, 0n, 0n];
  readonly balances = new Map<string, bigint[]>();
  readonly shares = new Map<string, bigint[]>();
  readonly ports = new Map<string, bigint>();
  readonly feeBps: bigint;
  readonly portFeeBps: bigint;
  readonly depth: bigint;

  constructor(depthCards: number, preset: number, seed: bigint) {
    this.depth = BigInt(depthCards) * ONE_CARD;
    ({ feeBps: this.feeBps, portFeeBps: this.portFeeBps } = PRESET_FEES[preset]);
    const { poolOfPort } = portAssignment(seed);
    this.pools = POOL_PAIRS.map((_, pool) => {
      const port = poolOfPort.indexOf(pool);
      return { reserve0: this.depth, reserve1: this.depth, port: port < 0 ? NO_PORT : port, playerShares: 0n };
    });
  }

  /** A deep copy (for tests that restore a chain snapshot and need the model to follow). */
  clone(): MarketMirror {
    const copy = Object.create(MarketMirror.prototype) as MarketMirror;
    Object.assign(copy, this, {
      pools: this.pools.map((p) => ({ ...p })),
      burned: [...this.burned],
      balances: new Map([...this.balances].map(([k, v]) => [k, [...v]])),
      shares: new Map([...this.shares].map(([k, v]) => [k, [...v]])),
      ports: new Map(this.ports),
    });
    return copy;
  }

  balanceOf(player: string): bigint[] {
    let b = this.balances.get(player);
    if (!b) this.balances.set(player, (b = [0n, 0n, 0n, 0n, 0n]));
    return b;
  }

  sharesOf(player: string): bigint[] {
    let s = this.shares.get(player);
    if (!s) this.shares.set(player, (s = Array<bigint>(POOL_COUNT).fill(0n)));
    return s;
  }

  missingPool(): number {
    return this.pools.findIndex((p) => p.port === NO_PORT);
  }

  totalShares(pool: number): bigint {
    return this.depth + this.pools[pool].playerShares;
  }

  private credit(player: string, resource: number, amount: bigint): void {
    const b = this.balanceOf(player);
    if (amount > MAX_BALANCE - b[resource]) throw new MirrorRevert("BalanceOverflow", [resource, b[resource], amount]);
    b[resource] += amount;
  }

  private debit(player: string, resource: number, amount: bigint): void {
    const b = this.balanceOf(player);
    if (amount > b[resource]) throw new MirrorRevert("InsufficientBalance", [resource, b[resource], amount]);
    b[resource] -= amount;
  }

  /** The bank issues to a player (the harness's `issue`). */
  issue(player: string, resource: number, amount: bigint): void {
    this.credit(player, resource, amount);
  }

  /** The bank takes from a player (the harness's `collect`). */
  collect(player: string, resource: number, amount: bigint): void {
    this.debit(player, resource, amount);
  }

  private feeFor(player: string, pool: number, withPortBps: bigint): bigint {
    const port = this.pools[pool].port;
    if (port === NO_PORT) throw new MirrorRevert("PoolMissing", [pool]);
    return ((this.ports.get(player) ?? 0n) >> BigInt(port)) & 1n ? withPortBps : this.feeBps;
  }

  private route(resourceIn: number, resourceOut: number): { pool: number; inIsSide0: boolean } {
    if (resourceIn >= RESOURCE_COUNT) throw new MirrorRevert("UnknownResource", [resourceIn]);
    if (resourceOut >= RESOURCE_COUNT) throw new MirrorRevert("UnknownResource", [resourceOut]);
    if (resourceIn === resourceOut) throw new MirrorRevert("SameResource", [resourceIn]);
    const { pool, aIsSide0 } = poolOf(resourceIn, resourceOut);
    return { pool, inIsSide0: aIsSide0 };
  }

  quote(player: string, resourceIn: number, resourceOut: number, amountIn: bigint) {
    const { pool, inIsSide0 } = this.route(resourceIn, resourceOut);
    const feeBps = this.feeFor(player, pool, this.portFeeBps);
    const p = this.pools[pool];
    const [rIn, rOut] = inIsSide0 ? [p.reserve0, p.reserve1] : [p.reserve1, p.reserve0];
    const { amountOut, fee: f } = getAmountOut(amountIn, rIn, rOut, feeBps);
    return {
      pool,
      inIsSide0,
      feeBps,
      fee: f,
      amountOut,
      spotPrice: spotPrice(rIn, rOut),
      priceImpact: priceImpact(amountIn - f, amountOut, rIn, rOut),
    };
  }

  swap(player: string, resourceIn: number, resourceOut: number, amountIn: bigint, minAmountOut: bigint) {
    if (amountIn === 0n) throw new MirrorRevert("ZeroAmount");
    const q = this.quote(player, resourceIn, resourceOut, amountIn);
    if (q.amountOut === 0n) throw new MirrorRevert("ZeroOutput", [q.pool]);
    if (q.amountOut < minAmountOut) throw new MirrorRevert("OutputBelowMinimum", [q.amountOut, minAmountOut]);
    const b = this.balanceOf(player);
    if (amountIn > b[resourceIn]) throw new MirrorRevert("InsufficientBalance", [resourceIn, b[resourceIn], amountIn]);
    const p = this.pools[q.pool];
    const net = amountIn - q.fee;
    if (q.inIsSide0) [p.reserve0, p.reserve1] = [p.reserve0 + net, p.reserve1 - q.amountOut];
    else [p.reserve0, p.reserve1] = [p.reserve0 - q.amountOut, p.reserve1 + net];
    b[resourceIn] -= amountIn;
    this.credit(player, resourceOut, q.amountOut);
    this.burned[resourceIn] += q.fee;
    return q;
  }

  private activePool(pool: number): MirrorPool {
    if (pool >= POOL_COUNT) throw new MirrorRevert("UnknownPool", [pool]);
    const p = this.pools[pool];
    if (p.port === NO_PORT) throw new MirrorRevert("PoolMissing", [pool]);
    return p;
  }

  addLiquidity(player: string, pool: number, amount0Max: bigint, amount1Max: bigint, minShares: bigint) {
    if (amount0Max === 0n || amount1Max === 0n) throw new MirrorRevert("ZeroAmount");
    const p = this.activePool(pool);
    const total = this.totalShares(pool);
    const a = (amount0Max * total) / p.reserve0;
    const b = (amount1Max * total) / p.reserve1;
    const shares = a < b ? a : b;
    if (shares === 0n) throw new MirrorRevert("ZeroOutput", [pool]);
    const amount0 = ceilDiv(shares * p.reserve0, total);
    const amount1 = ceilDiv(shares * p.reserve1, total);
    if (shares < minShares) throw new MirrorRevert("OutputBelowMinimum", [shares, minShares]);
    const [res0, res1] = POOL_PAIRS[pool];
    const bal = this.balanceOf(player);
    if (amount0 > bal[res0]) throw new MirrorRevert("InsufficientBalance", [res0, bal[res0], amount0]);
    if (amount1 > bal[res1]) throw new MirrorRevert("InsufficientBalance", [res1, bal[res1], amount1]);
    bal[res0] -= amount0;
    bal[res1] -= amount1;
    p.reserve0 += amount0;
    p.reserve1 += amount1;
    p.playerShares += shares;
    this.sharesOf(player)[pool] += shares;
    return { shares, amount0, amount1 };
  }

  removeLiquidity(player: string, pool: number, shares: bigint, amount0Min: bigint, amount1Min: bigint) {
    if (shares === 0n) throw new MirrorRevert("ZeroAmount");
    // Any pool, the missing one included (at the without-port fee: it has no port to own).
    if (pool >= POOL_COUNT) throw new MirrorRevert("UnknownPool", [pool]);
    const p = this.pools[pool];
    const held = this.sharesOf(player)[pool];
    if (shares > held) throw new MirrorRevert("InsufficientShares", [pool, held, shares]);
    const total = this.totalShares(pool);
    const feeBps = p.port === NO_PORT ? this.feeBps : this.feeFor(player, pool, 0n);
    const gross0 = (shares * p.reserve0) / total;
    const gross1 = (shares * p.reserve1) / total;
    const fee0 = fee(gross0, feeBps);
    const fee1 = fee(gross1, feeBps);
    const amount0 = gross0 - fee0;
    const amount1 = gross1 - fee1;
    if (amount0 === 0n && amount1 === 0n) throw new MirrorRevert("ZeroOutput", [pool]);
    if (amount0 < amount0Min) throw new MirrorRevert("OutputBelowMinimum", [amount0, amount0Min]);
    if (amount1 < amount1Min) throw new MirrorRevert("OutputBelowMinimum", [amount1, amount1Min]);
    const [res0, res1] = POOL_PAIRS[pool];
    p.reserve0 -= gross0;
    p.reserve1 -= gross1;
    p.playerShares -= shares;
    this.sharesOf(player)[pool] -= shares;
    this.burned[res0] += fee0;
    this.burned[res1] += fee1;
    this.credit(player, res0, amount0);
    this.credit(player, res1, amount1);
    return { amount0, amount1, fee0, fee1 };
  }

  /** The ghost ship's port flip and steal (the harness's `flipPort`). */
  flipPort(player: string, port: number, seed: bigint) {
    if (port >= PORT_COUNT) throw new MirrorRevert("UnknownPort", [port]);
    const deactivated = this.pools.findIndex((p) => p.port === port);
    const activated = this.missingPool();
    this.pools[deactivated].port = NO_PORT;
    this.pools[activated].port = port;
    return { deactivated, activated, ...this.steal(player, deactivated, seed) };
  }

  steal(player: string, pool: number, seed: bigint): { resource: number; amount: bigint } {
    if (pool >= POOL_COUNT) throw new MirrorRevert("UnknownPool", [pool]);
    const p = this.pools[pool];
    const side0 = uniform(seed, SALT_STEAL, p.reserve0 + p.reserve1) < p.reserve0;
    const [res0, res1] = POOL_PAIRS[pool];
    let resource: number;
    let amount: bigint;
    if (side0) {
      resource = res0;
      amount = stealable(p.reserve0);
      p.reserve0 -= amount;
    } else {
      resource = res1;
      amount = stealable(p.reserve1);
      p.reserve1 -= amount;
    }
    this.credit(player, resource, amount);
    return { resource, amount };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Formatting

/** A fixed-point amount as a decimal with up to `digits` decimals (trailing zeros dropped): 1.5e18 -> "1.5". */
export function formatAmount(amount: bigint, digits = 4): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const scale = 10n ** BigInt(18 - digits);
  const rounded = (abs + scale / 2n) / scale; // to `digits` decimals, half up
  const unit = 10n ** BigInt(digits);
  const whole = rounded / unit;
  const frac = (rounded % unit).toString().padStart(digits, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole.toLocaleString("en-US")}${frac ? "." + frac : ""}`;
}

/** Parses "1.5" (cards) into 18-decimal units. */
export function parseAmount(text: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,18}))?$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: "${text}"`);
  return BigInt(m[1]) * ONE_CARD + BigInt((m[2] ?? "").padEnd(18, "0"));
}

/** An 18-decimal fraction as a percentage: 5e15 -> "0.50%". */
export function formatPercent(wad: bigint, digits = 2): string {
  const scaled = (wad * 100n * 10n ** BigInt(digits) + WAD / 2n) / WAD;
  const unit = 10n ** BigInt(digits);
  return `${scaled / unit}.${(scaled % unit).toString().padStart(digits, "0")}%`;
}

/** Basis points as a percentage: 30 -> "0.3%". */
export function formatBps(bps: bigint): string {
  return `${Number(bps) / 100}%`;
}

/** A pool as the views return it (ICatammMarket.PoolInfo), with plain types. */
export interface PoolView {
  pool: number;
  resource0: number;
  resource1: number;
  port: number;
  active: boolean;
  reserve0: bigint;
  reserve1: bigint;
  price0: bigint;
  price1: bigint;
  totalShares: bigint;
  bankShares: bigint;
  lastTradeBlock: bigint;
}

/** ICatammMarket.PoolInfo as ethers decodes it: the same fields, every number a bigint. */
export type PoolInfoResult = { [K in keyof PoolView]: PoolView[K] extends number ? bigint : PoolView[K] };

/** The fields of an ethers `Result` for ICatammMarket.PoolInfo, as a {@link PoolView} (a `Result` spreads only its
 *  indices, so each field is named). */
export function toPoolView(r: PoolInfoResult): PoolView {
  return {
    pool: Number(r.pool),
    resource0: Number(r.resource0),
    resource1: Number(r.resource1),
    port: Number(r.port),
    active: r.active,
    reserve0: r.reserve0,
    reserve1: r.reserve1,
    price0: r.price0,
    price1: r.price1,
    totalShares: r.totalShares,
    bankShares: r.bankShares,
    lastTradeBlock: r.lastTradeBlock,
  };
}

/** The markets as a text table: active pools by port, then the missing one. */
export function renderMarkets(pools: readonly PoolView[]): string[] {
  const rows = [...pools].sort((a, b) => a.port - b.port);
  const header = ["port", "pool", "reserves", "price", "inverse", "shares (bank)", "last trade"];
  const body = rows.map((p) => {
    const a = RESOURCE_NAMES[p.resource0];
    const b = RESOURCE_NAMES[p.resource1];
    return [
      p.active ? String(p.port) : "—",
      `#${p.pool} ${a}-${b}${p.active ? "" : " (missing)"}`,
      `${formatAmount(p.reserve0, 2)} ${a} / ${formatAmount(p.reserve1, 2)} ${b}`,
      `1 ${a} = ${formatAmount(p.price0)} ${b}`,
      `1 ${b} = ${formatAmount(p.price1)} ${a}`,
      `${formatAmount(p.totalShares, 2)} (${formatAmount(p.bankShares, 0)})`,
      p.lastTradeBlock === 0n ? "never" : `block ${p.lastTradeBlock}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)];
}

/** A swap quote as the views return it (ICatammMarket.SwapQuote), with plain types. */
export interface QuoteView {
  pool: number;
  portOwned: boolean;
  feeBps: bigint;
  fee: bigint;
  amountOut: bigint;
  spotPrice: bigint;
  priceImpact: bigint;
}

/** The fields of an ethers `Result` for ICatammMarket.SwapQuote, as a {@link QuoteView}. */
export function toQuoteView(q: Omit<QuoteView, "pool"> & { pool: bigint }): QuoteView {
  return {
    pool: Number(q.pool),
    portOwned: q.portOwned,
    feeBps: q.feeBps,
    fee: q.fee,
    amountOut: q.amountOut,
    spotPrice: q.spotPrice,
    priceImpact: q.priceImpact,
  };
}

/**
 * The figures a quote implies: the average price paid (output per unit of input, the fee included; 0 for no input)
 * and the slippage-protected `minAmountOut` (the quoted output less `slippageBps`). `catamm:quote` and the web app's
 * swap form both show these.
 */
export function quoteFigures(
  amountOut: bigint,
  amountIn: bigint,
  slippageBps: bigint,
): { averagePrice: bigint; minAmountOut: bigint } {
  if (slippageBps < 0n || slippageBps > BPS) throw new RangeError(`slippage ${slippageBps} bps is not 0 to 10000`);
  return {
    averagePrice: amountIn > 0n ? (amountOut * WAD) / amountIn : 0n,
    minAmountOut: (amountOut * (BPS - slippageBps)) / BPS,
  };
}

/** A quote in words: what goes in, the fee, what comes out, the prices, and a slippage-protected minimum. */
export function renderQuote(
  q: QuoteView,
  resourceIn: number,
  resourceOut: number,
  amountIn: bigint,
  port: number,
  slippageBps = 50n,
): string[] {
  const a = RESOURCE_NAMES[resourceIn];
  const b = RESOURCE_NAMES[resourceOut];
  const portText = port === NO_PORT ? "no port" : `port ${port}`;
  const owner = q.portOwned ? `you own ${portText}` : `you do not own ${portText}`;
  const lines = [
    `swap ${formatAmount(amountIn)} ${a} -> ${b} in pool #${q.pool} ${poolName(q.pool)} (${portText})`,
    `  fee burned    ${formatAmount(q.fee)} ${a} (${formatBps(q.feeBps)}: ${owner})`,
    `  you receive   ${formatAmount(q.amountOut)} ${b}`,
  ];
  const { averagePrice, minAmountOut } = quoteFigures(q.amountOut, amountIn, slippageBps);
  if (amountIn > 0n) {
    lines.push(`  average price 1 ${a} = ${formatAmount(averagePrice)} ${b} (fee included)`);
  }
  lines.push(
    `  spot price    1 ${a} = ${formatAmount(q.spotPrice)} ${b}; price impact ${formatPercent(q.priceImpact)}`,
    `  minAmountOut  ${formatAmount(minAmountOut)} ${b} allows ${formatBps(slippageBps)} slippage`,
  );
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// Routing

/**
 * The resources a trade from `sell` to `buy` passes through: `[sell, buy]` through their own pool when it is active,
 * else `[sell, via, buy]` through the intermediate resource whose two active pools give the most (simulated with
 * `feeBps` on both hops), or null when no route exists. The missing pool changes with the board and with port flips,
 * so a fixed pair may need the detour.
 */
export function routeOf(
  pools: readonly PoolView[],
  sell: number,
  buy: number,
  amountIn: bigint,
  feeBps: bigint,
): number[] | null {
  if (sell === buy) throw new Error(`a trade from ${RESOURCE_NAMES[sell]} to itself`);
  const active = (a: number, b: number) => pools.find((p) => p.pool === poolOf(a, b).pool)?.active ?? false;
  if (active(sell, buy)) return [sell, buy];
  const out = (a: number, b: number, amount: bigint): bigint => {
    const p = pools.find((x) => x.pool === poolOf(a, b).pool)!;
    const [rIn, rOut] = a === p.resource0 ? [p.reserve0, p.reserve1] : [p.reserve1, p.reserve0];
    return getAmountOut(amount, rIn, rOut, feeBps).amountOut;
  };
  let best: number[] | null = null;
  let bestOut = -1n;
  for (let via = 0; via < RESOURCE_COUNT; via++) {
    if (via === sell || via === buy || !active(sell, via) || !active(via, buy)) continue;
    const got = out(via, buy, out(sell, via, amountIn));
    if (got > bestOut) [best, bestOut] = [[sell, via, buy], got];
  }
  return best;
}
