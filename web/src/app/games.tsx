// The games of the app: one entry each, with the page for its section of the hash route. Snatch and CATAMM pages
// replace their "coming" placeholders here.
import { lazy, Suspense, type ReactNode } from "react";
import type { Route } from "../shared/routes";

// Each game's pages are a chunk of their own, loaded when its section is opened.
const HexSection = lazy(() => import("../hex/HexSection").then((m) => ({ default: m.HexSection })));
const SnatchSection = lazy(() => import("../snatch/SnatchSection").then((m) => ({ default: m.SnatchSection })));
const CatammSection = lazy(() => import("../catamm/CatammSection").then((m) => ({ default: m.CatammSection })));
const ClassSection = lazy(() => import("../class/ClassSection").then((m) => ({ default: m.ClassSection })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p aria-busy="true">Loading…</p>}>{children}</Suspense>;
}

export interface GameEntry {
  /** Route section: `#/<id>/...`. */
  id: string;
  title: string;
  /** The name in a phone's navigation bar. */
  short: string;
  blurb: string;
  /** The page for a route of this section; undefined while the game has no pages yet. */
  render?: (route: Route) => ReactNode;
}

export const GAMES: GameEntry[] = [
  {
    id: "hex",
    title: "Forking Hex",
    short: "Hex",
    blurb: "Hex where anyone may answer any open position: one game is a tree of boards, and losing moves pay.",
    render: (route) => (
      <Loading>
        <HexSection route={route} />
      </Loading>
    ),
  },
  {
    id: "snatch",
    title: "Snatch or Share",
    short: "Snatch",
    blurb: "Trade, snatch or share in rooms of three, and the G1–G5 series with a tournament.",
    render: (route) => (
      <Loading>
        <SnatchSection route={route} />
      </Loading>
    ),
  },
  {
    id: "catamm",
    title: "CATAMM",
    short: "CATAMM",
    blurb: "Catan with automated market-maker pools for the resources.",
    render: (route) => (
      <Loading>
        <CatammSection route={route} />
      </Loading>
    ),
  },
];

/** Sections that are not games: the teacher's class sheet (`#/class`) and a seat card opened on a phone (`#/seat`). */
export const CLASS_SECTIONS = ["class", "seat"];

export function renderClass(route: Route): ReactNode {
  return (
    <Loading>
      <ClassSection route={route} />
    </Loading>
  );
}
