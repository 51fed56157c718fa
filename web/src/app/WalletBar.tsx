// The top bar: connection mode, account, wrong-network warning, and (local node only) a block miner.
import { useState } from "react";
import { JsonRpcProvider } from "ethers";
import { mine as mineBlocks } from "../../../client/chain";
import { useChainRead } from "../data/chain";
import { useRefreshOn } from "../data/refresh";
import { chainKeys } from "../data/keys";
import { useBlock } from "../shared/block";
import { deployments } from "../shared/deployments";
import { describeError } from "../shared/errors";
import { useToasts } from "../shared/toasts";
import { formatAmount } from "../shared/ui";
import { useWallet } from "../shared/wallet";
import { stackConfig } from "../shared/deployments";
import { BurnerSeatBar, PlayButton } from "./BurnerBar";

export function WalletBar() {
  const w = useWallet();
  const toasts = useToasts();
  const [mineCount, setMineCount] = useState("10");

  const { provider, account } = w;
  const balanceKey = provider && account && w.chainId !== null ? chainKeys.balance(w.chainId, account) : null;
  const balanceRead = useChainRead(balanceKey, () => provider!.getBalance(account!), { onMount: true });
  // On a chain mined by the clock (the class stack's block a second), every third block, as the seat's nonce
  // (BurnerBar): a class's many pages each asked the node for it at every block. Elsewhere blocks come with
  // transactions (a local node) or every 12 s: every block, so a stake or a move shows in the balance at once.
  const block = useBlock().number;
  useRefreshOn(balanceKey, stackConfig()?.blockTime ? Math.floor(block / 3) : block);
  const balance = balanceRead.data ?? null;

  const mine = async () => {
    const n = Number(mineCount);
    if (!Number.isSafeInteger(n) || n < 1 || !w.provider) return;
    if (!(w.provider instanceof JsonRpcProvider)) return;
    try {
      const method = await mineBlocks(w.provider, n);
      if (!method) throw new Error("this node mines no blocks on request");
      toasts.push("info", `Mined ${n} block${n === 1 ? "" : "s"}.`);
    } catch (err) {
      toasts.push("error", describeError(err));
    }
  };

  const wrongNetwork = w.chainId !== null && !w.deployment;
  // A phone on the class stack reads the chain but has no development account: it plays a seat of its own.
  const stack = stackConfig();
  const phone = w.mode === "local" && stack !== null && !stack.host;
  // A card being opened asks its own question: no Play beside it.
  const opening = window.location.hash.startsWith("#/seat");
  return (
    <div className="walletbar" role="group" aria-label="Wallet">
      {w.mode === "burner" ? (
        <BurnerSeatBar />
      ) : phone && opening ? null : phone ? (
        <>
          <PlayButton big />
          <span className="muted small">
            {w.burners.length > 0
              ? "or go back to a seat this browser keeps:"
              : "to take a seat in this browser (play money), or open your card's link."}
          </span>
          {w.burners.map((b) => (
            <button
              key={b.address}
              type="button"
              className="btn btn-secondary"
              onClick={() => w.switchToBurner(b.address)}
            >
              {b.name ? <bdi>{b.name}</bdi> : b.seat !== null ? `Seat ${b.seat}` : "Play seat"}
            </button>
          ))}
        </>
      ) : w.mode === "local" ? (
        <>
          <span
            className="badge badge-local"
            title="Accounts unlocked by the development node; never on a real network"
          >
            Local node · development accounts (local only)
          </span>
          <label className="inline">
            <span>Account</span>
            <select
              aria-label="Account"
              value={w.account ?? ""}
              onChange={(e) => w.chooseLocalAccount(e.target.value)}
              disabled={w.localAccounts.length === 0}
            >
              {w.localAccounts.map((a, i) => (
                <option key={a} value={a}>
                  #{i} {a.slice(0, 6)}…{a.slice(-4)}
                </option>
              ))}
            </select>
          </label>
          <label className="inline" title="Mine empty blocks on the development node (lets timers run out)">
            <span>Mine</span>
            <input
              aria-label="Blocks to mine"
              className="num"
              value={mineCount}
              onChange={(e) => setMineCount(e.target.value)}
              inputMode="numeric"
            />
            <button type="button" className="btn btn-secondary" onClick={mine}>
              blocks
            </button>
          </label>
          {/* The class stack's own machine (the teacher's laptop) has the development accounts: Play is the
              students'. */}
          {!stack?.host && <PlayButton />}
        </>
      ) : (
        <>
          {w.walletName ? (
            <span className="badge">{w.walletName}</span>
          ) : w.wallets.length === 0 ? (
            <span className="muted">No browser wallet found.</span>
          ) : (
            <span className="muted">Not connected.</span>
          )}
          {w.account && (
            <span className="addr" title={w.account}>
              {w.account.slice(0, 6)}…{w.account.slice(-4)}
            </span>
          )}
        </>
      )}
      {balance === null && balanceRead.error && (
        <span className="muted" title={balanceRead.error}>
          balance unreadable
        </span>
      )}
      {balance !== null && (
        <span className="muted" data-testid="balance">
          {formatAmount(balance, 18, w.mode === "burner" ? "play ETH" : "ETH", 4)}
        </span>
      )}
      <span className="spacer" />
      {w.wallets.length > 0 &&
        w.wallets.map((wallet) => (
          <button
            key={wallet.info.uuid}
            type="button"
            className="btn btn-secondary"
            onClick={() => void w.connectWallet(wallet.info.uuid)}
          >
            {wallet.info.icon && <img src={wallet.info.icon} alt="" width={16} height={16} />} {wallet.info.name}
          </button>
        ))}
      {w.mode === "injected" && deployments.some((d) => d.chainId === 31337 || d.chainId === 1337) && (
        <button type="button" className="btn btn-secondary" onClick={w.useLocalNode}>
          Use the local node
        </button>
      )}
      {w.problem && (
        <div className="banner banner-warn" role="alert">
          {w.problem}
        </div>
      )}
      {wrongNetwork && (
        <div className="banner banner-warn" role="alert">
          Wrong network: the wallet is on chain {w.chainId}; the games are deployed on{" "}
          {deployments.map((d) => `${d.name} (${d.chainId})`).join(", ") || "no network (build with deployments)"}.{" "}
          {w.mode === "injected" &&
            deployments.map((d) => (
              <button
                key={d.chainId}
                type="button"
                className="btn btn-secondary"
                onClick={() => w.switchChain(d.chainId)}
              >
                Switch to {d.name}
              </button>
            ))}
        </div>
      )}
    </div>
  );
}

export function BlockBar() {
  const block = useBlock();
  const w = useWallet();
  return (
    <div className="blockbar" role="group" aria-label="Chain">
      {block.lost ? (
        <span className="danger" role="alert">
          {block.lost}
        </span>
      ) : (
        <>
          <span data-testid="block-number">Block {block.number.toLocaleString("en-US")}</span>
          {block.timestamp > 0 && <span>{new Date(block.timestamp * 1000).toLocaleTimeString("en-GB")}</span>}
          <span className="muted">~{block.secondsPerBlock.toFixed(block.secondsPerBlock < 10 ? 1 : 0)} s/block</span>
          {w.chainId !== null && (
            <span className="muted">
              chain {w.chainId}
              {w.deployment ? ` (${w.deployment.name})` : ""}
            </span>
          )}
        </>
      )}
    </div>
  );
}
