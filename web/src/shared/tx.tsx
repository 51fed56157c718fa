// Every transaction the app sends, in one panel: waiting for the wallet → pending (hash) → mined (block, gas), or
// the readable reason it failed. `send` returns the receipt, or null when it failed (already shown to the user).
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { Provider, TransactionReceipt, TransactionResponse } from "ethers";
import { useBlock, useOnBlock } from "./block";
import { describeError, type DescribeContext } from "./errors";
import { explainFailure } from "./replay";
import { useWallet } from "./wallet";
import { useToasts } from "./toasts";
import { confirmed } from "./confirm";
import type { MinedTx } from "../../../client/common/heads";
import { submit, type Action } from "./action";

export type TxStatus = "signing" | "pending" | "mined" | "failed";

export interface TrackedTx {
  id: number;
  label: string;
  status: TxStatus;
  hash?: string;
  block?: number;
  gasUsed?: bigint;
  error?: string;
}

interface TxApi {
  txs: TrackedTx[];
  /**
   * Sends and tracks a transaction; `ctx` helps the failure sentence (the called contract, a Hex board's side; the
   * current block is added).
   */
  send<T extends TransactionResponse>(
    label: string,
    submit: () => Promise<T>,
    ctx?: DescribeContext,
  ): Promise<Awaited<ReturnType<T["wait"]>> | null>;
  /** Sends an action as it is described (shared/action.ts): its label, its call, its value and gas headroom. */
  sendAction(a: Action): Promise<TransactionReceipt | null>;
  clear(): void;
}

const TxContext = createContext<TxApi | null>(null);

export function useTx(): TxApi {
  const api = useContext(TxContext);
  if (!api) throw new Error("useTx outside TxProvider");
  return api;
}

export function TxProvider({ children }: { children: ReactNode }) {
  const toasts = useToasts();
  // The page's provider, for replaying a call that failed before it was sent.
  const wallet = useRef<Provider | null>(null);
  wallet.current = useWallet().provider;
  const [txs, setTxs] = useState<TrackedTx[]>([]);
  const next = useRef(1);
  const block = useBlock();
  const latest = useRef(0);
  latest.current = block.number;
  // The clock's next block, as soon as the clock hears of it (not after the page has rendered it), with its list of
  // mined transactions when the clock has one: confirm.ts looks for a pending send there, else asks for its receipt.
  const onBlock = useOnBlock();
  const nextBlock = useCallback(
    () =>
      new Promise<readonly MinedTx[] | null>((wake) => {
        const off = onBlock((_, mined) => {
          off();
          wake(mined);
        });
      }),
    [onBlock],
  );
  const update = (id: number, patch: Partial<TrackedTx>) =>
    setTxs((all) => all.map((t) => (t.id === id ? { ...t, ...patch } : t)));

  const send = useCallback(
    async <T extends TransactionResponse>(
      label: string,
      submit: () => Promise<T>,
      ctx: DescribeContext = {},
    ): Promise<Awaited<ReturnType<T["wait"]>> | null> => {
      const id = next.current++;
      setTxs((all) => [{ id, label, status: "signing" as const }, ...all].slice(0, 30));
      let sent: T | null = null;
      try {
        const tx = await submit();
        sent = tx;
        update(id, { status: "pending", hash: tx.hash });
        const receipt = (await confirmed(tx, nextBlock, ({ block, gasUsed }) =>
          update(id, { status: "mined", block, gasUsed }),
        )) as TransactionReceipt | null;
        if (!receipt) throw new Error("the transaction was dropped");
        update(id, { status: "mined", block: receipt.blockNumber, gasUsed: receipt.gasUsed });
        return receipt as Awaited<ReturnType<T["wait"]>>;
      } catch (err) {
        // Every refusal in the contract's words: a mined revert is replayed at its block (shared/replay.ts).
        const described = await explainFailure(
          err,
          { tx: sent, provider: sent?.provider ?? wallet.current },
          { block: latest.current || undefined, ...ctx },
        ).catch(() => null);
        const text = described?.message ?? describeError(err, { block: latest.current || undefined, ...ctx });
        update(id, { status: "failed", error: text });
        toasts.push("error", `${label}: ${text}`);
        return null;
      }
    },
    [toasts, nextBlock],
  );
  const sendAction = useCallback((a: Action) => send(a.label, () => submit(a), a.describe), [send]);
  const clear = useCallback(
    () => setTxs((all) => all.filter((t) => t.status === "signing" || t.status === "pending")),
    [],
  );
  const value = useMemo(() => ({ txs, send, sendAction, clear }), [txs, send, sendAction, clear]);
  return <TxContext.Provider value={value}>{children}</TxContext.Provider>;
}

/** The transactions panel. */
export function TxPanel() {
  const { txs, clear } = useTx();
  const [all, setAll] = useState(false);
  if (txs.length === 0) return null;
  // The latest one unless unfolded (the others stay in the list, hidden): a slim bar that covers little of the page.
  return (
    <section className={`txs${all ? " txs-all" : ""}`} aria-label="Transactions">
      <header>
        <h2>Transactions</h2>
        <span>
          {txs.length > 1 && (
            <button type="button" className="link" onClick={() => setAll(!all)}>
              {all ? "latest only" : `all ${txs.length}`}
            </button>
          )}
          <button type="button" className="link" onClick={clear}>
            clear finished
          </button>
        </span>
      </header>
      <ol>
        {txs.map((t) => (
          <li key={t.id} className={`tx tx-${t.status}`} data-status={t.status} data-tx={t.id}>
            <span className="tx-label">{t.label}</span>
            <span className="tx-status">
              {t.status === "signing" && "waiting for signature…"}
              {t.status === "pending" && `pending ${t.hash?.slice(0, 10)}…`}
              {t.status === "mined" &&
                `mined in block ${t.block?.toLocaleString("en-US")}, ${t.gasUsed?.toLocaleString("en-US")} gas`}
              {t.status === "failed" && `failed: ${t.error}`}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
