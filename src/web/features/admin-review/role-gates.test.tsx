import { describe, expect, it } from 'vitest';
import { renderAsAdmin as renderAs, textOf as text } from '../../../../tests/support/render-as-admin';
import { ADMIN_ROLES, type AdminRole } from '../../../shared/admin-permissions';
import { offeredActions } from '../../../shared/lifecycle/moves';
import type { ProductView } from '../../../shared/schemas/products';
import type { AdminApplicant } from '../../../shared/schemas/shipping';
import { stepsForRole } from '../../lib/admin-permissions';
import { privateKeys } from '../../lib/query-keys';
import type { ApplicantActions } from './components/applicant-actions';
import { ApplicantCard } from './components/applicant-card';
import { CampaignProductsPanel } from './components/campaign-products-panel';

/** Issue 39: the campaign page shows only what the signed-in role may do, read from the one permission table. */

const APPLIED: AdminApplicant = {
  id: 7,
  status: 'applied',
  pitch: 'I love serums',
  adminMessage: null,
  carrier: null,
  trackingNumber: null,
  shippedAt: null,
  deliveredAt: null,
  deliveryProblem: null,
  deliveryProblemNote: null,
  tracking: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  creator: {
    id: 3,
    name: 'Ana Creator',
    username: 'ana',
    email: 'ana@mintbox.test',
    tier: 'Micro',
    totalFollowers: 12_000,
    followers: { instagram: 12_000 },
    verifiedFollowers: {},
    tierBasis: 'Tier from stated followers',
    primaryCategory: 'Beauty',
    secondaryCategory: null,
    state: 'CA',
    accountClosedAt: null,
  },
  latestSubmission: null,
  shipping: null,
  handles: [],
  followerFlags: [],
};
const noop = () => undefined;
const ACTIONS: ApplicantActions = {
  decide: noop,
  ship: async () => null,
  markDelivered: noop,
  approve: noop,
  requestChanges: noop,
};

const card = (role: AdminRole) =>
  renderAs(
    role,
    <ApplicantCard
      applicant={APPLIED}
      shipsBox
      selected={false}
      onSelect={noop}
      actions={ACTIONS}
      busy={false}
      credited={undefined}
    />,
  );

describe('the review steps by role', () => {
  it('offers a Manager and an Owner every step of the table of moves, the other roles none', () => {
    for (const status of ['applied', 'accepted', 'shipped', 'content_submitted'] as const) {
      const offered = offeredActions(status, 'admin', true);
      expect(offered.size).toBeGreaterThan(0);
      for (const role of ADMIN_ROLES) {
        expect([status, role, [...stepsForRole(role, offered)]]).toEqual([
          status,
          role,
          role === 'owner' || role === 'manager' ? [...offered] : [],
        ]);
      }
    }
  });

  it('shows a Viewer the applicant without Accept, Reject, selection or the conversation', () => {
    const manager = card('manager');
    expect(manager).toContain('aria-label="Accept Ana Creator"');
    expect(manager).toContain('aria-label="Reject Ana Creator"');
    expect(manager).toContain('aria-label="Select Ana Creator"');
    expect(manager).not.toMatch(/<div hidden="">\s*<button[^>]*applicant-conversation/);
    for (const role of ['viewer', 'finance'] as const) {
      const html = card(role);
      expect(text(html)).toContain('I love serums');
      expect(html).not.toContain('Accept Ana Creator');
      expect(html).not.toContain('Reject Ana Creator');
      expect(html).not.toContain('Select Ana Creator');
      expect(html).toMatch(/<div hidden="">\s*<button[^>]*applicant-conversation/);
    }
  });
});

const PRODUCTS: { items: ProductView[] } = {
  items: [
    {
      id: 1,
      name: 'Glow Serum',
      store: null,
      stock: 10,
      left: 8,
      variants: [
        {
          id: 2,
          name: '30 ml',
          sku: 'GS-30',
          retailValue: '24.00',
          imageUrl: null,
          stock: 10,
          reserved: 2,
          left: 8,
          available: true,
          soldOut: false,
        },
      ],
    },
  ],
};

describe('products by role', () => {
  it('lets a Manager add products and change stock; a Viewer reads the stock', () => {
    const render = (role: AdminRole) =>
      renderAs(role, <CampaignProductsPanel campaignId={5} />, [
        [privateKeys.admin.campaigns.products('5'), PRODUCTS],
      ]);
    const manager = text(render('manager'));
    expect(manager).toContain('Add product');
    expect(manager).toContain('Mark unavailable');
    const viewer = text(render('viewer'));
    expect(viewer).toContain('GS-30');
    expect(viewer).toContain('10 boxes');
    expect(viewer).not.toContain('Add product');
    expect(viewer).not.toContain('Mark unavailable');
    expect(viewer).not.toContain('Save');
  });
});
