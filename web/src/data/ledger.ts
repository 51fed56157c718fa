// Payout ledger balances from the indexer (table ledger_account: indexer/ponder.schema.ts).
//   useLedgerBalance(contract, token, account)   what `account` can withdraw from `contract`'s ledger in `token`
import { and, eq } from "@ponder/client";
import { useQuery } from "@tanstack/react-query";
import { usePonderClient } from "@ponder/react";
import { schema } from "./client";
import { PONDER_KEY, useCaughtUp } from "./DataProvider";

const l = schema.ledgerAccount;

/**
 * The ledger's `credits(token, account)` of `contract` as the indexer has it (0 for an account never credited). Null
 * while the indexer does not answer or lags: the page then reads the node.
 */
export function useLedgerBalance(contract: string | null, token: string, account: string | null): bigint | null {
  const client = usePonderClient();
  const usable = useCaughtUp();
  const q = useQuery({
    queryKey: [PONDER_KEY, "ledgerBalance", contract, token, account],
    enabled: contract !== null && account !== null,
    queryFn: async () => {
      const rows = await client.db
        .select({ balance: l.balance })
        .from(l)
        .where(
          and(
            eq(l.contract, contract!.toLowerCase() as `0x${string}`),
            eq(l.token, token.toLowerCase() as `0x${string}`),
            eq(l.account, account!.toLowerCase() as `0x${string}`),
          ),
        );
      return (rows[0]?.balance ?? 0n).toString();
    },
  });
  const word = usable(q.isError || !q.data ? null : q.data);
  return word === null ? null : BigInt(word);
}
