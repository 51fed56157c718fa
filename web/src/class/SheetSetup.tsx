// A new class sheet: the tournament its cards play in (one still registering, or none: the rooms lobby), the class
// size or the list of names (typed, or a text / CSV file; each name checked as the contract would), and, on a public
// network, the node phones read through. Generating makes one key per seat in this browser (never sent anywhere).
import { useState } from "react";
import { computeAddress, hexlify, randomBytes } from "ethers";
import { PLAY_MONEY } from "../app/BurnerBar";
import { useChainRead } from "../data/chain";
import { chainKeys } from "../data/keys";
import { LOCAL_CHAIN_IDS, stackConfig, type NetworkDeployment } from "../shared/deployments";
import { href } from "../shared/routes";
import { ActionButton, Field, Panel } from "../shared/ui";
import { Stage } from "../../../client/snatch/tournament";
import type { SnatchTournament } from "../../../typechain-types";
import { LookAlikes } from "./LookAlikes";
import { MAX_SEATS, namesFormat, parseNames, type Sheet } from "./sheet";

interface Open {
  id: bigint;
  players: number;
  cap: number;
}

export function SheetSetup(props: {
  chainId: number;
  deployment: NetworkDeployment;
  tournament: SnatchTournament | null;
  deployHash: string | null;
  onCreate: (sheet: Sheet) => void;
}) {
  const { chainId, deployment, tournament } = props;
  const [picked, setChoice] = useState("");
  const [size, setSize] = useState("30");
  const [names, setNames] = useState("");
  const [rpc, setRpc] = useState("");
  const local = LOCAL_CHAIN_IDS.includes(chainId);
  const stack = stackConfig();

  // The tournaments still registering (the last 30), read when the form shows.
  const tAddress = tournament ? String(tournament.target) : null;
  const registering = useChainRead(
    tAddress ? [...chainKeys.contract(chainId, tAddress), "registering"] : null,
    async (): Promise<Open[]> => {
      const count = Number(await tournament!.tournamentCount());
      const ids = Array.from({ length: Math.min(count, 30) }, (_, i) => BigInt(count - i));
      const views = await Promise.all(ids.map((id) => tournament!.tournament(id)));
      return ids
        .map((id, i) => ({ id, v: views[i] }))
        .filter(({ v }) => Number(v.stage) === Stage.Registration)
        .map(({ id, v }) => ({ id, players: Number(v.playerCount), cap: Number(v.cap) }));
    },
    { describe: { contract: "SnatchTournament" }, onMount: true },
  );
  // Unreadable: cards for the rooms lobby can still be made.
  const open = registering.data ?? (registering.error ? [] : null);
  const choice = picked !== "" ? picked : open === null ? "" : (open[0]?.id.toString() ?? "none");

  const lines = parseNames(names);
  const format = namesFormat(names);
  const problems = lines.filter((l) => l.problem);
  const count = lines.length > 0 ? lines.length : Number(size);
  const sizeOk = Number.isSafeInteger(count) && count >= 1 && count <= MAX_SEATS;
  const chosen = open?.find((o) => o.id.toString() === choice);
  const room = chosen ? chosen.cap - chosen.players : null;
  const rpcOk = local || stack !== null || /^https?:\/\/\S+$/.test(rpc.trim());
  const tc = deployment.contracts.SnatchTournament;
  const ready =
    sizeOk &&
    problems.length === 0 &&
    rpcOk &&
    props.deployHash !== null &&
    tc !== undefined &&
    (open !== null || !tournament);

  const generate = async () => {
    if (!ready || !tc || !props.deployHash) return;
    const seats = Array.from({ length: count }, (_, i) => {
      const key = hexlify(randomBytes(32));
      return { seat: i + 1, name: lines[i]?.name ?? "", address: computeAddress(key), key };
    });
    props.onCreate({
      version: 1,
      chainId,
      tournamentContract: tc.address,
      deployBlock: tc.blockNumber,
      deployHash: props.deployHash,
      tournament: chosen ? chosen.id.toString() : null,
      rpc: !local && stack === null ? rpc.trim() : null,
      target: null,
      createdAt: Date.now(),
      seats,
    });
  };

  const upload = async (file: File | undefined) => {
    if (file) setNames(await file.text());
  };

  return (
    <Panel title="A new class sheet">
      <form className="sheet-setup" onSubmit={(e) => e.preventDefault()}>
        <Field label="Tournament" hint="the cards register and play in it; or none: they open the rooms lobby">
          <select aria-label="Tournament" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {(open ?? []).map((o) => (
              <option key={o.id.toString()} value={o.id.toString()}>
                Tournament {o.id.toString()} ({o.players} of {o.cap} registered)
              </option>
            ))}
            <option value="none">None: the rooms lobby</option>
          </select>
        </Field>
        {registering.error && <p className="refusal">Reading the tournaments: {registering.error}</p>}
        {registering.data?.length === 0 && (
          <p className="muted small">
            No tournament is registering players: <a href={href("snatch", "tournaments")}>create one</a> first, or make
            cards for the rooms lobby.
          </p>
        )}
        <Field label="Class size" hint={lines.length > 0 ? "taken from the names below" : `1 to ${MAX_SEATS} seats`}>
          <input
            className="num"
            aria-label="Class size"
            inputMode="numeric"
            value={lines.length > 0 ? String(lines.length) : size}
            disabled={lines.length > 0}
            onChange={(e) => setSize(e.target.value.trim())}
          />
        </Field>
        <Field
          label="Names"
          hint="one a line, or a CSV with a name column; optional (seats without a name show their number)"
        >
          <textarea aria-label="Names" rows={6} value={names} onChange={(e) => setNames(e.target.value)} />
        </Field>
        <Field label="Names from a file" hint=".txt or .csv">
          <input
            type="file"
            aria-label="Names from a file"
            accept=".txt,.csv,text/plain,text/csv"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </Field>
        {!local && stack === null && (
          <Field label="Node for phones" hint="a public JSON-RPC URL of this network: phones have no wallet to read it">
            <input aria-label="Node for phones" value={rpc} onChange={(e) => setRpc(e.target.value)} />
          </Field>
        )}
        {lines.length > 0 && (
          <div className="names-preview" data-testid="names-preview">
            <p className="small">
              {format.kind === "csv"
                ? `Read as a CSV: its "${format.column}" column, one seat a row.`
                : "Read as one name a line (commas are part of a name: a CSV needs a header with a name column)."}{" "}
              These {lines.length} seats will be made, with these names:
            </p>
            <ol className="names-list" aria-label="Names as read">
              {lines.map((l, i) => (
                <li key={l.line} data-line={l.line} className={l.problem ? "refused" : ""}>
                  <span className="muted">seat {i + 1}:</span> <bdi>{l.name}</bdi>
                </li>
              ))}
            </ol>
            <LookAlikes names={lines.map((l) => l.name)} />
          </div>
        )}
        {problems.length > 0 && (
          <ul className="refusal" aria-label="Names refused">
            {problems.map((p) => (
              <li key={p.line}>
                Line {p.line} (<bdi>{JSON.stringify(p.name)}</bdi>): {p.problem}.
              </li>
            ))}
          </ul>
        )}
        {!sizeOk && <p className="refusal">A class is 1 to {MAX_SEATS} seats.</p>}
        {room !== null && sizeOk && count > room && (
          <p className="refusal">
            Tournament {choice} has room for {room} more players: {count - room} seats could not register.
          </p>
        )}
        <p className="muted small">
          Generating makes one key per seat in this browser (kept here, so a closed tab resumes). {PLAY_MONEY}
        </p>
        <ActionButton onClick={generate} disabled={!ready} ui="makes the seats' keys in this browser">
          Generate {sizeOk ? count : ""} seats
        </ActionButton>
      </form>
    </Panel>
  );
}
