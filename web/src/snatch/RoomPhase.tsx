// What anyone may do to move a room on: join, leave, cancel or close it before it fills; draw the roles (or request
// the randomness again, or mine a block on the local node) while they are awaited; advance it once a deadline has
// passed, with the defaults that applies.
import { JsonRpcProvider } from "ethers";
import { useBlock } from "../shared/block";
import { useTimeLeft } from "../shared/Countdown";
import { NameField, usePlayerName } from "../shared/NameField";
import { describeError } from "../shared/errors";
import { useToasts } from "../shared/toasts";
import { ActionButton, Panel, RequestId } from "../shared/ui";
import { useWallet } from "../shared/wallet";
import { mine, RANDOMNESS_STATUS_NAMES } from "../../../client/chain";
import { checkName } from "../../../client/common/names";
import { Phase } from "../../../client/snatch/names";
import { advanceDefaults } from "../../../client/snatch/rules";
import { seatOf } from "../../../client/snatch/state";
import { roomActions } from "./roomActions";
import type { RoomProps } from "./RoomMoves";

export function PhasePanel({ c, room, live, checks }: Omit<RoomProps, "seat" | "nameOf">) {
  const { provider, mode, account } = useWallet();
  const toasts = useToasts();
  const block = useBlock();
  const fillLeft = useTimeLeft(room.deadline).text;
  const [name, setName] = usePlayerName();
  const nameProblem = checkName(name);
  const act = roomActions(c.rooms, room);
  const after = () => live.refresh();
  const ok = (id: string) => checks.ok(id);

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
        <ActionButton key="join" action={act.join(name)} disabled={nameProblem !== null} onDone={after}>
          Join this room
        </ActionButton>,
      );
    if (ok("leave"))
      parts.push(
        <ActionButton key="leave" action={act.leave()} kind="secondary" onDone={after}>
          Leave this room
        </ActionButton>,
      );
    if (ok("cancelRoom")) {
      const creator = seatOf(room, account) === 0;
      parts.push(
        <ActionButton key="cancel" action={act.cancelRoom()} kind="danger" onDone={after}>
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
        <ActionButton key="adv" action={act.drawRoles()} onDone={after}>
          Draw the roles and start round 1
        </ActionButton>,
      );
    if (ok("reroll"))
      parts.push(
        <ActionButton key="reroll" action={act.rerequestRoles()} kind="secondary" onDone={after}>
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
          The {room.phase === Phase.Trading ? "round" : "window"}&apos;s deadline (block{" "}
          {room.deadline.toLocaleString("en-US")}) has passed. Anyone may advance the room; the next action by anyone
          applies the same first. Advancing:
        </p>
        <ul>
          {defaults.map((d) => (
            <li key={d}>{d}</li>
          ))}
          <li className="muted">and the defaults of any later window whose deadline passed too</li>
        </ul>
        <ActionButton action={act.advance()} onDone={after}>
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
