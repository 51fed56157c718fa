// The games of the app: one entry each, with the page for its section of the hash route. Snatch and CATAMM pages
// replace their "coming" placeholders here.
import type { ReactNode } from "react";
import { HexSection } from "../hex/HexSection";
import type { Route } from "../shared/routes";

export interface GameEntry {
  /** Route section: `#/<id>/...`. */
  id: string;
  title: string;
  blurb: string;
  /** The page for a route of this section; undefined while the game has no pages yet. */
  render?: (route: Route) => ReactNode;
}

export const GAMES: GameEntry[] = [
  {
    id: "hex",
    title: "Forking Hex",
    blurb: "Hex where anyone may answer any open position: one game is a tree of boards, and losing moves pay.",
    render: (route) => <HexSection route={route} />,
  },
  {
    id: "snatch",
    title: "Snatch or Share",
    blurb: "Trade, snatch or share in rooms of three, and the G1–G5 series with a tournament.",
  },
  {
    id: "catamm",
    title: "CATAMM",
    blurb: "Catan with automated market-maker pools for the resources.",
  },
];
