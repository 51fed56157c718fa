// A tournament kept live: its stored record and its five phases from the contract's views (they decide the page's
// actions), re-read when the indexer's rows of the tournament change (no log scan of the node), when a period or
// deadline passes, after the page's own transaction, and while the pairing randomness is awaited at a few blocks
// (shared/probes.ts lastDue). Without the indexer it falls back to asking the node for the tournament's logs each
// block, and re-reads every 10 blocks anyway. The leaderboard is the indexer's (data/snatch.ts).
import { useCallback, useEffect, useRef, useState } from "react";
import type { SnatchTournament } from "../../../../typechain-types";
import { useBlock, useTouched } from "../../shared/block";
import { describeError } from "../../shared/errors";
import { lastDue } from "../../shared/probes";
import { useWallet } from "../../shared/wallet";
import { useReload } from "../useReload";
import { PHASES, Stage } from "../../../../client/snatch/tournament";
import { useTournamentVersion } from "../../data/snatch";

export type TournamentView = Awaited<ReturnType<SnatchTournament["tournament"]>>;
export type PhaseViewData = Awaited<ReturnType<SnatchTournament["phaseView"]>>;

export interface LiveTournament {
  view: TournamentView | null;
  /** Phases 1..5 (index 0 is phase 1). */
  phases: PhaseViewData[];
  error: string | null;
  version: number;
  refresh(): void;
}

export function useTournament(t: SnatchTournament | null, id: bigint): LiveTournament {
  const block = useBlock();
  const { epoch } = useWallet();
  const [state, setState] = useState<Omit<LiveTournament, "refresh">>({
    view: null,
    phases: [],
    error: null,
    version: 0,
  });
  // The indexer's word that something of this tournament changed (null: it does not answer).
  const indexed = useTournamentVersion(id);
  // The chain's word, with the block itself: the tournament contract emitted events. Heeded while no phase plays (a
  // phase starting, its rooms being created): a phase's rooms reach their players' pages within a block or two
  // however far the indexer lags, while the many rooms finishing during play wait for the indexer's word.
  const address = useRef<string | null>(null);
  if (t && !address.current) address.current = String(t.target).toLowerCase();
  const touched = useTouched(address.current);
  const touchedLoaded = useRef(0);
  const touchedNow = useRef(touched);
  touchedNow.current = touched;
  const indexedNow = useRef(indexed);
  indexedNow.current = indexed;
  const indexedLoaded = useRef<string | null>(null);
  const head = useRef(block.number);
  head.current = block.number;
  const shown = useRef<{ view: TournamentView; phases: PhaseViewData[] } | null>(null);
  const scanned = useRef(0);
  const lastLoad = useRef(0);
  // The block of the last load for a change (not for the pairing randomness): its wait is counted from there.
  const waitFrom = useRef(0);

  useEffect(() => {
    shown.current = null;
    scanned.current = 0;
    indexedLoaded.current = null;
    setState({ view: null, phases: [], error: null, version: 0 });
  }, [t, id, epoch]);

  /**
   * Re-reads the tournament when something may have changed: a change the indexer has (or, while it does not answer,
   * a log of the tournament contract: registrations, phases, recorded rooms), a period or deadline that just passed
   * (who may start or close changes), the pairing randomness (waited on at the blocks lastDue picks), the page's own
   * transaction, or, without the indexer, every 10 blocks anyway.
   */
  const load = useCallback(
    async (forced: boolean) => {
      if (!t) return;
      const provider = t.runner!.provider!;
      const now = head.current;
      const prev = shown.current;
      const from = scanned.current + 1;
      const version = indexedNow.current;
      if (prev && !forced && (version !== null || now - lastLoad.current < 10)) {
        const changed =
          version !== null
            ? version !== indexedLoaded.current
            : from <= now &&
              (await provider.getLogs({ address: await t.getAddress(), fromBlock: from, toBlock: now })).length > 0;
        const passed = (b: number) => b > 0 && b >= from - 1 && b < now;
        const v = prev.view;
        const p = prev.phases[Number(v.phase) - 1];
        const times = [Number(v.createdAt) + Number(v.registrationBlocks), p ? Number(p.deadline) : 0];
        if (p && p.ended) times.push(Number(p.endedAt) + Number(v.grace));
        const stage = Number(v.stage);
        const poked = touchedNow.current !== touchedLoaded.current && stage !== Stage.Playing && stage !== Stage.Final;
        const moved = changed || poked || times.some(passed);
        const due = Number(v.stage) === Stage.Pairing ? lastDue(now, waitFrom.current) : null;
        if (!moved && (due === null || due < from)) {
          scanned.current = now;
          return;
        }
        if (moved) waitFrom.current = now;
      } else waitFrom.current = now;
      lastLoad.current = now;
      scanned.current = now;
      indexedLoaded.current = indexedNow.current;
      touchedLoaded.current = touchedNow.current;
      const count = await t.tournamentCount();
      if (id < 1n || id > count) throw new Error(`there is no tournament ${id} (tournaments 1–${count})`);
      const view = await t.tournament(id);
      const phases = await Promise.all(Array.from({ length: PHASES }, (_, p) => t.phaseView(id, p + 1)));
      shown.current = { view, phases };
      setState((s) => ({ view, phases, error: null, version: s.version + 1 }));
    },
    [t, id],
  );

  const refresh = useReload(
    load,
    (err) => setState((s) => ({ ...s, error: describeError(err, { contract: "SnatchTournament" }) })),
    t !== null && block.number > 0,
    [block.number, t, epoch, indexed, touched],
  );
  return { ...state, refresh };
}
