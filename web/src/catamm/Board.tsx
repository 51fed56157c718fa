// The CATAMM island in SVG: hexes with their resource and number (6 and 8 in red and larger), the gold hex and the
// desert, the nine harbours with the pool each trades (and who owns the port), the missing pool, the ghost ship,
// every player's roads, settlements and cities in their colour; and the spots the page offers (legal spots from
// CatammLens, hexes and ports for the ghost ship) as buttons: a click (or Enter) acts on them.
import type { KeyboardEvent, ReactNode } from "react";
import { HEX_KIND_NAMES, HexKind, TOPOLOGY, has, pips, type Board as BoardData } from "../../../client/catamm/board";
import { PORT_PLACE } from "../../../client/catamm/game";
import { GEOMETRY, edgeMidpoint, hexCorner, type Point } from "../../../client/catamm/geometry";
import { NO_PORT, POOL_PAIRS, poolName } from "../../../client/catamm/market";
import { callAttrs, type TxCall } from "../shared/calls";
import { pointsAttr } from "../shared/hexgrid";
import { HEX_FILLS, PLAYER_COLORS, RESOURCE_SHORT } from "./look";

/** Drawing scale: SVG units per hex circumradius. */
const S = 56;
const at = (p: Point): Point => ({ x: p.x * S, y: p.y * S });

export interface BoardPlayer {
  address: string;
  settlements: bigint;
  cities: bigint;
  roads: bigint;
}

/** One kind of spot offered: the label each spot reads as (its accessible name), what a pick does, and the
 *  transaction a pick sends or leads to (written on the spot: shared/calls.ts). */
interface SpotOffer {
  label: (id: number) => string;
  onPick: (id: number) => void;
  call: (id: number) => TxCall;
}

/** What the board offers to click. */
export interface BoardOffers {
  vertices?: SpotOffer & { mask: bigint };
  edges?: SpotOffer & { mask: bigint };
  hexes?: SpotOffer & { ids: number[] };
  ports?: SpotOffer & { ids: number[] };
  /** A chosen vertex or hex, ringed (a draft pick's settlement before its road; the ghost ship's target). */
  selectedVertex?: number;
  selectedHex?: number;
}

export function Board(props: {
  board: BoardData;
  players: BoardPlayer[];
  ghostShip: number;
  /** Pool at each port (index = port), and the missing pool (-1 while unknown). */
  poolOfPort: number[];
  missingPool: number;
  /** Ports owned per seat (bit p). */
  ports: bigint[];
  offers?: BoardOffers;
  lastRoll?: number;
}) {
  const { board, players, offers = {} } = props;
  const [minX, minY, width, height] = GEOMETRY.box;
  const owners = (port: number) => props.ports.map((mask, seat) => (has(mask, port) ? seat : -1)).filter((s) => s >= 0);
  return (
    <svg
      className="catamm-board"
      viewBox={`${minX * S} ${minY * S} ${width * S} ${height * S}`}
      role="group"
      aria-label="CATAMM board"
    >
      <rect x={minX * S} y={minY * S} width={width * S} height={height * S} rx={18} className="sea" />
      {board.hexes.map((hex, h) => (
        <Hex key={h} id={h} kind={hex.kind} number={hex.number} rolled={props.lastRoll === hex.number} />
      ))}
      {GEOMETRY.ports.map((port, p) => (
        <Harbour
          key={p}
          id={p}
          pool={props.poolOfPort[p] ?? -1}
          owners={owners(p)}
          ship={props.ghostShip === PORT_PLACE + p}
          dock={port}
        />
      ))}
      {props.ghostShip < PORT_PLACE && <Blocked id={props.ghostShip} shade={props.ghostShip !== board.desert} />}
      {offers.hexes &&
        offers.hexes.ids.map((h) => (
          <Spot key={`h${h}`} offer={offers.hexes!} id={h} kind="hex">
            <polygon
              points={pointsAttr([0, 1, 2, 3, 4, 5].map((i) => hexCorner(at(GEOMETRY.hexes[h]), i, S * 0.93)))}
              className={offers.selectedHex === h ? "spot-hex selected" : "spot-hex"}
            />
          </Spot>
        ))}
      {offers.ports &&
        offers.ports.ids.map((p) => {
          const c = at(GEOMETRY.ports[p].at);
          return (
            <Spot key={`p${p}`} offer={offers.ports!} id={p} kind="port">
              <rect x={c.x - 30} y={c.y - 24} width={60} height={48} rx={9} className="spot-port" />
            </Spot>
          );
        })}
      {players.map((pl, seat) =>
        TOPOLOGY.edgeVertices.map(([a, b], e) =>
          has(pl.roads, e) ? <Road key={`r${seat}-${e}`} a={a} b={b} color={PLAYER_COLORS[seat]} /> : null,
        ),
      )}
      {offers.edges &&
        TOPOLOGY.edgeVertices.map(([a, b], e) =>
          has(offers.edges!.mask, e) ? (
            <Spot key={`e${e}`} offer={offers.edges!} id={e} kind="edge">
              <line {...line(a, b, 0.16)} className="spot-edge" />
              <circle cx={edgeMidpoint(e).x * S} cy={edgeMidpoint(e).y * S} r={7} className="spot-edge-dot" />
            </Spot>
          ) : null,
        )}
      {players.map((pl, seat) =>
        GEOMETRY.vertices.map((v, i) =>
          has(pl.cities, i) ? (
            <City key={`c${seat}-${i}`} at={at(v)} color={PLAYER_COLORS[seat]} />
          ) : has(pl.settlements, i) ? (
            <Settlement key={`s${seat}-${i}`} at={at(v)} color={PLAYER_COLORS[seat]} />
          ) : null,
        ),
      )}
      {offers.vertices &&
        GEOMETRY.vertices.map((v, i) =>
          has(offers.vertices!.mask, i) ? (
            <Spot key={`v${i}`} offer={offers.vertices!} id={i} kind="vertex">
              <circle cx={at(v).x} cy={at(v).y} r={10} className="spot-vertex" />
            </Spot>
          ) : null,
        )}
      {offers.selectedVertex !== undefined && (
        <circle
          cx={at(GEOMETRY.vertices[offers.selectedVertex]).x}
          cy={at(GEOMETRY.vertices[offers.selectedVertex]).y}
          r={15}
          className="selected-vertex"
        />
      )}
    </svg>
  );
}

function line(a: number, b: number, trim: number) {
  const p = at(GEOMETRY.vertices[a]);
  const q = at(GEOMETRY.vertices[b]);
  const dx = (q.x - p.x) * trim;
  const dy = (q.y - p.y) * trim;
  return { x1: p.x + dx, y1: p.y + dy, x2: q.x - dx, y2: q.y - dy };
}

function Hex({ id, kind, number, rolled }: { id: number; kind: HexKind; number: number; rolled: boolean }) {
  const c = at(GEOMETRY.hexes[id]);
  const corners = [0, 1, 2, 3, 4, 5].map((i) => hexCorner(c, i, S));
  const hot = number === 6 || number === 8;
  const name = HEX_KIND_NAMES[kind];
  return (
    <g className={`hex hex-${name.toLowerCase()}`} data-hex={id}>
      <title>{`Hex ${id}: ${name}${number ? `, ${number}` : ""}`}</title>
      <polygon points={pointsAttr(corners)} fill={HEX_FILLS[kind]} className="hex-tile" />
      <text x={c.x} y={c.y - S * 0.5} className="hex-kind">
        {kind === HexKind.Gold ? "★ Gold" : name}
      </text>
      <text x={c.x} y={c.y + S * 0.8} className="hex-id">
        hex {id}
      </text>
      {number > 0 && (
        <g className={`token${hot ? " token-hot" : ""}${rolled ? " token-rolled" : ""}`}>
          <circle cx={c.x} cy={c.y + 4} r={hot ? 19 : 16} />
          <text x={c.x} y={c.y + (hot ? 10 : 9)}>
            {number}
          </text>
          <text x={c.x} y={c.y + (hot ? 20 : 18)} className="pips">
            {"•".repeat(pips(number))}
          </text>
        </g>
      )}
    </g>
  );
}

function Harbour(props: {
  id: number;
  pool: number;
  owners: number[];
  ship: boolean;
  dock: { at: Point; vertices: [Point, Point] };
}) {
  const c = at(props.dock.at);
  const pair = props.pool >= 0 && props.pool !== NO_PORT ? POOL_PAIRS[props.pool] : undefined;
  const owner = props.owners[0];
  return (
    <g className="harbour" data-port={props.id}>
      <title>
        {`Port ${props.id}: ${pair ? `pool ${poolName(props.pool)}` : "no pool yet"}` +
          (props.owners.length ? `, owned by ${props.owners.map((s) => `P${s + 1}`).join(", ")}` : ", no owner")}
      </title>
      {props.dock.vertices.map((v, i) => (
        <line key={i} x1={c.x} y1={c.y} x2={at(v).x} y2={at(v).y} className="dock" />
      ))}
      <rect
        x={c.x - 27}
        y={c.y - 21}
        width={54}
        height={42}
        rx={7}
        className="harbour-box"
        stroke={owner === undefined ? undefined : PLAYER_COLORS[owner]}
        strokeWidth={owner === undefined ? undefined : 3.5}
      />
      <text x={c.x} y={c.y - 8} className="harbour-id">
        Port {props.id}
      </text>
      {pair && (
        <>
          <text x={c.x} y={c.y + 4} className="harbour-pool">
            {RESOURCE_SHORT[pair[0]]}
          </text>
          <text x={c.x} y={c.y + 15} className="harbour-pool">
            {RESOURCE_SHORT[pair[1]]}
          </text>
        </>
      )}
      {props.ship && <GhostShip at={{ x: c.x + 34 * Math.sign(c.x || 1), y: c.y - 18 }} small />}
    </g>
  );
}

/** The hex under the ghost ship: shaded (unless it is the desert, which it cannot block), the ship beside its number. */
function Blocked({ id, shade }: { id: number; shade: boolean }) {
  const c = at(GEOMETRY.hexes[id]);
  return (
    <g className="blocked" data-ghost-hex={id}>
      {shade && (
        <polygon points={pointsAttr([0, 1, 2, 3, 4, 5].map((i) => hexCorner(c, i, S)))} className="blocked-shade" />
      )}
      <GhostShip at={{ x: c.x - S * 0.6, y: c.y + S * 0.05 }} small />
    </g>
  );
}

function GhostShip({ at: c, small }: { at: Point; small?: boolean }) {
  const k = small ? 0.72 : 0.95;
  return (
    <g className="ghost-ship" transform={`translate(${c.x} ${c.y}) scale(${k})`}>
      <title>The ghost ship</title>
      <path d="M-17,3 L17,3 L11,12 L-11,12 Z" />
      <line x1={0} y1={3} x2={0} y2={-17} />
      <path d="M1,-16 L14,0 L1,0 Z" className="sail" />
      <path d="M-1,-13 L-11,0 L-1,0 Z" className="sail" />
    </g>
  );
}

function Road({ a, b, color }: { a: number; b: number; color: string }) {
  const l = line(a, b, 0.13);
  return (
    <g className="road">
      <line {...l} stroke="#1d1d1f" strokeWidth={9} strokeLinecap="round" />
      <line {...l} stroke={color} strokeWidth={6} strokeLinecap="round" />
    </g>
  );
}

function Settlement({ at: c, color }: { at: Point; color: string }) {
  const pts = [
    [0, -11],
    [9, -3],
    [9, 8],
    [-9, 8],
    [-9, -3],
  ];
  return (
    <polygon
      className="settlement"
      points={pts.map(([x, y]) => `${c.x + x},${c.y + y}`).join(" ")}
      fill={color}
      stroke="#1d1d1f"
      strokeWidth={1.8}
    />
  );
}

function City({ at: c, color }: { at: Point; color: string }) {
  const pts = [
    [-15, 12],
    [-15, -5],
    [-8, -14],
    [-1, -5],
    [-1, -1],
    [15, -1],
    [15, 12],
  ];
  return (
    <g className="city">
      <polygon
        points={pts.map(([x, y]) => `${c.x + x},${c.y + y}`).join(" ")}
        fill={color}
        stroke="#1d1d1f"
        strokeWidth={2.2}
      />
      <rect x={c.x + 4} y={c.y + 3} width={6} height={5} fill="#fff" stroke="#1d1d1f" strokeWidth={1} />
      <rect x={c.x - 10} y={c.y + 1} width={5} height={6} fill="#fff" stroke="#1d1d1f" strokeWidth={1} />
    </g>
  );
}

/** A clickable spot: a button for the keyboard and for assistive technology. */
function Spot(props: { offer: SpotOffer; id: number; kind: string; children: ReactNode }) {
  const { offer, id } = props;
  const label = offer.label(id);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      offer.onPick(id);
    }
  };
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={label}
      className={`spot spot-${props.kind}-g`}
      onClick={() => offer.onPick(id)}
      onKeyDown={onKey}
      {...callAttrs(offer.call(id))}
    >
      <title>{label}</title>
      {props.children}
    </g>
  );
}
