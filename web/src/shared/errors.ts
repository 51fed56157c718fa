// TEMPORARY until the client layer (branch i11) lands: replaced by client's describeError.
export function describeError(err: unknown): string {
  const e = err as { shortMessage?: string; message?: string };
  return e?.shortMessage ?? e?.message ?? String(err);
}
