// A player's display name in forms (registering for a tournament, creating or joining a room): checked as it is typed
// by client/common/names.ts (the contract's rule and sentences: at most 32 bytes of text, no control characters) and
// remembered in this browser for the next form. A burner seat from a class card starts with the card's name.
import { useCallback, useState } from "react";
import { checkName, MAX_NAME_BYTES, nameBytes } from "../../../client/common/names";
import { useWallet } from "./wallet";

const KEY = "player.name";

/** The name to offer in a form, and its setter (which remembers it). */
export function usePlayerName(): [string, (name: string) => void] {
  const { burner } = useWallet();
  // A card's seat plays under the card's name; anyone else under the name typed last in this browser.
  const [name, setName] = useState(() => {
    if (burner?.name) return burner.name;
    try {
      return localStorage.getItem(KEY) ?? "";
    } catch {
      return "";
    }
  });
  const set = useCallback((next: string) => {
    setName(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // storage refused (private mode): the name lives as long as the page
    }
  }, []);
  return [name, set];
}

/** The name input with its byte count and, when the contract would refuse the name, the reason. */
export function NameField({
  value,
  onChange,
  label = "Your name",
  hint = "shown instead of your address; optional",
}: {
  value: string;
  onChange: (name: string) => void;
  label?: string;
  hint?: string;
}) {
  const problem = checkName(value);
  const bytes = nameBytes(value);
  const length = bytes instanceof Uint8Array ? bytes.length : value.length;
  return (
    <label className="field name-field">
      <span className="field-label">{label}</span>
      <input
        aria-label={label}
        value={value}
        autoComplete="nickname"
        aria-invalid={problem !== null}
        aria-describedby={problem ? "name-problem" : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className="field-hint">
        {hint} · {length} of {MAX_NAME_BYTES} bytes
      </span>
      {problem && (
        <span className="field-hint refusal" id="name-problem" role="alert">
          The name is refused: {problem}.
        </span>
      )}
    </label>
  );
}
