// The lobby: every game from the indexer (web/src/data/hex.ts), newest first, a page at a time, searchable by id,
// creator (name or address) and state, kept live by the data layer; and the form to create one (ETH or ERC-20 stake
// with the approval step, optional last block).
import { useMemo, useState } from "react";
import { isAddress, parseUnits, ZeroAddress } from "ethers";
import { describeError } from "../shared/errors";
import { href } from "../shared/routes";
import { useToasts } from "../shared/toasts";
import { useTx } from "../shared/tx";
import { ActionButton, Field, formatAmount, GamesLobby, Panel } from "../shared/ui";
import { useBlock } from "../shared/block";
import { Player } from "../shared/Player";
import { emptyLine, ListControls, useListParams } from "../shared/ListControls";
import { useChainRead } from "../data/chain";
import { chainKeys } from "../data/keys";
import { useHexGames, type HexGameRow, type HexStateFilter } from "../data/hex";
import { parseSearch } from "../data/search";
import { useWallet } from "../shared/wallet";
import { cellName, parseCell } from "../../../client/hex";
import { NoDeployment, useHexContract, useToken, type HexContract, type TokenInfo } from "./contracts";
import { useStake } from "./GamePage";
import { IFeeConfig__factory } from "../../../typechain-types/factories/contracts/common/payments/IFeeConfig__factory";
import { receiptEvent } from "../shared/receipt";
import { action, callOf } from "../shared/action";
import { useVerdict } from "../data/checks";

type LobbyState = "waiting" | "running" | "ended" | "settling" | "settled" | "cancelled";

/** The indexer's state, with the lobby's finer cases: an open game still waiting for Blue's reply, and an open game
 *  whose end block has passed (the view's `ended`, at the page's block). */
function stateOf(g: HexGameRow, head: number): LobbyState {
  if (g.state === "open") {
    if (g.endBlock > 0n && g.endBlock < BigInt(head)) return "ended";
    return g.positionCount === 1 ? "waiting" : "running";
  }
  return g.state as LobbyState;
}

const STATE_TEXT: Record<LobbyState, string> = {
  waiting: "open: waiting for Blue's reply",
  running: "open",
  ended: "ended",
  settling: "ended, settling",
  settled: "settled",
  cancelled: "cancelled",
};

const FILTERS: { value: HexStateFilter; label: string }[] = [
  { value: "all", label: "every state" },
  { value: "waiting", label: "waiting for Blue" },
  { value: "open", label: "open" },
  { value: "ended", label: "ended" },
  { value: "settling", label: "settling" },
  { value: "settled", label: "settled" },
  { value: "cancelled", label: "cancelled" },
];

/** The developer-fund fee (basis points) the game contract's FeeConfig charges now; null while reading. */
function useFeeNow(contract: HexContract): number | null {
  const { chainId } = useWallet();
  const read = useChainRead(
    chainId === null ? null : [...chainKeys.contract(chainId, contract.address), "feeBps"],
    async () => {
      const feeConfig = IFeeConfig__factory.connect(await contract.hex.feeConfig(), contract.hex.runner);
      return Number(await feeConfig.feeBps());
    },
    { onMount: true },
  );
  return read.data ?? null;
}

function TokenAmount({ amount, token }: { amount: bigint; token: string }) {
  const info = useToken(token);
  return <>{info ? formatAmount(amount, info.decimals, info.symbol) : "…"}</>;
}

export function Lobby() {
  const contract = useHexContract();
  const head = useBlock().number;
  const list = useListParams();
  const games = useHexGames(list.params, head);
  const { account } = useWallet();
  if (!contract) return <NoDeployment />;
  const search = parseSearch(list.params.search);
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
      games={games.rows}
      error={games.error}
      controls={
        <ListControls
          noun="games"
          list={list}
          found={games}
          placeholder="game id, creator's name or address"
          states={FILTERS}
        />
      }
      empty={emptyLine(search, list.params.state, "game")}
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
          <td>{g.positionCount.toLocaleString("en-US")}</td>
          <td className={`st-${stateOf(g, head)}`}>{STATE_TEXT[stateOf(g, head)]}</td>
          <td>
            <Player address={g.creator} you={account} />
          </td>
        </tr>
      )}
      side={<CreateGame contract={contract} />}
    />
  );
}

type CreateArgs = readonly [number, bigint, bigint, bigint, string, bigint, number, number];
type Parsed =
  { ok: true; args: CreateArgs; first: number; amount: bigint; token: TokenInfo } | { ok: false; problem: string };

function CreateGame({ contract }: { contract: HexContract }) {
  const { signer } = useWallet();
  const { sendAction } = useTx();
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
  const createAction = parsed.ok
    ? action(contract.hex, "createGame", [...parsed.args], {
        label: `Create a ${n}×${n} game, Red opens ${cellName(parsed.first, n)}`,
        value,
        accepts: erc20 ? ["ERC20InsufficientAllowance"] : undefined,
        describe: { contract: "ForkingHex" },
      })
    : null;
  const verdict = useVerdict(createAction);

  const create = async () => {
    try {
      if (!parsed.ok || !createAction) throw new Error(parsed.ok ? "" : parsed.problem);
      const { amount, token: t } = parsed;
      // The stake: ETH as the action's value, or an ERC-20 approval first.
      if (!(await stakeFor(contract, t.address, amount, t))) return;
      const receipt = await sendAction(createAction);
      const created = receiptEvent(receipt, contract.hex.interface, "GameCreated");
      if (created) {
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
          call={createAction ? callOf(createAction) : undefined}
        >
          {useErc20 ? "Approve (if needed) and create" : "Create the game"}
        </ActionButton>
      </form>
    </Panel>
  );
}
