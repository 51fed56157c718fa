// The lobby's forms: create a room of any format or a G1–G5 series (five rooms, one per variant), and a new format.
import { useEffect, useState } from "react";
import type { ContractTransactionReceipt } from "ethers";
import { PENDING, useVerdict } from "../shared/probes";
import { href } from "../shared/routes";
import { useTx } from "../shared/tx";
import { ActionButton, Field, Panel } from "../shared/ui";
import { txCall } from "../shared/calls";
import { useWallet } from "../shared/wallet";
import {
  DEFAULT_FILL_BLOCKS,
  DEFAULT_WINDOWS,
  Preset,
  RULE_KEYS,
  RULE_NAMES,
  RuleSet,
  type WindowLengths,
} from "../../../client/snatch/names";
import { formatName } from "../../../client/snatch/rules";
import type { SnatchContracts } from "./contracts";
import { sendPadded } from "../../../client/snatch/gas";
import type { FormatInfo } from "./useRoom";
import { receiptEvent } from "../shared/receipt";
import { checkName } from "../../../client/common/names";
import { windowWords } from "../shared/blocktime";
import { useBlockTime } from "../shared/Countdown";
import { WindowField } from "../shared/WindowField";

/** The room id from a `createRoom` receipt. */
function createdRoom(c: SnatchContracts, receipt: ContractTransactionReceipt | null): bigint | undefined {
  return receiptEvent(receipt, c.rooms.interface, "RoomCreated")?.args.roomId as bigint | undefined;
}

export function CreateRoom({
  c,
  formats,
  name,
}: {
  c: SnatchContracts;
  formats: Map<number, FormatInfo>;
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
  // Read again when a format is added (the map is rebuilt with every read of the indexer: not on every block).
  useEffect(() => {
    c.rooms.formatCount().then(
      (n) => setCount(Number(n)),
      () => undefined,
    );
  }, [c, formats.size]);
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
export function NewFormat({ c }: { c: SnatchContracts }) {
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
