// The lobby's forms: create a room of any format or a G1–G5 series (five rooms, one per variant), and a new format.
import { useEffect, useState } from "react";
import type { TransactionReceipt } from "ethers";
import { useVerdict } from "../data/checks";
import { action, callOf } from "../shared/action";
import { href } from "../shared/routes";
import { useTx } from "../shared/tx";
import { ActionButton, Field, Panel } from "../shared/ui";
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
import { roomsAction } from "./roomActions";
import type { FormatInfo } from "./useRoom";
import { receiptEvent } from "../shared/receipt";
import { checkName } from "../../../client/common/names";
import { windowWords } from "../shared/blocktime";
import { useBlockTime } from "../shared/Countdown";
import { WindowField } from "../shared/WindowField";

/** The room id from a `createRoom` receipt. */
function createdRoom(c: SnatchContracts, receipt: TransactionReceipt | null): bigint | undefined {
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
  const { sendAction } = useTx();
  const [format, setFormat] = useState(String(Preset.SnatchOrShare));
  const [fill, setFill] = useState(DEFAULT_FILL_BLOCKS);
  const [count, setCount] = useState<number | null>(null);
  const fillBlocks = BigInt(fill);
  const nameProblem = checkName(name);
  const f = formats.get(Number(format));
  // The contract's verdict on exactly these inputs, the name included (a name the mirror lets through but the
  // contract refuses would show its sentence here).
  const room = (id: number, label: string) => roomsAction(c.rooms, "createRoom", [id, fillBlocks, name], label);
  const createOne = room(
    Number(format),
    `Create a ${f ? formatName(f.playerCount, f.rounds) : `format ${Number(format)}`} room`,
  );
  const verdict = useVerdict(nameProblem ? null : createOne);
  // Read again when a format is added (the map is rebuilt with every read of the indexer: not on every block).
  useEffect(() => {
    c.rooms.formatCount().then(
      (n) => setCount(Number(n)),
      () => undefined,
    );
  }, [c, formats.size]);
  const list = [...formats.values()].sort((a, b) => a.id - b.id);
  const seconds = useBlockTime();
  const ww = (blocks: number) => windowWords(blocks, seconds);

  const opened = (receipt: TransactionReceipt) => {
    const id = createdRoom(c, receipt);
    if (id !== undefined) window.location.hash = href("snatch", "room", id);
  };
  const seriesRooms = [Preset.G1, Preset.G2, Preset.G3, Preset.G4, Preset.G5].map((p, i) =>
    room(p, `Create the G${i + 1} room of a series`),
  );
  const series = async () => {
    for (const a of seriesRooms) {
      if (!(await sendAction(a))) return;
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
            action={createOne}
            onDone={opened}
            disabled={!signer || !f || verdict !== null || nameProblem !== null}
            busyText="Creating…"
          >
            Create the room
          </ActionButton>
          <ActionButton
            kind="secondary"
            onClick={series}
            disabled={!signer || !f || verdict !== null || nameProblem !== null}
            call={callOf(seriesRooms[0])}
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
  const [rounds, setRounds] = useState("g5,g4,g2");
  const [w, setW] = useState<WindowLengths>(DEFAULT_WINDOWS);
  const parsed = rounds
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((k) => RULE_KEYS[k]);
  const bad = parsed.some((r) => r === undefined);
  const create =
    !bad && parsed.length > 0
      ? action(c.rooms, "createFormat", [parsed, w], {
          label: `Create format ${rounds}`,
          describe: { contract: "SnatchRooms" },
        })
      : null;
  const verdict = useVerdict(create);
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
        <ActionButton action={create ?? undefined} disabled={!signer || !create || verdict !== null}>
          Create the format
        </ActionButton>
      </details>
    </Panel>
  );
}
