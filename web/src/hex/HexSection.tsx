// Forking Hex routes: `#/hex` (lobby), `#/hex/<game>` (latest position), `#/hex/<game>/<position>`.
import { idPart, type Route } from "../shared/routes";
import { GamePage } from "./GamePage";
import { Lobby } from "./Lobby";

export function HexSection({ route }: { route: Route }) {
  const gameId = idPart(route.parts[0]);
  if (gameId === undefined) return <Lobby />;
  const position = idPart(route.parts[1]);
  return (
    <GamePage
      key={gameId.toString()}
      gameId={gameId}
      position={position === undefined ? undefined : Number(position)}
    />
  );
}
