// What the teacher does with a sheet's seats, each in batches with progress and every transaction in the
// transactions panel: fund them (SeatFunder.topUp from the teacher's own wallet or development account, to a target
// computed from the measured gas of a whole tournament; resumable: it never pays a seat twice), register their names
// in the tournament (the teacher's browser signs each seat's `register` with that seat's key, paid from its funds),
// and sweep what is left back to the teacher (each seat's own transfer).
import { isolate } from "../shared/bidi";
import { useState } from "react";
import { BaseWallet, SigningKey, type AbstractProvider, type FeeData, type Signer } from "ethers";
import { formatFixed, short } from "../../../client/format";
import type { SeatFunder, SnatchTournament } from "../../../typechain-types";
import { useChainRead, useEveryBlock } from "../data/chain";
import { chainKeys } from "../data/keys";
import { txCall } from "../shared/calls";
import { useWallet } from "../shared/wallet";
import { stackConfig } from "../shared/deployments";
import { askFaucet } from "../shared/faucet";
import { SeatWallet } from "../shared/seatWallet";
import { useTx } from "../shared/tx";
import { ActionButton, Panel, Progress } from "../shared/ui";
import { sendPadded } from "../../../client/snatch/gas";
import { stackUrl } from "../../../client/common/stack";
import {
  batches,
  FUND_BATCH,
  isFunded,
  seatBudget,
  sweepValue,
  TRANSFER_GAS,
  type Sheet,
  type SheetSeat,
} from "./sheet";
import { eachLimited, type SeatState } from "./useSheet";

const eth = (wei: bigint, digits = 6) => `${formatFixed(wei, 18, digits)} ETH`;
const gwei = (wei: bigint) => `${formatFixed(wei, 9, 3)} gwei`;

/** Seats whose transactions run at once (each seat is its own account: no nonce waits on another). */
const PARALLEL = 4;

interface Props {
  sheet: Sheet;
  save: (s: Sheet) => void;
  states: Map<string, SeatState> | null;
  refresh: () => Promise<void>;
  provider: AbstractProvider;
  /** The teacher's signer (a wallet or a development account), or null (not connected, or a burner seat). */
  teacher: Signer | null;
  teacherAddress: string | null;
  /** Why the teacher cannot pay from this connection, or null. */
  teacherProblem: string | null;
  funder: SeatFunder | null;
  tournament: SnatchTournament | null;
}

export function SheetActions(props: Props) {
  return (
    <>
      <FundSeats {...props} />
      {props.sheet.tournament !== null && <RegisterNames {...props} />}
      <SweepBack {...props} />
    </>
  );
}

/** The node's fee estimate, read again at every block (null until read). */
function useFees(provider: AbstractProvider): FeeData | null {
  const { chainId } = useWallet();
  const key = chainId === null ? null : chainKeys.fees(chainId);
  useEveryBlock(key);
  return useChainRead(key, () => provider.getFeeData(), { onMount: true }).data ?? null;
}

function FundSeats({ sheet, save, states, refresh, provider, teacher, teacherProblem, funder }: Props) {
  const { send } = useTx();
  const fees = useFees(provider);
  const price = fees ? (fees.maxFeePerGas ?? fees.gasPrice ?? null) : null;
  const [done, setDone] = useState<{ batches: number; of: number } | null>(null);
  const budget = price !== null ? seatBudget(price) : null;
  const target = sheet.target !== null ? BigInt(sheet.target) : (budget?.perSeat ?? null);
  const short_ = (s: SheetSeat) => {
    const b = states?.get(s.address)?.balance;
    return b === undefined || target === null ? 0n : b >= target ? 0n : target - b;
  };
  // Seats funded once count as funded after they spent some of it (their registration, their moves).
  const unfunded =
    states && target !== null
      ? sheet.seats.filter((s) => !isFunded(sheet, s.address, states.get(s.address)?.balance) && short_(s) > 0n)
      : [];
  const missing = unfunded.reduce((sum, s) => sum + short_(s), 0n);
  const first = batches(unfunded, FUND_BATCH)[0] ?? [];
  const firstValue = first.reduce((sum, s) => sum + short_(s), 0n);

  const fund = async () => {
    if (!funder || !teacher || target === null) return;
    // The target is fixed at the first funding, and every funded batch is recorded at once: a tab closed in between
    // resumes from here (and topUp itself never pays a seat that already holds the target).
    let current: Sheet = sheet.target === null ? { ...sheet, target: target.toString() } : sheet;
    save(current);
    const list = batches(unfunded, FUND_BATCH);
    setDone({ batches: 0, of: list.length });
    const f = funder.connect(teacher);
    for (const [i, batch] of list.entries()) {
      const addresses = batch.map((s) => s.address);
      const [needed] = await f.shortfall(addresses, target);
      if (needed > 0n) {
        const r = await send(
          `Fund seats ${batch[0].seat}–${batch[batch.length - 1].seat} (SeatFunder.topUp, ${eth(needed)})`,
          () => f.topUp(addresses, target, { value: needed }),
          { contract: "SeatFunder" },
        );
        if (!r) break;
      }
      current = { ...current, funded: [...(current.funded ?? []), ...addresses] };
      save(current);
      setDone({ batches: i + 1, of: list.length });
    }
    await refresh();
  };

  const funded = states ? sheet.seats.length - unfunded.length : 0;
  return (
    <Panel title="Fund the seats">
      {budget && (
        <details className="budget">
          <summary>
            Each seat gets {target !== null ? eth(target) : "…"}
            {sheet.target === null
              ? ` at ${gwei(budget.gasPrice)} a gas (the chain's max fee now)`
              : " (fixed at the first funding)"}
            : enough to play a whole tournament.
          </summary>
          <ul className="small">
            {budget.lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
            <li>
              × {gwei(budget.gasPrice)} = {eth(budget.perSeat)} per seat
            </li>
          </ul>
        </details>
      )}
      <p data-testid="funded">
        {states ? (
          <>
            <strong>
              {funded} of {sheet.seats.length} seats
            </strong>{" "}
            hold their play ETH
            {unfunded.length > 0 && `; the ${unfunded.length} others need ${eth(missing)} in all`}.
          </>
        ) : (
          "Reading the seats' balances…"
        )}
      </p>
      {done && <Progress value={done.batches} max={done.of} label={`${done.batches} of ${done.of} batches`} />}
      {teacherProblem && <p className="refusal">{teacherProblem}</p>}
      {!funder && <p className="refusal">No SeatFunder on this network: deploy it (deploy/06_seat_funder.ts).</p>}
      <ActionButton
        onClick={fund}
        disabled={!funder || !teacher || unfunded.length === 0 || target === null}
        busyText="Funding…"
        call={
          funder && first.length > 0 && target !== null
            ? txCall(funder, funder.topUp, [first.map((s) => s.address), target], { value: firstValue })
            : undefined
        }
      >
        {unfunded.length > 0 ? `Fund ${unfunded.length} seats (${eth(missing)})` : "Every seat is funded"}
      </ActionButton>
      <p className="muted small">
        From your own account, in batches of {FUND_BATCH} (SeatFunder.topUp): a seat that already holds its play ETH
        gets nothing, so an interrupted funding resumes without paying anyone twice.
      </p>
    </Panel>
  );
}

function RegisterNames({ sheet, states, refresh, provider, tournament }: Props) {
  const { send } = useTx();
  const [done, setDone] = useState<{ n: number; of: number } | null>(null);
  const tid = BigInt(sheet.tournament!);
  const todo = states ? sheet.seats.filter((s) => states.get(s.address)?.registered === false) : [];
  const registered = states ? sheet.seats.filter((s) => states.get(s.address)?.registered).length : 0;
  const stack = stackConfig();

  const register = async () => {
    if (!tournament) return;
    setDone({ n: 0, of: todo.length });
    let n = 0;
    await eachLimited(todo, PARALLEL, async (s) => {
      const seat = { seat: s.seat, name: s.name, address: s.address };
      const signer = new SeatWallet(s.key, provider, {
        seat,
        // On the class stack the faucet tops a seat up (the teacher's machine is the host).
        faucet:
          stack?.faucet && !sheet.rpc
            ? (a) => askFaucet(stackUrl(window.location.origin, stack.faucet!.path), a)
            : undefined,
      });
      const t = tournament.connect(signer);
      const r = await send(
        `Register seat ${s.seat}${s.name ? ` (${isolate(s.name)})` : ""} in tournament ${tid}`,
        () => sendPadded(t.register, tid, s.name),
        { contract: "SnatchTournament" },
      );
      setDone({ n: ++n, of: todo.length });
      return r !== null;
    });
    await refresh();
  };

  return (
    <Panel title={`Names in tournament ${tid}`}>
      <p data-testid="registered">
        {states ? `${registered} of ${sheet.seats.length} seats registered.` : "Reading the registrations…"}
      </p>
      {done && <Progress value={done.n} max={done.of} label={`${done.n} of ${done.of} registered`} />}
      <ActionButton
        onClick={register}
        disabled={!tournament || todo.length === 0}
        busyText="Registering…"
        ui="signs each seat's register(tournament, name) with that seat's key"
      >
        {todo.length > 0 ? `Register ${todo.length} seats with their names` : "Every seat is registered"}
      </ActionButton>
      <p className="muted small">
        This browser signs each seat&apos;s registration with that seat&apos;s key, paid from the seat&apos;s play ETH
        (fund first). Or let each student register on their phone when they open their card.
      </p>
    </Panel>
  );
}

function SweepBack({ sheet, states, refresh, provider, teacher, teacherAddress, teacherProblem }: Props) {
  const { send } = useTx();
  const [done, setDone] = useState<{ n: number; of: number } | null>(null);
  // A legacy transfer pays exactly its gas price: the seat ends at zero. 20% above the node's price, so it is mined
  // even if the base fee rises a little.
  const gasPrice = useFees(provider)?.gasPrice ?? null;
  const price = gasPrice === null ? null : (gasPrice * 6n) / 5n;
  const holding =
    states && price !== null
      ? sheet.seats.filter((s) => sweepValue(states.get(s.address)?.balance ?? 0n, price) > 0n)
      : [];
  const total = holding.reduce((sum, s) => sum + sweepValue(states!.get(s.address)!.balance, price!), 0n);

  const sweep = async () => {
    if (!teacherAddress || price === null || !states) return;
    setDone({ n: 0, of: holding.length });
    let n = 0;
    await eachLimited(holding, PARALLEL, async (s) => {
      const wallet = new BaseWallet(new SigningKey(s.key), provider);
      const balance = await provider.getBalance(s.address);
      const value = sweepValue(balance, price);
      if (value === 0n) return true;
      const r = await send(`Sweep seat ${s.seat} back (${eth(value)})`, () =>
        wallet.sendTransaction({ to: teacherAddress, value, gasLimit: TRANSFER_GAS, gasPrice: price, type: 0 }),
      );
      setDone({ n: ++n, of: holding.length });
      return r !== null;
    });
    await refresh();
  };

  return (
    <Panel title="Sweep back">
      <p data-testid="sweep">
        {states && price !== null
          ? holding.length > 0
            ? `${holding.length} seats hold ${eth(total)} beyond their transfer's gas.`
            : "No seat holds more than its transfer's gas."
          : "Reading the seats' balances…"}
      </p>
      {done && <Progress value={done.n} max={done.of} label={`${done.n} of ${done.of} swept`} />}
      {teacherProblem && <p className="refusal">{teacherProblem}</p>}
      <ActionButton
        kind="secondary"
        onClick={sweep}
        disabled={!teacher || !teacherAddress || holding.length === 0}
        busyText="Sweeping…"
        ui="signs each seat's transfer back to the teacher with that seat's key"
      >
        {teacherAddress ? `Sweep back to ${short(teacherAddress)}` : "Sweep back"}
      </ActionButton>
      <p className="muted small">
        At the end of the class: each seat sends what it holds, minus its transfer&apos;s gas, to your connected account
        ({PARALLEL} at a time). Cards opened afterwards hold nothing.
      </p>
    </Panel>
  );
}
