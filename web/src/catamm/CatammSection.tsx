// CATAMM routes: `#/catamm` (lobby), `#/catamm/<game>` (board), `#/catamm/<game>/markets`, `#/catamm/<game>/charts`.
import { idPart, type Route } from "../shared/routes";
import { GamePage, type GameView } from "./GamePage";
import { Lobby } from "./Lobby";
import "./catamm.css";

const VIEWS: GameView[] = ["board", "markets", "charts"];

export function CatammSection({ route }: { route: Route }) {
  const gameId = idPart(route.parts[0]);
  if (gameId === undefined) return <Lobby />;
  const view = VIEWS.find((v) => v === route.parts[1]) ?? "board";
  return <GamePage key={gameId.toString()} gameId={gameId} view={view} />;
}
