import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { isTest, SRC, sourceFiles, srcPath } from '../tests/support/source-tree';

/*
 * Issue 43: a newcomer never has to read a whole long file or function. No source file in src/ is over 300 lines
 * (seed data excepted: it is a list, not logic), and no function in src/server or src/web is over 80 lines.
 * The files and functions still over are listed below with their size when the rule landed: one may only shrink,
 * and leaves the list (the test says so) once it fits. Test files are outside the rule: a test file is read one
 * case at a time. Functions are found by Vite's own TypeScript parser (parseAst, the parser the build uses).
 */

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;
const EXEMPT = [/^db\/seed-data\//];

/** Files over 300 lines when the rule landed: path → lines then. */
const FILES_STILL_OVER: Record<string, number> = {};

/** Functions in src/server over 80 lines when the rule landed: `path name` → lines then. */
const FUNCTIONS_STILL_OVER: Record<string, number> = {};

/**
 * Functions in src/web over 80 lines when the rule reached the web (decision 0059): `path name` → lines then.
 * Shrink-only: a function split below 80 leaves the list; a new one over 80 fails.
 */
const WEB_FUNCTIONS_STILL_OVER: Record<string, number> = {
  'web/features/onboarding/profile-setup-page.tsx ProfileWizard': 184,
  'web/features/admin-messages/components/inbox-campaign-filter.tsx InboxCampaignFilter': 172,
  'web/features/admin-payments/payments-page.tsx PaymentsPage': 170,
  'web/features/admin-review/components/applicants-section.tsx ApplicantsSection': 168,
  'web/features/onboarding/components/paypal-confirm-dialog.tsx PaypalConfirmDialog': 168,
  'web/features/admin-payments/components/payments-side-panel.tsx PaymentsSidePanel': 166,
  'web/features/admin-payments/components/tax-year-panel.tsx TaxYearPanel': 165,
  'web/components/conversation-thread.tsx ConversationThread': 154,
  'web/features/admin-payments/components/payments-adjust-dialog.tsx AdjustMintDialog': 152,
  'web/components/notification-bell.tsx NotificationBell': 136,
  'web/features/admin-review/components/add-product-dialog.tsx AddProductDialog': 128,
  'web/features/onboarding/components/instagram-connection.tsx InstagramConnectionSection': 128,
  'web/features/admin-messages/messages-page.tsx MessagesPage': 123,
  'web/features/admin-settings/settings-page.tsx SettingsPage': 123,
  'web/features/landing/components/creator-carousel.tsx CreatorCarousel': 122,
  'web/features/admin-review/components/applicant-shipment.tsx ShipmentArea': 117,
  'web/components/admin/saved-replies-dialog.tsx SavedRepliesDialog': 114,
  'web/features/admin-payments/components/payments-payout-dialog.tsx PayoutDialog': 114,
  'web/features/campaigns/components/campaign-hero.tsx CampaignHero': 114,
  'web/app/top-bar.tsx TopBar': 110,
  'web/components/admin/list-field.tsx ListField': 110,
  'web/features/campaigns/components/apply-dialog.tsx ApplyDialog': 110,
  'web/features/admin-problems/problems-page.tsx ProblemCard': 105,
  'web/features/admin-review/components/import-store-product-dialog.tsx ImportStoreProductDialog': 105,
  'web/components/admin/admin-layout.tsx AdminLayout': 104,
  'web/features/onboarding/components/data-rights-section.tsx CloseAccountDialog': 104,
  'web/components/site-footer.tsx SiteFooter': 103,
  'web/features/dashboard/components/submit-content-dialog.tsx SubmitContentDialog': 103,
  'web/features/dashboard/components/wallet-card.tsx WalletCard': 103,
  'web/features/admin-sign-in/admin-sign-in-page.tsx AdminSignInPage': 101,
  'web/features/legal/legal-layout.tsx LegalLayout': 101,
  'web/features/admin-settings/team-invitation-page.tsx TeamInvitationPage': 99,
  'web/features/dashboard/dashboard-page.tsx Overview': 99,
  'web/features/dashboard/dashboard-page.tsx DashboardPage': 96,
  'web/features/admin-creators/components/account-closures.tsx AccountClosures': 95,
  'web/features/landing/coming-soon-page.tsx ComingSoonPage': 94,
  'web/features/admin-campaigns/components/delete-campaign-dialog.tsx DeleteCampaignDialog': 89,
  'web/components/admin/campaign-form-dialog.tsx CampaignForm': 88,
  'web/features/admin-payments/components/year-end-export-dialog.tsx YearEndExportDialog': 88,
  'web/features/admin-review/components/applicant-submission.tsx SubmissionArea': 88,
  'web/features/campaigns/components/campaign-grid.tsx CampaignGrid': 88,
  'web/features/admin-review/components/shipment-import.tsx useShipmentImport': 85,
  'web/components/admin/campaign-image-fields.tsx ImageField': 84,
  'web/components/post-preview.tsx PostPreview': 84,
  'web/components/admin/campaign-image-fields.tsx GalleryField': 83,
};

const files = sourceFiles(SRC)
  .filter((file) => !isTest(file))
  .map(srcPath)
  .filter((file) => !EXEMPT.some((rule) => rule.test(file)));
const linesOf = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Every function of a source text with its name (the declaration, variable, method or property it is) and lines. */
function functionsOf(text: string, tsx: boolean): { name: string; lines: number }[] {
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: { name: string; lines: number }[] = [];
  const visit = (value: unknown, name: string | undefined): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, name);
      return;
    }
    if (!value || typeof value !== 'object' || !('type' in value)) return;
    const node = value as Node;
    const key = (node.key ?? node.id) as { name?: string } | undefined;
    let inner = ['VariableDeclarator', 'MethodDefinition', 'Property'].includes(node.type) ? key?.name : name;
    if (['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'].includes(node.type)) {
      found.push({
        name: key?.name ?? name ?? '(anonymous)',
        lines: lineAt(node.end) - lineAt(node.start) + 1,
      });
      inner = undefined;
    }
    for (const [field, child] of Object.entries(node)) if (field !== 'type') visit(child, inner);
  };
  visit(parseAst(text, { lang: tsx ? 'tsx' : 'ts' }), undefined);
  return found;
}

/** The longest function of each name in each file below `prefix` (`path name` → lines). */
function functionSizes(prefix: string): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const file of files.filter((f) => f.startsWith(prefix))) {
    for (const fn of functionsOf(readFileSync(path.join(SRC, file), 'utf8'), file.endsWith('.tsx'))) {
      const what = `${file} ${fn.name}`;
      sizes.set(what, Math.max(sizes.get(what) ?? 0, fn.lines));
    }
  }
  return sizes;
}

/** What breaks a size rule: over the limit and not listed, grown past its listed size, or listed but fitting. */
function overruns(sizes: Map<string, number>, listed: Record<string, number>, limit: number): string[] {
  const problems: string[] = [];
  for (const [what, size] of sizes) {
    const ceiling = listed[what];
    if (size > limit && ceiling === undefined) problems.push(`${what}: ${size} lines (at most ${limit})`);
    if (ceiling !== undefined && size > ceiling)
      problems.push(`${what}: grew to ${size} lines (was ${ceiling})`);
  }
  for (const what of Object.keys(listed)) {
    const size = sizes.get(what);
    if (size === undefined || size <= limit)
      problems.push(`${what} fits now (${size ?? 'gone'}): take it off the list`);
  }
  return problems;
}

describe('no file or function a newcomer must read whole (issue 43)', () => {
  it(`no source file in src/ is over ${MAX_FILE_LINES} lines`, () => {
    const sizes = new Map(files.map((file) => [file, linesOf(readFileSync(path.join(SRC, file), 'utf8'))]));
    expect(overruns(sizes, FILES_STILL_OVER, MAX_FILE_LINES)).toEqual([]);
  });

  it.each([
    ['server', FUNCTIONS_STILL_OVER],
    ['web', WEB_FUNCTIONS_STILL_OVER],
  ])(`no function in src/%s is over ${MAX_FUNCTION_LINES} lines`, (layer, listed) => {
    expect(overruns(functionSizes(`${layer}/`), listed, MAX_FUNCTION_LINES)).toEqual([]);
  });

  it('the rules can fail: a long file and a long function are caught', () => {
    const long = `export function big() {\n${'  work();\n'.repeat(MAX_FUNCTION_LINES)}}\n`;
    const [fn] = functionsOf(long, false);
    expect(fn).toEqual({ name: 'big', lines: MAX_FUNCTION_LINES + 2 });
    expect(overruns(new Map([['x.ts', 301]]), {}, MAX_FILE_LINES)).toEqual(['x.ts: 301 lines (at most 300)']);
    expect(overruns(new Map([['x.ts', 200]]), { 'x.ts': 400 }, MAX_FILE_LINES)).toEqual([
      'x.ts fits now (200): take it off the list',
    ]);
  });
});
