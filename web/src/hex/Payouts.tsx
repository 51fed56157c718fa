// Payouts of a game for every player (the contract's `payoutOf`, before or after settlement) with the reasons (which
// losing move paid whom, from the tree), settlement in batches with a progress bar, and withdrawal.
import { useMemo, useState } from "react";
import { useBlock } from "../shared/block";
import { useChainRead, useEveryBlock } from "../data/chain";
import { chainKeys } from "../data/keys";
import { useLedgerBalance } from "../data/ledger";
import { useRefreshOn } from "../data/refresh";
import { useTx } from "../shared/tx";
import { action, callOf, withLabel } from "../shared/action";
import { useChecks } from "../data/checks";
import { ActionButton, Field, formatAmount, Panel, Progress } from "../shared/ui";
import { Player } from "../shared/Player";
import { VirtualList } from "../shared/VirtualList";
import { useWallet } from "../shared/wallet";
import { cellName, colourName, colourOfDepth, lossBreakdown, type HexGameData } from "../../../client/hex";
import type { HexContract, TokenInfo } from "./contracts";
import { settleProgress } from "./settle";

interface PayoutRow {
  player: string;
  moves: bigint;
  deposited: bigint;
  refunded: bigint;
  forfeited: bigint;
  rewards: bigint;
  total: bigint;
}

/** Games this big load payouts on request: each `payoutOf` evaluates the whole tree (~3,600 gas per position). */
const AUTO_PAYOUTS_UP_TO = 300;

export function Payouts(props: {
  contract: HexContract;
  data: HexGameData;
  view: { positionCount: number; lowestProven: number; settleCursor: number };
  version: number;
  token: TokenInfo | null;
}) {
  const { contract, data, view, token } = props;
  const { account } = useWallet();
  const { sendAction } = useTx();
  const block = useBlock();
  const [wanted, setWanted] = useState(view.positionCount <= AUTO_PAYOUTS_UP_TO);
  const [batch, setBatch] = useState("250");
  const fmt = (x: bigint) => (token ? formatAmount(x, token.decimals, token.symbol) : x.toString());
  const players = useMemo(
    () => [...new Set(data.positions.slice(1).map((p) => p.player))],
    // Players only change when positions are added.
    [data.positions],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the game's data is new at every block, its fields only on change
  const losses = useMemo(() => lossBreakdown(data), [data.positions, data.ended, data.settlePhase]);
  const settled = data.settlePhase === 3;

  // payoutOf for every player: on request for big trees, and again when the game changes.
  const { chainId } = useWallet();
  const gameKey = chainId === null ? null : chainKeys.hexGame(chainId, contract.address, data.gameId);
  const payoutsKey = gameKey && wanted ? [...gameKey, "payouts", players] : null;
  const payouts = useChainRead(
    payoutsKey,
    async () => {
      const all = await Promise.all(players.map((player) => contract.hex.payoutOf(data.gameId, player)));
      return all.map((p, i): PayoutRow => ({
        player: players[i],
        moves: p.moves,
        deposited: p.deposited,
        refunded: p.refunded,
        forfeited: p.forfeited,
        rewards: p.rewards,
        total: p.total,
      }));
    },
    { describe: { contract: "ForkingHex" }, onMount: true },
  );
  useRefreshOn(payoutsKey, props.version);
  const rows = payouts.data ?? null;
  const error = payouts.error;

  // The connected account's credit in the ledger (all games, this token): the indexer's, or the node's every block
  // while the indexer does not answer.
  const indexedCredit = useLedgerBalance(contract.address, data.token, account);
  const creditKey =
    chainId !== null && account && indexedCredit === null
      ? [...chainKeys.contract(chainId, contract.address), "credits", data.token.toLowerCase(), account.toLowerCase()]
      : null;
  const nodeCredit =
    useChainRead(creditKey, () => contract.hex.credits(data.token, account!), { onMount: true }).data ?? null;
  useEveryBlock(creditKey);
  const credit = account ? (indexedCredit ?? nodeCredit) : null;

  const size = Math.max(1, Math.floor(Number(batch) || 250));
  // Settle and Withdraw, each described once: the contract's answer to each (static calls), asked again when the game
  // or the credit changes (with the indexer's word), else every block.
  const describe = { contract: "ForkingHex" as const };
  const settleAction = action(contract.hex, "settle", [data.gameId, BigInt(size)], {
    label: `Settle game ${data.gameId} (${size} positions)`,
    describe,
  });
  const withdrawAction = action(contract.hex, "withdraw", [data.token], {
    label: `Withdraw ${credit !== null ? fmt(credit) : ""}`,
    describe,
  });
  const checksKey = gameKey && [...gameKey, "payoutActions"];
  const checks = useChecks(checksKey, {
    settle: data.ended && !settled && !data.cancelled ? settleAction : null,
    withdraw: withdrawAction,
  });
  useRefreshOn(checksKey, [props.version, indexedCredit === null ? block.number : `${credit}:${data.ended}`]);

  const progress = settleProgress(data.settlePhase, view.settleCursor, view.positionCount, view.lowestProven);

  const settle = async () => {
    for (let i = 0; i < 10_000; i++) {
      const receipt = await sendAction(
        withLabel(settleAction, `Settle game ${data.gameId}: batch ${i + 1} (${size} positions)`),
      );
      if (!receipt) return;
      const g = await contract.hex.game(data.gameId);
      if (Number(g.settlePhase) === 3) return;
    }
  };

  // Reasons per player: the losing moves they forfeited and the losing moves that paid them.
  const reasons = (player: string) => {
    const lower = player.toLowerCase();
    const lost = losses.filter((l) => l.player.toLowerCase() === lower);
    const paid = losses.filter((l) => [...l.rewards.keys()].some((k) => k.toLowerCase() === lower));
    const parts: string[] = [];
    if (lost.length > 0) parts.push(`lost ${lost.map((l) => `#${l.id}`).join(", ")}`);
    if (paid.length > 0) {
      parts.push(
        `paid by ${paid
          .map((l) => {
            const amount = [...l.rewards].find(([k]) => k.toLowerCase() === lower)![1];
            return `#${l.id} (+${fmt(amount)})`;
          })
          .join(", ")}`,
      );
    }
    return parts.join("; ") || "no losing move involved";
  };

  return (
    <Panel title="Payouts" className="payout-panel">
      <div className="payout-body">
        <div>
          {!data.ended && !data.cancelled && (
            <p className="hint">The game is running: these are what the current tree would pay if it ended now.</p>
          )}
          {!wanted ? (
            <ActionButton kind="secondary" ui="computes the payouts (views)" onClick={async () => setWanted(true)}>
              Compute payouts for {players.length} players ({view.positionCount.toLocaleString("en-US")} positions)
            </ActionButton>
          ) : error ? (
            <p className="danger">{error}</p>
          ) : !rows ? (
            <p aria-busy="true">Computing payouts…</p>
          ) : (
            <table className="payouts" aria-label="Payouts by player">
              <thead>
                <tr>
                  <th>player</th>
                  <th>moves</th>
                  <th>deposited</th>
                  <th>refunded</th>
                  <th>forfeited</th>
                  <th>rewards</th>
                  <th>{settled ? "credited" : "payout"}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.player} data-player={r.player.toLowerCase()}>
                    <td>
                      <Player address={r.player} you={account} />
                      <div className="why">{reasons(r.player)}</div>
                    </td>
                    <td>{r.moves.toString()}</td>
                    <td>{fmt(r.deposited)}</td>
                    <td>{fmt(r.refunded)}</td>
                    <td>{fmt(r.forfeited)}</td>
                    <td>{fmt(r.rewards)}</td>
                    <td className="total">{fmt(r.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}

          {losses.length > 0 && (
            <details className="losses" open={losses.length <= 8}>
              <summary>
                {losses.length} losing move{losses.length === 1 ? "" : "s"}
                {data.ended ? "" : " if the game ended now"}: who paid whom
              </summary>
              <VirtualList
                count={losses.length}
                rowHeight={44}
                height={Math.min(44 * losses.length, 260)}
                renderRow={(i) => {
                  const l = losses[i];
                  const p = data.positions[l.id];
                  return (
                    <div className="loss">
                      Losing move <a href={`#/hex/${data.gameId}/${l.id}`}>#{l.id}</a> (
                      {colourName(colourOfDepth(p.depth))} {cellName(p.cell, data.size)} by{" "}
                      <Player address={l.player} you={account} />) forfeits {fmt(l.stake)} →{" "}
                      {[...l.rewards].map(([who, x], k) => (
                        <span key={who}>
                          {k > 0 && ", "}
                          <Player address={who} you={account} /> +{fmt(x)}
                        </span>
                      ))}
                      {l.rewards.size === 0 && "nobody above it"}; fund {fmt(l.toFund)}
                    </div>
                  );
                }}
              />
            </details>
          )}
        </div>
        <div>
          <h3>Settlement</h3>
          {data.cancelled ? (
            <p>Cancelled: the creator's stake was credited back.</p>
          ) : !data.ended ? (
            <p>
              Settlement opens once the game ends (after block{" "}
              {data.endBlock ? data.endBlock.toLocaleString("en-US") : "—"}
              ).
            </p>
          ) : (
            <>
              <Progress value={progress.done} max={progress.total} label={progress.text} />
              {!settled && (
                <div className="row">
                  <Field label="Positions per transaction">
                    <input
                      className="num"
                      value={batch}
                      onChange={(e) => setBatch(e.target.value)}
                      inputMode="numeric"
                    />
                  </Field>
                  <ActionButton
                    onClick={settle}
                    busyText="Settling…"
                    disabled={!checks.ok("settle")}
                    title={checks.why("settle")}
                    call={callOf(settleAction)}
                  >
                    Settle
                  </ActionButton>
                </div>
              )}
            </>
          )}

          <h3>Your balance in the game contract</h3>
          {account ? (
            <div className="row">
              <span data-testid="credit">{credit === null ? "…" : fmt(credit)} credited (all games, this token)</span>
              <ActionButton
                disabled={!credit || !checks.ok("withdraw")}
                title={checks.why("withdraw")}
                action={withdrawAction}
              >
                Withdraw
              </ActionButton>
            </div>
          ) : (
            <p>Connect an account to withdraw.</p>
          )}
        </div>
      </div>
    </Panel>
  );
}
