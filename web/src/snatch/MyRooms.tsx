// "Your room now": the rooms the connected player sits in that are being played, as big links at the top of the
// pages a card lands on (its tournament's page, the rooms lobby) — a class session's room of three included, which no
// tournament page lists. From the indexer (data/snatch.ts useMyRooms); a tournament's own page also finds its current
// room from the contract, with the block that created it (TournamentPage.tsx).
import { href } from "../shared/routes";
import { useWallet } from "../shared/wallet";
import { useMyRooms, type RoomRow } from "../data/snatch";

/** What a room is part of, in a few words. */
export function roomKind(r: Pick<RoomRow, "sessionId" | "tournamentId" | "tournamentPhase">): string {
  if (r.sessionId !== null) return `class session ${r.sessionId}`;
  if (r.tournamentId !== null) return `tournament ${r.tournamentId}, phase ${r.tournamentPhase}`;
  return "a room of the lobby";
}

/** A big link to a room ("Go to room 25"), with what it is. */
export function RoomNowLink({ id, kind, round }: { id: bigint; kind: string; round?: string }) {
  return (
    <li data-room={id.toString()}>
      <a className="btn btn-primary room-now" href={href("snatch", "room", id)}>
        Go to room {id.toString()}
      </a>{" "}
      <span className="muted small">
        {kind}
        {round ? ` · ${round}` : ""}
      </span>
    </li>
  );
}

/** The connected player's rooms being played, but those `except` (shown by the page itself). */
export function MyRoomsNow({ except }: { except?: (r: RoomRow) => boolean }) {
  const { account } = useWallet();
  const { rows } = useMyRooms(account);
  const shown = (rows ?? []).filter((r) => !except?.(r));
  if (!account || shown.length === 0) return null;
  return (
    <section className="panel rooms-now" aria-label="Your room now" data-testid="rooms-now">
      <h2>Your room now</h2>
      <ul className="rooms-now-list">
        {shown.map((r) => (
          <RoomNowLink
            key={r.id.toString()}
            id={r.id}
            kind={roomKind(r)}
            round={r.state === "playing" ? `round ${r.round} of ${r.roundCount}` : "starting"}
          />
        ))}
      </ul>
    </section>
  );
}
