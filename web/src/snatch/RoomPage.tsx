// One room, for its players and for observers: the round and its rules in plain words, the phase and its deadline,
// every seat's role, holdings, escrow, points, shame and flags; the connected seat's controls (each shown only when
// the contract would accept it, with the contract's reason where an expected action is refused); the room's offers;
// the G5 chat; and the history rebuilt from events. Its data comes from useRoom, the list of actions the seat might
// take from roomActions.ts, and the contract's answers to them from data/checks.ts.
import { useMemo } from "react";
import { Countdown } from "../shared/Countdown";
import { href } from "../shared/routes";
import { useWallet } from "../shared/wallet";
import { short } from "../../../client/format";
import { seatNames } from "../../../client/snatch/history";
import { useChecks } from "../data/checks";
import { usePlayerNames } from "../data/names";
import { isolate } from "../shared/bidi";
import { Phase, RULE_NAMES, RuleSet } from "../../../client/snatch/names";
import { formatName, phaseText, RULE_TEXT, SCORING_TEXT } from "../../../client/snatch/rules";
import { seatLabel, seatOf, type RoomState } from "../../../client/snatch/state";
import { useSnatchContracts } from "./contracts";
import { answerable, RoomMoves } from "./RoomMoves";
import { RoomOffers } from "./RoomOffers";
import { PhasePanel } from "./RoomPhase";
import { roomOffers } from "./roomActions";
import { Seats } from "./RoomSeats";
import { Chat, Timeline } from "./Timeline";
import { useRoom, type FormatInfo, type LiveRoom } from "./useRoom";

export function RoomPage({ roomId }: { roomId: bigint }) {
  const c = useSnatchContracts();
  const live = useRoom(c, roomId);
  const { account } = useWallet();
  const { room, offers, format } = live;
  const seat = room ? seatOf(room, account) : -1;
  // Classmates by name: the indexer's (a tournament's registration, a session's seat, a join anywhere), else the name
  // the seat carried into this room.
  const looked = usePlayerNames(room?.seats.map((s) => s.player) ?? []);
  const joined = useMemo(() => seatNames(live.events), [live.events]);
  const offered = useMemo(
    () => (c && room ? roomOffers(c.rooms, room, offers, seat, account) : {}),
    [c, room, offers, seat, account],
  );
  const checks = useChecks(live.stateKey, offered);
  const toAnswer = useMemo(() => (room ? answerable(room, offers, checks) : []), [room, offers, checks]);

  if (!c) return <p>No Snatch or Share deployment on this network.</p>;
  if (live.error && !room)
    return (
      <p className="danger">
        Room {roomId.toString()}: {live.error}
      </p>
    );
  if (!room || !format) return <p aria-busy="true">Loading room {roomId.toString()}…</p>;

  // A classmate by name with the role beside it ("Ada (corn producer)"), the role alone for a seat without a name;
  // the name isolated (shared/bidi.ts): it lands in options and labels, beside other text.
  const nameOf = (address: string) => {
    const s = seatOf(room, address);
    const you = account && address.toLowerCase() === account.toLowerCase() ? " (you)" : "";
    const name = (s >= 0 ? looked[s] : null) || joined.get(address.toLowerCase());
    const role = s >= 0 && room.round > 0 ? seatLabel(room, s) : null;
    if (name) return `${isolate(name)}${role ? ` (${role})` : ""}${you}`;
    return `${role ?? short(address)}${you}`;
  };

  const props = { c, room, live, seat, checks, nameOf };
  return (
    <div className="snatch-room" data-room={roomId.toString()} data-phase={room.phase} data-round={room.round}>
      <nav className="crumbs">
        <a href={href("snatch")}>Rooms</a> › Room {roomId.toString()}
        {room.observer !== "0x0000000000000000000000000000000000000000" &&
          (c.session && room.observer.toLowerCase() === String(c.session.target).toLowerCase() ? (
            <>
              {" "}
              · <a href={href("snatch", "sessions")}>a class session&apos;s room</a>
            </>
          ) : (
            <>
              {" "}
              · <a href={href("snatch", "tournaments")}>a tournament room</a>
            </>
          ))}
      </nav>
      <RoomHead room={room} format={format} live={live} />
      <div className="room-grid">
        {/* The player's own move first (on a phone, the first screen): then what anyone may do, the round's rules,
            the seats and the offers. */}
        <div className="room-main">
          <RoomMoves {...props} toAnswer={toAnswer} />
          <PhasePanel c={c} room={room} live={live} checks={checks} />
          <Rules room={room} />
          <Seats room={room} you={account} live={live} />
          <RoomOffers {...props} skip={toAnswer} />
        </div>
        <div className="room-side">
          {(format.rounds.includes(RuleSet.G5CheapTalk) || live.events.some((e) => e.name === "MessageSent")) && (
            <Chat c={c} room={room} live={live} checks={checks} nameOf={nameOf} you={account} />
          )}
          <Timeline events={live.events} nameOf={nameOf} />
        </div>
      </div>
    </div>
  );
}

function RoomHead({ room, format, live }: { room: RoomState; format: FormatInfo; live: LiveRoom }) {
  const running = room.phase >= Phase.Trading && room.phase <= Phase.Deciding;
  const title = formatName(format.playerCount, format.rounds);
  return (
    <header className="room-head">
      <h1>
        Room {room.roomId.toString()} · {title}
      </h1>
      <ol className="round-strip" aria-label="Rounds">
        {format.rounds.map((r, i) => {
          const done = room.phase >= Phase.Finished;
          const current = !done && i + 1 === room.round;
          return (
            <li
              key={i}
              className={current ? "current" : done || i + 1 < room.round ? "past" : ""}
              aria-current={current ? "step" : undefined}
            >
              <span className="rnum">{i + 1}</span> {RULE_NAMES[r]}
            </li>
          );
        })}
      </ol>
      <div className="phase-line">
        <strong data-testid="phase">
          {room.round > 0 && room.phase < Phase.Finished && `Round ${room.round} of ${room.roundCount} · `}
          {phaseText(room)}
        </strong>
        {running && (
          <span className="countdown" data-testid="deadline">
            <Countdown deadline={room.deadline} />{" "}
            <small className="muted until">(until block {room.deadline.toLocaleString("en-US")})</small>
          </span>
        )}
        {room.phase === Phase.Trading && (
          <span className="muted">
            offers for <Countdown deadline={room.offersUntil} />{" "}
            <small className="until">(until block {room.offersUntil.toLocaleString("en-US")})</small>
          </span>
        )}
        {live.error && <span className="danger">{live.error}</span>}
      </div>
    </header>
  );
}

/** The round's rule in plain words (below the player's moves). */
function Rules({ room }: { room: RoomState }) {
  if (room.round === 0 || room.phase >= Phase.Finished) return null;
  return (
    <p className="rules" data-testid="rules">
      {RULE_TEXT[room.rules]} <span className="muted">{SCORING_TEXT}</span>
    </p>
  );
}
