// One room, for its players and for observers: the round and its rules in plain words, the phase and its deadline,
// every seat's role, holdings, escrow, points, shame and flags; the connected seat's controls (each shown only when
// the contract would accept it, with the contract's reason where an expected action is refused); the room's offers;
// the G5 chat; and the history rebuilt from events.
import { useMemo } from "react";
import { JsonRpcProvider } from "ethers";
import { useBlock } from "../shared/block";
import { Countdown, useTimeLeft } from "../shared/Countdown";
import { NameField, usePlayerName } from "../shared/NameField";
import { checkName } from "../../../client/common/names";
import { describeError } from "../shared/errors";
import { useProbes } from "../shared/probes";
import { href } from "../shared/routes";
import { useToasts } from "../shared/toasts";
import { useTx } from "../shared/tx";
import { ActionButton, Panel, RequestId } from "../shared/ui";
import { Player } from "../shared/Player";
import { txCall } from "../shared/calls";
import { useWallet } from "../shared/wallet";
import { mine } from "../../../client/chain";
import { RANDOMNESS_STATUS_NAMES } from "../../../client/chain";
import { short } from "../../../client/format";
import { firstJudgeOf, seatNames } from "../../../client/snatch/history";
import { usePlayerNames } from "../data/names";
import { isolate } from "../shared/bidi";
import { GOOD_NAMES, NO_SEAT, Phase, RULE_NAMES, RuleSet } from "../../../client/snatch/names";
import { advanceDefaults, formatName, phaseText, RULE_TEXT, SCORING_TEXT } from "../../../client/snatch/rules";
import { seatLabel, seatOf, type RoomState } from "../../../client/snatch/state";
import { sendPadded } from "./gas";
import { useSnatchContracts, type SnatchContracts } from "./contracts";
import { GoodIcon } from "./Goods";
import { RoomActions } from "./RoomActions";
import { roomProbes } from "./roomProbes";
import { Chat, Timeline } from "./Timeline";
import { useRoom, type FormatInfo, type LiveRoom } from "./useRoom";
import { plural } from "../../../client/format";

export function RoomPage({ roomId }: { roomId: bigint }) {
  const c = useSnatchContracts();
  const live = useRoom(c, roomId);
  const { account, signer } = useWallet();
  const block = useBlock();
  const { room, offers, format } = live;
  const seat = room ? seatOf(room, account) : -1;
  // Classmates by name: the indexer's (a tournament's registration, a session's seat, a join anywhere), else the name
  // the seat carried into this room.
  const looked = usePlayerNames(room?.seats.map((s) => s.player) ?? []);
  const joined = useMemo(() => seatNames(live.events), [live.events]);
  const probeList = useMemo(
    () => (c && room && signer ? roomProbes(c.rooms, room, offers, seat, account) : []),
    // A new list each reload (the version changes with every block and every own transaction).
    [c, live.version, seat, account, signer],
  );
  const probes = useProbes(
    probeList,
    `${live.version}:${account}:${probeList.length}`,
    { contract: "SnatchRooms", block: block.number },
    { holdWithin: account ?? "" },
  );

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
          <RoomActions c={c} room={room} live={live} seat={seat} probes={probes} nameOf={nameOf} part="moves" />
          <PhasePanel c={c} room={room} live={live} probes={probes} />
          <Rules room={room} />
          <Seats room={room} you={account} live={live} />
          <RoomActions c={c} room={room} live={live} seat={seat} probes={probes} nameOf={nameOf} part="offers" />
        </div>
        <div className="room-side">
          {(format.rounds.includes(RuleSet.G5CheapTalk) || live.events.some((e) => e.name === "MessageSent")) && (
            <Chat c={c} room={room} live={live} probes={probes} nameOf={nameOf} you={account} />
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

function Seats({ room, you, live }: { room: RoomState; you: string | null; live: LiveRoom }) {
  const firstJudge = firstJudgeOf(live.events);
  const judgeRound = live.format?.rounds.indexOf(RuleSet.Judge) ?? -1;
  return (
    <Panel title="Players" className="players-panel">
      <div className="seats">
        {room.seats.map((s) => {
          const empty = s.player === "0x0000000000000000000000000000000000000000";
          const mine = !!you && s.player.toLowerCase() === you.toLowerCase();
          const judge = room.judge !== NO_SEAT && room.judge === s.seat && room.rules === RuleSet.Judge;
          // Per-round flags mean nothing once the room is finished.
          const flags = (
            room.phase >= Phase.Finished
              ? []
              : [
                  judge && "judge",
                  s.done && "done",
                  s.suspended && "suspended",
                  s.suspendedNext && "suspended next round",
                  s.shamedOut && "shamed out: may only answer",
                ]
          ).filter(Boolean) as string[];
          return (
            <article
              key={s.seat}
              className={`seat${mine ? " seat-you" : ""}${judge ? " seat-judge" : ""}`}
              data-seat={s.seat}
              data-player={s.player.toLowerCase()}
              data-role={room.round > 0 ? GOOD_NAMES[s.role] : ""}
              aria-label={`${seatLabel(room, s.seat)}${mine ? " (you)" : ""}`}
            >
              <header>
                <strong>{seatLabel(room, s.seat)}</strong>
                <div>{empty ? <span className="muted">empty seat</span> : <Player address={s.player} you={you} />}</div>
              </header>
              {room.round > 0 && !empty && (
                <>
                  <div className="produces">
                    produces <GoodIcon good={s.role} /> {GOOD_NAMES[s.role]}
                  </div>
                  <table className="holdings">
                    <tbody>
                      {[0, 1, 2]
                        .filter((g) => room.playerCount === 3 || g !== 1)
                        .map((g) => (
                          <tr key={g} data-good={GOOD_NAMES[g]}>
                            <th scope="row">
                              <GoodIcon good={g} /> {GOOD_NAMES[g]}
                            </th>
                            <td className="free" data-testid={`free-${GOOD_NAMES[g]}`}>
                              {s.free[g]}
                            </td>
                            <td className="escrow">{s.escrow[g] > 0 ? `+${s.escrow[g]} in escrow` : ""}</td>
                          </tr>
                        ))}
                    </tbody>
                  </table>
                  <div className="points" data-testid="points">
                    {plural(s.points, "point")}
                  </div>
                </>
              )}
              <div className="seat-meta">
                {room.playerCount === 3 && room.round > 0 && (
                  <span className={s.shameTokens >= 2 ? "warn" : ""} data-testid="shame-tokens">
                    {s.shameTokens} shame token{s.shameTokens === 1 ? "" : "s"}
                    {s.shameTokens >= 2 && room.phase < Phase.Finished && " (burns 2 goods at the next round's start)"}
                  </span>
                )}
                {!empty && (
                  <span title="G3 shame received across all rooms (shown to later opponents)">
                    profile G3 shame {s.profileShame}
                  </span>
                )}
                {room.playerCount === 3 && firstJudge === s.seat && judgeRound >= 0 && room.round <= judgeRound && (
                  <span>judges round {judgeRound + 1}</span>
                )}
              </div>
              {flags.length > 0 && (
                <div className="flags">
                  {flags.map((f) => (
                    <span key={f} className={`chip chip-${f.split(" ")[0].replace(":", "")}`}>
                      {f}
                    </span>
                  ))}
                </div>
              )}
            </article>
          );
        })}
      </div>
    </Panel>
  );
}

/** Waiting for roles, deadlines passed, joining: what anyone may do to move the room on. */
function PhasePanel({
  c,
  room,
  live,
  probes,
}: {
  c: SnatchContracts;
  room: RoomState;
  live: LiveRoom;
  probes: ReturnType<typeof useProbes>;
}) {
  const { send } = useTx();
  const { provider, mode, account } = useWallet();
  const toasts = useToasts();
  const block = useBlock();
  const fillLeft = useTimeLeft(room.deadline).text;
  const [name, setName] = usePlayerName();
  const nameProblem = checkName(name);
  const id = room.roomId;
  const ok = (p: string) => probes.get(p)?.ok === true;
  const after = async (r: unknown) => {
    if (r) live.refresh();
    return r;
  };
  const ctx = { contract: "SnatchRooms" as const };

  const parts = [];
  if (room.phase === Phase.Open) {
    parts.push(
      <p key="open">
        {room.seats.filter((s) => s.player !== "0x0000000000000000000000000000000000000000").length} of{" "}
        {room.playerCount} seats taken. The room starts when it is full: randomness then draws the roles.
      </p>,
    );
    parts.push(
      <p key="fill" data-testid="fill-window">
        {block.number <= room.deadline
          ? `Fill window until block ${room.deadline.toLocaleString("en-US")} (${fillLeft}): until then only its creator may cancel it.`
          : `The fill window ended at block ${room.deadline.toLocaleString("en-US")}: anyone may close the room (joining stays possible until someone does).`}
      </p>,
    );
    if (ok("join"))
      parts.push(
        <NameField key="name" value={name} onChange={setName} hint="your seat's name in this room" />,
        <ActionButton
          call={txCall(c.rooms, c.rooms.join, [id, name])}
          key="join"
          disabled={nameProblem !== null}
          onClick={() => send(`Join room ${id}`, () => sendPadded(c.rooms.join, id, name), ctx).then(after)}
        >
          Join this room
        </ActionButton>,
      );
    if (ok("leave"))
      parts.push(
        <ActionButton
          call={txCall(c.rooms, c.rooms.leave, [id])}
          key="leave"
          kind="secondary"
          onClick={() => send(`Leave room ${id}`, () => sendPadded(c.rooms.leave, id), ctx).then(after)}
        >
          Leave this room
        </ActionButton>,
      );
    if (ok("cancelRoom")) {
      const creator = seatOf(room, account) === 0;
      parts.push(
        <ActionButton
          call={txCall(c.rooms, c.rooms.cancelRoom, [id])}
          key="cancel"
          kind="danger"
          onClick={() => send(`Cancel room ${id}`, () => sendPadded(c.rooms.cancelRoom, id), ctx).then(after)}
        >
          {creator ? "Cancel the room" : "Close the room (it did not fill in time)"}
        </ActionButton>,
      );
    }
  }
  if (room.phase === Phase.AwaitingRoles) {
    const status = live.randomStatus;
    parts.push(
      <p key="wait" data-testid="randomness">
        Roles come from randomness request <RequestId id={room.rolesRequest} />:{" "}
        <strong>{status === null ? "reading…" : RANDOMNESS_STATUS_NAMES[status]}</strong>.{" "}
        {status === 1 && "It is ready once its block has passed: the next block serves it."}
        {status === 3 && "It went stale (too old to read): anyone may request it again."}
      </p>,
    );
    if (ok("advance"))
      parts.push(
        <ActionButton
          call={txCall(c.rooms, c.rooms.advance, [id])}
          key="adv"
          onClick={() => send(`Draw the roles of room ${id}`, () => sendPadded(c.rooms.advance, id), ctx).then(after)}
        >
          Draw the roles and start round 1
        </ActionButton>,
      );
    if (ok("reroll"))
      parts.push(
        <ActionButton
          call={txCall(c.rooms, c.rooms.rerequestRoles, [id])}
          key="reroll"
          kind="secondary"
          onClick={() => send(`Re-request the roles of room ${id}`, () => c.rooms.rerequestRoles(id), ctx).then(after)}
        >
          Request the randomness again
        </ActionButton>,
      );
    if (!ok("advance") && mode === "local" && provider instanceof JsonRpcProvider)
      parts.push(
        <ActionButton
          key="mine"
          kind="secondary"
          ui="mines a block on the local node"
          onClick={async () => {
            try {
              await mine(provider, 1);
            } catch (err) {
              toasts.push("error", describeError(err));
            }
          }}
        >
          Mine a block (local node)
        </ActionButton>,
      );
  }
  const running = room.phase >= Phase.Trading && room.phase <= Phase.Deciding;
  if (running && block.number >= room.deadline && ok("advance")) {
    const defaults = advanceDefaults(room, live.offers);
    parts.push(
      <div key="advance" className="advance" data-testid="advance">
        <p>
          The {room.phase === Phase.Trading ? "round" : "window"}'s deadline (block{" "}
          {room.deadline.toLocaleString("en-US")}) has passed. Anyone may advance the room; the next action by anyone
          applies the same first. Advancing:
        </p>
        <ul>
          {defaults.map((d) => (
            <li key={d}>{d}</li>
          ))}
          <li className="muted">and the defaults of any later window whose deadline passed too</li>
        </ul>
        <ActionButton
          call={txCall(c.rooms, c.rooms.advance, [id])}
          onClick={() => send(`Advance room ${id}`, () => sendPadded(c.rooms.advance, id), ctx).then(after)}
        >
          Advance: apply the defaults
        </ActionButton>
      </div>,
    );
  }
  if (parts.length === 0) return null;
  return (
    <Panel
      title={room.phase === Phase.Open ? "Seats" : room.phase === Phase.AwaitingRoles ? "Roles" : "Deadline passed"}
    >
      <div className="phase-panel">{parts}</div>
    </Panel>
  );
}
