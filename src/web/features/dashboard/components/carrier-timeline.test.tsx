import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CarrierTimeline } from './carrier-timeline';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the carrier timeline on a creator application', () => {
  it('shows the status, the estimate and each scan, newest first, with its place', () => {
    const html = renderToStaticMarkup(
      <CarrierTimeline
        tracking={{
          status: 'out_for_delivery',
          statusAt: '2026-06-23T07:00:00Z',
          estimatedDelivery: '2026-06-23T11:00:00Z',
          events: [
            {
              status: 'in_transit',
              message: 'Arrived at USPS Regional Facility',
              at: '2026-06-21T08:00:00Z',
              place: 'Austin, TX, US',
            },
            {
              status: 'out_for_delivery',
              message: 'Out for Delivery',
              at: '2026-06-23T07:00:00Z',
              place: null,
            },
          ],
          deliveredAt: null,
          deliveredBy: null,
          carrierDeliveredAt: null,
        }}
      />,
    );
    const shown = text(html);
    expect(shown).toContain('Out for delivery · expected Jun 23, 2026');
    expect(shown.indexOf('Out for Delivery')).toBeLessThan(
      shown.indexOf('Arrived at USPS Regional Facility'),
    );
    expect(shown).toContain('Austin, TX, US');
  });

  it.each([
    {
      who: 'the carrier',
      delivery: { deliveredAt: '2026-06-23T11:00:00Z', deliveredBy: 'carrier', carrierDeliveredAt: null },
      says: 'Delivered on Jun 23, 2026, as reported by the carrier.',
    },
    {
      who: 'a person, with the carrier time beside it',
      delivery: {
        deliveredAt: '2026-06-22T11:00:00Z',
        deliveredBy: 'person',
        carrierDeliveredAt: '2026-06-23T11:00:00Z',
      },
      says: 'Marked delivered on Jun 22, 2026. The carrier reported it delivered on Jun 23, 2026.',
    },
  ] as const)('says who said the box arrived: $who', ({ delivery, says }) => {
    const tracking = {
      statusAt: null,
      estimatedDelivery: null,
      events: [],
      status: 'delivered',
      ...delivery,
    };
    expect(text(renderToStaticMarkup(<CarrierTimeline tracking={tracking} />))).toContain(says);
  });

  it('shows nothing without tracking', () => {
    expect(renderToStaticMarkup(<CarrierTimeline tracking={null} />)).toBe('');
  });
});
