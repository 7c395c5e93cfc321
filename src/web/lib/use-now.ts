import { useEffect, useState } from 'react';

/** The current time, moving on every `intervalMs` (for clocks like "waiting for 2 hours"). */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
