// The frame of a Snatch list page (tournaments, class sessions): crumbs back to the rooms, a title and an intro, then
// the list and its create form side by side.
import type { ReactNode } from "react";
import { href } from "../shared/routes";

export function ListPage(props: { crumbs: ReactNode; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="snatch-lobby">
      <nav className="crumbs">
        <a href={href("snatch")}>Rooms</a> › {props.crumbs}
      </nav>
      <h1>{props.title}</h1>
      <p className="intro">{props.intro}</p>
      <div className="lobby-grid">{props.children}</div>
    </div>
  );
}
