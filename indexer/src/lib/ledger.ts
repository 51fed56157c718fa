// The payout ledger every paying game inherits (contracts/common/payments/PayoutLedger.sol): accounts' credits,
// withdrawals and the developer fund, per contract and token.
import type { Context } from "ponder:registry";
import { ledgerAccount, ledgerFund, ledgerWithdrawal } from "ponder:schema";
import { addr } from "./json";

type Db = Context["db"];

export async function credited(db: Db, contract: string, token: string, account: string, amount: bigint) {
  await db
    .insert(ledgerAccount)
    .values({
      contract: addr(contract),
      token: addr(token),
      account: addr(account),
      credited: amount,
      withdrawn: 0n,
      balance: amount,
    })
    .onConflictDoUpdate((row) => ({ credited: row.credited + amount, balance: row.balance + amount }));
}

export async function withdrawn(
  db: Db,
  e: {
    contract: string;
    token: string;
    account: string;
    to: string;
    amount: bigint;
    fund: boolean;
    id: string;
    block: bigint;
    tx: string;
  },
) {
  if (e.fund) {
    await db
      .update(ledgerFund, { contract: addr(e.contract), token: addr(e.token) })
      .set((row) => ({ withdrawn: row.withdrawn + e.amount }));
  } else {
    await db
      .update(ledgerAccount, { contract: addr(e.contract), token: addr(e.token), account: addr(e.account) })
      .set((row) => ({ withdrawn: row.withdrawn + e.amount, balance: row.balance - e.amount }));
  }
  await db.insert(ledgerWithdrawal).values({
    id: e.id,
    contract: addr(e.contract),
    token: addr(e.token),
    account: addr(e.account),
    to: addr(e.to),
    amount: e.amount,
    fund: e.fund,
    block: e.block,
    tx: e.tx as `0x${string}`,
  });
}

/** `FundCredited` (`swept` false) adds to the fund's credits; `Swept` (which a `FundCredited` follows) says how
 *  much of them came from a sweep. */
export async function fundCredited(db: Db, contract: string, token: string, amount: bigint, swept: boolean) {
  const credited = swept ? 0n : amount;
  const sweptAmount = swept ? amount : 0n;
  await db
    .insert(ledgerFund)
    .values({ contract: addr(contract), token: addr(token), credited, withdrawn: 0n, swept: sweptAmount })
    .onConflictDoUpdate((row) => ({ credited: row.credited + credited, swept: row.swept + sweptAmount }));
}
