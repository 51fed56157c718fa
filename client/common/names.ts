// Display names: the rule of contracts/common/names/DisplayName.sol, mirrored for forms and tasks (the contract
// decides; this says why before sending). A name is at most 32 bytes of UTF-8 text without control characters; the
// empty name means "no name" (the address is shown). test/common/names/DisplayName.test.ts checks that this file and
// the library agree on random bytes.

/** Longest name in bytes (DisplayName.MAX_LENGTH). */
export const MAX_NAME_BYTES = 32;

/** What is wrong with a name, as the contract's custom error would say it. */
export type NameProblem =
  | { error: "NameTooLong"; length: number; max: number }
  | { error: "NameHasControlCharacter"; index: number }
  | { error: "NameNotUtf8"; index: number };

/** The problem DisplayName.check finds in `bytes` (null: the name is accepted). */
export function nameBytesProblem(bytes: Uint8Array): NameProblem | null {
  const n = bytes.length;
  if (n > MAX_NAME_BYTES) return { error: "NameTooLong", length: n, max: MAX_NAME_BYTES };
  let i = 0;
  while (i < n) {
    const c = bytes[i];
    if (c < 0x80) {
      if (c < 0x20 || c === 0x7f) return { error: "NameHasControlCharacter", index: i };
      i++;
      continue;
    }
    let len: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) len = 2;
    else if (c >= 0xe0 && c <= 0xef) {
      len = 3;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      len = 4;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else return { error: "NameNotUtf8", index: i };
    if (n - i < len) return { error: "NameNotUtf8", index: i };
    const second = bytes[i + 1];
    if (second < lo || second > hi) return { error: "NameNotUtf8", index: i };
    for (let k = 2; k < len; k++) {
      if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return { error: "NameNotUtf8", index: i };
    }
    if (c === 0xc2 && second < 0xa0) return { error: "NameHasControlCharacter", index: i };
    i += len;
  }
  return null;
}

/**
 * `name` as the UTF-8 bytes a contract receives, or the byte index of its first lone surrogate (a JavaScript string
 * that is not text: TextEncoder would silently replace it with U+FFFD, so the mirror refuses it instead).
 */
export function nameBytes(name: string): Uint8Array | { loneSurrogateAt: number } {
  let offset = 0;
  for (const ch of name) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) return { loneSurrogateAt: offset };
    offset += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return new TextEncoder().encode(name);
}

/** The problem of a typed name (null: accepted). */
export function nameProblem(name: string): NameProblem | null {
  const bytes = nameBytes(name);
  if (!(bytes instanceof Uint8Array)) return { error: "NameNotUtf8", index: bytes.loneSurrogateAt };
  return nameBytesProblem(bytes);
}

/** The sentence for a name's problem (the same words as the contract's error in client/common/errors.ts). */
export function nameProblemSentence(p: NameProblem): string {
  switch (p.error) {
    case "NameTooLong":
      return (
        `a name of ${p.length} bytes is too long: at most ${p.max} bytes of UTF-8 ` +
        "(a letter like é takes 2 bytes, most emoji 4)"
      );
    case "NameHasControlCharacter":
      return `a name cannot contain control characters (a line break, a tab, ...): one starts at byte ${p.index}`;
    case "NameNotUtf8":
      return `a name must be text (UTF-8): the bytes from byte ${p.index} are not a character`;
  }
}

/** Why `name` would be refused, as a sentence, or null when the contract accepts it ("" is "no name"). */
export function checkName(name: string): string | null {
  const p = nameProblem(name);
  return p ? nameProblemSentence(p) : null;
}

/** `name` when it is valid, else an Error with the sentence (for tasks: `--name`). */
export function validName(name: string): string {
  const problem = checkName(name);
  if (problem) throw new Error(problem);
  return name;
}

/** A player as people read them: the name when there is one, else the given fallback (usually a short address). */
export function displayName(name: string | undefined, fallback: string): string {
  return name && name.length > 0 ? name : fallback;
}
