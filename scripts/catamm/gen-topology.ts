/**
 * Regenerates the packed topology tables of contracts/catamm/libraries/BoardTopology.sol from the mirror in
 * board.ts (the block between the `generated:start` and `generated:end` markers).
 *
 *   npx ts-node scripts/catamm/gen-topology.ts          # rewrites the block
 *   npx ts-node scripts/catamm/gen-topology.ts --check  # exits 1 if the block is out of date
 *
 * Not part of the build: the tables are committed, and the tests check them against hex geometry.
 */
import fs from "node:fs";
import path from "node:path";
import { TOPOLOGY, VERTEX_COUNT } from "../../client/catamm/board";

export interface PackedTable {
  name: string;
  /** What one record holds, for the comment. */
  doc: string;
  width: number;
  perWord: number;
  words: bigint[];
}

/** Packs records of `width` bits, `floor(256 / width)` per word, record i at bit (i % perWord) * width of word i / perWord. */
export function pack(name: string, doc: string, width: number, records: readonly bigint[]): PackedTable {
  const perWord = Math.floor(256 / width);
  const words: bigint[] = [];
  records.forEach((r, i) => {
    if (r >= 1n << BigInt(width)) throw new RangeError(`${name}[${i}] does not fit ${width} bits`);
    const w = Math.floor(i / perWord);
    words[w] = (words[w] ?? 0n) | (r << BigInt((i % perWord) * width));
  });
  return { name, doc, width, perWord, words };
}

/** Packs a list of ids into `slots` fields of `bits` bits each, lowest first; missing slots are all ones. */
function fields(ids: readonly number[], slots: number, bits: number): bigint {
  let r = 0n;
  for (let s = 0; s < slots; s++) {
    const v = BigInt(s < ids.length ? ids[s] : (1 << bits) - 1);
    r |= v << BigInt(s * bits);
  }
  return r;
}

export function topologyTables(): PackedTable[] {
  const t = TOPOLOGY;
  return [
    pack(
      "HEX_VERTICES",
      "6 x 6-bit vertex ids, clockwise from the top",
      36,
      t.hexVertices.map((vs) => fields(vs, 6, 6)),
    ),
    pack(
      "VERTEX_VERTICES",
      "3 x 6-bit vertex ids, ascending, 63 = none",
      18,
      t.vertexVertices.map((vs) => fields(vs, 3, 6)),
    ),
    pack(
      "VERTEX_EDGES",
      "3 x 7-bit edge ids, ascending, 127 = none",
      21,
      t.vertexEdges.map((es) => fields(es, 3, 7)),
    ),
    pack(
      "VERTEX_HEXES",
      "3 x 5-bit hex ids, ascending, 31 = none",
      15,
      t.vertexHexes.map((hs) => fields(hs, 3, 5)),
    ),
    pack(
      "EDGE_VERTICES",
      "2 x 6-bit vertex ids, ascending",
      12,
      t.edgeVertices.map((vs) => fields(vs, 2, 6)),
    ),
    pack(
      "VERTEX_PORT",
      "4-bit port id, 15 = none",
      4,
      Array.from({ length: VERTEX_COUNT }, (_, v) => BigInt(t.vertexPort[v] < 0 ? 15 : t.vertexPort[v])),
    ),
  ];
}

/** Bytes of the link table: per vertex, three (edge, neighbour across it) byte pairs, 0xff 0xff where absent. */
export const LINK_STRIDE = 6;
/** Zero bytes after the last record, so a 32-byte read at any record stays inside the table. */
export const LINK_PADDING = 32 - LINK_STRIDE;

export function linkTable(): string {
  const t = TOPOLOGY;
  let hex = "";
  for (let v = 0; v < VERTEX_COUNT; v++) {
    for (let i = 0; i < 3; i++) {
      const e = t.vertexEdges[v][i];
      if (e === undefined) {
        hex += "ffff";
        continue;
      }
      const [a, b] = t.edgeVertices[e];
      hex += e.toString(16).padStart(2, "0") + (a === v ? b : a).toString(16).padStart(2, "0");
    }
  }
  return hex + "00".repeat(LINK_PADDING);
}

export function solidityBlock(): string {
  const lines: string[] = [];
  for (const table of topologyTables()) {
    lines.push(`    // ${table.name}: ${table.doc}; ${table.width} bits per record, ${table.perWord} per word.`);
    table.words.forEach((w, i) => {
      const hex = w.toString(16).padStart(64, "0");
      lines.push(`    uint256 private constant ${table.name}_${i} = 0x${hex};`);
    });
  }
  const links = linkTable();
  lines.push(
    `    // VERTEX_LINKS: per vertex ${LINK_STRIDE} bytes, (edge, neighbour across it) x 3, 0xffff = none; ` +
      `${LINK_PADDING} zero bytes of padding.`,
  );
  lines.push(`    bytes private constant VERTEX_LINKS =`);
  const chunk = 9 * 2 * LINK_STRIDE; // nine vertices per line
  for (let i = 0; i < links.length; i += chunk) {
    const last = i + chunk >= links.length;
    lines.push(`        hex"${links.slice(i, i + chunk)}"${last ? ";" : ""}`);
  }
  return lines.join("\n");
}

const SOL = path.join(__dirname, "../../contracts/catamm/libraries/BoardTopology.sol");
const START = "    // generated:start";
const END = "    // generated:end";

function main(): void {
  const source = fs.readFileSync(SOL, "utf8");
  const from = source.indexOf(START);
  const to = source.indexOf(END);
  if (from < 0 || to < 0) throw new Error(`markers not found in ${SOL}`);
  const lineEnd = source.indexOf("\n", from) + 1;
  const updated = source.slice(0, lineEnd) + solidityBlock() + "\n" + source.slice(to);
  if (process.argv.includes("--check")) {
    if (updated !== source) {
      console.error("BoardTopology.sol tables are out of date: run npx ts-node scripts/catamm/gen-topology.ts");
      process.exit(1);
    }
    console.log("BoardTopology.sol tables are up to date");
    return;
  }
  fs.writeFileSync(SOL, updated);
  console.log(`wrote ${path.relative(process.cwd(), SOL)}`);
}

if (require.main === module) main();
