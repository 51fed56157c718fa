// Event arguments back from JSON: the indexer keeps every event of a room or a CATAMM game in a `*_log` table with
// its arguments as JSON, bigints as decimal strings (indexer/src/lib/json.ts `plain`). This turns them back into the
// values ethers decodes from the log itself (bigints, checksummed addresses, Results for arrays and structs), so
// code written for node logs (client/snatch/history.ts, client/catamm/history.ts) reads indexer rows unchanged.
import { Result, getAddress, type ParamType } from "ethers";
import { interfaceOf, type ContractName } from "./abi";
import type { RoomEvent } from "./snatch/history";
import { catammOrder, type CatammEvent } from "./catamm/history";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** One value of ABI type `p` from its JSON form (structs may come as objects by name or as arrays). */
function revive(p: ParamType, v: Json | undefined): unknown {
  if (v === undefined) throw new Error(`event argument ${p.name || p.type} is missing`);
  if (p.isArray()) {
    if (!Array.isArray(v)) throw new Error(`event argument ${p.name || p.type} is not an array`);
    return Result.fromItems(v.map((x) => revive(p.arrayChildren, x)));
  }
  if (p.isTuple()) {
    const items = p.components.map((c, i) => revive(c, Array.isArray(v) ? v[i] : (v as Record<string, Json>)[c.name]));
    return Result.fromItems(
      items,
      p.components.map((c) => c.name),
    );
  }
  if (p.baseType.startsWith("uint") || p.baseType.startsWith("int")) return BigInt(v as string | number);
  // Checksummed, as ethers decodes them (Ponder keeps addresses lower-case).
  if (p.baseType === "address") return getAddress(v as string);
  return v;
}

/**
 * The arguments of event `name` of `contract` from their JSON form (an object by name, or an array in order), as
 * an ethers Result: by position and by name, as `interface.parseLog(log).args` gives them.
 */
export function eventArgsFromJson(contract: ContractName, name: string, json: unknown): Result {
  const event = interfaceOf(contract).getEvent(name);
  if (!event) throw new Error(`${contract} has no event ${name}`);
  const v = json as Json;
  const items = event.inputs.map((p, i) => revive(p, Array.isArray(v) ? v[i] : (v as Record<string, Json>)[p.name]));
  return Result.fromItems(
    items,
    event.inputs.map((p) => p.name),
  );
}

/** The same, as a plain record by name (`arg<i>` for an unnamed argument), as client/events.ts `decodeEvent` gives. */
export function eventRecordFromJson(contract: ContractName, name: string, json: unknown): Record<string, unknown> {
  const args = eventArgsFromJson(contract, name, json);
  const event = interfaceOf(contract).getEvent(name)!;
  const out: Record<string, unknown> = {};
  event.inputs.forEach((p, i) => (out[p.name || `arg${i}`] = args[i]));
  return out;
}

/** A row of the indexer's `snatch_log` or `catamm_log` (the columns the histories need; numbers in any form). */
export interface LogRow {
  name: string;
  args: unknown;
  block: bigint | number | string;
  logIndex: number | string;
}

/** A room's event from its `snatch_log` row, as client/snatch/history.ts reads the node's logs decoded. */
export function roomEventOfRow(row: LogRow): RoomEvent {
  return { name: row.name, args: eventRecordFromJson("SnatchRooms", row.name, row.args), block: Number(row.block) };
}

/** A CATAMM game's event from its `catamm_log` row, as client/catamm/history.ts decodeCatammLogs gives it. */
export function catammEventOfRow(row: LogRow): CatammEvent {
  const block = Number(row.block);
  return {
    name: row.name,
    args: eventArgsFromJson("Catamm", row.name, row.args),
    block,
    order: catammOrder(block, Number(row.logIndex)),
  };
}
