// Goods as people see them: a small drawn mark per good (turkey, coffee, corn) beside its name and amount, and
// number inputs for an offer's amounts.
import { GOOD_NAMES } from "../../../client/snatch/names";
import type { Goods } from "../../../client/snatch/state";

const COLOURS = ["#8a5a2b", "#4b2e1e", "#e3b505"];

/** A good's mark: turkey a brown drumstick-like disc, coffee a bean, corn a yellow cob (shape tells them apart). */
export function GoodIcon({ good, size = 14 }: { good: number; size?: number }) {
  const c = COLOURS[good];
  return (
    <svg className="good-icon" width={size} height={size} viewBox="0 0 16 16" aria-hidden="true">
      {good === 0 && (
        <>
          <circle cx="9" cy="7" r="5.5" fill={c} />
          <rect x="2" y="11" width="5" height="3" rx="1.5" fill="#e8d7c0" transform="rotate(-35 4 12)" />
        </>
      )}
      {good === 1 && (
        <>
          <ellipse cx="8" cy="8" rx="4.5" ry="6.5" fill={c} transform="rotate(25 8 8)" />
          <path d="M6 3 Q9 8 10 13" stroke="#c9a27a" strokeWidth="1.2" fill="none" />
        </>
      )}
      {good === 2 && (
        <>
          <rect x="4.5" y="1.5" width="7" height="13" rx="3.5" fill={c} />
          <path d="M6 4h4M6 7h4M6 10h4" stroke="#b58900" strokeWidth="1" />
        </>
      )}
    </svg>
  );
}

/** "3 turkey + 1 corn" with marks; "nothing" when empty. */
export function GoodsText({ goods, zero = "nothing" }: { goods: readonly number[]; zero?: string }) {
  const parts = goods.map((n, g) => ({ n, g })).filter((x) => x.n > 0);
  if (parts.length === 0) return <span className="muted">{zero}</span>;
  return (
    <span className="goods">
      {parts.map(({ n, g }, i) => (
        <span key={g} className="good">
          {i > 0 && " + "}
          <GoodIcon good={g} />
          {n} {GOOD_NAMES[g]}
        </span>
      ))}
    </span>
  );
}

/** Number inputs for the goods of a room (`goods` lists which: coffee is not traded by 2 players). */
export function GoodsInput(props: {
  label: string;
  goods: readonly number[];
  value: Goods;
  /** One good's new amount (the caller updates from its latest state: two quick changes both count). */
  onChange: (good: number, amount: number) => void;
  hint?: (good: number) => string | undefined;
}) {
  return (
    <fieldset className="goods-input">
      <legend>{props.label}</legend>
      {props.goods.map((g) => (
        <label key={g} className="good-field">
          <GoodIcon good={g} />
          <span>{GOOD_NAMES[g]}</span>
          <input
            type="number"
            min={0}
            max={255}
            className="num small"
            aria-label={`${props.label}: ${GOOD_NAMES[g]}`}
            value={props.value[g] === 0 ? "" : String(props.value[g])}
            placeholder="0"
            onChange={(e) => {
              props.onChange(g, Math.max(0, Math.min(4294967295, Math.floor(Number(e.target.value) || 0))));
            }}
          />
          {props.hint?.(g) && <small className="muted">{props.hint(g)}</small>}
        </label>
      ))}
    </fieldset>
  );
}
