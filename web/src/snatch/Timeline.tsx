// A room's history from its events (newest first, by round), and the G5 cheap-talk chat.
import { Fragment, useMemo, useState } from "react";
import type { Checks } from "../data/checks";
import { callOf } from "../shared/action";
import { useTx } from "../shared/tx";
import { ActionButton, Panel } from "../shared/ui";
import { chatMessages, roomTimeline, type RoomEvent } from "../../../client/snatch/history";
import { Phase } from "../../../client/snatch/names";
import type { RoomState } from "../../../client/snatch/state";
import type { SnatchContracts } from "./contracts";
import { roomActions } from "./roomActions";
import type { LiveRoom } from "./useRoom";

export function Timeline({ events, nameOf }: { events: readonly RoomEvent[]; nameOf: (a: string) => string }) {
  const entries = useMemo(() => roomTimeline(events, nameOf).reverse(), [events, nameOf]);
  return (
    <Panel title="History" className="history">
      {entries.length === 0 ? (
        <p className="muted">Reading the room's events…</p>
      ) : (
        <ol className="timeline" aria-label="History" tabIndex={0}>
          {entries.map((e, i) => (
            <li key={entries.length - i} className={`tl tl-${e.kind}`} data-event={e.name}>
              <span className="tl-when">
                {e.round > 0 ? `R${e.round} · ` : ""}block {e.block.toLocaleString("en-US")}
              </span>
              <span className="tl-text">{e.text}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

const MAX_BYTES = 280;

export function Chat({
  c,
  room,
  live,
  checks,
  nameOf,
  you,
}: {
  c: SnatchContracts;
  room: RoomState;
  live: LiveRoom;
  checks: Checks;
  nameOf: (a: string) => string;
  you: string | null;
}) {
  const { sendAction } = useTx();
  const [text, setText] = useState("");
  const messages = useMemo(() => chatMessages(live.events), [live.events]);
  const bytes = new TextEncoder().encode(text).length;
  const canTalk = checks.ok("talk");
  const talk = roomActions(c.rooms, room).talk(text);
  const submit = async () => {
    const r = await sendAction(talk);
    if (r) {
      setText("");
      live.refresh();
    }
    return r;
  };
  let lastRound = -1;
  return (
    <Panel title="Cheap talk (G5)" className="chat">
      <p className="muted small">Messages are public events and bind nobody.</p>
      <ol className="messages" aria-label="Chat messages" tabIndex={0}>
        {messages.length === 0 && <li className="muted">No message yet.</li>}
        {messages.map((m, i) => {
          const head = m.round !== lastRound;
          lastRound = m.round;
          const mine = !!you && m.from.toLowerCase() === you.toLowerCase();
          return (
            <Fragment key={i}>
              {head && <li className="msg-round">Round {m.round}</li>}
              <li className={`msg${mine ? " msg-you" : ""}`} data-testid="message">
                <span className="msg-from">{nameOf(m.from)}</span>
                <span className="msg-text">{m.text}</span>
              </li>
            </Fragment>
          );
        })}
      </ol>
      {canTalk ? (
        <form
          className="chat-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim() && bytes <= MAX_BYTES) void submit();
          }}
        >
          <input
            aria-label="Message"
            value={text}
            maxLength={MAX_BYTES}
            placeholder="Say something before the offer…"
            onChange={(e) => setText(e.target.value)}
          />
          <span className={`muted small${bytes > MAX_BYTES ? " danger" : ""}`}>
            {bytes}/{MAX_BYTES} bytes
          </span>
          <ActionButton onClick={submit} disabled={!text.trim() || bytes > MAX_BYTES} call={callOf(talk)}>
            Send
          </ActionButton>
        </form>
      ) : (
        room.phase === Phase.Talk && <p className="muted small">Only the room's two players talk.</p>
      )}
    </Panel>
  );
}
