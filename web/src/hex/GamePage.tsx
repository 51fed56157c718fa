// One Forking Hex game: the fork tree, the selected position's board (click or keyboard to move), find-and-prove,
// move-and-claim, then payouts, settlement and withdrawal.
import { useEffect, useMemo, useState } from "react";
import { ZeroAddress, type Overrides } from "ethers";
import { useBlock } from "../shared/block";
import { href, idPart, parseHash } from "../shared/routes";
import { action, callOf, type Action } from "../shared/action";
import { useChecks } from "../data/checks";
import { chainKeys } from "../data/keys";
import { useRefreshOn } from "../data/refresh";
import { useToasts } from "../shared/toasts";
import { useTx } from "../shared/tx";
import { ActionButton, formatAmount, Panel } from "../shared/ui";
import { Player } from "../shared/Player";
import { useWallet } from "../shared/wallet";
import { IERC20__factory } from "../../../typechain-types/factories/@openzeppelin/contracts/token/ERC20/IERC20__factory";
import {
  boardAt,
  cellName,
  colourName,
  colourOfDepth,
  findWinningPath,
  gameState,
  isOpen,
  outcomes as computeOutcomes,
  type Colour,
  type HexGameData,
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
  const { account, signer, chainId } = useWallet();
  const { sendAction } = useTx();
  const toasts = useToasts();
  const stakeFor = useStake();
  const token = useToken(data?.token);
  const [proveOnConnect, setProveOnConnect] = useState(true);

  // The position the address names; one the page has not read yet (just made, say) shows no board until it has: a
  // click must act on the position the page shows.
  const waiting = data !== null && position !== undefined && position > 0 && !data.positions[position];
  const selected = data ? (position && data.positions[position] ? position : data.positions.length - 1) : 0;
  // The game's data is a new object at every block; its positions array only when the tree changed.
  const outcomes = useMemo(
    () => (data && data.ended && !data.cancelled ? computeOutcomes(data) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the tree or the game's end changes
    [data?.positions, data?.ended, data?.cancelled],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the tree changes, not at every block
  const board = useMemo(() => (data && selected ? boardAt(data, selected) : null), [data?.positions, selected]);
  const p0 = data && selected ? data.positions[selected] : undefined;
  const n0 = data?.size ?? 0;
  // The contract's answer to "may this account move on this position now?": a static call of a move on its first
  // empty cell, asked again every block (positions close with time) and for each position shown. In a token game an
  // allowance too short is no refusal: the page approves the stake first.
  const firstEmpty = board ? Array.from(board).findIndex((v) => v === 0) : -1;
  const moverPath0 = useMemo(
    () => (board && p0 ? findWinningPath(board, n0, colourOfDepth(p0.depth) as Colour) : null),
    [board, p0, n0],
  );
  const acts = contract && data && p0 ? gameActions(contract, data, selected) : null;
  const live0 = acts !== null && !waiting && signer !== null && !data!.ended && !data!.cancelled;
  const checksKey =
    chainId !== null && contract ? [...chainKeys.hexGame(chainId, contract.address, gameId), "position"] : null;
  const checks = useChecks(checksKey, {
    move: live0 && !p0!.proven && firstEmpty >= 0 ? acts.move(firstEmpty, null) : null,
    claim: live0 && !p0!.proven && moverPath0 ? acts.claim(moverPath0) : null,
    cancel: live0 && data!.positions.length === 2 ? acts.cancel : null,
  });
  // Asked again when something happens to the game (the indexer's row changed) and when the position shown closes
  // with time (no event marks that: a quiet block must not cost a check, a closing one must). Re-checks of the same
  // position keep the board as it was; another position waits for its own answer (its calls differ).
  useRefreshOn(checksKey, [live.version, data && p0 ? isOpen(data, p0, block.number + 1) : null]);

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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only once per load
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
  const mover = colourOfDepth(p.depth) as Colour;
  const toMove = colourOfDepth(p.depth + 1) as Colour;
  const running = !data.ended && !data.cancelled;
  // Clicks stay possible on a closed position while the game runs: the contract has the last word (its refusal is
  // shown as a sentence). Proven positions and full boards take no moves.
  const canTryHere = running && !p.proven && p.depth < n * n && signer !== null;
  const canMoveHere = canTryHere && checks.ok("move");
  const moveRefusal = checks.why("move");
  const moverPath = findWinningPath(board, n, mover);
  /** Whether the address still names the position `on` (a click made just after navigating away is dropped). */
  const routeShows = (on: number) => {
    const route = parseHash(window.location.hash);
    if (route.section !== "hex" || idPart(route.parts[0]) !== gameId) return false;
    const named = idPart(route.parts[1]);
    return named === undefined ? position === undefined && on === selected : Number(named) === on;
  };
  const select = (id: number) => {
    window.location.hash = href("hex", gameId, id);
  };

  /** The path a move on `cell` would claim (when claiming on connect). */
  const claimPath = (cell: number) => {
    if (!proveOnConnect) return null;
    const next = board.slice();
    next[cell] = toMove;
    return findWinningPath(next, n, toMove);
  };
  const cellCall = (cell: number) => callOf(acts!.move(cell, claimPath(cell)));
  /** A click on `cell` of the board drawn for position `on`: sent only if that is still the position shown. */
  const play = async (on: number, cell: number) => {
    if (on !== selected || !routeShows(on)) return;
    const path = claimPath(cell);
    let overrides;
    try {
      overrides = await stakeFor(contract, data.token, data.stake, token);
    } catch (err) {
      toasts.push("error", String((err as Error).message));
      return;
    }
    if (!overrides) return;
    const receipt = await sendAction(acts!.move(cell, path));
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
            creator <Player address={data.creator} you={account} />
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

        {waiting ? (
          <Panel title={`Position #${position}`} className="board-panel">
            <p aria-busy="true" data-testid="position-loading">
              Reading position #{position} from the chain…
            </p>
          </Panel>
        ) : (
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
              Depth {p.depth}; <Player address={p.player} you={account} /> played {colourName(mover)}{" "}
              {cellName(p.cell, n)}. {running && !p.proven && <>{colourName(toMove)} to move. </>}
              <span className={`state-${sel.kind}`}>{sel.long}</span>
            </p>
            <Board
              n={n}
              board={board}
              last={p.cell}
              path={p.proven ? (moverPath ?? undefined) : undefined}
              position={selected}
              toMove={canMoveHere ? toMove : undefined}
              onPlay={canMoveHere ? (on, cell) => void play(on, cell) : undefined}
              callOf={cellCall}
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
            {canTryHere && !canMoveHere && (
              <p className="hint" data-testid="move-refusal">
                {moveRefusal
                  ? `No move here: ${moveRefusal}`
                  : "Asking the contract whether this position takes a move…"}
              </p>
            )}
            {canMoveHere && (
              <div className="actions">
                <p className="hint">
                  Click an empty cell (or use the arrow keys and Enter) to play {colourName(toMove)} for{" "}
                  {fmt(data.stake)}.
                </p>
                <label className="inline">
                  <input
                    type="checkbox"
                    checked={proveOnConnect}
                    onChange={(e) => setProveOnConnect(e.target.checked)}
                  />
                  <span>When my move connects, claim the win in the same transaction</span>
                </label>
              </div>
            )}
            {moverPath && !p.proven && running && checks.ok("claim") && (
              <div className="actions">
                <p>
                  {colourName(mover)} connects on this board ({moverPath.map((c) => cellName(c, n)).join("–")}).
                </p>
                <ActionButton action={acts!.claim(moverPath)}>Find and prove the winning path</ActionButton>
              </div>
            )}
            {running && view.positionCount === 1 && checks.ok("cancel") && (
              <ActionButton kind="danger" action={acts!.cancel}>
                Cancel the game (before Blue replies)
              </ActionButton>
            )}
          </Panel>
        )}

        <Payouts contract={contract} data={data} view={view} version={live.version} token={token} />
      </div>
    </div>
  );
}

/**
 * The actions on position `on` of a game, each described once: a move on a cell (with the claim of the win its path
 * makes, if any), the proof of the mover's win, the creator's cancel. A move pays the stake in ETH, or in a token
 * game nothing (the stake is approved first: a short allowance is then no refusal).
 */
function gameActions(contract: HexContract, data: HexGameData, on: number) {
  const n = data.size;
  const describe = { contract: "ForkingHex" as const, hexSize: n };
  const depth = data.positions[on].depth;
  const mover = colourOfDepth(depth) as Colour;
  const toMove = colourOfDepth(depth + 1) as Colour;
  const tokenGame = data.token !== ZeroAddress;
  const stake = { value: tokenGame ? 0n : data.stake, accepts: tokenGame ? ["ERC20InsufficientAllowance"] : undefined };
  return {
    move: (cell: number, path: number[] | null): Action => {
      const label = `${colourName(toMove)} ${cellName(cell, n)} on #${on}` + (path ? " and claim the win" : "");
      return path
        ? action(contract.hex, "moveAndClaim", [data.gameId, on, cell, path], { label, describe, ...stake })
        : action(contract.hex, "move", [data.gameId, on, cell], { label, describe, ...stake });
    },
    claim: (path: number[]): Action =>
      action(contract.hex, "claimWin", [data.gameId, on, path], {
        label: `Prove #${on} winning for ${colourName(mover)}`,
        describe,
      }),
    cancel: action(contract.hex, "cancelGame", [data.gameId], { label: `Cancel game ${data.gameId}`, describe }),
  };
}
