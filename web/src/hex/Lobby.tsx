// The lobby: every game from `GameCreated` events (read in pages), with its state from the `game` view, kept live;
// and the form to create one (ETH or ERC-20 stake with the approval step, optional last block).
import { useCallback, useEffect, useMemo, useState } from "react";
import { isAddress, parseUnits, ZeroAddress } from "ethers";
import { describeError } from "../shared/errors";
import { href } from "../shared/routes";
import { useToasts } from "../shared/toasts";
import { useTx } from "../shared/tx";
import { useEventRefresh } from "../shared/useEventRefresh";
import { ActionButton, Address, Field, formatAmount, GamesLobby, Panel } from "../shared/ui";
import { useWallet } from "../shared/wallet";
import { cellName, gameState, parseCell } from "../../../client/hex";
import { pagedQuery } from "../../../client/logs";
import { NoDeployment, useHexContract, useToken, type HexContract, type TokenInfo } from "./contracts";
import { useStake } from "./GamePage";
import { IFeeConfig__factory } from "../../../typechain-types/factories/contracts/common/payments/IFeeConfig__factory";
import { receiptEvent } from "../shared/receipt";
import { txCall } from "../shared/calls";
import { PENDING, refusal, useVerdict } from "../shared/probes";

interface LobbyGame {
  id: bigint;
  size: number;
  stake: bigint;
  token: string;
  redBlocks: number;
  blueBlocks: number;
  lastBlock: number;
  creator: string;
  positions: number;
  state: "waiting" | "running" | "ended" | "settling" | "settled" | "cancelled";
  endBlock: number;
}

/** client/hex's gameState, with the lobby's two finer cases: an open game still waiting for Blue's reply, and an
 *  ended game whose settlement has begun. */
function stateOf(g: {
  cancelled: boolean;
  ended: boolean;
  settlePhase: bigint;
  positionCount: bigint;
}): LobbyGame["state"] {
  const state = gameState(g);
  if (state === "open") return g.positionCount === 1n ? "waiting" : "running";
  if (state === "ended" && g.settlePhase > 0n) return "settling";
  return state;
}

const STATE_TEXT: Record<LobbyGame["state"], string> = {
  waiting: "open: waiting for Blue's reply",
  running: "open",
  ended: "ended",
  settling: "ended, settling",
  settled: "settled",
  cancelled: "cancelled",
};

function useLobby(contract: HexContract | null) {
  const [games, setGames] = useState<LobbyGame[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    if (!contract) return;
    const count = Number(await contract.hex.gameCount());
    const latest = () => contract.hex.runner!.provider!.getBlockNumber();
    const created = await pagedQuery(
      (from, to) => contract.hex.queryFilter(contract.hex.filters.GameCreated(), from, to),
      latest,
      { fromBlock: contract.fromBlock },
    );
    const byId = new Map(created.map((e) => [e.args.gameId, e]));
    const ids = Array.from({ length: count }, (_, i) => BigInt(count - i)).slice(0, 100);
    const views = await Promise.all(ids.map((id) => contract.hex.game(id)));
    setGames(
      views.map((g, i) => ({
        id: ids[i],
        size: Number(g.size),
        stake: g.stake,
        token: g.token,
        redBlocks: Number(g.redBlocks),
        blueBlocks: Number(g.blueBlocks),
        lastBlock: Number(g.lastBlock),
        creator: byId.get(ids[i])?.args.creator ?? g.creator,
        positions: Number(g.positionCount),
        state: stateOf(g),
        endBlock: Number(g.endBlock),
      })),
    );
    setError(null);
  }, [contract]);

  // At once when a block brings an event of the contract (a new game, a move), and every 5 blocks anyway (games
  // end with time, without an event).
  useEventRefresh(contract?.hex.runner?.provider, contract?.address, refresh, 5, setError);

  return { games, error, refresh };
}

/** The developer-fund fee (basis points) the game contract's FeeConfig charges now; null while reading. */
function useFeeNow(contract: HexContract): number | null {
  const [fee, setFee] = useState<number | null>(null);
  useEffect(() => {
    let stale = false;
    (async () => {
      const feeConfig = IFeeConfig__factory.connect(await contract.hex.feeConfig(), contract.hex.runner);
      const bps = Number(await feeConfig.feeBps());
      if (!stale) setFee(bps);
    })().catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [contract]);
  return fee;
}

function TokenAmount({ amount, token }: { amount: bigint; token: string }) {
  const info = useToken(token);
  return <>{info ? formatAmount(amount, info.decimals, info.symbol) : "…"}</>;
}

export function Lobby() {
  const contract = useHexContract();
  const { games, error, refresh } = useLobby(contract);
  const { account } = useWallet();
  if (!contract) return <NoDeployment />;
  return (
    <GamesLobby
      title="Forking Hex"
      intro={
        <>
          Hex where anyone may answer any open position: each move pays the stake, a game becomes a tree of boards, and
          after the end every losing move pays the other colour's moves above it. Red joins top and bottom, Blue left
          and right.
        </>
      }
      games={games}
      error={error}
      columns={["game", "board", "stake", "blocks per move", "last block", "positions", "state", "creator"]}
      row={(g) => (
        <tr key={g.id.toString()} data-game={g.id.toString()}>
          <td>
            <a href={href("hex", g.id)}>Game {g.id.toString()}</a>
          </td>
          <td>
            {g.size}×{g.size}
          </td>
          <td>
            <TokenAmount amount={g.stake} token={g.token} />
          </td>
          <td>
            Red {g.redBlocks} / Blue {g.blueBlocks}
          </td>
          <td>{g.lastBlock ? g.lastBlock.toLocaleString("en-US") : "—"}</td>
          <td>{g.positions.toLocaleString("en-US")}</td>
          <td className={`st-${g.state}`}>{STATE_TEXT[g.state]}</td>
          <td>
            <Address address={g.creator} you={account} />
          </td>
        </tr>
      )}
      side={<CreateGame contract={contract} onCreated={refresh} />}
    />
  );
}

type CreateArgs = readonly [number, bigint, bigint, bigint, string, bigint, number, number];
type Parsed =
  { ok: true; args: CreateArgs; first: number; amount: bigint; token: TokenInfo } | { ok: false; problem: string };

function CreateGame({ contract, onCreated }: { contract: HexContract; onCreated: () => Promise<void> }) {
  const { signer } = useWallet();
  const { send } = useTx();
  const toasts = useToasts();
  const stakeFor = useStake();
  const [size, setSize] = useState("11");
  const [red, setRed] = useState("20");
  const [blue, setBlue] = useState("40");
  const [stake, setStake] = useState("0.01");
  const [useErc20, setUseErc20] = useState(false);
  const [tokenAddress, setTokenAddress] = useState("");
  const [lastBlock, setLastBlock] = useState("");
  const [cell, setCell] = useState("");
  const [maxFee, setMaxFee] = useState("");
  const feeNow = useFeeNow(contract);
  const token = useToken(useErc20 ? (isAddress(tokenAddress) ? tokenAddress : undefined) : ZeroAddress);

  const n = Number(size);
  const validSize = Number.isInteger(n) && n >= 2 && n <= 19;
  const defaultCell = validSize ? cellName(Math.floor(n / 2) * n + Math.floor(n / 2), n) : "";

  // The form's values as the call's arguments, or the first problem with them in words.
  const parsed = useMemo((): Parsed => {
    try {
      if (!validSize) throw new Error("the board side must be 2 to 19");
      if (!token) throw new Error(useErc20 ? "enter the ERC-20 token's address" : "reading the token");
      const first = parseCell(cell || defaultCell, n);
      const amount = parseUnits(stake, token.decimals);
      const maxFeeBps = maxFee.trim() === "" ? feeNow : Math.round(Number(maxFee) * 100);
      if (maxFeeBps === null || !Number.isFinite(maxFeeBps)) throw new Error("reading the developer fee");
      const whole = (t: string, what: string) => {
        if (!/^\d{1,12}$/.test(t.trim())) throw new Error(`${what} must be a whole number`);
        return BigInt(t);
      };
      const args = [
        n,
        whole(red, "Red's blocks"),
        whole(blue, "Blue's blocks"),
        amount,
        token.address,
        whole(lastBlock || "0", "the last block"),
        first,
        maxFeeBps,
      ] as const;
      return { ok: true, args, first, amount, token };
    } catch (err) {
      return { ok: false, problem: (err as Error).message };
    }
  }, [validSize, token, useErc20, cell, defaultCell, n, stake, maxFee, feeNow, red, blue, lastBlock]);
  const erc20 = parsed.ok && parsed.token.address !== ZeroAddress;
  const value = parsed.ok && !erc20 ? parsed.amount : 0n;
  // The contract's verdict on exactly these values (a token's missing approval aside: it is sent first).
  const verdict = useVerdict(
    parsed.ok && signer
      ? () =>
          contract.hex.createGame.staticCall(...parsed.args, { value, ...PENDING }).catch((err: unknown) => {
            if (erc20 && refusal(err, {}).error === "ERC20InsufficientAllowance") return;
            throw err;
          })
      : null,
    JSON.stringify(parsed.ok ? parsed.args.map(String) : parsed.problem) + String(signer !== null),
    { contract: "ForkingHex" },
  );

  const create = async () => {
    try {
      if (!parsed.ok) throw new Error(parsed.problem);
      const { args, first, amount, token: t } = parsed;
      const overrides = await stakeFor(contract, t.address, amount, t);
      if (!overrides) return;
      const receipt = await send(`Create a ${n}×${n} game, Red opens ${cellName(first, n)}`, () =>
        contract.hex.createGame(...args, overrides),
      );
      const created = receiptEvent(receipt, contract.hex.interface, "GameCreated");
      if (created) {
        await onCreated();
        window.location.hash = href("hex", created.args.gameId as bigint);
      }
    } catch (err) {
      toasts.push("error", describeError(err));
    }
  };

  return (
    <Panel title="Create a game" className="create">
      <form
        onSubmit={(e) => {
          e.preventDefault();
        }}
      >
        <Field label="Board side" hint="2 to 19">
          <input
            name="size"
            className="num"
            value={size}
            onChange={(e) => setSize(e.target.value)}
            inputMode="numeric"
          />
        </Field>
        <Field label="Red's blocks per move" hint="how long a position with Red to move stays open">
          <input name="red" className="num" value={red} onChange={(e) => setRed(e.target.value)} inputMode="numeric" />
        </Field>
        <Field label="Blue's blocks per move" hint="more than Red's">
          <input
            name="blue"
            className="num"
            value={blue}
            onChange={(e) => setBlue(e.target.value)}
            inputMode="numeric"
          />
        </Field>
        <Field label={`Stake per move${token ? ` (${token.symbol})` : ""}`}>
          <input name="stake" className="num" value={stake} onChange={(e) => setStake(e.target.value)} />
        </Field>
        <fieldset>
          <legend>Stake token</legend>
          <label className="inline">
            <input type="radio" checked={!useErc20} onChange={() => setUseErc20(false)} /> ETH
          </label>
          <label className="inline">
            <input type="radio" checked={useErc20} onChange={() => setUseErc20(true)} /> an ERC-20 token
          </label>
          {useErc20 && (
            <Field label="Token address" hint={token ? `${token.symbol}, ${token.decimals} decimals` : "0x…"}>
              <input name="token" value={tokenAddress} onChange={(e) => setTokenAddress(e.target.value.trim())} />
            </Field>
          )}
        </fieldset>
        <Field label="Last block (optional)" hint="no move after it; empty: no limit">
          <input name="lastBlock" className="num" value={lastBlock} onChange={(e) => setLastBlock(e.target.value)} />
        </Field>
        <Field label="Red's first cell" hint={`column letter and row, e.g. ${defaultCell || "f6"}`}>
          <input
            name="cell"
            className="num"
            value={cell}
            placeholder={defaultCell}
            onChange={(e) => setCell(e.target.value)}
          />
        </Field>
        <Field
          label="Highest fee you accept (%)"
          hint={`the developer fund's fee on losing moves is ${feeNow === null ? "…" : feeNow / 100}% now; a raise before your transaction is refused`}
        >
          <input
            name="maxFee"
            className="num"
            value={maxFee}
            placeholder={feeNow === null ? "" : String(feeNow / 100)}
            onChange={(e) => setMaxFee(e.target.value)}
          />
        </Field>
        {!parsed.ok && <p className="why">{parsed.problem}</p>}
        {verdict && <p className="why">The contract would refuse these values: {verdict}</p>}
        <ActionButton
          onClick={create}
          disabled={!signer || !parsed.ok || verdict !== null}
          busyText="Creating…"
          call={
            parsed.ok
              ? txCall(contract.hex, contract.hex.createGame, [...parsed.args], {
                  value,
                  accepts: erc20 ? ["ERC20InsufficientAllowance"] : [],
                })
              : undefined
          }
        >
          {useErc20 ? "Approve (if needed) and create" : "Create the game"}
        </ActionButton>
      </form>
    </Panel>
  );
}
