import { useState } from 'react';

/**
 * The ids ticked in a list of checkboxes (payouts for Process Payment, applicants for a bulk decision, accepted boxes
 * for store orders): the set, `setTicked` to replace it (all, none), and `tick(id, on)`, which ticks or unticks one
 * (flips it when `on` is not given).
 */
export function useTickedIds() {
  const [ticked, setTicked] = useState<Set<number>>(() => new Set());
  const tick = (id: number, on?: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  return { ticked, setTicked, tick };
}
