// A value that follows `value` once it has held still for `ms`: a form's reads wait for the typing to pause.
import { useEffect, useState } from "react";
import { hashKey } from "../data/keys";

/** `value` once unchanged (compared by value) for `ms` milliseconds; the last settled value meanwhile. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const hash = hashKey([value]);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the hash stands for the value (new objects each render)
  }, [hash, ms]);
  return settled;
}
