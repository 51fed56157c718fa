// The README's example sequences, read from the README itself: each ```sh block after a `<!-- example: name -->`
// marker, with its variable line (H="npx hardhat --network localhost") expanded, comments dropped and `a ; b` lines
// split into commands. The node tests run exactly these commands.
import fs from "node:fs";
import path from "node:path";

export const README = path.join(__dirname, "../../README.md");

/** Cuts `text` at `sep` outside quotes. */
function splitOutsideQuotes(text: string, sep: (rest: string) => number): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else {
      const cut = sep(text.slice(i));
      if (cut > 0) {
        parts.push(text.slice(start, i));
        start = i + cut;
        i = start - 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The commands of one example block, in order. */
export function commandsOf(block: string): string[] {
  const vars = new Map<string, string>();
  const commands: string[] = [];
  for (const raw of block.split("\n")) {
    const [code] = splitOutsideQuotes(raw, (rest) => (/^\s#/.test(rest) ? rest.length : 0));
    const line = code.trim();
    if (line === "") continue;
    const assignment = /^([A-Za-z_]\w*)="([^"]*)"$/.exec(line);
    if (assignment) {
      vars.set(assignment[1], assignment[2]);
      continue;
    }
    for (const part of splitOutsideQuotes(line, (rest) => (rest.startsWith(" ; ") ? 3 : 0))) {
      const command = part.trim().replace(/^\$([A-Za-z_]\w*)/, (_, name: string) => {
        const value = vars.get(name);
        if (value === undefined) throw new Error(`$${name} is not defined in the block: ${raw}`);
        return value;
      });
      commands.push(command);
    }
  }
  return commands;
}

/** Every example block of the README by name. */
export function readmeExamples(file = README): Map<string, string[]> {
  const text = fs.readFileSync(file, "utf8");
  const out = new Map<string, string[]>();
  const re = /<!-- example: ([\w-]+) -->\s*```sh\n([\s\S]*?)```/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.set(m[1], commandsOf(m[2]));
  return out;
}
