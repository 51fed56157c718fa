// Every tournament (from TournamentCreated events and the `tournament` view), and the form to create one.
import { useCallback, useEffect, useRef, useState } from "react";
import { useBlock } from "../../shared/block";
import { describeError } from "../../shared/errors";
import { href } from "../../shared/routes";
import { PENDING, useVerdict } from "../../shared/probes";
import { useTx } from "../../shared/tx";
import { ActionButton, Address, Field, ListTable, Panel } from "../../shared/ui";
import { txCall } from "../../shared/calls";
import { useWallet } from "../../shared/wallet";
import { WindowField } from "../../shared/WindowField";
import { DEFAULT_CONFIG, STAGE_NAMES, type TournamentConfig } from "../../../../client/snatch/tournament";
import { useSnatchContracts, type SnatchContracts } from "../contracts";
import type { TournamentView } from "./useTournament";
import { receiptEvent } from "../../shared/receipt";

export function TournamentList() {
  const c = useSnatchContracts();
  const block = useBlock();
  const { account } = useWallet();
  const [list, setList] = useState<{ id: bigint; view: TournamentView }[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const last = useRef(-1);

  const refresh = useCallback(async () => {
    const t = c?.tournament;
    if (!t) return;
    const count = Number(await t.tournamentCount());
    const ids = Array.from({ length: Math.min(count, 100) }, (_, i) => BigInt(count - i));
    const views = await Promise.all(ids.map((id) => t.tournament(id)));
    setList(ids.map((id, i) => ({ id, view: views[i] })));
    setError(null);
  }, [c]);

  useEffect(() => {
    if (!c?.tournament || block.number === 0 || block.number - last.current < 3) return;
    last.current = block.number;
    refresh().catch((err) => setError(describeError(err)));
  }, [block.number, c, refresh]);

  if (!c) return <p>No Snatch or Share deployment on this network.</p>;
  if (!c.tournament) return <p>No SnatchTournament deployment on this network.</p>;
  return (
    <div className="snatch-lobby">
      <nav className="crumbs">
        <a href={href("snatch")}>Rooms</a> › Tournaments · <a href={href("snatch", "sessions")}>Class sessions</a>
      </nav>
      <h1>SnatchGame tournaments</h1>
      <p className="intro">
        Players register; for each phase G1..G5 everyone is shuffled at random into two-player rooms of that variant (an
        odd one sits out). Only each room's round-3 result counts: score as P1 plus score as P2.
      </p>
      <div className="lobby-grid">
        <Panel title="Tournaments">
          <ListTable
            label="Tournaments"
            noun="tournaments"
            items={list}
            error={error}
            empty="No tournament yet: create the first one."
            columns={["tournament", "players", "stage", "phase", "organiser"]}
            row={({ id, view }) => (
              <tr key={id.toString()} data-tournament={id.toString()}>
                <td>
                  <a href={href("snatch", "tournament", id)}>Tournament {id.toString()}</a>
                </td>
                <td>
                  {Number(view.playerCount)} / {Number(view.cap)}
                </td>
                <td>{STAGE_NAMES[Number(view.stage)] ?? `stage ${view.stage}`}</td>
                <td>{Number(view.phase) > 0 ? `G${view.phase}` : "—"}</td>
                <td>
                  <Address address={view.organiser} you={account} />
                </td>
              </tr>
            )}
          />
        </Panel>
        <CreateTournament c={c} />
      </div>
    </div>
  );
}

/** Counts. */
const COUNTS: { key: "cap" | "roomsPerBatch"; label: string; hint: string }[] = [
  { key: "cap", label: "Player cap", hint: "2 to 2,000" },
  { key: "roomsPerBatch", label: "Rooms per batch", hint: "rooms created per transaction (1 to 150)" },
];

/** Windows: minutes at the chain's block time (the form sends blocks), or blocks on a node without one. */
const WINDOWS: { key: keyof TournamentConfig; label: string; minutes: string; hint: string }[] = [
  {
    key: "registrationBlocks",
    label: "Registration blocks",
    minutes: "Registration (minutes)",
    hint: "after it anyone may start phase 1",
  },
  {
    key: "grace",
    label: "Grace blocks",
    minutes: "Grace (minutes)",
    hint: "after a phase ends, anyone may start the next after it",
  },
  { key: "talk", label: "Talk window", minutes: "Talk window (minutes)", hint: "G5 cheap talk" },
  { key: "offer", label: "Offer window", minutes: "Offer window (minutes)", hint: "P1's offer" },
  { key: "response", label: "Response window", minutes: "Response window (minutes)", hint: "P2's answer" },
  {
    key: "decision",
    label: "Decision window",
    minutes: "Decision window (minutes)",
    hint: "P1's shame / report after a snatch",
  },
];

function CreateTournament({ c }: { c: SnatchContracts }) {
  const { signer } = useWallet();
  const { send } = useTx();
  const [config, setConfig] = useState<TournamentConfig>(DEFAULT_CONFIG);
  const verdict = useVerdict(
    signer ? () => c.tournament!.createTournament.staticCall(config, PENDING) : null,
    JSON.stringify(config),
    { contract: "SnatchTournament" },
  );
  const create = async () => {
    const t = c.tournament!;
    const receipt = await send(`Create a tournament (cap ${config.cap})`, () => t.createTournament(config), {
      contract: "SnatchTournament",
    });
    const created = receiptEvent(receipt, t.interface, "TournamentCreated");
    if (created) window.location.hash = href("snatch", "tournament", created.args.tournamentId);
  };
  return (
    <Panel title="Create a tournament" className="create">
      <form onSubmit={(e) => e.preventDefault()}>
        {COUNTS.map((f) => (
          <Field key={f.key} label={f.label} hint={f.hint}>
            <input
              className="num"
              aria-label={f.label}
              value={config[f.key]}
              inputMode="numeric"
              onChange={(e) => setConfig({ ...config, [f.key]: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
            />
          </Field>
        ))}
        {WINDOWS.map((f) => (
          <WindowField
            key={f.key}
            label={f.label}
            minutesLabel={f.minutes}
            hint={f.hint}
            blocks={config[f.key]}
            onBlocks={(blocks) => setConfig((c) => ({ ...c, [f.key]: blocks }))}
          />
        ))}
        {verdict && (
          <p className="refusal" data-testid="create-verdict">
            The contract would refuse: {verdict}.
          </p>
        )}
        <ActionButton
          onClick={create}
          disabled={!signer || verdict !== null}
          busyText="Creating…"
          call={txCall(c.tournament!, c.tournament!.createTournament, [config])}
        >
          Create the tournament
        </ActionButton>
      </form>
    </Panel>
  );
}
