import { useEffect, useState } from 'react';
import { type PaypalHold, paypalChangeHold } from '../../../shared/paypal-hold';

/** setTimeout's longest wait (about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * The cash-out hold after a PayPal change (the server's rule, src/shared/paypal-hold.ts), at this browser's clock:
 * null when there is none, and it turns null by itself when the hold ends.
 */
export function usePaypalHold(changedAt: string | null | undefined): PaypalHold | null {
  const [now, setNow] = useState(() => new Date());
  const hold = paypalChangeHold(changedAt, now);
  const until = hold?.until ?? null;
  useEffect(() => {
    if (!until) return;
    const wait = Math.min(Math.max(new Date(until).getTime() - Date.now(), 0) + 1000, MAX_TIMEOUT_MS);
    const timer = setTimeout(() => setNow(new Date()), wait);
    return () => clearTimeout(timer);
  }, [until]);
  return hold;
}
