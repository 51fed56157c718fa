// The gateway's limits per client: a token bucket of requests (each JSON-RPC call of a batch costs one token) and a
// request body read with a size cap. Plain Node, no framework.
import type { IncomingMessage } from "node:http";

/** How fast one client may call: `perSecond` tokens flow in, up to `burst` saved. */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** Token buckets by client (its remote address). Entries idle long enough to be full again are dropped. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes `cost` tokens from `client`'s bucket: true when it had them, false (nothing taken) when not. */
  take(client: string, cost = 1): boolean {
    const t = this.now();
    const b = this.buckets.get(client) ?? { tokens: this.limit.burst, at: t };
    b.tokens = Math.min(this.limit.burst, b.tokens + ((t - b.at) / 1000) * this.limit.perSecond);
    b.at = t;
    this.buckets.set(client, b);
    if (this.buckets.size > 10_000) this.sweep(t);
    if (b.tokens < cost) return false;
    b.tokens -= cost;
    return true;
  }

  /** Seconds until `client` has `cost` tokens again (0 if it has them now). */
  waitSeconds(client: string, cost = 1): number {
    const b = this.buckets.get(client);
    if (!b || b.tokens >= cost) return 0;
    return Math.ceil((cost - b.tokens) / this.limit.perSecond);
  }

  private sweep(t: number) {
    const full = (this.limit.burst / this.limit.perSecond) * 1000;
    for (const [client, b] of this.buckets) if (t - b.at > full) this.buckets.delete(client);
  }
}

/** A request body larger than the cap. */
export class BodyTooLarge extends Error {
  constructor(readonly max: number) {
    super(`the request is larger than the gateway's limit of ${max.toLocaleString("en-US")} bytes`);
  }
}

/** Reads a request's body, up to `max` bytes (rejects with BodyTooLarge beyond, without reading the rest). */
export function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > max) return Promise.reject(new BodyTooLarge(max));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.removeAllListeners("data");
        req.resume(); // drain: the response goes out, the connection stays usable
        reject(new BodyTooLarge(max));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Most connections the gateway holds open at once: per device (its address) and in total. */
export interface ConnectionLimit {
  perDevice: number;
  total: number;
}

/**
 * Open connections by device. A connection over either cap is answered with a sentence and closed at once, so that
 * one device holding sockets (idle ones, or streams such as /heads) cannot take the gateway from the others.
 */
export class ConnectionCounter {
  private readonly byDevice = new Map<string, number>();
  /** Connections counted now. */
  open = 0;

  constructor(readonly limit: ConnectionLimit) {}

  /** Counts a new connection of `device`: null when admitted (call `release` when it closes), else why not. */
  admit(device: string): string | null {
    const mine = this.byDevice.get(device) ?? 0;
    if (mine >= this.limit.perDevice)
      return (
        `this device has ${mine} connections open to the class stack, its limit: ` +
        "close some tabs of the app and try again"
      );
    if (this.open >= this.limit.total)
      return `the class stack serves ${this.open} connections, its limit for the whole room: try again in a moment`;
    this.byDevice.set(device, mine + 1);
    this.open++;
    return null;
  }

  /** Connections of `device` counted now. */
  of(device: string): number {
    return this.byDevice.get(device) ?? 0;
  }

  release(device: string): void {
    const mine = (this.byDevice.get(device) ?? 1) - 1;
    if (mine > 0) this.byDevice.set(device, mine);
    else this.byDevice.delete(device);
    this.open--;
  }
}

/**
 * Work taken in turns, per device: `atOnce` at a time, up to `waiting` more waiting their turn (first come, first
 * served), beyond that refused. So one device's requests to a slow upstream (PGlite answers one query at a time, for
 * everyone) wait behind each other instead of ahead of everybody else's.
 */
export class Turns {
  private readonly byDevice = new Map<string, { running: number; queue: (() => void)[] }>();

  constructor(
    readonly atOnce: number,
    readonly waiting: number,
  ) {}

  /**
   * Runs `start` now, or when one of `device`'s turns ends. Returns null (and never runs it) when the device has
   * `waiting` requests waiting already; else `leave`, to call when the work ends or its client leaves (idempotent:
   * it frees the turn, or drops the work from the queue if it has not started).
   */
  take(device: string, start: () => void): (() => void) | null {
    const d = this.byDevice.get(device) ?? { running: 0, queue: [] };
    if (d.running >= this.atOnce && d.queue.length >= this.waiting) return null;
    this.byDevice.set(device, d);
    let state: "waiting" | "running" | "done" = "waiting";
    const run = () => {
      state = "running";
      d.running++;
      start();
    };
    if (d.running < this.atOnce) run();
    else d.queue.push(run);
    return () => {
      if (state === "waiting") d.queue.splice(d.queue.indexOf(run), 1);
      else if (state === "running") {
        d.running--;
        d.queue.shift()?.();
      }
      state = "done";
      if (d.running === 0 && d.queue.length === 0) this.byDevice.delete(device);
    };
  }
}
