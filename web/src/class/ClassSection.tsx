// The class routes: `#/class` (the teacher's sheet) and `#/seat?…` (a card opened on a phone).
import type { Route } from "../shared/routes";
import { SeatPage } from "./SeatPage";
import { SheetPage } from "./SheetPage";
import "./class.css";

export function ClassSection({ route }: { route: Route }) {
  return route.section === "seat" ? <SeatPage route={route} /> : <SheetPage />;
}
