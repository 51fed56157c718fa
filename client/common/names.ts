// Display names: the rule of contracts/common/names/DisplayName.sol, mirrored for forms and tasks (the contract
// decides; this says why before sending). A name is at most 32 bytes of UTF-8 text without control characters (Unicode
// category Cc) or invisible format characters (category Cf as of Unicode 17.0: zero-width spaces and joiners,
// direction marks, overrides and isolates, the byte-order mark, the soft hyphen, tag characters, ...); the empty name
// means "no name" (the address is shown). test/common/names/DisplayName.test.ts checks that this file and
// the library agree on random bytes.

/** Longest name in bytes (DisplayName.MAX_LENGTH). */
export const MAX_NAME_BYTES = 32;

/** What is wrong with a name, as the contract's custom error would say it. */
export type NameProblem =
  | { error: "NameTooLong"; length: number; max: number }
  | { error: "NameHasControlCharacter"; index: number }
  | { error: "NameHasFormatCharacter"; index: number }
  | { error: "NameNotUtf8"; index: number };

/**
 * Unicode 17.0's format characters (category Cf), as inclusive code point ranges: DisplayName._isFormat's table. A
 * name holding one is refused: they draw nothing or reorder the text around them.
 */
export const FORMAT_CHARACTERS: readonly (readonly [number, number])[] = [
  [0xad, 0xad],
  [0x600, 0x605],
  [0x61c, 0x61c],
  [0x6dd, 0x6dd],
  [0x70f, 0x70f],
  [0x890, 0x891],
  [0x8e2, 0x8e2],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
];

/** Whether code point `cp` is a format character (see {@link FORMAT_CHARACTERS}). */
export function isFormatCharacter(cp: number): boolean {
  return FORMAT_CHARACTERS.some(([lo, hi]) => cp >= lo && cp <= hi);
}

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
    let cp = c & (0x7f >> len);
    for (let k = 1; k < len; k++) cp = (cp << 6) | (bytes[i + k] & 0x3f);
    if (isFormatCharacter(cp)) return { error: "NameHasFormatCharacter", index: i };
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
    case "NameHasFormatCharacter":
      return (
        "a name cannot contain invisible formatting characters (a zero-width space or joiner, a direction mark " +
        `or override, ...), which could make it look like another name: one starts at byte ${p.index}`
      );
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
