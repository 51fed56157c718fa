// The teacher's class sheet (`#/class`): a new sheet (tournament, class size or names, keys made here), then its
// funding, the names' registration, the printable cards with their QR codes, PNGs and the CSV, and the sweep back.
// The sheet lives in this browser (one per chain), so a closed tab resumes where it was.
import { useMemo, useState } from "react";
import { formatFixed } from "../../../client/format";
import { SeatFunder__factory } from "../../../typechain-types/factories/contracts/common/funding/SeatFunder__factory";
import { SnatchTournament__factory } from "../../../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import { useChainRead } from "../data/chain";
import { chainKeys } from "../data/keys";
import { useBlock } from "../shared/block";
import { contractOf, stackConfig } from "../shared/deployments";
import { href } from "../shared/routes";
import { ActionButton, Panel } from "../shared/ui";
import { useWallet } from "../shared/wallet";
import { SheetActions } from "./SheetActions";
import { CardsSheet, SeatsTable } from "./SheetCards";
import { LookAlikes } from "./LookAlikes";
import { SheetSetup } from "./SheetSetup";
import { sweepValue } from "./sheet";
import { useSeatStates, useStoredSheet } from "./useSheet";

/** Where the cards' links point: the class stack's room address, else this page's own. */
function cardBase(): { base: string; unreachable: boolean } {
  const stack = stackConfig();
  const here = `${window.location.origin}${window.location.pathname}`;
  const base = stack?.url ?? here;
  return { base, unreachable: /^https?:\/\/(127\.|localhost|\[::1\])/.test(base) };
}

export function SheetPage() {
  const w = useWallet();
  const block = useBlock();
  const { sheet, save, discard } = useStoredSheet(w.chainId);
  const [sure, setSure] = useState(false);
  const tc = contractOf(w.deployment ?? undefined, "SnatchTournament");
  const fc = contractOf(w.deployment ?? undefined, "SeatFunder");
  const tcAddress = tc?.address;
  const fcAddress = fc?.address;
  const tournament = useMemo(
    () => (tcAddress && w.provider ? SnatchTournament__factory.connect(tcAddress, w.provider) : null),
    [tcAddress, w.provider],
  );
  const funder = useMemo(
    () => (fcAddress && w.provider ? SeatFunder__factory.connect(fcAddress, w.provider) : null),
    [fcAddress, w.provider],
  );
  const { states, error, refresh } = useSeatStates(sheet, w.provider, tournament, block.number);

  // The deployment block's hash goes on each card: a phone checks that it names the same deployment.
  const deployBlock = tc?.blockNumber;
  const provider = w.provider;
  const deploy = useChainRead(
    w.chainId !== null && provider && deployBlock !== undefined ? chainKeys.block(w.chainId, deployBlock) : null,
    async () => (await provider!.getBlock(deployBlock!))?.hash ?? null,
    { fixed: true },
  );
  const deployHash = deploy.data ?? null;

  if (!w.provider || w.chainId === null) return <p aria-busy="true">Connecting to the chain…</p>;
  if (!w.deployment || !tc)
    return <p className="refusal">No SnatchTournament deployment on chain {w.chainId}: the class sheet needs one.</p>;

  // A burner seat's play money never funds other seats, and the sweep goes back to the teacher's own account.
  const teacherProblem =
    w.mode === "burner"
      ? "This page plays a seat (play money): connect your wallet, or pick a development account, to fund or sweep."
      : !w.signer
        ? "Connect your wallet (or pick a development account) to fund the seats and sweep them back."
        : null;
  const teacher = w.mode === "burner" ? null : w.signer;
  const { base, unreachable } = cardBase();
  const left =
    sheet && states
      ? sheet.seats.reduce((sum, s) => sum + sweepValue(states.get(s.address)?.balance ?? 0n, 0n), 0n)
      : 0n;

  return (
    <div className="class-sheet">
      <h1>Class sheet</h1>
      <p className="intro">
        One card per student: a seat with its own key, funded from your account, opened on a phone by scanning its QR
        code (nothing to install, no wallet). Names are registered in the tournament for you or by each student. At the
        end, sweep what is left back to you. <a href={href("snatch", "tournaments")}>Tournaments</a>
      </p>
      {unreachable && (
        <p className="banner banner-warn" role="note">
          The cards would point at {base}, which phones cannot open: start the class stack with{" "}
          <code>npm run web -- --lan</code> and open this page from it.
        </p>
      )}
      {deploy.error && <p className="refusal">Reading the deployment's block: {deploy.error}</p>}
      {!sheet ? (
        <SheetSetup
          chainId={w.chainId}
          deployment={w.deployment}
          tournament={tournament}
          deployHash={deployHash}
          onCreate={save}
        />
      ) : (
        <>
          <p data-testid="sheet-summary">
            {sheet.seats.length} seats for{" "}
            {sheet.tournament !== null ? (
              <a href={href("snatch", "tournament", sheet.tournament)}>tournament {sheet.tournament}</a>
            ) : (
              "the rooms lobby"
            )}{" "}
            on chain {sheet.chainId}, made {new Date(sheet.createdAt).toLocaleString("en-GB")}.
          </p>
          <LookAlikes names={sheet.seats.map((s) => s.name)} />
          {error && <p className="refusal">Reading the seats: {error}</p>}
          <div className="sheet-grid">
            <div>
              <SheetActions
                sheet={sheet}
                save={save}
                states={states}
                refresh={refresh}
                provider={w.provider}
                teacher={teacher}
                teacherAddress={teacher ? w.account : null}
                teacherProblem={teacherProblem}
                funder={funder}
                tournament={tournament}
              />
              <Panel title="A new sheet">
                <p className="small">
                  Discarding forgets these seats&apos; keys in this browser
                  {left > 0n ? `: they still hold ${formatFixed(left, 18, 6)} ETH, lost unless swept back first` : ""}.
                </p>
                {left > 0n && (
                  <label className="inline small">
                    <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} /> I know
                  </label>
                )}
                <ActionButton
                  kind="danger"
                  disabled={left > 0n && !sure}
                  onClick={async () => discard()}
                  ui="forgets this sheet in this browser"
                >
                  Discard this sheet
                </ActionButton>
              </Panel>
            </div>
            <div>
              <SeatsTable sheet={sheet} states={states} base={base} />
              <CardsSheet sheet={sheet} base={base} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
