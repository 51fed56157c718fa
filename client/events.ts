// Events people can read: a log decoded against every deployed contract's ABI and printed as
// `Name(arg=value, ...)` with named arguments, enum names and units (goods as goods, points as points, cards at
// 1e18, ETH amounts as ETH).
import { ABIS, CONTRACT_NAMES, GAME_OF, abiEntry, interfaceOf, type AbiParam, type ContractName } from "./abi";
import { formatValue } from "./values";

/** The parts of a log that decoding needs. */
export interface LogLike {
  address?: string;
  topics: readonly string[];
  data: string;
}

export interface DecodedEvent {
  contract: ContractName;
  name: string;
  /** Arguments by name, in order. */
  args: Record<string, unknown>;
  params: AbiParam[];
  /** `Name(arg=value, ...)`. */
  text: string;
}

export interface EventOptions {
  /** Contracts to try first (e.g. the one that was called). */
  prefer?: readonly ContractName[];
  /** Known addresses (lower case) -> contract: a log from one of them is decoded with that contract's ABI only. */
  known?: Record<string, ContractName>;
  /** Argument values to show instead of the default (e.g. a game's token for its amounts). */
  siblings?: Record<string, unknown>;
}

/** Decodes one log, or returns undefined if no registered ABI has its event. */
export function decodeEvent(log: LogLike, opts: EventOptions = {}): DecodedEvent | undefined {
  const knownAs = log.address ? opts.known?.[log.address.toLowerCase()] : undefined;
  const order: readonly ContractName[] = knownAs
    ? [knownAs]
    : [...(opts.prefer ?? []), ...CONTRACT_NAMES.filter((c) => !opts.prefer?.includes(c))];
  for (const contract of order) {
    let parsed;
    try {
      parsed = interfaceOf(contract).parseLog({ topics: [...log.topics], data: log.data });
    } catch {
      continue;
    }
    if (!parsed) continue;
    const entry = abiEntry(
      contract,
      "event",
      parsed.name,
      parsed.fragment.inputs.map((p) => p.type),
    );
    const params = (entry?.inputs ?? parsed.fragment.inputs.map((p) => ({ name: p.name, type: p.type }))) as AbiParam[];
    const args: Record<string, unknown> = {};
    params.forEach((p, i) => (args[p.name || `arg${i}`] = parsed.args[i]));
    const siblings = { ...opts.siblings, ...args };
    const shown = params.map(
      (p, i) =>
        `${p.name || `arg${i}`}=${formatValue(p, args[p.name || `arg${i}`], {
          game: GAME_OF[contract],
          owner: parsed.name,
          siblings,
        })}`,
    );
    return { contract, name: parsed.name, args, params, text: `${parsed.name}(${shown.join(", ")})` };
  }
  return undefined;
}

/** Every decodable event of a receipt, in order. */
export function decodeEvents(logs: readonly LogLike[], opts: EventOptions = {}): DecodedEvent[] {
  return logs.map((log) => decodeEvent(log, opts)).filter((e): e is DecodedEvent => e !== undefined);
}

/** The names of every event the registry knows, per contract (tests). */
export function everyEvent(): { contract: ContractName; name: string }[] {
  const out: { contract: ContractName; name: string }[] = [];
  for (const contract of CONTRACT_NAMES) {
    for (const entry of ABIS[contract] as readonly { type: string; name?: string }[]) {
      if (entry.type === "event" && entry.name) out.push({ contract, name: entry.name });
    }
  }
  return out;
}
