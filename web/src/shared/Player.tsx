// A player wherever an address is shown: the name the player gave (from the indexer, or the caller's own `name`)
// with the shortened address beside it, the whole address on hover; "(you)" marks the connected account.
import { usePlayerName } from "../data/names";
import { short } from "../../../client/format";

export function Player({ address, you, name }: { address: string; you?: string | null; name?: string | null }) {
  const looked = usePlayerName(name ? null : address);
  const shown = name || looked;
  const mine = you !== undefined && you !== null && you.toLowerCase() === address.toLowerCase();
  return (
    <span className={`player addr${mine ? " addr-you" : ""}`} title={address} data-player={address.toLowerCase()}>
      {shown ? (
        <>
          <bdi className="player-name">{shown}</bdi> <span className="player-addr">{short(address)}</span>
        </>
      ) : (
        short(address)
      )}
      {mine && " (you)"}
    </span>
  );
}
