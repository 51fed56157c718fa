// Three-player class sessions of Snatch or Share (`#/snatch/sessions`): every session (the `session` view), and the
// teacher's form to create one: N rooms of three, the rooms' windows, and the seats, listed from the class sheet's CSV
// (address and name per line; more than LISTED_SEATS_PER_TX seats go in batches, so that no transaction passes 10M
// gas) or first come, first seated. The contract decides: the form shows its refusal (a static call of the first
// transaction) before anything is sent.
import { useMemo, useState } from "react";
import { href } from "../../shared/routes";
import { useVerdict } from "../../data/checks";
import { action, callOf } from "../../shared/action";
import { useTx } from "../../shared/tx";
import { ActionButton, Field, Panel } from "../../shared/ui";
import { Player } from "../../shared/Player";
import { ListPanel, useListParams } from "../../shared/ListControls";
import { SESSION_STATES, useSessions } from "../../data/snatch";
import { useWallet } from "../../shared/wallet";
import { WindowField } from "../../shared/WindowField";
import type { SnatchSession } from "../../../../typechain-types";
import {
  DEFAULT_SESSION_CONFIG,
  LISTED_SEATS_PER_TX,
  ROOMS_PER_TX,
  SESSION_STAGE_NAMES,
  listingBatches,
  parseSeatsCsv,
  type ListedSeat,
  type SessionConfig,
} from "../../../../client/snatch/session";
import { useSnatchContracts } from "../../snatch/contracts";
import { ListPage } from "../../snatch/ListPage";

export function SessionList() {
  const c = useSnatchContracts();
  const { account } = useWallet();
  const list = useListParams();
  const found = useSessions(list.params);

  if (!c) return <p>No Snatch or Share deployment on this network.</p>;
  if (!c.session) return <p>No SnatchSession deployment on this network.</p>;
  return (
    <ListPage
      crumbs={"Class sessions"}
      title="Snatch or Share for a class"
      intro={
        <>
          The three-player game of five rounds (anarchy, anarchy, no reject, shame tokens, judge) for a whole class: the
          seats are shuffled at random into rooms of three, which also draws each player's good; up to two players left
          over sit the session out.
        </>
      }
    >
      <ListPanel
        title="Sessions"
        noun="sessions"
        one="session"
        list={list}
        found={found}
        placeholder="session id, teacher's name or address"
        states={SESSION_STATES}
        none="No session yet: create the first one."
        columns={["session", "seats", "stage", "rooms", "teacher", "class view"]}
        row={(s) => (
          <tr key={s.id.toString()} data-session={s.id.toString()} data-stage={s.stage}>
            <td>Session {s.id.toString()}</td>
            <td>
              {s.playerCount} / {s.capacity} ({s.firstCome ? "first come" : "listed"})
            </td>
            <td>{SESSION_STAGE_NAMES[s.stage] ?? `stage ${s.stage}`}</td>
            <td>
              {s.created} / {s.rooms}
            </td>
            <td>
              <Player address={s.organiser} you={account} />
            </td>
            <td>
              <a href={href("snatch", "session", s.id, "console")} data-testid="session-console">
                Console
              </a>{" "}
              ·{" "}
              <a href={href("snatch", "session", s.id, "projector")} data-testid="session-projector">
                Projector
              </a>
            </td>
          </tr>
        )}
      />
      <CreateSession session={c.session} />
    </ListPage>
  );
}

/** Windows in blocks: minutes at the chain's block time (the form sends blocks). */
const WINDOWS: { key: keyof SessionConfig; label: string; minutes: string; hint: string }[] = [
  {
    key: "joinBlocks",
    label: "Join window",
    minutes: "Join window (minutes)",
    hint: "first come: after it anyone may start the session",
  },
  { key: "trading", label: "Round length", minutes: "Round length (minutes)", hint: "each of the five rounds" },
  {
    key: "closing",
    label: "Closing window",
    minutes: "Closing window (minutes)",
    hint: "a round's last part, with no new offers",
  },
  { key: "judging", label: "Judging window", minutes: "Judging window (minutes)", hint: "after round 5" },
];

/** The seats typed or loaded, read as the task reads a seats file (an error sentence when a line has no address). */
function readSeats(text: string): { seats: ListedSeat[]; problem: string | null } {
  try {
    return { seats: parseSeatsCsv(text), problem: null };
  } catch (e) {
    return { seats: [], problem: (e as Error).message };
  }
}

function CreateSession({ session }: { session: SnatchSession }) {
  const { signer } = useWallet();
  const { send, sendAction } = useTx();
  const [config, setConfig] = useState<SessionConfig>(DEFAULT_SESSION_CONFIG);
  const [listed, setListed] = useState(false);
  const [text, setText] = useState("");
  const { seats, problem: seatsProblem } = useMemo(
    () => (listed ? readSeats(text) : { seats: [], problem: null }),
    [listed, text],
  );
  const problem =
    seatsProblem ??
    (config.roomsPerBatch > ROOMS_PER_TX
      ? `at most ${ROOMS_PER_TX} rooms per batch: each batch is one transaction, kept under 10M gas`
      : null);
  // A list longer than one transaction takes goes in batches: createListedSession, addSeats..., then start.
  const batches = useMemo(() => listingBatches(seats), [seats]);
  const inBatches = batches.length > 1;
  const args = useMemo(() => {
    const first = batches[0] ?? [];
    return [config, first.map((s) => s.address), first.map((s) => s.name)] as const;
  }, [config, batches]);
  const what = listed ? `${seats.length} listed seats` : "first come";
  // The list above shows the new session as soon as the indexer has it.
  const options = {
    label: `Create a session (${config.rooms} rooms, ${what}${inBatches ? `, batch 1 of ${batches.length}` : ""})`,
    describe: { contract: "SnatchSession" as const },
  };
  const create1 = inBatches
    ? action(session, "createListedSession", [...args], options)
    : action(session, "createSession", [...args], options);
  const verdict = useVerdict(problem ? null : create1);
  const create = async () => {
    const receipt = await sendAction(create1);
    if (!receipt || !inBatches) return;
    const created = receipt.logs
      .map((log) => session.interface.parseLog(log))
      .find((e) => e?.name === "SessionCreated");
    if (!created) return;
    const id = created.args.sessionId as bigint;
    for (const [i, batch] of batches.slice(1).entries()) {
      const more = () =>
        session.addSeats(
          id,
          batch.map((s) => s.address),
          batch.map((s) => s.name),
        );
      if (!(await send(`List seats of session ${id} (batch ${i + 2} of ${batches.length})`, more))) return;
    }
    await send(`Close seating of session ${id} (the draw)`, () => session.start(id), { contract: "SnatchSession" });
  };
  const count = (key: "rooms" | "roomsPerBatch", value: string) =>
    setConfig({ ...config, [key]: Math.max(0, Math.floor(Number(value) || 0)) });
  return (
    <Panel title="Create a session" className="create">
      <form onSubmit={(e) => e.preventDefault()}>
        <Field label="Rooms of three" hint="at most; the session seats 3 per room (1 to 100 rooms)">
          <input
            className="num"
            aria-label="Rooms of three"
            value={config.rooms}
            inputMode="numeric"
            onChange={(e) => count("rooms", e.target.value)}
          />
        </Field>
        <Field label="Rooms per batch" hint={`rooms created per transaction (1 to ${ROOMS_PER_TX})`}>
          <input
            className="num"
            aria-label="Rooms per batch"
            value={config.roomsPerBatch}
            inputMode="numeric"
            onChange={(e) => count("roomsPerBatch", e.target.value)}
          />
        </Field>
        <Field label="Seats" hint="listed now from the class sheet, or taken by whoever joins first">
          <select
            aria-label="Seats"
            value={listed ? "listed" : "first"}
            onChange={(e) => setListed(e.target.value === "listed")}
          >
            <option value="first">First come, first seated</option>
            <option value="listed">Listed (the class sheet's CSV)</option>
          </select>
        </Field>
        {listed && (
          <Field label="Seat list" hint="the class sheet's CSV (seat,name,address), or an address and a name a line">
            <textarea
              aria-label="Seat list"
              rows={6}
              value={text}
              onChange={(e) => setText(e.target.value)}
              spellCheck={false}
            />
            <input
              type="file"
              aria-label="Load the class sheet's CSV"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (file) setText(await file.text());
              }}
            />
          </Field>
        )}
        {listed && !problem && (
          <p data-testid="seat-count">
            {seats.length} seats listed
            {inBatches
              ? ` (sent in ${batches.length} transactions of at most ${LISTED_SEATS_PER_TX}, then seating closes)`
              : ""}
            .
          </p>
        )}
        {WINDOWS.filter((f) => !listed || f.key !== "joinBlocks").map((f) => (
          <WindowField
            key={f.key}
            label={f.label}
            minutesLabel={f.minutes}
            hint={f.hint}
            blocks={config[f.key]}
            onBlocks={(blocks) => setConfig((c) => ({ ...c, [f.key]: blocks }))}
          />
        ))}
        {problem && (
          <p className="refusal" data-testid="seats-problem">
            {problem}
          </p>
        )}
        {!problem && verdict && (
          <p className="refusal" data-testid="create-verdict">
            The contract would refuse: {verdict}.
          </p>
        )}
        <ActionButton
          onClick={create}
          disabled={!signer || problem !== null || verdict !== null}
          busyText="Creating…"
          call={callOf(create1)}
        >
          Create the session
        </ActionButton>
      </form>
    </Panel>
  );
}
