import { useState } from 'react';

/**
 * The payouts ticked in a list (for Process Payment), by payout id: the set, `setTicked` to replace it, and
 * `toggle(id)`, which ticks a payout or unticks it.
 */
export function useTickedPayouts() {
  const [ticked, setTicked] = useState<Set<number>>(() => new Set());
  const toggle = (payoutId: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(payoutId)) next.delete(payoutId);
      else next.add(payoutId);
      return next;
    });
  return { ticked, setTicked, toggle };
}
