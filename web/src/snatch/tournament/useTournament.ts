// A tournament kept live, as queries under its key (data/keys.ts): its stored record and its five phases from the
// contract's views (they decide the page's actions), and the pairing request's status while it is awaited. Read
// again when the indexer's rows of the tournament change (its word), when the tournament's contract emitted events in
// a block while no phase plays (a phase starting, its rooms being created: the gateway's clock says so with the block
// itself, however far the indexer lags), when a period or deadline passes (who may start or close changes), after the
// page's own transaction, and while the pairing randomness is awaited at the blocks lastDue picks. Without an
// indexer, every 10 blocks as well. The leaderboard is the indexer's (data/snatch.ts).
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { SnatchTournament } from "../../../../typechain-types";
import { useBlock, useTouched } from "../../shared/block";
import { PHASES, Stage } from "../../../../client/snatch/tournament";
import { useChainRead } from "../../data/chain";
import { chainKeys } from "../../data/keys";
import { lastDue, refresh, useRefreshOn, useRefreshOnRise, useSince } from "../../data/refresh";
import { useTournamentWord } from "../../data/words";
import { useRandomness } from "../contracts";

export type TournamentView = Awaited<ReturnType<SnatchTournament["tournament"]>>;
export type PhaseViewData = Awaited<ReturnType<SnatchTournament["phaseView"]>>;

export interface LiveTournament {
  view: TournamentView | null;
  /** Phases 1..5 (index 0 is phase 1). */
  phases: PhaseViewData[];
  /** IRandomness.Status of the pairing request while it is awaited (null: none, or not read yet). */
  pairingStatus: number | null;
  error: string | null;
  /** The key of the tournament's views and its actions' checks. */
  stateKey: QueryKey | null;
  refresh(): void;
}

const DESCRIBE = { contract: "SnatchTournament" } as const;
const NO_PHASES: PhaseViewData[] = [];

export function useTournament(chainId: number | null, t: SnatchTournament | null, id: bigint): LiveTournament {
  const queryClient = useQueryClient();
  const block = useBlock().number;
  const word = useTournamentWord(id);
  const address = t ? String(t.target) : null;
  const touched = useTouched(address);
  const randomness = useRandomness(chainId, t);
  const scope = t && chainId !== null ? chainKeys.tournament(chainId, address!, id) : null;
  const stateKey = scope && [...scope, "state"];

  const read = useChainRead(
    stateKey && [...stateKey, "view"],
    async () => {
      if (!queryClient.getQueryData([...stateKey!, "view"])) {
        const count = await t!.tournamentCount();
        if (id < 1n || id > count) throw new Error(`there is no tournament ${id} (tournaments 1–${count})`);
      }
      const [view, phases] = await Promise.all([
        t!.tournament(id),
        Promise.all(Array.from({ length: PHASES }, (_, p) => t!.phaseView(id, p + 1))),
      ]);
      return { view, phases };
    },
    { describe: DESCRIBE },
  );
  const view = read.data?.view ?? null;
  const phases = read.data?.phases ?? NO_PHASES;
  const stage = view ? Number(view.stage) : 0;
  const phase = view ? phases[Number(view.phase) - 1] : undefined;
  const pairing = stage === Stage.Pairing && phase !== undefined && phase.request !== 0n ? phase.request : null;
  const status = useChainRead(
    stateKey && pairing !== null && randomness ? [...stateKey, "request", pairing] : null,
    async () => Number(await randomness!.status(pairing!)),
  );

  // The indexer's word; without one, every 10 blocks.
  useRefreshOn(stateKey, word ?? Math.floor(block / 10));
  // The contract's own events, heeded while no phase plays (many rooms finishing during play wait for the word).
  useRefreshOn(stateKey, stage === Stage.Playing || stage === Stage.Final ? "playing" : touched);
  // A period or deadline passed; the pairing randomness, at the blocks lastDue picks from its request on.
  const since = useSince(pairing, block);
  const times = view
    ? [Number(view.createdAt) + Number(view.registrationBlocks), phase ? Number(phase.deadline) : 0]
    : [];
  if (phase?.ended) times.push(Number(phase.endedAt) + Number(view!.grace));
  const passed = Math.max(0, ...times.filter((b) => b > 0 && b < block));
  useRefreshOnRise(stateKey, pairing !== null ? (lastDue(block, since) ?? 0) : passed);

  return {
    view,
    phases,
    pairingStatus: pairing !== null ? (status.data ?? null) : null,
    error: read.error ?? status.error,
    stateKey,
    refresh: () => {
      if (scope) refresh(queryClient, scope);
    },
  };
}
