// Reading a game's events straight from a node for the exports (client/<game>/export-chain.ts): `eth_getLogs` in
// pages (client/logs.ts), decoded with the deployed contracts' ABIs (client/events.ts), as {@link ExportEvent}s.
// Every read of one export is pinned to one block (the latest when it starts), so views and logs agree.
import { zeroPadValue, toBeHex, type Provider } from "ethers";
import { interfaceOf, type ContractName } from "../abi";
import { decodeEvent } from "../events";
import { getLogsPaged } from "../logs";
import { chainOrder, type ExportEvent } from "./export";

/** A uint256 as an indexed topic. */
export const topicOf = (id: bigint | number): string => zeroPadValue(toBeHex(BigInt(id)), 32);

/**
 * The events of `contract` at `address` whose argument `key` (its first indexed one: `gameId`, `roomId`,
 * `tournamentId`) is one of `ids`, from `fromBlock` to `toBlock`, decoded, in chain order. Ids are asked for 100 at a
 * time (topic OR-lists); an event whose first topic only looks like an id (another argument) is left out.
 */
export async function eventsOf(
  provider: Provider,
  contract: ContractName,
  address: string,
  key: string,
  ids: readonly (bigint | number)[],
  fromBlock: number,
  toBlock: number,
): Promise<ExportEvent[]> {
  const out: ExportEvent[] = [];
  const wanted = new Set(ids.map((id) => BigInt(id)));
  const known = { [address.toLowerCase()]: contract };
  for (let i = 0; i < ids.length; i += 100) {
    const topics = [null, ids.slice(i, i + 100).map(topicOf)];
    const logs = await getLogsPaged(provider, { address, topics }, { fromBlock, toBlock });
    for (const log of logs) {
      const d = decodeEvent(log, { known });
      if (!d || d.args[key] === undefined || !wanted.has(BigInt(d.args[key] as bigint))) continue;
      out.push({ name: d.name, args: d.args, block: log.blockNumber, logIndex: log.index, tx: log.transactionHash });
    }
  }
  return chainOrder(out);
}

/** Room events grouped by their `roomId` argument (chain order kept). */
export function byRoomId(events: readonly ExportEvent[]): Map<number, ExportEvent[]> {
  const out = new Map<number, ExportEvent[]>();
  for (const e of events) {
    const id = Number(e.args.roomId as bigint | number);
    const list = out.get(id) ?? [];
    list.push(e);
    out.set(id, list);
  }
  return out;
}

/**
 * Every address's latest display name, as the indexer keeps it (player_name): the last non-empty name given when
 * joining a SnatchRooms room, registering for a SnatchTournament or taking a SnatchSession seat (those two when their
 * addresses are given), up to `toBlock`. Lower-case addresses.
 */
export async function latestNames(
  provider: Provider,
  contracts: { rooms: string; tournament?: string; session?: string },
  fromBlock: number,
  toBlock: number,
): Promise<Map<string, string>> {
  const joined = interfaceOf("SnatchRooms").getEvent("PlayerJoined")!.topicHash;
  const registered = interfaceOf("SnatchTournament").getEvent("PlayerRegistered")!.topicHash;
  const seated = interfaceOf("SnatchSession").getEvent("PlayerSeated")!.topicHash;
  const known: Record<string, ContractName> = { [contracts.rooms.toLowerCase()]: "SnatchRooms" };
  if (contracts.tournament) known[contracts.tournament.toLowerCase()] = "SnatchTournament";
  if (contracts.session) known[contracts.session.toLowerCase()] = "SnatchSession";
  const logs = await getLogsPaged(
    provider,
    { address: Object.keys(known), topics: [[joined, registered, seated]] },
    { fromBlock, toBlock },
  );
  const names = new Map<string, string>();
  for (const log of [...logs].sort((a, b) => a.blockNumber - b.blockNumber || a.index - b.index)) {
    const d = decodeEvent(log, { known });
    const name = d ? String(d.args.name ?? "") : "";
    if (d && name !== "") names.set(String(d.args.player).toLowerCase(), name);
  }
  return names;
}
