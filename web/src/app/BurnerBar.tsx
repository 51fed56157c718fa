// The wallet bar's burner parts: Play (a seat made in this browser and funded by the class stack's faucet), the seat in
// use (name, seat number, address; play money only), the other seats this browser keeps, forgetting one, and the
// second-device check: transactions from the seat that this device did not send mean another device plays it too.
import { useEffect, useRef, useState } from "react";
import { foreignTransactions, secondDeviceSentence, seatWords } from "../shared/burner";
import { useChainRead } from "../data/chain";
import { chainKeys } from "../data/keys";
import { useRefreshOn } from "../data/refresh";
import { useBlock } from "../shared/block";
import { deployments, LOCAL_CHAIN_IDS, stackConfig } from "../shared/deployments";
import { ActionButton } from "../shared/ui";
import { useWallet } from "../shared/wallet";

/** Shown wherever a burner key is held: what it is for. */
export const PLAY_MONEY =
  "A seat's key lives in this browser only and holds play money only: never send real funds to it.";

/** "Play": a seat in this browser (the faucet funds it at once). */
export function PlayButton({ big }: { big?: boolean }) {
  const w = useWallet();
  if (!w.canPlay) return null;
  return (
    <ActionButton
      kind={big ? "primary" : "secondary"}
      ui="burner: a key made in this browser, funded by the faucet"
      busyText="Making your seat…"
      title={PLAY_MONEY}
      onClick={w.play}
    >
      Play
    </ActionButton>
  );
}

/** The seat in use: who, which seat, its address; the others this browser keeps; forget. */
export function BurnerSeatBar() {
  const w = useWallet();
  const seat = w.burner;
  const [confirm, setConfirm] = useState(false);
  if (!seat) return null;
  const others = w.burners.filter((b) => b.address !== seat.address);
  const stack = stackConfig();
  return (
    <>
      <span className="badge badge-seat" title={PLAY_MONEY}>
        {seat.seat !== null ? `Seat ${seat.seat}` : "Play seat"}
        <span className="long"> · play money only</span>
      </span>
      {seat.name && (
        <strong className="seat-name">
          <bdi>{seat.name}</bdi>
        </strong>
      )}
      <details className="seat-menu">
        <summary className="btn btn-secondary" title="This seat's address, other seats, forget">
          Seat ▾
        </summary>
        <div className="seat-menu-body">
          <span className="addr" title={seat.address}>
            {seat.address}
          </span>
          <span className="small muted">{PLAY_MONEY}</span>
          {others.length > 0 && (
            <label className="inline">
              <span>Play as</span>
              <select aria-label="Seat" value={seat.address} onChange={(e) => w.switchToBurner(e.target.value)}>
                {[seat, ...others].map((b) => (
                  <option key={b.address} value={b.address}>
                    {seatWords(b)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {confirm ? (
            <span className="inline">
              <span className="small">Forget this seat&apos;s key on this device? Its play ETH stays on it.</span>
              <button type="button" className="btn btn-danger" onClick={() => w.forgetBurner(seat.address)}>
                Forget
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setConfirm(false)}>
                Keep
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => setConfirm(true)}>
              Forget this seat
            </button>
          )}
          {(stack ? stack.host : deployments.some((d) => LOCAL_CHAIN_IDS.includes(d.chainId))) && (
            <button type="button" className="btn btn-secondary" onClick={w.useLocalNode}>
              Development accounts
            </button>
          )}
        </div>
      </details>
      <SecondDevice />
    </>
  );
}

/**
 * Every few blocks: the seat's mined transaction count against what this device knows it sent. An excess seen twice
 * in a row (not a transaction of ours whose answer is still on its way) is another device on this seat, or the
 * teacher's sheet registering its name: the banner says both, and "it was my teacher" takes the count as known.
 */
function SecondDevice() {
  const w = useWallet();
  const block = useBlock();
  const [foreign, setForeign] = useState(0);
  const seen = useRef(0);
  const address = w.burner?.address ?? null;
  const provider = w.provider;
  const key = address && provider && w.chainId !== null ? chainKeys.nonce(w.chainId, address) : null;
  const nonce = useChainRead(key, () => provider!.getTransactionCount(address!, "latest"));
  useRefreshOn(key, Math.floor(block.number / 3));
  const { burnerStore } = w;
  useEffect(() => {
    const seat = address ? burnerStore.get(address) : undefined;
    if (nonce.data === undefined || !seat) return;
    const count = foreignTransactions(seat, nonce.data);
    // Twice in a row: once could be our own transaction whose answer has not come back yet.
    if (count > 0 && seen.current > 0) setForeign(count);
    if (count === 0) setForeign(0);
    seen.current = count;
  }, [address, burnerStore, nonce.data, nonce.updatedAt]);
  if (!w.burner || foreign === 0) return null;
  const known = () => {
    const seat = w.burnerStore.get(w.burner!.address);
    if (seat) w.burnerStore.save({ ...seat, base: seat.base + foreign });
    seen.current = 0;
    setForeign(0);
  };
  return (
    <div className="banner banner-warn" role="alert" data-testid="second-device">
      {secondDeviceSentence(w.burner, foreign)}.{" "}
      <button type="button" className="btn btn-secondary" onClick={known}>
        It was my teacher
      </button>
    </div>
  );
}
