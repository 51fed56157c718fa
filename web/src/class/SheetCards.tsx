// The sheet's seats and cards: a table of seats (name, address, play ETH, registration) with each card's PNG; the
// teacher's CSV (seat, name, address: no key); and the printable sheet of cards (name, seat number, QR code and link),
// hidden until asked for, since every card carries its seat's key (never project it).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { formatFixed, short } from "../../../client/format";
import { PLAY_MONEY } from "../app/BurnerBar";
import { ActionButton, Panel } from "../shared/ui";
import { cardLink, type SeatCard } from "../../../client/snatch/card";
import { cardPng, download, fileSafe, qrDataUrl } from "./cardImage";
import { isFunded, seatsCsv, type Sheet, type SheetSeat } from "./sheet";
import type { SeatState } from "./useSheet";

/** The card of a sheet's seat. */
export function seatCard(sheet: Sheet, s: SheetSeat): SeatCard {
  return {
    key: s.key,
    chainId: sheet.chainId,
    tournamentContract: sheet.tournamentContract,
    deployBlock: sheet.deployBlock,
    deployHash: sheet.deployHash,
    tournament: sheet.tournament !== null ? BigInt(sheet.tournament) : null,
    seat: s.seat,
    name: s.name,
    rpc: sheet.rpc,
  };
}

function where(sheet: Sheet): string {
  return `${sheet.tournament !== null ? `Tournament ${sheet.tournament}` : "Rooms lobby"} · chain ${sheet.chainId}`;
}

export function SeatsTable({
  sheet,
  states,
  base,
}: {
  sheet: Sheet;
  states: Map<string, SeatState> | null;
  base: string;
}) {
  const png = async (s: SheetSeat) =>
    download(
      await cardPng({ name: s.name, seat: s.seat, where: where(sheet) }, cardLink(base, seatCard(sheet, s))),
      `seat-${s.seat}-${fileSafe(s.name)}.png`,
    );
  const csv = async () =>
    download(
      URL.createObjectURL(new Blob([seatsCsv(sheet.seats)], { type: "text/csv;charset=utf-8" })),
      `class-sheet-chain-${sheet.chainId}.csv`,
    );
  return (
    <Panel
      title={`Seats (${sheet.seats.length})`}
      actions={
        <ActionButton kind="secondary" onClick={csv} ui="download: seat, name, address (no keys)">
          CSV for you
        </ActionButton>
      }
    >
      <div className="table-scroll" data-scroll>
        <table className="sheet-seats" aria-label="Seats">
          <thead>
            <tr>
              <th>seat</th>
              <th>name</th>
              <th>address</th>
              <th>play ETH</th>
              {sheet.tournament !== null && <th>registered</th>}
              <th>card</th>
            </tr>
          </thead>
          <tbody>
            {sheet.seats.map((s) => {
              const st = states?.get(s.address);
              const funded = st && isFunded(sheet, s.address, st.balance);
              return (
                <tr key={s.address} data-seat={s.seat} data-funded={funded ? "yes" : "no"}>
                  <td>{s.seat}</td>
                  <td>{s.name ? <bdi>{s.name}</bdi> : <span className="muted">—</span>}</td>
                  <td>
                    <span className="addr" title={s.address}>
                      {short(s.address)}
                    </span>
                  </td>
                  <td className={funded ? "ok" : ""}>{st ? formatFixed(st.balance, 18, 5) : "…"}</td>
                  {sheet.tournament !== null && (
                    <td>
                      {st?.registered ? (
                        st.registeredName ? (
                          <>
                            as <bdi>{st.registeredName}</bdi>
                          </>
                        ) : (
                          "yes"
                        )
                      ) : st ? (
                        "no"
                      ) : (
                        "…"
                      )}
                    </td>
                  )}
                  <td>
                    <ActionButton kind="secondary" onClick={() => png(s)} ui="download: the card as a PNG">
                      PNG
                    </ActionButton>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small">The CSV keeps seat, name and address for you: no keys. {PLAY_MONEY}</p>
    </Panel>
  );
}

/** The printable sheet of cards, shown on request. */
export function CardsSheet({ sheet, base }: { sheet: Sheet; base: string }) {
  const [shown, setShown] = useState(false);
  // The QR codes are drawn once the sheet is shown, and kept for its links.
  const links = sheet.seats.map((s) => cardLink(base, seatCard(sheet, s)));
  const drawn = useQuery({
    queryKey: ["cardQr", links],
    queryFn: async () => {
      const out = new Map<string, string>();
      for (const [i, s] of sheet.seats.entries()) out.set(s.address, await qrDataUrl(links[i], 220));
      return out;
    },
    enabled: shown,
    // Another sheet's codes never stand in for this one's.
    placeholderData: undefined,
  });
  const qr = drawn.data ?? new Map<string, string>();

  return (
    <Panel
      title="Cards"
      className="cards-panel"
      actions={
        <div className="row">
          <ActionButton kind="secondary" onClick={async () => setShown(!shown)} ui="shows or hides the cards">
            {shown ? "Hide the cards" : "Show the cards"}
          </ActionButton>
          {shown && (
            <ActionButton onClick={async () => window.print()} ui="print">
              Print
            </ActionButton>
          )}
        </div>
      }
    >
      {!shown ? (
        <p className="muted">
          Each card carries its seat&apos;s key in its QR code and link: show them on your screen only, not on the
          projector. Print them (one card per student), or send each student the PNG of theirs.
        </p>
      ) : (
        <div className="seat-cards" data-testid="cards">
          {sheet.seats.map((s) => {
            const link = cardLink(base, seatCard(sheet, s));
            return (
              <article key={s.address} className="seat-card" data-seat={s.seat}>
                <div className="seat-card-text">
                  <strong className="seat-card-name">{s.name ? <bdi>{s.name}</bdi> : `Seat ${s.seat}`}</strong>
                  <span>Seat {s.seat}</span>
                  <span className="muted small">{where(sheet)}</span>
                  <span className="small">Scan with your phone&apos;s camera to play. Keep this card to yourself.</span>
                  <span className="small warn">Play money only: the card holds a key.</span>
                  <a className="card-link small" href={link}>
                    open as {s.name ? <bdi>{s.name}</bdi> : `seat ${s.seat}`}
                  </a>
                </div>
                {qr.get(s.address) ? (
                  <img className="seat-card-qr" src={qr.get(s.address)} alt={`QR code of seat ${s.seat}'s link`} />
                ) : (
                  <span aria-busy="true">…</span>
                )}
              </article>
            );
          })}
        </div>
      )}
    </Panel>
  );
}
