// A tournament kept live: its stored record and its five phases (re-read each block), and its leaderboard, read in
// pages from the contract's view whenever a room result or a registration changes it.
import { useCallback, useEffect, useRef, useState } from "react";
import type { SnatchTournament } from "../../../../typechain-types";
import { useBlock } from "../../shared/block";
import { describeError } from "../../shared/errors";
import { useWallet } from "../../shared/wallet";
import { useReload } from "../useReload";
import { PHASES, Stage, type LeaderboardRow } from "../../../../client/snatch/tournament";

export type TournamentView = Awaited<ReturnType<SnatchTournament["tournament"]>>;
export type PhaseViewData = Awaited<ReturnType<SnatchTournament["phaseView"]>>;

export interface LiveTournament {
  view: TournamentView | null;
  /** Phases 1..5 (index 0 is phase 1). */
  phases: PhaseViewData[];
  rows: LeaderboardRow[] | null;
  error: string | null;
  version: number;
  refresh(): void;
}

/** Leaderboard rows per view call. */
export const LEADERBOARD_PAGE = 100;

export function useTournament(t: SnatchTournament | null, id: bigint): LiveTournament {
  const block = useBlock();
  const { epoch } = useWallet();
  const [state, setState] = useState<Omit<LiveTournament, "refresh">>({
    view: null,
    phases: [],
    rows: null,
    error: null,
    version: 0,
  });
  const boardKey = useRef("");
  const rows = useRef<LeaderboardRow[] | null>(null);
  const shown = useRef<{ view: TournamentView; phases: PhaseViewData[] } | null>(null);
  const scanned = useRef(0);
  const lastLoad = useRef(0);

  useEffect(() => {
    boardKey.current = "";
    rows.current = null;
    shown.current = null;
    scanned.current = 0;
    setState({ view: null, phases: [], rows: null, error: null, version: 0 });
  }, [t, id, epoch]);

  /**
   * Re-reads the tournament when something may have changed: a log of the tournament contract (registrations, phases,
   * recorded rooms), a period or deadline that just passed (who may start or close changes), the pairing randomness,
   * the page's own transaction, or every 10 blocks anyway.
   */
  const load = useCallback(
    async (forced: boolean) => {
      if (!t) return;
      const provider = t.runner!.provider!;
      const head = await provider.getBlockNumber();
      const prev = shown.current;
      const from = scanned.current + 1;
      if (prev && !forced && head - lastLoad.current < 10 && Number(prev.view.stage) !== Stage.Pairing) {
        const logs =
          from <= head ? await provider.getLogs({ address: await t.getAddress(), fromBlock: from, toBlock: head }) : [];
        const passed = (b: number) => b > 0 && b >= from - 1 && b < head;
        const v = prev.view;
        const p = prev.phases[Number(v.phase) - 1];
        const times = [Number(v.createdAt) + Number(v.registrationBlocks), p ? Number(p.deadline) : 0];
        if (p && p.ended) times.push(Number(p.endedAt) + Number(v.grace));
        if (logs.length === 0 && !times.some(passed)) {
          scanned.current = head;
          return;
        }
      }
      lastLoad.current = head;
      scanned.current = head;
      const count = await t.tournamentCount();
      if (id < 1n || id > count) throw new Error(`there is no tournament ${id} (tournaments 1–${count})`);
      const view = await t.tournament(id);
      const phases = await Promise.all(Array.from({ length: PHASES }, (_, p) => t.phaseView(id, p + 1)));
      // The leaderboard changes with registrations and recorded rooms only.
      const key = `${view.playerCount}:${phases.map((p) => p.totals.finished).join(",")}:${view.stage}`;
      if (key !== boardKey.current) {
        const all: LeaderboardRow[] = [];
        for (let offset = 0; offset < Number(view.playerCount); offset += LEADERBOARD_PAGE) {
          all.push(...(await t.leaderboard(id, offset, LEADERBOARD_PAGE)));
        }
        rows.current = all;
        boardKey.current = key;
      }
      shown.current = { view, phases };
      setState((s) => ({ view, phases, rows: rows.current, error: null, version: s.version + 1 }));
    },
    [t, id],
  );

  const refresh = useReload(
    load,
    (err) => setState((s) => ({ ...s, error: describeError(err, { contract: "SnatchTournament" }) })),
    t !== null && block.number > 0,
    [block.number, t, epoch],
  );
  return { ...state, refresh };
}
