// Names are typed by people, in any script: a right-to-left override (U+202E) or a right-to-left name must not
// reorder the text drawn beside it (an address, a count). In JSX a name goes in a <bdi>; where only a string fits (a
// select's option, a canvas, a transaction's label) it is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE,
// which isolates it the same way.

/** `text` as an isolated run: FSI (U+2068), the text, PDI (U+2069). */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
