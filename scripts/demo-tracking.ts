// `npm run demo`'s carrier (issue 38): every tracking number an admin enters moves, through the EasyPost stand-in,
// from pre-transit to delivered over about three minutes. Each step is a signed webhook Event, applied by the
// tracking-events job within a minute, so a newcomer watches a box arrive and the creator's posting clock start
// from the carrier's delivery time. scripts/demo.ts calls it once the stand-in is up.
import type { FakeEasypost } from '../tests/support/fake-easypost';

/** The steps after a tracker is created (pre-transit), with where the scan happened. */
export const DEMO_TRACKER_STEPS = [
  {
    afterMs: 30_000,
    status: 'in_transit',
    message: 'Accepted at USPS Origin Facility',
    city: 'Portland',
    state: 'OR',
  },
  { afterMs: 90_000, status: 'out_for_delivery', message: 'Out for Delivery', city: 'Austin', state: 'TX' },
  {
    afterMs: 150_000,
    status: 'delivered',
    message: 'Delivered, Front Door/Porch',
    city: 'Austin',
    state: 'TX',
  },
] as const;

/** Makes the stand-in move each new tracker along DEMO_TRACKER_STEPS, each step posted to `webhookUrl`. */
export function moveDemoTrackers(easypost: FakeEasypost, webhookUrl: string, say: (line: string) => void) {
  easypost.onTrackerCreated = (tracker) => {
    for (const step of DEMO_TRACKER_STEPS) {
      setTimeout(() => {
        void (async () => {
          const event = easypost.advance(String(tracker.id), { ...step, at: new Date().toISOString() });
          try {
            const status = await easypost.deliver(event, webhookUrl);
            say(`[EasyPost stand-in] ${String(tracker.tracking_code)}: ${step.status} → webhook ${status}`);
          } catch (error) {
            say(`[EasyPost stand-in] the webhook could not be delivered: ${(error as Error).message}`);
          }
        })();
      }, step.afterMs).unref();
    }
  };
}
