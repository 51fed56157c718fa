// What the board offers the player now, as hooks: the ghost ship's legal targets (static calls) and the spots a click
// may build on or move to in the current mode.
import { useCallback } from "react";
import { ZeroAddress } from "ethers";
import { describeError as describeRaw } from "../../../client/errors";
import { HEX_COUNT, PORT_COUNT, TOPOLOGY, has, idsOf, maskOf } from "../../../client/catamm/board";
import { NO_EDGE } from "../../../client/catamm/game";
import { callOf } from "../shared/action";
import { txCall } from "../shared/calls";
import { gameAction } from "./checks";
import type { Act, Mode } from "./Actions";
import type { BoardOffers } from "./Board";
import type { CatammContracts } from "./contracts";
import { useGameRead } from "./useGameRead";
import type { LiveGame } from "./useLiveGame";

/** The hexes and ports the ghost ship may go to, by static calls (a hex whose only objection is a missing victim counts). */
export function useGhostTargets(
  c: CatammContracts,
  gameId: bigint,
  active: boolean,
  version: number,
): { hexes: number[]; ports: number[] } | null {
  const read = useGameRead(c, gameId, active ? ["ghostTargets"] : null, version, async () => {
    const legal = (call: Promise<unknown>) =>
      call.then(
        () => true,
        (err: unknown) => describeRaw(err, { contract: "Catamm" }).revert?.name === "VictimRequired",
      );
    const [h, p] = await Promise.all([
      Promise.all(
        Array.from({ length: HEX_COUNT }, (_, h) => legal(c.game.blockHex.staticCall(gameId, h, ZeroAddress))),
      ),
      Promise.all(Array.from({ length: PORT_COUNT }, (_, p) => legal(c.game.flipPort.staticCall(gameId, p)))),
    ]);
    return { hexes: h.flatMap((ok, i) => (ok ? [i] : [])), ports: p.flatMap((ok, i) => (ok ? [i] : [])) };
  });
  return read.data ?? null;
}

/** What the board offers to click in the current mode. */
export function useOffers(
  c: CatammContracts,
  live: LiveGame,
  gameId: bigint,
  mode: Mode,
  setMode: (m: Mode) => void,
  act: Act,
  targets: { hexes: number[]; ports: number[] } | null,
): BoardOffers {
  const me = live.me;
  const spots = me?.spots;
  const draftEdges = useCallback(
    async (v: number) => {
      // The draft's road: any edge at the settlement the contract accepts with it (a static call per edge).
      const ok = await Promise.all(
        TOPOLOGY.vertexEdges[v].map((e) =>
          c.game.placeInitial.staticCall(gameId, v, e).then(
            () => e,
            () => -1,
          ),
        ),
      );
      setMode({ kind: "draft", vertex: v, edges: maskOf(ok.filter((e) => e >= 0)) });
    },
    [c, gameId, setMode],
  );
  const secondRoads = useCallback(
    async (first: number) => {
      // Road Building's second road: the spots already legal and the edges next to the first, checked together.
      const near = TOPOLOGY.edgeVertices[first].flatMap((v) => TOPOLOGY.vertexEdges[v]);
      const candidates = [...new Set([...idsOf(spots?.roads ?? 0n), ...near])].filter((e) => e !== first);
      const ok = await Promise.all(
        candidates.map((e) =>
          c.game.playRoadBuilding.staticCall(gameId, first, e).then(
            () => e,
            () => -1,
          ),
        ),
      );
      setMode({ kind: "roadBuilding", first, seconds: maskOf(ok.filter((e) => e >= 0)) });
    },
    [c, gameId, setMode, spots],
  );
  if (!me || !spots) return {};
  const g = c.game;
  // The draft's settlement is sent with a road: the one a pick leads to at the first edge no road holds yet.
  const roads = live.snap?.players.reduce((all, p) => all | p.roads, 0n) ?? 0n;
  const freeEdge = (v: number) => TOPOLOGY.vertexEdges[v].find((e) => !has(roads, e)) ?? TOPOLOGY.vertexEdges[v][0];
  const draft = (v: number, e: number) =>
    gameAction(c, "placeInitial", [gameId, v, e], `Draft: settlement on vertex ${v}, road on edge ${e}`);
  const road = (e: number) => gameAction(c, "buildRoad", [gameId, e], `Build a road on edge ${e}`);
  const settlement = (v: number) => gameAction(c, "buildSettlement", [gameId, v], `Build a settlement on vertex ${v}`);
  const city = (v: number) => gameAction(c, "buildCity", [gameId, v], `Build a city on vertex ${v}`);
  const twoRoads = (first: number, e: number) =>
    gameAction(c, "playRoadBuilding", [gameId, first, e], `Play Road Building: edges ${first} and ${e}`);
  switch (mode.kind) {
    case "draft":
      return {
        vertices: {
          mask: spots.settlements,
          label: (v) => `Draft a settlement on vertex ${v}`,
          onPick: (v) => void draftEdges(v),
          call: (v) => txCall(g, g.placeInitial, [gameId, v, freeEdge(v)]),
        },
        edges:
          mode.vertex === undefined || mode.edges === undefined
            ? undefined
            : {
                mask: mode.edges,
                label: (e) => `Draft road on edge ${e} (settlement on vertex ${mode.vertex})`,
                call: (e) => callOf(draft(mode.vertex!, e)),
                onPick: (e) => void act(draft(mode.vertex!, e)),
              },
        selectedVertex: mode.vertex,
      };
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
            call: (e) => txCall(g, g.playRoadBuilding, [gameId, e, NO_EDGE]),
            onPick: (e) => void secondRoads(e),
          },
        };
      }
      return {
        edges: {
          mask: mode.seconds ?? 0n,
          label: (e) => `Road Building: second road on edge ${e}`,
          call: (e) => callOf(twoRoads(mode.first!, e)),
          onPick: (e) => void act(twoRoads(mode.first!, e)).then((ok) => ok && setMode({ kind: "none" })),
        },
        selectedVertex: undefined,
      };
    case "ghost":
      return {
        hexes: targets
          ? {
              ids: targets.hexes,
              label: (h) => `Ghost ship to hex ${h}`,
              // The victim is chosen next: the hex alone may be refused for want of one.
              call: (h) => txCall(g, g.blockHex, [gameId, h, ZeroAddress], { accepts: ["VictimRequired"] }),
              onPick: (h) => setMode({ kind: "ghost", hex: h }),
            }
          : undefined,
        ports: targets
          ? {
              ids: targets.ports,
              label: (p) => `Flip port ${p}`,
              onPick: (p) => setMode({ kind: "ghost", port: p }),
              call: (p) => txCall(g, g.flipPort, [gameId, p]),
            }
          : undefined,
        selectedHex: mode.hex,
      };
    default:
      return {};
  }
}
