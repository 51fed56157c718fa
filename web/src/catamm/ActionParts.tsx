// Small pieces of the CATAMM turn panel: a button enabled by its static check, the cards held, a seat's chip.
import type { ReactNode } from "react";
import { idsOf } from "../../../client/catamm/board";
import { DEV_CARD_NAMES, DevCard } from "../../../client/catamm/game";
import { callOf, type Action } from "../shared/action";
import type { Check } from "../data/checks";
import { ActionButton } from "../shared/ui";
import { PLAYER_COLORS } from "./look";
import type { Act } from "./Actions";
import type { LiveGame } from "./useLiveGame";

/** The player's development cards (drawn this turn marked), VP cards included (hidden from the score views). */
export function CardsHeld({ live }: { live: LiveGame }) {
  const me = live.me!;
  const total = me.held.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  return (
    <p className="cards-held">
      Your development cards:{" "}
      {me.held
        .map((n, k) =>
          n > 0 ? `${n} ${DEV_CARD_NAMES[k]}${me.fresh[k] ? ` (${me.fresh[k]} drawn this turn)` : ""}` : "",
        )
        .filter(Boolean)
        .join(", ")}
      {me.held[DevCard.VictoryPoint] > 0 && (
        <span className="muted"> · VP cards count for you, hidden from the score views (the chain is public)</span>
      )}
    </p>
  );
}

/** A player's colour chip. */
export function SeatChip({ seat }: { seat: number }) {
  return (
    <span className="seat-chip" style={{ background: PLAYER_COLORS[seat] }} aria-hidden="true">
      P{seat + 1}
    </span>
  );
}

/** A button enabled by its static check (of `action`, the transaction it sends or, with `onClick`, leads to); the
 *  reason shows under it when the contract refuses. */
export function Checked(props: {
  check: Check | undefined;
  action: Action;
  act: Act;
  onClick?: () => Promise<unknown>;
  children: ReactNode;
  kind?: "primary" | "secondary";
}) {
  const { check, action, act } = props;
  const why = check && !check.ok ? check.reason : undefined;
  return (
    <div className="checked">
      <ActionButton
        onClick={props.onClick ?? (() => act(action))}
        disabled={check?.ok !== true}
        kind={props.kind}
        title={why}
        call={callOf(action)}
      >
        {props.children}
      </ActionButton>
      {why !== undefined && <span className="why">{why}</span>}
    </div>
  );
}

/** The lowest id in a bitmask of spots (0 for none): the spot a build's check and `data-call` name. */
export const firstOf = (mask: bigint): bigint => (mask !== 0n ? BigInt(idsOf(mask)[0]) : 0n);
