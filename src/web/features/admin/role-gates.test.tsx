import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES, type AdminRole } from '../../../shared/admin-permissions';
import { offeredActions } from '../../../shared/lifecycle/moves';
import type { ConversationThread } from '../../../shared/schemas/conversations';
import type { ProductView } from '../../../shared/schemas/products';
import type { AdminApplicant } from '../../../shared/schemas/shipping';
import { stepsForRole } from '../../lib/admin-permissions';
import { conversationKeys } from '../../lib/conversations';
import { privateKeys, publicKeys } from '../../lib/query-keys';
import { queryReaders } from '../../lib/query-readers';
import { ReadersContext } from '../../lib/readers';
import { AdminConversation } from './components/admin-conversation';
import type { ApplicantActions } from './components/applicant-actions';
import { ApplicantCard } from './components/applicant-card';
import { CampaignProductsPanel } from './components/campaign-products-panel';
import { CreatorNotes } from './components/creator-notes';

/** Issue 39: each admin page shows only what the signed-in role may do, read from the one permission table. */

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Renders `element` for a signed-in admin of `role`, with `seed` already in the cache (no request is made). */
function renderAs(
  role: AdminRole,
  element: ReactElement,
  seed: [readonly unknown[], unknown][] = [],
): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(publicKeys.session, {
    user: {
      id: 'u1',
      name: 'Team member',
      email: 'member@mintbox.test',
      image: null,
      role: 'admin',
      adminRole: role,
      influencer: null,
      twoFactor: { enabled: true, required: false, enrolmentRequired: false },
    },
  });
  for (const [key, data] of seed) client.setQueryData(key, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ReadersContext.Provider value={queryReaders}>
        <MemoryRouter>{element}</MemoryRouter>
      </ReadersContext.Provider>
    </QueryClientProvider>,
  );
}

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
  influencer: {
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

const THREAD: ConversationThread = {
  id: 11,
  applicationId: 7,
  campaign: { id: 1, name: 'Glow Serum Launch', brand: 'Glow Labs' },
  creator: { id: 3, name: 'Ana Creator' },
  items: [
    {
      type: 'message',
      id: 1,
      authorRole: 'creator',
      authorName: 'Ana Creator',
      body: 'When does the box ship?',
      images: [],
      createdAt: '2026-11-20T10:00:00.000Z',
      editedAt: null,
      hidden: null,
      canEdit: false,
      canDelete: false,
      seen: false,
    },
  ],
  canWrite: true,
  readOnlyReason: null,
  readOnlyFrom: null,
  waitingSince: '2026-11-20T10:00:00.000Z',
  unreadCount: 0,
};

describe('the conversation box by role', () => {
  const render = (role: AdminRole) =>
    renderAs(role, <AdminConversation conversationId={11} />, [
      [conversationKeys.thread('admin', 11), THREAD],
    ]);

  it('lets a Manager write, and tells a Viewer or Finance member they read only', () => {
    const manager = render('manager');
    expect(manager).toContain('Your message');
    expect(text(manager)).toContain('Send');
    for (const role of ['viewer', 'finance'] as const) {
      const html = render(role);
      expect(text(html)).toContain('When does the box ship?');
      expect(html).not.toContain('<textarea');
      expect(text(html)).not.toContain('Saved replies');
      expect(text(html)).toContain(`reads the conversations; replying needs the Manager or Owner role.`);
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

describe('products and notes by role', () => {
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

  it('lets a Manager write a note about a creator; a Viewer reads the notes', () => {
    const notes = [{ id: 1, body: 'Ships fast', author: 'Max', createdAt: '2026-11-20T10:00:00.000Z' }];
    expect(text(renderAs('manager', <CreatorNotes creatorId={3} notes={notes} />))).toContain('Add note');
    const viewer = text(renderAs('viewer', <CreatorNotes creatorId={3} notes={notes} />));
    expect(viewer).toContain('Ships fast');
    expect(viewer).not.toContain('Add note');
  });
});
