import { describe, expect, it } from 'vitest';
import { carrierOf, trackingUrl } from './tracking';

describe('trackingUrl', () => {
  it('links each well-known carrier to its own tracking page', () => {
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('USPS', '9400111899223197428490')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
    );
    expect(trackingUrl('FedEx', '781234567890')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=781234567890',
    );
    expect(trackingUrl('DHL', '1234567890')).toBe(
      'https://www.dhl.com/us-en/home/tracking.html?tracking-id=1234567890',
    );
  });

  it('reads the carrier names people type', () => {
    expect(carrierOf('UPS Ground')).toBe('ups');
    expect(carrierOf('U.S. Postal Service')).toBe('usps');
    expect(carrierOf('United States Postal Service')).toBe('usps');
    expect(carrierOf('usps priority')).toBe('usps');
    expect(carrierOf('Fed Ex')).toBe('fedex');
    expect(carrierOf('Federal Express')).toBe('fedex');
    expect(carrierOf('DHL Express')).toBe('dhl');
  });

  it('falls back on the number when the carrier name says nothing', () => {
    expect(carrierOf('Other', '1Z999AA10123456784')).toBe('ups');
    expect(carrierOf('', '9205590164917312751089')).toBe('usps');
    expect(carrierOf('Local courier', 'ABC123')).toBeNull();
  });

  it('gives no link for an unknown carrier or a missing number, and escapes the number', () => {
    expect(trackingUrl('Local courier', 'ABC123')).toBeNull();
    expect(trackingUrl('UPS', '   ')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
    expect(trackingUrl(null, '1Z 999 AA1 0123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('DHL', 'a&b')).toBe('https://www.dhl.com/us-en/home/tracking.html?tracking-id=a%26b');
  });
});
