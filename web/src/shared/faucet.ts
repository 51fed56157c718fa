// The class stack's faucet, from the page: POST {"address"} to /faucet (scripts/web/faucet.ts) tops a burner seat up
// to its play balance and answers once the transfer is mined; a refusal (a cap reached) comes back as a sentence.

/** Asks the faucet at `url` to top `address` up; resolves once funded, rejects with the faucet's sentence. */
export async function askFaucet(url: string, address: string): Promise<{ sent: bigint; balance: bigint }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address }),
    });
  } catch (err) {
    throw new Error(`the faucet is not answering (${err instanceof Error ? err.message : String(err)})`, {
      cause: err,
    });
  }
  const body = (await res.json().catch(() => ({}))) as { error?: string; sent?: string; balance?: string };
  if (!res.ok || body.error) throw new Error(body.error ?? `the faucet answered HTTP ${res.status}`);
  return { sent: BigInt(body.sent ?? "0"), balance: BigInt(body.balance ?? "0") };
}
