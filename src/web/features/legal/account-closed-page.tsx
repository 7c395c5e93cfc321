import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ANONYMISE_AFTER_DAYS, type CloseAccountResult } from '../../../shared/schemas/data-rights';
import { buttonVariants } from '../../components/ui/button';
import { formatShortDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { setSession } from '../../lib/use-session';

/** /account-closed: where a creator lands after closing their account (issue 27), with what happens next. */
export function AccountClosedPage() {
  useDocumentTitle('Account closed');
  const result = (useLocation().state ?? null) as CloseAccountResult | null;
  const queryClient = useQueryClient();
  // Arrived from closing: the server ended every session; forget this one and its private data.
  useEffect(() => {
    if (result) setSession(queryClient, { user: null });
  }, [queryClient, result]);
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col gap-4 px-5 py-16">
      <h1 className="text-2xl font-bold text-slate-900">Your account is closed</h1>
      <p className="text-slate-700">
        You have been signed out everywhere and can no longer sign in. We sent a confirmation to your email
        address.
      </p>
      {result ? (
        <ul
          className="flex list-disc flex-col gap-1 pl-5 text-slate-700"
          data-testid="account-closed-summary"
        >
          <li>
            {result.applicationsWithdrawn === 0
              ? 'No applications needed withdrawing.'
              : `${result.applicationsWithdrawn} application${result.applicationsWithdrawn === 1 ? ' was' : 's were'} withdrawn.`}
          </li>
          <li>
            {result.mintGivenUp > 0
              ? `You gave up ${result.mintGivenUp} Mint; it is recorded in your Mint history.`
              : 'You had no Mint to give up.'}
          </li>
          <li>
            On {formatShortDate(result.anonymiseAfter)} we delete your name, email, social handles, address,
            phone, tokens and uploaded files. Payout and tax records stay under an anonymous id.
          </li>
        </ul>
      ) : (
        <p className="text-slate-700">
          Within {ANONYMISE_AFTER_DAYS} days we delete your personal information, except the payout and tax
          records the law requires us to keep.
        </p>
      )}
      <p className="text-slate-700">
        Read our{' '}
        <Link to="/privacy#rights" className="font-medium text-teal-700 underline">
          Privacy Policy
        </Link>{' '}
        for details.
      </p>
      <div>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Back to Home
        </Link>
      </div>
    </main>
  );
}
