// One Forking Hex game: the fork tree, the selected position's board (click or keyboard to move), find-and-prove,
// move-and-claim, then payouts, settlement and withdrawal.
import { useEffect, useMemo, useState } from "react";
import { ZeroAddress, type Overrides } from "ethers";
import { useBlock } from "../shared/block";
import { href } from "../shared/routes";
import { useToasts } from "../shared/toasts";
import { useTx } from "../shared/tx";
import { ActionButton, Address, formatAmount, Panel } from "../shared/ui";
import { useWallet } from "../shared/wallet";
import { IERC20__factory } from "../../../typechain-types/factories/@openzeppelin/contracts/token/ERC20/IERC20__factory";
import {
  boardAt,
  cellName,
  colourName,
  colourOfDepth,
  findWinningPath,
  gameState,
  outcomes as computeOutcomes,
  type Colour,
} from "../../../client/hex";
import { Board, ColourMark } from "./Board";
import { NoDeployment, useHexContract, useToken, type HexContract, type TokenInfo } from "./contracts";
import { ForkTree } from "./ForkTree";
import { Payouts } from "./Payouts";
import { positionState } from "./positionState";
import { useHexGame } from "./useGame";
import { receiptEvent } from "../shared/receipt";

/** The stake as transaction overrides: ETH as value, or an ERC-20 approval first (exactly what is needed). */
export function useStake() {
  const { send } = useTx();
  const { signer, account } = useWallet();
  return async (contract: HexContract, token: string, stake: bigint, tokenInfo: TokenInfo | null) => {
    if (token === ZeroAddress) return { value: stake } as Overrides & { value: bigint };
    if (!signer || !account) throw new Error("connect an account first");
    const erc20 = IERC20__factory.connect(token, signer);
    const allowance = await erc20.allowance(account, contract.address);
    if (allowance < stake) {
      const what = tokenInfo ? formatAmount(stake, tokenInfo.decimals, tokenInfo.symbol) : `${stake} units`;
      const ok = await send(`Approve the game to take ${what}`, () => erc20.approve(contract.address, stake), {
        contract: "ERC20",
      });
      if (!ok) return null;
    }
    return { value: 0n } as Overrides & { value: bigint };
  };
}

export function GamePage({ gameId, position }: { gameId: bigint; position?: number }) {
  const contract = useHexContract();
  const live = useHexGame(contract, gameId);
  const { data, view } = live;
  const block = useBlock();
  const { account, signer } = useWallet();
  const { send } = useTx();
  const toasts = useToasts();
  const stakeFor = useStake();
  const token = useToken(data?.token);
  const [proveOnConnect, setProveOnConnect] = useState(true);

  const selected = data ? (position && data.positions[position] ? position : data.positions.length - 1) : 0;
  const outcomes = useMemo(
    () => (data && data.ended && !data.cancelled ? computeOutcomes(data) : undefined),
    [data?.positions, data?.ended, data?.cancelled],
  );
  const board = useMemo(() => (data && selected ? boardAt(data, selected) : null), [data?.positions, selected]);

  // Report how long the first render of the tree took (figures; the e2e test reads it).
  useEffect(() => {
    if (live.loadMs !== null && data) {
      const w = window as unknown as { __hexFirstRender?: { positions: number; loadMs: number; renderMs: number } };
      const start = performance.now();
      requestAnimationFrame(() => {
        w.__hexFirstRender = {
          positions: data.positions.length - 1,
          loadMs: Math.round(live.loadMs!),
          renderMs: Math.round(performance.now() - start),
        };
      });
    }
    // Only once per load.
  }, [live.loadMs]);

  if (!contract) return <NoDeployment />;
  if (live.error && !data)
    return (
      <p className="danger">
        Game {gameId.toString()}: {live.error}
      </p>
    );
  if (!data || !board || !view || data.positions.length < 2) {
    return <p aria-busy="true">Loading game {gameId.toString()}…</p>;
  }

  const n = data.size;
  const p = data.positions[selected];
  const fmt = (x: bigint) => (token ? formatAmount(x, token.decimals, token.symbol) : x.toString());
  const state = (id: number) => positionState(data, id, block.number, block.secondsPerBlock, outcomes);
  const sel = state(selected);
  const hexCtx = { contract: "ForkingHex" as const, hexSize: n };
  const mover = colourOfDepth(p.depth) as Colour;
  const toMove = colourOfDepth(p.depth + 1) as Colour;
  const running = !data.ended && !data.cancelled;
  // Clicks stay possible on a closed position while the game runs: the contract has the last word (its refusal is
  // shown as a sentence). Proven positions and full boards take no moves.
  const canMoveHere = running && !p.proven && p.depth < n * n && signer !== null;
  const moverPath = findWinningPath(board, n, mover);
  const select = (id: number) => {
    window.location.hash = href("hex", gameId, id);
  };

  const play = async (cell: number) => {
    const next = board.slice();
    next[cell] = toMove;
    const path = proveOnConnect ? findWinningPath(next, n, toMove) : null;
    let overrides;
    try {
      overrides = await stakeFor(contract, data.token, data.stake, token);
    } catch (err) {
      toasts.push("error", String((err as Error).message));
      return;
    }
    if (!overrides) return;
    const label = `${colourName(toMove)} ${cellName(cell, n)} on #${selected}` + (path ? " and claim the win" : "");
    const receipt = await send(
      label,
      () =>
        path
          ? contract.hex.moveAndClaim(gameId, selected, cell, path, overrides)
          : contract.hex.move(gameId, selected, cell, overrides),
      hexCtx,
    );
    const moved = receiptEvent(receipt, contract.hex.interface, "Moved");
    if (moved) select(Number(moved.args.positionId));
  };

  const chain: number[] = [];
  for (let a = selected; a !== 0; a = data.positions[a].parent) chain.unshift(a);

  const overall = gameState(data);
  const status =
    overall === "cancelled"
      ? "cancelled by its creator"
      : overall === "settled"
        ? "settled: payouts credited"
        : overall === "ended"
          ? "ended: waiting for settlement"
          : view.positionCount === 1
            ? "waiting for Blue's reply to position 1"
            : `running: ends after block ${data.endBlock.toLocaleString("en-US")} unless a move extends it`;

  return (
    <div className="game">
      <div className="game-head">
        <h1>
          <a href={href("hex")}>Forking Hex</a> · game {gameId.toString()}
        </h1>
        <p className="facts">
          <span>
            {n}×{n}
          </span>
          <span>stake {fmt(data.stake)} per move</span>
          <span>
            Red {data.redBlocks} / Blue {data.blueBlocks} blocks per move
          </span>
          <span>last block {data.lastBlock ? data.lastBlock.toLocaleString("en-US") : "none"}</span>
          <span>fee {data.feeBps / 100}%</span>
          <span>
            creator <Address address={data.creator} you={account} />
          </span>
          <span className="status" data-testid="game-status">
            {status}
          </span>
        </p>
        {live.error && <p className="danger">{live.error}</p>}
      </div>

      <div className="game-grid">
        <Panel title="Fork tree" className="tree-panel">
          <ForkTree
            game={data}
            selected={selected}
            onSelect={select}
            stateOf={(id) => state(id)}
            outcomes={outcomes}
            you={account}
          />
        </Panel>

        <Panel
          title={
            <>
              Position #{selected} <ColourMark colour={mover} /> {colourName(mover)} {cellName(p.cell, n)}
            </>
          }
          className="board-panel"
        >
          <nav className="crumbs" aria-label="Path from position 1">
            {chain.length > 12 && <span>… </span>}
            {chain.slice(-12).map((id, i, shown) => (
              <span key={id}>
                <a href={href("hex", gameId, id)} aria-current={id === selected ? "true" : undefined}>
                  #{id}
                </a>
                {i < shown.length - 1 && " → "}
              </span>
            ))}
          </nav>
          <p className="posinfo" data-testid="position-info">
            Depth {p.depth}; <Address address={p.player} you={account} /> played {colourName(mover)}{" "}
            {cellName(p.cell, n)}. {running && !p.proven && <>{colourName(toMove)} to move. </>}
            <span className={`state-${sel.kind}`}>{sel.long}</span>
          </p>
          <Board
            n={n}
            board={board}
            last={p.cell}
            path={p.proven ? (moverPath ?? undefined) : undefined}
            toMove={canMoveHere ? toMove : undefined}
            onPlay={canMoveHere ? (cell) => void play(cell) : undefined}
            label={`position ${selected}, ${running && !p.proven ? `${colourName(toMove)} to move` : sel.text}`}
          />
          <div className="legend" aria-hidden="true">
            <span>
              <ColourMark colour={1} /> Red joins top ↔ bottom
            </span>
            <span>
              <ColourMark colour={2} /> Blue joins left ↔ right
            </span>
            <span>○ last stone</span>
            <span className="gold">— proven path</span>
          </div>
          {canMoveHere && (
            <div className="actions">
              <p className="hint">
                {sel.kind === "closed"
                  ? "This position is closed: the contract will refuse a move here (and say why)."
                  : `Click an empty cell (or use the arrow keys and Enter) to play ${colourName(toMove)} for ${fmt(data.stake)}.`}
              </p>
              <label className="inline">
                <input type="checkbox" checked={proveOnConnect} onChange={(e) => setProveOnConnect(e.target.checked)} />
                <span>When my move connects, claim the win in the same transaction</span>
              </label>
            </div>
          )}
          {moverPath && !p.proven && running && (
            <div className="actions">
              <p>
                {colourName(mover)} connects on this board ({moverPath.map((c) => cellName(c, n)).join("–")}).
              </p>
              <ActionButton
                disabled={!signer}
                onClick={() =>
                  send(
                    `Prove #${selected} winning for ${colourName(mover)}`,
                    () => contract.hex.claimWin(gameId, selected, moverPath),
                    hexCtx,
                  )
                }
              >
                Find and prove the winning path
              </ActionButton>
            </div>
          )}
          {running && view.positionCount === 1 && account?.toLowerCase() === data.creator.toLowerCase() && (
            <ActionButton
              kind="danger"
              onClick={() => send(`Cancel game ${gameId}`, () => contract.hex.cancelGame(gameId), hexCtx)}
            >
              Cancel the game (before Blue replies)
            </ActionButton>
          )}
        </Panel>

        <Payouts contract={contract} data={data} view={view} version={live.version} token={token} />
      </div>
    </div>
  );
}
