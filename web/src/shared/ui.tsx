// Small shared building blocks: buttons that show they are busy, labelled fields, amounts, addresses.
import { useState, type ReactNode } from "react";
import type { TransactionReceipt } from "ethers";
import { formatFixed, requestLabel } from "../../../client/format";
import { callOf, type Action } from "./action";
import { callAttrs, type TxCall } from "./calls";
import { setClaimed, useClaim } from "./claims";
import { useTx } from "./tx";

/**
 * A button running an async action; disabled (and saying so) while it runs. `action` is the action it sends
 * (shared/action.ts: its call is written on the button, and a click sends it, then `onDone` runs with the receipt);
 * or `onClick` does the work, and `call` is the transaction it sends or leads to, `ui` what it does instead when it
 * sends none: written on the button for the tests (shared/calls.ts).
 * A button that sends a transaction stays disabled from its tap until the state it acted on is gone
 * (shared/claims.ts): `state` names that state, shared by every control acting on it (an offer's Accept, Reject and
 * Snatch); by default it is the call itself. An action that resolves to nothing (a failed send: `send` resolves to
 * null) gives the state back.
 */
export function ActionButton(props: {
  onClick?: () => Promise<unknown>;
  action?: Action;
  onDone?: (receipt: TransactionReceipt) => unknown;
  children: ReactNode;
  disabled?: boolean;
  busyText?: string;
  kind?: "primary" | "secondary" | "danger";
  title?: string;
  call?: TxCall;
  ui?: string;
  state?: string;
}) {
  const [busy, setBusy] = useState(false);
  const { sendAction } = useTx();
  const call = props.call ?? (props.action ? callOf(props.action) : undefined);
  const key = props.state ?? (call ? `call:${call.to}:${call.data}:${call.value ?? 0n}` : null);
  const run = async (): Promise<unknown> => {
    if (props.onClick) return props.onClick();
    if (!props.action) return null;
    const receipt = await sendAction(props.action);
    if (receipt) await props.onDone?.(receipt);
    return receipt;
  };
  const claimed = useClaim(key);
  return (
    <button
      type="button"
      className={`btn btn-${props.kind ?? "primary"}`}
      disabled={props.disabled || busy || claimed}
      title={props.title}
      aria-busy={busy}
      {...callAttrs(call, props.ui)}
      onClick={async () => {
        if (busy || claimed) return;
        setBusy(true);
        if (key !== null) setClaimed(key, true);
        let result: unknown = null;
        try {
          result = await run();
        } finally {
          setBusy(false);
          if (key !== null && !result) setClaimed(key, false);
        }
      }}
    >
      {busy ? (props.busyText ?? "Working…") : props.children}
    </button>
  );
}

/** A labelled form row. */
export function Field(props: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="field">
      <span className="field-label">{props.label}</span>
      {props.children}
      {props.hint && <span className="field-hint">{props.hint}</span>}
    </label>
  );
}

/** A randomness request as a short label, the full id on hover. */
export function RequestId({ id }: { id: bigint }) {
  return (
    <span className="mono request-id" title={`request id ${id.toString()}`}>
      {requestLabel(id)}
    </span>
  );
}

/** A token amount: `0.01 ETH`; trailing zeros dropped, at most `digits` decimals, "≈" when more were cut. */
export function formatAmount(amount: bigint, decimals = 18, symbol = "ETH", digits = 6): string {
  const exact = formatFixed(amount, decimals, decimals);
  const shown = formatFixed(amount, decimals, digits);
  return `${exact === shown ? "" : "≈"}${shown} ${symbol}`;
}

/** A panel with a heading. */
export function Panel(props: { title: ReactNode; children: ReactNode; className?: string; actions?: ReactNode }) {
  return (
    <section className={`panel ${props.className ?? ""}`}>
      <header className="panel-head">
        <h2>{props.title}</h2>
        {props.actions}
      </header>
      {props.children}
    </section>
  );
}

/** A progress bar with a text. */
export function Progress({ value, max, label }: { value: number; max: number; label: string }) {
  return (
    <div className="progress">
      <progress value={value} max={Math.max(1, max)} aria-label={label} />
      <span>{label}</span>
    </div>
  );
}

/**
 * A lobby's list: the last read's error, "Reading …" until the first read answers, a line when there is nothing,
 * else a table with one row per item (`row` returns the `<tr>`).
 */
export function ListTable<T>(props: {
  label: string;
  noun: string;
  items: readonly T[] | null | undefined;
  error?: string | null;
  empty: ReactNode;
  columns: readonly string[];
  row: (item: T) => ReactNode;
  className?: string;
}) {
  return (
    <>
      {props.error && <p className="danger">{props.error}</p>}
      {!props.items ? (
        <p aria-busy="true">Reading {props.noun}…</p>
      ) : props.items.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <table className={props.className} aria-label={props.label}>
          <thead>
            <tr>
              {props.columns.map((c, i) => (
                <th key={i}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>{props.items.map(props.row)}</tbody>
        </table>
      )}
    </>
  );
}

/**
 * A game's lobby: its name and blurb, the "Games" list (a {@link ListTable}, below its search and pager `controls`)
 * and a side column (the create form).
 */
export function GamesLobby<T>(props: {
  title: string;
  intro: ReactNode;
  games: readonly T[] | null | undefined;
  error?: string | null;
  columns: readonly string[];
  row: (game: T) => ReactNode;
  side: ReactNode;
  controls?: ReactNode;
  /** What an empty list says (default: no game yet). */
  empty?: ReactNode;
}) {
  return (
    <div className="lobby">
      <h1>{props.title}</h1>
      <p className="intro">{props.intro}</p>
      <div className="lobby-grid">
        <Panel title="Games">
          {props.controls}
          <ListTable
            label="Games"
            noun="games"
            className="games"
            items={props.games}
            error={props.error}
            empty={props.empty ?? "No game yet: create the first one."}
            columns={props.columns}
            row={props.row}
          />
        </Panel>
        {props.side}
      </div>
    </div>
  );
}
