// How CATAMM looks in the pages: player colours (each seat also has its label, P1..P4), hex colours, pool colours,
// short resource names.
import { HexKind } from "../../../client/catamm/board";

/** Seat colours (seat order), and their names for labels. */
export const PLAYER_COLORS = ["#d7263d", "#1f5fd6", "#e07a00", "#6a3fb5"] as const;
export const PLAYER_COLOR_NAMES = ["red", "blue", "orange", "purple"] as const;

/** Hex fills by HexKind (Wood, Brick, Sheep, Ore, Wheat, Gold, Desert). */
export const HEX_FILLS: Record<HexKind, string> = {
  [HexKind.Wood]: "#2f7d3b",
  [HexKind.Brick]: "#b85a35",
  [HexKind.Sheep]: "#8cc152",
  [HexKind.Ore]: "#7d8a96",
  [HexKind.Wheat]: "#e8c15a",
  [HexKind.Gold]: "#f5c400",
  [HexKind.Desert]: "#e9dcb3",
};

/** Ten distinct colours, one per pool, for the price lines. */
export const POOL_COLORS = [
  "#1f77b4",
  "#ff7f0e",
  "#2ca02c",
  "#d62728",
  "#9467bd",
  "#8c564b",
  "#e377c2",
  "#4d4d4d",
  "#bcbd22",
  "#17becf",
] as const;

/** Short resource labels for tight places (the board's ports). */
export const RESOURCE_SHORT = ["Wood", "Brick", "Sheep", "Ore", "Wheat"] as const;
