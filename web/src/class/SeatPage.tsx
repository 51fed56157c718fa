// Opening a seat card (`#/seat?k=…`): the key is taken out of the address bar at once (history.replaceState: it
// stays in this page's memory only), the card is checked against the chain and deployment this page reads (a card for
// another one gets a sentence naming both), and the phone asks once "play as <name> on this device?". Yes stores the
// key in this browser (shared/burner.ts) and goes to the card's tournament. A seat that has sent transactions from
// elsewhere (another device opened the same card and played) is said so before going on.
import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { computeAddress, JsonRpcProvider, Network } from "ethers";
import { PLAY_MONEY } from "../app/BurnerBar";
import { deploymentFor, stackConfig } from "../shared/deployments";
import { describeError } from "../shared/errors";
import { href, type Route } from "../shared/routes";
import { SnatchTournament__factory } from "../../../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import { formatFixed } from "../../../client/format";
import { askToFund } from "../shared/burner";
import { useWallet } from "../shared/wallet";
import { cardMismatch, decodeCard, type SeatCard } from "../../../client/snatch/card";

/** What the page found out about the card's seat on its chain. */
interface SeatFacts {
  /** The sentence when the card does not belong here. */
  mismatch: string | null;
  nonce: number;
  balance: bigint;
  /** The name the seat registered with in the card's tournament, or null when not registered. */
  registeredAs: string | null;
}

/** Where a card leads: its tournament's page, or the rooms lobby. */
function destination(card: SeatCard): string {
  return card.tournament !== null ? href("snatch", "tournament", card.tournament) : href("snatch");
}

export function SeatPage({ route }: { route: Route }) {
  const w = useWallet();
  // Read once: the address bar loses the key right after (a re-render must not read the emptied hash).
  const [decoded] = useState(() => decodeCard(route.query));
  const card = decoded.ok ? decoded.card : null;
  const [taken, setTaken] = useState<{ others: number } | null>(null);
  const address = useMemo(() => (card ? computeAddress(card.key) : null), [card]);
  const known = address ? w.burnerStore.get(address) : null;

  // The key leaves the address bar (and the history entry) at once.
  useEffect(() => {
    if (/[?&]k=/.test(window.location.hash)) {
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}${window.location.search}#/seat`,
      );
    }
  }, []);

  // The card checked against the chain its link names, once each time the page shows it (its own providers: the
  // card may name another node than the app's).
  const url = card ? (card.rpc ?? w.localUrl) : null;
  const check = useQuery({
    queryKey: ["seatCard", url, address, card],
    enabled: !!card && !!address && url !== null,
    staleTime: 0,
    retry: false,
    placeholderData: undefined,
    queryFn: async (): Promise<SeatFacts> => {
      const probe = new JsonRpcProvider(url!, undefined, { batchMaxCount: 1, staticNetwork: true });
      try {
        const chainId = Number((await probe.getNetwork()).chainId);
        const d = deploymentFor(chainId);
        const tc = d?.contracts.SnatchTournament;
        const p = new JsonRpcProvider(url!, undefined, { batchMaxCount: 1, staticNetwork: Network.from(chainId) });
        try {
          const block = chainId === card!.chainId ? await p.getBlock(card!.deployBlock) : null;
          const mismatch = cardMismatch(card!, {
            chainId,
            network: d?.name ?? null,
            tournamentContract: tc?.address ?? null,
            blockHash: block?.hash ?? null,
          });
          let nonce = 0;
          let balance = 0n;
          let registeredAs: string | null = null;
          if (!mismatch) {
            [nonce, balance] = await Promise.all([p.getTransactionCount(address!, "latest"), p.getBalance(address!)]);
            if (card!.tournament !== null && tc) {
              const t = SnatchTournament__factory.connect(tc.address, p);
              const entry = await t.entryOf(card!.tournament, address!);
              if (entry.index > 0n) registeredAs = await t.nameOf(card!.tournament, address!);
            }
          }
          return { mismatch, nonce, balance, registeredAs };
        } finally {
          p.destroy();
        }
      } finally {
        probe.destroy();
      }
    },
  });
  const facts = check.data ?? null;
  const error = check.error ? describeError(check.error, { url: url ?? undefined }) : null;

  if (!route.query.has("k")) {
    // The card's page without a card: back from the tournament, or the address typed by hand.
    const seat = w.burner;
    return (
      <div className="seat-page">
        <h1>A seat card</h1>
        {seat ? (
          <p>
            This device plays as {seat.name ? <bdi>{seat.name}</bdi> : `seat ${seat.seat ?? ""}`}.{" "}
            <a href={seat.tournament ? href("snatch", "tournament", seat.tournament) : href("snatch")}>Go on playing</a>
          </p>
        ) : (
          <p>Scan your card&apos;s QR code with the phone&apos;s camera: its link carries your seat.</p>
        )}
      </div>
    );
  }
  if (!decoded.ok) {
    return (
      <div className="seat-page">
        <h1>A seat card</h1>
        <p className="refusal" role="alert">
          {decoded.problem[0].toUpperCase() + decoded.problem.slice(1)}.
        </p>
      </div>
    );
  }
  const c = decoded.card;
  const who = c.name ? <bdi>{c.name}</bdi> : `seat ${c.seat}`;
  const go = () => {
    window.location.hash = destination(c);
  };
  const take = () => {
    if (!address || !facts) return;
    // Transactions the seat sent before this device took it: the teacher's registration (one, when the seat is
    // registered) is expected; any more came from another device.
    const others = Math.max(0, facts.nonce - (facts.registeredAs !== null ? 1 : 0));
    w.burnerStore.save({
      key: c.key,
      address,
      chainId: c.chainId,
      source: "card",
      seat: c.seat,
      name: c.name,
      tournament: c.tournament?.toString() ?? null,
      rpc: c.rpc,
      base: facts.nonce,
      sent: 0,
      since: Date.now(),
    });
    w.switchToBurner(address);
    if (others > 0) setTaken({ others });
    else go();
  };

  return (
    <div className="seat-page" data-seat={c.seat}>
      <h1>{c.name ? <bdi>{c.name}</bdi> : `Seat ${c.seat}`}</h1>
      <p className="muted">
        Seat {c.seat}
        {c.tournament !== null ? ` · tournament ${c.tournament}` : ""} · chain {c.chainId}
      </p>
      {error && (
        <p className="refusal" role="alert">
          Cannot read the chain: {error}.
        </p>
      )}
      {!facts && !error && <p aria-busy="true">Checking the card against the chain…</p>}
      {facts?.mismatch && (
        <p className="refusal" role="alert" data-testid="card-mismatch">
          {facts.mismatch[0].toUpperCase() + facts.mismatch.slice(1)}.
        </p>
      )}
      {facts && !facts.mismatch && taken && (
        <div className="banner banner-warn" role="alert" data-testid="second-device">
          <p>
            Two devices now play {who}: this seat sent{" "}
            {taken.others === 1 ? "a transaction" : `${taken.others} transactions`} before this device took it, from
            another device that opened the same card. Both can send moves for the seat and each sees the other&apos;s as
            its own: keep one, or ask your teacher for a seat of your own.
          </p>
          <button type="button" className="btn btn-primary" data-ui="navigate" onClick={go}>
            Continue on this device
          </button>
        </div>
      )}
      {facts && !facts.mismatch && !taken && known && (
        <div className="seat-ask">
          <p>This device already plays as {who}.</p>
          <button
            type="button"
            className="btn btn-primary"
            data-ui="navigate"
            onClick={() => {
              w.switchToBurner(known.address);
              go();
            }}
          >
            Continue as {who}
          </button>
        </div>
      )}
      {facts && !facts.mismatch && !taken && !known && (
        <div className="seat-ask" role="group" aria-label="Take this seat">
          <p className="seat-question">Play as {who} on this device?</p>
          <p className="muted small">{PLAY_MONEY}</p>
          {facts.registeredAs !== null && (
            <p className="small">
              Registered in tournament {c.tournament?.toString()}
              {facts.registeredAs ? (
                <>
                  {" "}
                  as <bdi>{facts.registeredAs}</bdi>
                </>
              ) : (
                ""
              )}
              .
            </p>
          )}
          <p className="small" data-testid="seat-balance">
            It holds {formatFixed(facts.balance, 18, 6)} play ETH.
            {facts.balance === 0n &&
              address &&
              (stackConfig()?.faucet && !c.rpc
                ? " The class stack's faucet funds it at its first move."
                : ` ${askToFund({ seat: c.seat, address })[0].toUpperCase()}${askToFund({ seat: c.seat, address }).slice(1)}.`)}
          </p>
          <div className="row">
            <button
              type="button"
              className="btn btn-primary"
              data-ui="stores the seat's key in this browser"
              onClick={take}
            >
              Play as {who}
            </button>
            <a className="btn btn-secondary" href={href("")}>
              Not me
            </a>
          </div>
        </div>
      )}
    </div>
  );
}
