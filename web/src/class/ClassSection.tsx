// The class routes: `#/class` (the teacher's sheet) and `#/seat?…` (a card opened on a phone).
import type { Route } from "../shared/routes";
import { SeatPage } from "./SeatPage";
import { SheetPage } from "./SheetPage";
import "./class.css";

export function ClassSection({ route }: { route: Route }) {
  // A new card opened in the same tab (another link pasted) is a new page, not the previous card's.
  return route.section === "seat" ? <SeatPage key={route.query.toString()} route={route} /> : <SheetPage />;
}
