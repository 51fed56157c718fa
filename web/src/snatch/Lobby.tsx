// The rooms lobby: every room players created (tournament rooms are on their tournament's page), with its format,
// seats and state, kept live; join where the contract would take you; create a room of any format, a G1–G5 series
// (five rooms, one per variant), or a new format.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ContractTransactionReceipt } from "ethers";
import { useBlock } from "../shared/block";
import { describeError } from "../shared/errors";
import { PENDING, useProbes, useVerdict, type Probe } from "../shared/probes";
import { href } from "../shared/routes";
import { useTx } from "../shared/tx";
import { ActionButton, Address, Field, ListTable, Panel } from "../shared/ui";
import { txCall } from "../shared/calls";
import { useWallet } from "../shared/wallet";
import { getLogsPaged } from "../../../client/logs";
import {
  DEFAULT_FILL_BLOCKS,
  DEFAULT_WINDOWS,
  Phase,
  PHASE_NAMES,
  Preset,
  RULE_KEYS,
  RULE_NAMES,
  RuleSet,
  type WindowLengths,
} from "../../../client/snatch/names";
import { formatName } from "../../../client/snatch/rules";
import { useSnatchContracts, type SnatchContracts } from "./contracts";
import { sendPadded } from "./gas";
import { readFormat, type FormatInfo } from "./useRoom";
import { receiptEvent } from "../shared/receipt";
import { checkName } from "../../../client/common/names";
import { timeLeft, windowWords } from "../shared/blocktime";
import { useBlockTime } from "../shared/Countdown";
import { NameField, usePlayerName } from "../shared/NameField";
import { WindowField } from "../shared/WindowField";

interface LobbyRoom {
  id: bigint;
  format: number;
  creator: string;
  /** Seat -> address (from PlayerJoined / PlayerLeft events). */
  players: string[];
  phase: number;
  round: number;
  deadline: number;
}

type Filter = "open" | "yours" | "running" | "finished" | "all";

const ZERO = "0x0000000000000000000000000000000000000000";

function useLobbyRooms(c: SnatchContracts | null) {
  const block = useBlock();
  const [rooms, setRooms] = useState<LobbyRoom[] | null>(null);
  const [formats, setFormats] = useState<Map<number, FormatInfo>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const last = useRef(-1);
  const busy = useRef(false);

  const refresh = useCallback(async () => {
    if (!c) return;
    const provider = c.rooms.runner!.provider!;
    const head = await provider.getBlockNumber();
    const iface = c.rooms.interface;
    const topics = ["RoomCreated", "PlayerJoined", "PlayerLeft"]
      // (PlayerLeft exists once rooms can be left; getEvent returns null for an event the ABI lacks.)
      .map((n) => (iface as unknown as { getEvent(n: string): { topicHash: string } | null }).getEvent(n)?.topicHash)
      .filter((t): t is string => t !== undefined);
    const logs = await getLogsPaged(
      provider,
      { address: c.roomsAddress, topics: [topics] },
      {
        fromBlock: c.fromBlock,
        toBlock: head,
      },
    );
    const byId = new Map<bigint, LobbyRoom>();
    for (const log of logs) {
      const e = iface.parseLog(log);
      if (!e) continue;
      const id = e.args.roomId as bigint;
      if (e.name === "RoomCreated") {
        if (e.args.byFactory) continue;
        byId.set(id, {
          id,
          format: Number(e.args.format),
          creator: e.args.creator,
          players: [],
          phase: 1,
          round: 0,
          deadline: 0,
        });
      } else {
        const r = byId.get(id);
        if (!r) continue;
        r.players[Number(e.args.seat)] = e.name === "PlayerJoined" ? e.args.player : ZERO;
      }
    }
    const list = [...byId.values()].sort((a, b) => (a.id < b.id ? 1 : -1));
    for (let i = 0; i < list.length; i += 200) {
      const chunk = list.slice(i, i + 200);
      const briefs = await c.lens.roomBriefs(chunk.map((r) => r.id));
      briefs.forEach((b, k) => {
        chunk[k].phase = Number(b.room.phase);
        chunk[k].round = Number(b.room.round);
        chunk[k].deadline = Number(b.room.deadline);
      });
    }
    const ids = [...new Set([...list.map((r) => r.format), ...Object.values(Preset)])];
    const infos = await Promise.all(ids.map((f) => readFormat(c, f)));
    setFormats(new Map(infos.map((f) => [f.id, f])));
    setRooms(list);
    setError(null);
  }, [c]);

  // At once when a block brings an event of the rooms contract, and every 5 blocks anyway.
  useEffect(() => {
    if (!c || block.number === 0 || block.number <= last.current || busy.current) return;
    const from = last.current + 1;
    const due = rooms === null || block.number - last.current >= 5;
    last.current = block.number;
    busy.current = true;
    (async () => {
      const changed =
        due ||
        (await c.rooms.runner!.provider!.getLogs({ address: c.roomsAddress, fromBlock: from, toBlock: block.number }))
          .length > 0;
      if (changed) await refresh();
    })()
      .catch((err) => setError(describeError(err)))
      .finally(() => {
        busy.current = false;
      });
  }, [block.number, c, refresh, rooms]);

  return { rooms, formats, error, refresh };
}

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
  const { rooms, formats, error, refresh } = useLobbyRooms(c);
  const { account, signer } = useWallet();
  const block = useBlock();
  const { send } = useTx();
  const [filter, setFilter] = useState<Filter>("open");
  const [name, setName] = usePlayerName();
  const nameProblem = checkName(name);
  const seconds = useBlockTime();

  const mine = (r: LobbyRoom) => !!account && r.players.some((p) => p?.toLowerCase() === account.toLowerCase());
  const shown = (rooms ?? []).filter((r) => {
    if (filter === "open") return r.phase === Phase.Open || r.phase === Phase.AwaitingRoles;
    if (filter === "yours") return mine(r) && r.phase < Phase.Finished;
    if (filter === "running") return r.phase >= Phase.AwaitingRoles && r.phase < Phase.Finished;
    if (filter === "finished") return r.phase >= Phase.Finished;
    return true;
  });
  // Joining open rooms, and serving the randomness of full ones (both only where the contract would accept it).
  const open = shown.filter((r) => r.phase === Phase.Open && !mine(r)).slice(0, 30);
  const awaiting = shown.filter((r) => r.phase === Phase.AwaitingRoles).slice(0, 30);
  // Open rooms whose fill window is over: anyone may close them (their creators may cancel them any time, on the
  // room's page).
  const closable = shown.filter((r) => r.phase === Phase.Open && block.number >= r.deadline).slice(0, 30);
  const probeList = useMemo<Probe[]>(
    () =>
      c && signer
        ? [
            ...open.map((r) => ({ id: `join:${r.id}`, call: () => c.rooms.join.staticCall(r.id, "", PENDING) })),
            ...awaiting.map((r) => ({ id: `roles:${r.id}`, call: () => c.rooms.advance.staticCall(r.id, PENDING) })),
            ...closable.map((r) => ({ id: `close:${r.id}`, call: () => c.rooms.cancelRoom.staticCall(r.id, PENDING) })),
          ]
        : [],
    [
      c,
      signer,
      open.map((r) => r.id).join(","),
      awaiting.map((r) => r.id).join(","),
      closable.map((r) => r.id).join(","),
    ],
  );
  // Randomness becomes ready with blocks: while a room waits for it, every block counts.
  const signature =
    (rooms ?? []).map((r) => `${r.id}:${r.phase}:${r.players.join(",")}`).join(";") +
    (awaiting.length > 0 || closable.length > 0 ? `@${block.number}` : "");
  const probes = useProbes(probeList, `${signature}:${account}:${probeList.length}`, { contract: "SnatchRooms" });

  if (!c) return <p>No Snatch or Share deployment on this network.</p>;
  const counts = (f: Filter) =>
    (rooms ?? []).filter((r) =>
      f === "open"
        ? r.phase === Phase.Open || r.phase === Phase.AwaitingRoles
        : f === "yours"
          ? mine(r) && r.phase < Phase.Finished
          : f === "running"
            ? r.phase >= Phase.AwaitingRoles && r.phase < Phase.Finished
            : f === "finished"
              ? r.phase >= Phase.Finished
              : true,
    ).length;

  return (
    <div className="snatch-lobby">
      <h1>Snatch or Share</h1>
      <p className="intro">
        Trade goods in rooms of three over five rounds whose rules change (anarchy, no reject, shame tokens, a judge),
        or play the two-player SnatchGame variants G1–G5. Every offer escrows its goods on-chain; a target may accept,
        reject, or snatch them. <a href={href("snatch", "tournaments")}>Tournaments</a> pair players for G1–G5.
      </p>
      <div className="lobby-grid">
        <Panel
          title="Rooms"
          actions={
            <div className="tabs" role="tablist" aria-label="Which rooms">
              {(["open", "yours", "running", "finished", "all"] as Filter[]).map((f) => (
                <button
                  key={f}
                  type="button"
                  role="tab"
                  aria-selected={filter === f}
                  className={`tab${filter === f ? " active" : ""}`}
                  onClick={() => setFilter(f)}
                >
                  {f} ({counts(f)})
                </button>
              ))}
            </div>
          }
        >
          <ListTable
            label="Rooms"
            noun="rooms"
            className="rooms"
            items={rooms ? shown.slice(0, 100) : null}
            error={error}
            empty={`No ${filter === "all" ? "" : filter + " "}room. Create one.`}
            columns={["room", "format", "players", "state", ""]}
            row={(r) => {
              const f = formats.get(r.format);
              return (
                <tr key={r.id.toString()} data-room={r.id.toString()} className={mine(r) ? "row-you" : ""}>
                  <td>
                    <a href={href("snatch", "room", r.id)}>Room {r.id.toString()}</a>
                  </td>
                  <td>
                    {f ? formatName(f.playerCount, f.rounds) : `format ${r.format}`}
                    <span className="muted small"> (format {r.format})</span>
                  </td>
                  <td className="players">
                    {r.players
                      .filter((p) => p && p !== ZERO)
                      .map((p) => (
                        <Address key={p} address={p} you={account} />
                      ))}
                  </td>
                  <td className={`st-phase-${r.phase}`}>{stateText(r, f, block.number, seconds)}</td>
                  <td>
                    {probes.get(`roles:${r.id}`)?.ok && (
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
                    {probes.get(`close:${r.id}`)?.ok && (
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
                    {probes.get(`join:${r.id}`)?.ok && (
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
            }}
          />
        </Panel>
        <div className="lobby-side">
          <Panel title="You">
            <NameField value={name} onChange={setName} hint="your seat's name in the rooms you create or join" />
          </Panel>
          <CreateRoom c={c} formats={formats} onCreated={refresh} name={name} />
          <NewFormat c={c} onCreated={refresh} />
        </div>
      </div>
    </div>
  );
}

/** The room id from a `createRoom` receipt. */
function createdRoom(c: SnatchContracts, receipt: ContractTransactionReceipt | null): bigint | undefined {
  return receiptEvent(receipt, c.rooms.interface, "RoomCreated")?.args.roomId as bigint | undefined;
}

function CreateRoom({
  c,
  formats,
  onCreated,
  name,
}: {
  c: SnatchContracts;
  formats: Map<number, FormatInfo>;
  onCreated: () => Promise<void>;
  name: string;
}) {
  const { signer } = useWallet();
  const { send } = useTx();
  const [format, setFormat] = useState(String(Preset.SnatchOrShare));
  const [fill, setFill] = useState(DEFAULT_FILL_BLOCKS);
  const [count, setCount] = useState<number | null>(null);
  const fillBlocks = BigInt(fill);
  const nameProblem = checkName(name);
  // The contract's verdict on exactly these inputs, the name included (a name the mirror lets through but the
  // contract refuses would show its sentence here).
  const verdict = useVerdict(
    signer && !nameProblem ? () => c.rooms.createRoom.staticCall(Number(format), fillBlocks, name, PENDING) : null,
    `${format}:${fill}:${name}`,
    { contract: "SnatchRooms" },
  );
  useEffect(() => {
    c.rooms.formatCount().then(
      (n) => setCount(Number(n)),
      () => undefined,
    );
  }, [c, formats]);
  const list = [...formats.values()].sort((a, b) => a.id - b.id);
  const f = formats.get(Number(format));
  const seconds = useBlockTime();
  const ww = (blocks: number) => windowWords(blocks, seconds);

  const create = async () => {
    const id = Number(format);
    const receipt = await send(
      `Create a ${f ? formatName(f.playerCount, f.rounds) : `format ${id}`} room`,
      () => sendPadded(c.rooms.createRoom, id, fillBlocks, name),
      { contract: "SnatchRooms" },
    );
    const room = createdRoom(c, receipt);
    if (room !== undefined) {
      await onCreated();
      window.location.hash = href("snatch", "room", room);
    }
  };
  const series = async () => {
    const presets = [Preset.G1, Preset.G2, Preset.G3, Preset.G4, Preset.G5];
    for (const [i, p] of presets.entries()) {
      const r = await send(
        `Create the G${i + 1} room of a series`,
        () => sendPadded(c.rooms.createRoom, p, fillBlocks, name),
        {
          contract: "SnatchRooms",
        },
      );
      if (!r) return;
    }
    await onCreated();
  };

  return (
    <Panel title="Create a room">
      <form onSubmit={(e) => e.preventDefault()}>
        <Field label="Format" hint={count !== null ? `${count} formats exist; presets 1–6` : undefined}>
          <select aria-label="Format" value={format} onChange={(e) => setFormat(e.target.value)}>
            {list.map((x) => (
              <option key={x.id} value={x.id}>
                {x.id}: {formatName(x.playerCount, x.rounds)}
              </option>
            ))}
          </select>
        </Field>
        <WindowField
          label="Fill window"
          hint="if the room is not full by then, anyone may close it"
          blocks={fill}
          onBlocks={setFill}
        />
        {f && (
          <p className="muted small">
            {f.playerCount} players, rounds: {f.rounds.map((r, i) => `${i + 1} ${RULE_NAMES[r]}`).join(" · ")}.{" "}
            {f.playerCount === 3
              ? `Rounds of ${ww(f.windows.trading)} (no offers in the last ${ww(f.windows.closing)}), judging ${ww(f.windows.judging)}.`
              : `Windows: ${f.rounds.includes(RuleSet.G5CheapTalk) ? `talk ${ww(f.windows.talk)}, ` : ""}offer ${ww(f.windows.offer)}, response ${ww(f.windows.response)}, decision ${ww(f.windows.decision)}.`}{" "}
            You take seat 0; the room starts when it is full. Until then players may leave and you may cancel it.
          </p>
        )}
        {nameProblem && <p className="refusal">Your name is refused: {nameProblem}.</p>}
        {verdict && <p className="refusal">The contract would refuse: {verdict}.</p>}
        <div className="row">
          <ActionButton
            onClick={create}
            disabled={!signer || !f || verdict !== null || nameProblem !== null}
            busyText="Creating…"
            call={txCall(c.rooms, c.rooms.createRoom, [Number(format), fillBlocks, name])}
          >
            Create the room
          </ActionButton>
          <ActionButton
            kind="secondary"
            onClick={series}
            disabled={!signer || !f || verdict !== null || nameProblem !== null}
            call={txCall(c.rooms, c.rooms.createRoom, [Preset.G1, fillBlocks, name])}
            busyText="Creating five rooms…"
          >
            Create a G1–G5 series (5 rooms)
          </ActionButton>
        </div>
      </form>
    </Panel>
  );
}

/** A custom format: rule sets per round (one player count) and windows. */
function NewFormat({ c, onCreated }: { c: SnatchContracts; onCreated: () => Promise<void> }) {
  const { signer } = useWallet();
  const { send } = useTx();
  const [rounds, setRounds] = useState("g5,g4,g2");
  const [w, setW] = useState<WindowLengths>(DEFAULT_WINDOWS);
  const parsed = rounds
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((k) => RULE_KEYS[k]);
  const bad = parsed.some((r) => r === undefined);
  const verdict = useVerdict(
    signer && !bad && parsed.length > 0 ? () => c.rooms.createFormat.staticCall(parsed, w, PENDING) : null,
    `${rounds}:${JSON.stringify(w)}`,
    { contract: "SnatchRooms" },
  );
  const create = async () => {
    await send(`Create format ${rounds}`, () => c.rooms.createFormat(parsed, w), { contract: "SnatchRooms" });
    await onCreated();
  };
  return (
    <Panel title="New format">
      <details>
        <summary>Rounds and windows of your own</summary>
        <Field label="Rounds" hint={`comma-separated: ${Object.keys(RULE_KEYS).join(", ")}`}>
          <input aria-label="Rounds" value={rounds} onChange={(e) => setRounds(e.target.value)} />
        </Field>
        {(Object.keys(w) as (keyof typeof w)[]).map((k) => (
          <WindowField
            key={k}
            label={`${k} window`}
            hint={k === "closing" ? "the last part of a 3-player round without new offers" : "of each round"}
            blocks={w[k]}
            onBlocks={(blocks) => setW((x) => ({ ...x, [k]: blocks }))}
          />
        ))}
        {bad && <p className="danger">Unknown rule set name.</p>}
        {!bad && parsed.length > 0 && <p className="muted small">{parsed.map((r) => RULE_NAMES[r]).join(" · ")}</p>}
        {verdict && <p className="refusal">The contract would refuse: {verdict}.</p>}
        <ActionButton
          onClick={create}
          disabled={!signer || bad || parsed.length === 0 || verdict !== null}
          call={!bad && parsed.length > 0 ? txCall(c.rooms, c.rooms.createFormat, [parsed, w]) : undefined}
        >
          Create the format
        </ActionButton>
      </details>
    </Panel>
  );
}
