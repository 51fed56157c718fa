// Every tournament (from the indexer, web/src/data/snatch.ts: paged, searchable by id, organiser and state), and the
// form to create one.
import { useState } from "react";
import { href } from "../../shared/routes";
import type { TransactionReceipt } from "ethers";
import { useVerdict } from "../../data/checks";
import { action } from "../../shared/action";
import { ActionButton, Field, Panel } from "../../shared/ui";
import { Player } from "../../shared/Player";
import { ListPanel, useListParams } from "../../shared/ListControls";
import { TOURNAMENT_STATES, useTournaments } from "../../data/snatch";
import { useWallet } from "../../shared/wallet";
import { WindowField } from "../../shared/WindowField";
import {
  DEFAULT_CONFIG,
  STAGE_NAMES,
  TOURNAMENT_ROOMS_PER_TX,
  type TournamentConfig,
} from "../../../../client/snatch/tournament";
import { useSnatchContracts, type SnatchContracts } from "../contracts";
import { ListPage } from "../ListPage";
import { receiptEvent } from "../../shared/receipt";

export function TournamentList() {
  const c = useSnatchContracts();
  const { account } = useWallet();
  const params = useListParams();
  const found = useTournaments(params.params);

  if (!c) return <p>No Snatch or Share deployment on this network.</p>;
  if (!c.tournament) return <p>No SnatchTournament deployment on this network.</p>;
  return (
    <ListPage
      crumbs={
        <>
          Tournaments · <a href={href("snatch", "sessions")}>Class sessions</a>
        </>
      }
      title="SnatchGame tournaments"
      intro={
        <>
          Players register; for each phase G1..G5 everyone is shuffled at random into two-player rooms of that variant
          (an odd one sits out). Only each room's round-3 result counts: score as P1 plus score as P2.
        </>
      }
    >
      <ListPanel
        title="Tournaments"
        noun="tournaments"
        one="tournament"
        list={params}
        found={found}
        placeholder="tournament id, organiser's name or address"
        states={TOURNAMENT_STATES}
        none="No tournament yet: create the first one."
        columns={["tournament", "players", "stage", "phase", "organiser"]}
        row={(t) => (
          <tr key={t.id.toString()} data-tournament={t.id.toString()}>
            <td>
              <a href={href("snatch", "tournament", t.id)}>Tournament {t.id.toString()}</a>
            </td>
            <td>
              {t.playerCount} / {t.cap}
            </td>
            <td>{STAGE_NAMES[t.stage] ?? `stage ${t.stage}`}</td>
            <td>{t.phase > 0 ? `G${t.phase}` : "—"}</td>
            <td>
              <Player address={t.organiser} you={account} />
            </td>
          </tr>
        )}
      />
      <CreateTournament c={c} />
    </ListPage>
  );
}

/** Counts. */
const COUNTS: { key: "cap" | "roomsPerBatch"; label: string; hint: string }[] = [
  { key: "cap", label: "Player cap", hint: "2 to 2,000" },
  {
    key: "roomsPerBatch",
    label: "Rooms per batch",
    hint: `rooms created per transaction (1 to ${TOURNAMENT_ROOMS_PER_TX}, each under 10M gas)`,
  },
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
  const [config, setConfig] = useState<TournamentConfig>(DEFAULT_CONFIG);
  const tooMany = config.roomsPerBatch > TOURNAMENT_ROOMS_PER_TX;
  const t = c.tournament!;
  const create = action(t, "createTournament", [config], {
    label: `Create a tournament (cap ${config.cap})`,
    describe: { contract: "SnatchTournament" },
  });
  const verdict = useVerdict(create);
  const created = (receipt: TransactionReceipt) => {
    const event = receiptEvent(receipt, t.interface, "TournamentCreated");
    if (event) window.location.hash = href("snatch", "tournament", event.args.tournamentId);
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
        {tooMany && (
          <p className="refusal" data-testid="create-verdict">
            At most {TOURNAMENT_ROOMS_PER_TX} rooms per batch: each batch is one transaction, kept under 10M gas.
          </p>
        )}
        {!tooMany && verdict && (
          <p className="refusal" data-testid="create-verdict">
            The contract would refuse: {verdict}.
          </p>
        )}
        <ActionButton
          action={create}
          onDone={created}
          disabled={!signer || tooMany || verdict !== null}
          busyText="Creating…"
        >
          Create the tournament
        </ActionButton>
      </form>
    </Panel>
  );
}
