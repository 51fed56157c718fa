// The rooms lobby: every room players created (tournament rooms are on their tournament's page), with its format,
// seats and state, from the indexer (web/src/data/snatch.ts: paged, searchable by id, player name or address, and
// state), kept live by the data layer; join where the contract would take you; create a room of any format, a G1–G5 series
// (five rooms, one per variant), or a new format.
import { useMemo, useRef } from "react";
import { useBlock } from "../shared/block";
import { lastDue, PENDING, useProbes, type Probe, type Probes } from "../shared/probes";
import { href } from "../shared/routes";
import { useTx } from "../shared/tx";
import { ActionButton, ListTable, Panel } from "../shared/ui";
import { Player } from "../shared/Player";
import { ListControls, useListParams } from "../shared/ListControls";
import { useFormats, useRooms, type FormatRow, type RoomRow } from "../data/snatch";
import { parseSearch } from "../data/search";
import { txCall } from "../shared/calls";
import { useWallet } from "../shared/wallet";
import { Phase, PHASE_NAMES, Preset } from "../../../client/snatch/names";
import { formatName } from "../../../client/snatch/rules";
import { useSnatchContracts, type SnatchContracts } from "./contracts";
import { MyRoomsNow, roomKind } from "./MyRooms";
import { sendPadded } from "../../../client/snatch/gas";
import { readFormat, type FormatInfo } from "./useRoom";
import { useQueries } from "@tanstack/react-query";
import { CreateRoom, NewFormat } from "./CreateRoom";
import { chainKeys } from "../data/keys";
import { checkName } from "../../../client/common/names";
import { timeLeft } from "../shared/blocktime";
import { useBlockTime } from "../shared/Countdown";
import { NameField, usePlayerName } from "../shared/NameField";

interface LobbyRoom {
  id: bigint;
  format: number;
  creator: string;
  /** Seat -> address (from PlayerJoined / PlayerLeft events). */
  players: string[];
  phase: number;
  round: number;
  deadline: number;
  /** The block of the room's last event (for a room awaiting roles: its randomness request). */
  since: number;
  /** A class session's or a tournament's room: which (null: a room players made). */
  kind: string | null;
}

type Filter = "open" | "yours" | "running" | "finished" | "all";

const ZERO = "0x0000000000000000000000000000000000000000";

/** The indexer's formats as the pages' FormatInfo. */
function formatInfos(rows: Map<number, FormatRow>): Map<number, FormatInfo> {
  return new Map(
    [...rows.values()].map((f) => [
      f.id,
      {
        id: f.id,
        playerCount: f.playerCount,
        rounds: f.rounds,
        windows: {
          trading: f.trading,
          closing: f.closing,
          judging: f.judging,
          talk: f.talk,
          offer: f.offer,
          response: f.response,
          decision: f.decision,
        },
      },
    ]),
  );
}

/** The preset formats, read from the contract once (the create form works without the indexer). */
function usePresetFormats(c: SnatchContracts | null): Map<number, FormatInfo> {
  const infos = useQueries({
    queries: (c ? Object.values(Preset) : []).map((f) => ({
      queryKey: chainKeys.format(c!.chainId, c!.roomsAddress, f),
      queryFn: () => readFormat(c!, f),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
    })),
    // The answers' list keeps its identity while none changes (TanStack shares unchanged structure).
    combine: (results) => results.flatMap((r) => (r.data ? [r.data] : [])),
  });
  return useMemo(() => new Map(infos.map((f) => [f.id, f])), [infos]);
}

const toLobby = (row: RoomRow): LobbyRoom => ({
  id: row.id,
  format: row.format,
  creator: row.creator,
  players: row.players,
  phase: row.phase,
  round: row.round,
  deadline: Number(row.deadline),
  since: Number(row.lastBlockSeen),
  kind: row.byFactory ? roomKind(row) : null,
});

const FILTERS: { value: Filter; label: string }[] = [
  { value: "open", label: "open" },
  { value: "yours", label: "yours" },
  { value: "running", label: "running" },
  { value: "finished", label: "finished" },
  { value: "all", label: "all" },
];

function stateText(r: LobbyRoom, f: FormatInfo | undefined, block: number, seconds: number | null): string {
  const left = timeLeft(r.deadline, block, seconds);
  if (r.phase === Phase.Open) {
    const seats = `open: ${r.players.filter((p) => p && p !== ZERO).length} of ${f?.playerCount ?? "?"} seats`;
    return `${seats}, ${left.left >= 0 ? `fill window ${left.text}` : "fill window over (anyone may close it)"}`;
  }
  if (r.phase === Phase.AwaitingRoles) return "full: waiting for the roles randomness";
  if (r.phase === Phase.Finished) return "finished";
  if (r.phase > Phase.Finished) return "cancelled";
  return `round ${r.round}/${f?.rounds.length ?? "?"}: ${PHASE_NAMES[r.phase]} (${left.left >= 0 ? left.text : "deadline passed"})`;
}

export function Lobby() {
  const c = useSnatchContracts();
  const { account } = useWallet();
  const list = useListParams("open");
  const filter = list.params.state as Filter;
  const found = useRooms(list.params, account);
  const rooms = useMemo(() => found.rows?.map(toLobby) ?? null, [found.rows]);
  const indexed = useFormats();
  const presets = usePresetFormats(c);
  // The presets read from the chain, so that rooms can be created while the indexer does not answer.
  const formats = useMemo(() => new Map([...presets, ...formatInfos(indexed.formats)]), [presets, indexed.formats]);
  const error = found.error ?? indexed.error;
  const search = parseSearch(list.params.search);
  const [name, setName] = usePlayerName();
  const nameProblem = checkName(name);

  const mine = (r: LobbyRoom) => !!account && r.players.some((p) => p?.toLowerCase() === account.toLowerCase());

  if (!c) return <p>No Snatch or Share deployment on this network.</p>;
  return (
    <div className="snatch-lobby">
      <h1>Snatch or Share</h1>
      <p className="intro">
        Trade goods in rooms of three over five rounds whose rules change (anarchy, no reject, shame tokens, a judge),
        or play the two-player SnatchGame variants G1–G5. Every offer escrows its goods on-chain; a target may accept,
        reject, or snatch them. <a href={href("snatch", "tournaments")}>Tournaments</a> pair players for G1–G5.
      </p>
      <MyRoomsNow />
      <div className="lobby-grid">
        <Panel title="Rooms">
          <ListControls
            noun="rooms"
            list={list}
            found={found}
            placeholder="room id, a player's name or address"
            states={FILTERS}
          />
          <ListTable
            label="Rooms"
            noun="rooms"
            className="rooms"
            items={rooms}
            error={error}
            empty={
              search.kind === "id"
                ? `There is no room ${search.id}${filter === "all" ? "" : ` among the ${filter} rooms`}.`
                : search.kind !== "none"
                  ? "No room matches."
                  : `No ${filter === "all" ? "" : filter + " "}room. Create one.`
            }
            columns={["room", "format", "players", "state", ""]}
            row={(r) => (
              <RoomLine
                key={r.id.toString()}
                c={c}
                r={r}
                f={formats.get(r.format)}
                account={account}
                mine={mine(r)}
                name={name}
                nameProblem={nameProblem}
              />
            )}
          />
        </Panel>
        <div className="lobby-side">
          <Panel title="You">
            <NameField value={name} onChange={setName} hint="your seat's name in the rooms you create or join" />
          </Panel>
          <CreateRoom c={c} formats={formats} name={name} />
          <NewFormat c={c} />
        </div>
      </div>
    </div>
  );
}

/**
 * One room of the lobby, with the actions the contract would take for it now: joining an open room, drawing the roles
 * of a full one once its randomness is ready, closing one whose fill window passed. Each row asks about its own room
 * (shared/probes.ts): again when the room changes, and, while it waits on something that comes with blocks (its
 * randomness, or a close the contract refused), at the blocks lastDue picks, counted from when the wait began. A room
 * nobody serves costs a few calls in all, not one per block, and one room's wait never re-asks the others.
 */
function RoomLine(props: {
  c: SnatchContracts;
  r: LobbyRoom;
  f: FormatInfo | undefined;
  account: string | null;
  mine: boolean;
  name: string;
  nameProblem: string | null;
}) {
  const { c, r, f, account, mine, name, nameProblem } = props;
  const { signer } = useWallet();
  const { send } = useTx();
  const block = useBlock();
  const seconds = useBlockTime();
  const joinable = r.phase === Phase.Open && !mine;
  const awaiting = r.phase === Phase.AwaitingRoles;
  // Open rooms whose fill window is over: anyone may close them (their creators may cancel them any time, on the
  // room's page).
  const closable = r.phase === Phase.Open && block.number >= r.deadline;
  const probeList = useMemo<Probe[]>(
    () =>
      signer
        ? [
            ...(joinable ? [{ id: "join", call: () => c.rooms.join.staticCall(r.id, "", PENDING) }] : []),
            ...(awaiting ? [{ id: "roles", call: () => c.rooms.advance.staticCall(r.id, PENDING) }] : []),
            ...(closable ? [{ id: "close", call: () => c.rooms.cancelRoom.staticCall(r.id, PENDING) }] : []),
          ]
        : [],
    [c, signer, r.id, joinable, awaiting, closable],
  );
  const lastProbes = useRef<Probes>(new Map());
  const due = awaiting
    ? lastDue(block.number, r.since)
    : closable && lastProbes.current.get("close")?.ok === false
      ? lastDue(block.number, r.deadline)
      : null;
  const key = `${r.phase}:${r.players.join(",")}:${account}:${probeList.map((p) => p.id).join(",")}:${due ?? ""}`;
  const probes = useProbes(probeList, key, { contract: "SnatchRooms" });
  lastProbes.current = probes;
  return (
    <tr data-room={r.id.toString()} className={mine ? "row-you" : ""}>
      <td>
        <a href={href("snatch", "room", r.id)}>Room {r.id.toString()}</a>
        {r.kind && <div className="muted small">{r.kind}</div>}
      </td>
      <td>
        {f ? formatName(f.playerCount, f.rounds) : `format ${r.format}`}
        <span className="muted small"> (format {r.format})</span>
      </td>
      <td className="players">
        {r.players
          .filter((p) => p && p !== ZERO)
          .map((p) => (
            <Player key={p} address={p} you={account} />
          ))}
      </td>
      <td className={`st-phase-${r.phase}`}>{stateText(r, f, block.number, seconds)}</td>
      <td>
        {probes.get("roles")?.ok && (
          <ActionButton
            call={txCall(c.rooms, c.rooms.advance, [r.id])}
            kind="secondary"
            onClick={() =>
              send(`Draw the roles of room ${r.id}`, () => sendPadded(c.rooms.advance, r.id), {
                contract: "SnatchRooms",
              })
            }
          >
            Draw the roles
          </ActionButton>
        )}
        {probes.get("close")?.ok && (
          <ActionButton
            call={txCall(c.rooms, c.rooms.cancelRoom, [r.id])}
            kind="danger"
            onClick={() =>
              send(`Close room ${r.id} (did not fill)`, () => sendPadded(c.rooms.cancelRoom, r.id), {
                contract: "SnatchRooms",
              })
            }
          >
            Close (did not fill)
          </ActionButton>
        )}
        {probes.get("join")?.ok && (
          <ActionButton
            call={txCall(c.rooms, c.rooms.join, [r.id, name])}
            disabled={nameProblem !== null}
            title={nameProblem ?? (name ? `Join as ${name}` : undefined)}
            onClick={async () => {
              const rc = await send(`Join room ${r.id}`, () => c.rooms.join(r.id, name), {
                contract: "SnatchRooms",
              });
              if (rc) window.location.hash = href("snatch", "room", r.id);
            }}
          >
            Join
          </ActionButton>
        )}
      </td>
    </tr>
  );
}
