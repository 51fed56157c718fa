// Left only for the type class/console/runs.tsx still imports for its `answers` (no page calls it any more: the
// organiser's checks are data/checks.ts `useChecks`). Delete this file with that import.
export type ProbeResult = { ok: true } | { ok: false; reason: string; error?: string };

export type Probes = ReadonlyMap<string, ProbeResult>;
