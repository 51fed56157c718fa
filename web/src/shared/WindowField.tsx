// A window of a form (a room's fill window, a tournament's registration, a round's offer window) in minutes when the
// chain's blocks are time (the class stack's block time, or a public chain's measured one), with the blocks it will
// send beside it ("= 120 blocks at 1 s a block"); in blocks on a development node that mines a block per transaction.
// The form keeps blocks: this field converts (shared/blocktime.ts).
import { useEffect, useRef, useState } from "react";
import { blocksToMinutes, minutesHint, minutesToBlocks, parseMinutes } from "./blocktime";
import { useBlockTime } from "./Countdown";
import { Field } from "./ui";

export function WindowField({
  label,
  minutesLabel,
  hint,
  blocks,
  onBlocks,
}: {
  /** The label in blocks (a chain without block time), e.g. "Offer window". */
  label: string;
  /** The label in minutes, e.g. "Offer window (minutes)". */
  minutesLabel?: string;
  hint: string;
  blocks: number;
  onBlocks: (blocks: number) => void;
}) {
  const seconds = useBlockTime();
  const [text, setText] = useState(() => (seconds ? String(blocksToMinutes(blocks, seconds)) : String(blocks)));
  const unit = useRef(seconds);
  // The block time can arrive after the first render (a public chain's is measured): the typed value keeps its unit.
  useEffect(() => {
    if (unit.current === seconds) return;
    const wasMinutes = unit.current !== null;
    unit.current = seconds;
    if (seconds === null) {
      setText(String(blocks));
      return;
    }
    if (!wasMinutes) setText(String(blocksToMinutes(blocks, seconds)));
    else {
      const m = parseMinutes(text);
      if (m !== null) onBlocks(minutesToBlocks(m, seconds));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the block time's arrival converts the typed value
  }, [seconds]);

  if (seconds === null) {
    return (
      <Field label={label} hint={`blocks; ${hint}`}>
        <input
          className="num"
          aria-label={label}
          inputMode="numeric"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onBlocks(Math.max(0, Math.floor(Number(e.target.value) || 0)));
          }}
        />
      </Field>
    );
  }
  const named = minutesLabel ?? `${label} (minutes)`;
  const minutes = parseMinutes(text);
  return (
    <Field label={named} hint={`${minutesHint(minutes, seconds, blocks)}; ${hint}`}>
      <input
        className="num"
        aria-label={named}
        inputMode="decimal"
        value={text}
        aria-invalid={minutes === null}
        onChange={(e) => {
          setText(e.target.value);
          const m = parseMinutes(e.target.value);
          onBlocks(m === null ? 0 : minutesToBlocks(m, seconds));
        }}
      />
    </Field>
  );
}
