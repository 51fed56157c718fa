// Snatch or Share routes: `#/snatch` (rooms lobby), `#/snatch/room/<id>`, `#/snatch/tournaments`,
// `#/snatch/tournament/<id>`, `#/snatch/tournament/<id>/player/<address>`, `#/snatch/tournament/<id>/console` (the
// organiser's console), `#/snatch/tournament/<id>/projector` (the class's projector view), `#/snatch/sessions`
// (three-player class sessions).
import { isAddress } from "ethers";
import { idPart, type Route } from "../shared/routes";
import { Lobby } from "./Lobby";
import { RoomPage } from "./RoomPage";
import { PlayerHistory } from "./tournament/PlayerHistory";
import { TournamentList } from "./tournament/TournamentList";
import { TournamentPage } from "./tournament/TournamentPage";
import { SessionList } from "../class/session/SessionList";
import { SessionConsolePage } from "../class/session/SessionConsole";
import { SessionProjectorPage } from "../class/session/SessionProjector";
import { ConsolePage } from "../class/console/ConsolePage";
import { ProjectorPage } from "../class/console/ProjectorPage";
import "./snatch.css";

export function SnatchSection({ route }: { route: Route }) {
  const [kind, a, b, c] = route.parts;
  if (kind === "room") {
    const id = idPart(a);
    if (id !== undefined) return <RoomPage key={id.toString()} roomId={id} />;
  }
  if (kind === "tournaments") return <TournamentList />;
  if (kind === "sessions") return <SessionList />;
  if (kind === "session") {
    const id = idPart(a);
    if (id !== undefined && b === "console") return <SessionConsolePage key={id.toString()} id={id} />;
    if (id !== undefined && b === "projector") return <SessionProjectorPage key={id.toString()} id={id} />;
    if (id !== undefined) return <SessionList />;
  }
  if (kind === "tournament") {
    const id = idPart(a);
    if (id !== undefined && b === "player" && c && isAddress(c)) return <PlayerHistory id={id} player={c} />;
    if (id !== undefined && b === "console") return <ConsolePage key={id.toString()} id={id} />;
    if (id !== undefined && b === "projector") return <ProjectorPage key={id.toString()} id={id} />;
    if (id !== undefined) return <TournamentPage key={id.toString()} id={id} />;
  }
  return <Lobby />;
}
