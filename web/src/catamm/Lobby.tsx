// The CATAMM lobby: every game from the indexer (web/src/data/catamm.ts: paged, searchable by id, player and state),
// kept live by the data layer;
// join and start from the list; the form to create one (fee preset, pool depth, blocks per waiting state).
import { useMemo, useState } from "react";
import type { TransactionReceipt } from "ethers";
import { useBlock } from "../shared/block";
import { href } from "../shared/routes";
import { ActionButton, Field, GamesLobby, Panel } from "../shared/ui";
import { Player } from "../shared/Player";
import { emptyLine, ListControls, useListParams } from "../shared/ListControls";
import { CATAMM_STATES, useCatammGames, type CatammGameRow } from "../data/catamm";
import { parseSearch } from "../data/search";
import { useWallet } from "../shared/wallet";
import { OPEN_BLOCKS, PHASE_NAMES, Phase } from "../../../client/catamm/game";
import { DEFAULT_DEPTH_CARDS, MAX_DEPTH_CARDS, PRESET_FEES, formatBps } from "../../../client/catamm/market";
import { useCatamm, type CatammContracts } from "./contracts";
import { receiptEvent } from "../shared/receipt";
import { useVerdict } from "../data/checks";
import { gameAction, useGameChecks } from "./checks";

interface LobbyGame {
  id: bigint;
  creator: string;
  players: string[];
  depth: number;
  preset: number;
  turnBlocks: number;
  phase: number;
  turn: number;
  winner: string;
  /** While open: the last block of the open window (after it anyone may cancel). */
  deadline: number;
}

function stateText(g: LobbyGame): string {
  if (g.phase === Phase.Open) return `open: ${g.players.length} of 4 joined`;
  if (g.phase === Phase.Starting) return "starting (random value pending)";
  if (g.phase === Phase.Setup) return "draft";
  if (g.phase === Phase.Finished) return "finished";
  if (g.phase === Phase.Cancelled) return "cancelled";
  if (g.phase === Phase.Abandoned) return "ended as abandoned";
  return `turn ${g.turn} (${PHASE_NAMES[g.phase]})`;
}

const ZERO = "0x0000000000000000000000000000000000000000";

const toLobby = (row: CatammGameRow): LobbyGame => ({
  id: row.id,
  creator: row.creator,
  players: row.players.slice(0, row.playerCount),
  depth: row.depthCards,
  preset: row.feePreset,
  turnBlocks: row.turnBlocks,
  phase: row.phase,
  turn: row.turn,
  winner: row.winner ?? ZERO,
  deadline: Number(row.deadline),
});

const FILTERS = CATAMM_STATES.map((s) => ({ value: s, label: s === "all" ? "every state" : s }));

export function Lobby() {
  const c = useCatamm();
  const list = useListParams();
  const found = useCatammGames(list.params);
  const games = useMemo(() => found.rows?.map(toLobby) ?? null, [found.rows]);
  // The row actions re-ask the contract whenever the list changes.
  const version = useMemo(
    () => JSON.stringify(found.rows?.map((g) => [g.id.toString(), g.phase, g.players]) ?? []),
    [found.rows],
  );
  const search = parseSearch(list.params.search);
  const { account } = useWallet();
  if (!c) return <p>No CATAMM deployment on this network.</p>;
  return (
    <GamesLobby
      title="CATAMM"
      intro={
        <>
          Settlers of Catan on chain, with the resources traded through constant-product pools instead of between
          players, and a ghost ship instead of the robber. Two to four players; the creator starts the game; every
          waiting state has a deadline after which anyone may move the game on.
        </>
      }
      games={games}
      error={found.error}
      controls={
        <ListControls
          noun="games"
          list={list}
          found={found}
          placeholder="game id, a player's name or address"
          states={FILTERS}
        />
      }
      empty={emptyLine(search, list.params.state, "game")}
      columns={["game", "players", "fees", "pool depth", "blocks per wait", "state", "creator", ""]}
      row={(g) => (
        <tr key={g.id.toString()} data-game={g.id.toString()}>
          <td>
            <a href={href("catamm", g.id)}>Game {g.id.toString()}</a>
          </td>
          <td>
            {g.players.map((p) => (
              <div key={p}>
                <Player address={p} you={account} />
                {p === g.winner && " ★ winner"}
              </div>
            ))}
          </td>
          <td>{PRESET_FEES[g.preset]?.name ?? g.preset}</td>
          <td>{g.depth.toLocaleString("en-US")}</td>
          <td>{g.turnBlocks}</td>
          <td>{stateText(g)}</td>
          <td>
            <Player address={g.creator} you={account} />
          </td>
          <td className="row-actions">{g.phase === Phase.Open && <RowActions c={c} g={g} version={version} />}</td>
        </tr>
      )}
      side={<CreateGame c={c} />}
    />
  );
}

/** An open game's Join / Start / Cancel: offered to whom they concern, enabled by their static calls; once sent, the
 *  game's page. */
function RowActions({ c, g, version }: { c: CatammContracts; g: LobbyGame; version: string }) {
  const { account } = useWallet();
  const block = useBlock();
  const late = block.number > g.deadline;
  const joined = account !== null && g.players.some((p) => p.toLowerCase() === account.toLowerCase());
  const creator = account?.toLowerCase() === g.creator.toLowerCase();
  const join = gameAction(c, "joinGame", [g.id], `Join game ${g.id}`);
  const start = gameAction(c, "startGame", [g.id], `Start game ${g.id}`);
  const cancel = gameAction(c, "cancelGame", [g.id], `Cancel game ${g.id}`);
  const checks = useGameChecks(c, g.id, [version, late], {
    join: !joined ? join : undefined,
    start: creator ? start : undefined,
    cancel: creator || late ? cancel : undefined,
  });
  const open = () => {
    window.location.hash = href("catamm", g.id);
  };
  return (
    <>
      {!joined && checks.ok("join") && (
        <ActionButton kind="secondary" action={join} onDone={open}>
          Join
        </ActionButton>
      )}
      {creator && (
        <ActionButton
          kind="secondary"
          disabled={!checks.ok("start")}
          title={checks.why("start")}
          action={start}
          onDone={open}
        >
          Start
        </ActionButton>
      )}
      {(creator || late) && checks.ok("cancel") && (
        <ActionButton
          kind="secondary"
          title={late ? "its open window has passed: anyone may cancel it" : "the creator may cancel before the start"}
          action={cancel}
          onDone={open}
        >
          Cancel
        </ActionButton>
      )}
    </>
  );
}

function CreateGame({ c }: { c: CatammContracts }) {
  const { signer } = useWallet();
  const [depth, setDepth] = useState("100");
  const [preset, setPreset] = useState(0);
  const [turnBlocks, setTurnBlocks] = useState("50");
  const [openBlocks, setOpenBlocks] = useState(String(OPEN_BLOCKS));
  const int = (t: string) => (/^\d{1,9}$/.test(t.trim()) ? Number(t) : null);
  const args = [int(depth), preset, int(turnBlocks), int(openBlocks)] as const;
  const valid = args.every((x) => x !== null);
  const [d, , t, o] = args.map((x) => x ?? 0);
  const create = valid
    ? gameAction(
        c,
        "createGame",
        [d, preset, t, o],
        `Create a CATAMM game (${PRESET_FEES[preset].name} fees, depth ${depth})`,
      )
    : null;
  // The contract's verdict on exactly these values, before sending.
  const verdict = useVerdict(create);
  const created = (receipt: TransactionReceipt) => {
    const event = receiptEvent(receipt, c.game.interface, "GameCreated");
    if (event) window.location.hash = href("catamm", event.args.gameId as bigint);
  };
  return (
    <Panel title="Create a game" className="create">
      <form onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>Fees</legend>
          {PRESET_FEES.map((p, i) => (
            <label key={p.name} className="inline block">
              <input type="radio" name="preset" checked={preset === i} onChange={() => setPreset(i)} /> {p.name}:{" "}
              {formatBps(p.feeBps)} per swap without the pool's port, {formatBps(p.portFeeBps)} with it
            </label>
          ))}
        </fieldset>
        <Field
          label="Pool depth (cards a side)"
          hint={`1 to ${MAX_DEPTH_CARDS.toLocaleString("en-US")}; the spec's ${DEFAULT_DEPTH_CARDS.toLocaleString("en-US")} makes trades nearly free of price impact`}
        >
          <input name="depth" className="num" value={depth} onChange={(e) => setDepth(e.target.value)} />
        </Field>
        <Field label="Blocks per waiting state" hint="5 to 16,777,216: a turn, a pick, a discard or a ghost move">
          <input name="turnBlocks" className="num" value={turnBlocks} onChange={(e) => setTurnBlocks(e.target.value)} />
        </Field>
        <Field
          label="Open window (blocks)"
          hint="1 to 100,000: players join (and may leave) until you start; after it anyone may cancel an unstarted game"
        >
          <input name="openBlocks" className="num" value={openBlocks} onChange={(e) => setOpenBlocks(e.target.value)} />
        </Field>
        {!valid && <p className="why">Each number must be a whole number.</p>}
        {verdict && <p className="why">The contract would refuse these values: {verdict}</p>}
        <ActionButton
          action={create ?? undefined}
          onDone={created}
          disabled={!signer || !create || verdict !== null}
          busyText="Creating…"
        >
          Create the game
        </ActionButton>
        <p className="muted small">You join it as its first player; others join from this list, then you start it.</p>
      </form>
    </Panel>
  );
}
