// What the board offers the player now, as a hook: the spots a click may build on or move to in the current mode. The
// choices that need the contract's answer first (the draft's road at a picked settlement, Road Building's second
// road, the ghost ship's hexes and ports) are actions (checks.ts `gameAction`) asked as the game's checks
// (data/checks.ts): the board lights the ones the contract accepts, once it has answered them all.
import { ZeroAddress } from "ethers";
import { HEX_COUNT, PORT_COUNT, TOPOLOGY, has, idsOf, maskOf } from "../../../client/catamm/board";
import { NO_EDGE } from "../../../client/catamm/game";
import { callOf, type Action } from "../shared/action";
import { gameAction, useGameChecks } from "./checks";
import type { Act, Mode } from "./Actions";
import type { BoardOffers } from "./Board";
import type { CatammContracts } from "./contracts";
import type { LiveGame } from "./useLiveGame";

/** A choice the contract answers: its kind, its spot and its action. */
type Choice = ["draft" | "second" | "hex" | "port", number, Action];

/** Road Building's second road: the spots already legal and the edges next to the first. */
function secondCandidates(first: number, roads: bigint): number[] {
  const near = TOPOLOGY.edgeVertices[first].flatMap((v) => TOPOLOGY.vertexEdges[v]);
  return [...new Set([...idsOf(roads), ...near])].filter((e) => e !== first);
}

/** What the board offers to click in the current mode. */
export function useOffers(
  c: CatammContracts,
  live: LiveGame,
  gameId: bigint,
  mode: Mode,
  setMode: (m: Mode) => void,
  act: Act,
): BoardOffers {
  const me = live.me;
  const spots = me?.spots;
  const draft = (v: number, e: number) =>
    gameAction(c, "placeInitial", [gameId, v, e], `Draft: settlement on vertex ${v}, road on edge ${e}`);
  const road = (e: number) => gameAction(c, "buildRoad", [gameId, e], `Build a road on edge ${e}`);
  const settlement = (v: number) => gameAction(c, "buildSettlement", [gameId, v], `Build a settlement on vertex ${v}`);
  const city = (v: number) => gameAction(c, "buildCity", [gameId, v], `Build a city on vertex ${v}`);
  const twoRoads = (first: number, e: number) =>
    gameAction(c, "playRoadBuilding", [gameId, first, e], `Play Road Building: edges ${first} and ${e}`);
  const oneRoad = (e: number) =>
    gameAction(c, "playRoadBuilding", [gameId, e, NO_EDGE], `Play Road Building: edge ${e}`);
  // The victim is chosen next: the hex alone may be refused for want of one.
  const ghostHex = (h: number) =>
    gameAction(c, "blockHex", [gameId, h, ZeroAddress], `Ghost ship to hex ${h}`, ["VictimRequired"]);
  const flip = (p: number) => gameAction(c, "flipPort", [gameId, p], `Flip port ${p}`);

  // The choices of this mode that the contract answers first.
  const choices: Choice[] = [];
  if (mode.kind === "draft" && mode.vertex !== undefined) {
    for (const e of TOPOLOGY.vertexEdges[mode.vertex]) choices.push(["draft", e, draft(mode.vertex, e)]);
  } else if (mode.kind === "roadBuilding" && mode.first !== undefined) {
    for (const e of secondCandidates(mode.first, spots?.roads ?? 0n))
      choices.push(["second", e, twoRoads(mode.first, e)]);
  } else if (mode.kind === "ghost") {
    for (let h = 0; h < HEX_COUNT; h++) choices.push(["hex", h, ghostHex(h)]);
    for (let p = 0; p < PORT_COUNT; p++) choices.push(["port", p, flip(p)]);
  }
  const checks = useGameChecks(
    c,
    gameId,
    live.version,
    Object.fromEntries(choices.map(([kind, id, a]) => [`${kind}:${id}`, a])),
  );
  /** The spots of `kind` the contract accepts, once it has answered every one (undefined until then). */
  const accepted = (kind: Choice[0]): number[] | undefined => {
    const names = choices.filter((ch) => ch[0] === kind).map(([, id]) => [id, `${kind}:${id}`] as const);
    if (names.some(([, name]) => checks.get(name) === undefined)) return undefined;
    return names.filter(([, name]) => checks.ok(name)).map(([id]) => id);
  };
  const maskOfAccepted = (kind: Choice[0]) => {
    const ids = accepted(kind);
    return ids === undefined ? undefined : maskOf(ids);
  };

  if (!me || !spots) return {};
  // The draft's settlement is sent with a road: the one a pick leads to at the first edge no road holds yet.
  const roads = live.snap?.players.reduce((all, p) => all | p.roads, 0n) ?? 0n;
  const freeEdge = (v: number) => TOPOLOGY.vertexEdges[v].find((e) => !has(roads, e)) ?? TOPOLOGY.vertexEdges[v][0];
  switch (mode.kind) {
    case "draft": {
      const edges = maskOfAccepted("draft");
      return {
        vertices: {
          mask: spots.settlements,
          label: (v) => `Draft a settlement on vertex ${v}`,
          onPick: (v) => setMode({ kind: "draft", vertex: v }),
          call: (v) => callOf(draft(v, freeEdge(v))),
        },
        edges:
          mode.vertex === undefined || edges === undefined
            ? undefined
            : {
                mask: edges,
                label: (e) => `Draft road on edge ${e} (settlement on vertex ${mode.vertex})`,
                call: (e) => callOf(draft(mode.vertex!, e)),
                onPick: (e) => void act(draft(mode.vertex!, e)),
              },
        selectedVertex: mode.vertex,
      };
    }
    case "road":
      return {
        edges: {
          mask: spots.roads,
          label: (e) => `Build a road on edge ${e}`,
          call: (e) => callOf(road(e)),
          onPick: (e) => void act(road(e)),
        },
      };
    case "settlement":
      return {
        vertices: {
          mask: spots.settlements,
          label: (v) => `Build a settlement on vertex ${v}`,
          call: (v) => callOf(settlement(v)),
          onPick: (v) => void act(settlement(v)),
        },
      };
    case "city":
      return {
        vertices: {
          mask: spots.cities,
          label: (v) => `Build a city on vertex ${v}`,
          call: (v) => callOf(city(v)),
          onPick: (v) => void act(city(v)),
        },
      };
    case "roadBuilding":
      if (mode.first === undefined) {
        return {
          edges: {
            mask: spots.roads,
            label: (e) => `Road Building: first road on edge ${e}`,
            call: (e) => callOf(oneRoad(e)),
            onPick: (e) => setMode({ kind: "roadBuilding", first: e }),
          },
        };
      }
      return {
        edges: {
          mask: maskOfAccepted("second") ?? 0n,
          label: (e) => `Road Building: second road on edge ${e}`,
          call: (e) => callOf(twoRoads(mode.first!, e)),
          onPick: (e) => void act(twoRoads(mode.first!, e)).then((ok) => ok && setMode({ kind: "none" })),
        },
        selectedVertex: undefined,
      };
    case "ghost": {
      const hexes = accepted("hex");
      const ports = accepted("port");
      return {
        hexes: hexes && {
          ids: hexes,
          label: (h) => `Ghost ship to hex ${h}`,
          call: (h) => callOf(ghostHex(h)),
          onPick: (h) => setMode({ kind: "ghost", hex: h }),
        },
        ports: ports && {
          ids: ports,
          label: (p) => `Flip port ${p}`,
          call: (p) => callOf(flip(p)),
          onPick: (p) => setMode({ kind: "ghost", port: p }),
        },
        selectedHex: mode.hex,
      };
    }
    default:
      return {};
  }
}
