import { useId, useState } from 'react';
import {
  CREATOR_MAIL_CATEGORIES,
  CREATOR_MAIL_CATEGORY_TEXT,
  type CreatorMailCategory,
} from '../../../../shared/mail-preferences';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingBlocks } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useMailPreferences, useSaveMailPreferences } from '../api/mail-preferences';
import { ProfileSection } from './profile-section';

/**
 * The creator's mail preferences on /profile (issue 13): one switch per category, each saved at once with a
 * confirmation (or the error, and the switch goes back). Account and money mails cannot be switched off.
 */
export function MailPreferences() {
  const id = useId();
  const preferences = useMailPreferences();
  const save = useSaveMailPreferences();
  const [status, setStatus] = useState('');

  const toggle = (category: CreatorMailCategory, on: boolean) => {
    if (!preferences.data) return;
    const label = CREATOR_MAIL_CATEGORY_TEXT[category].label;
    setStatus('');
    save.mutate(
      { ...preferences.data, [category]: on },
      {
        onSuccess: () => {
          const message = `${label} mails ${on ? 'on' : 'off'}. Saved.`;
          setStatus(message);
          toast({ title: 'Mail preferences saved', description: message, variant: 'success' });
        },
        onError: (error) => {
          const message = getErrorMessage(error, 'Your mail preferences could not be saved.');
          setStatus(`Not saved: ${message}`);
          toast({ title: 'Mail preferences not saved', description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <ProfileSection
      title="Email notifications"
      testId="mail-preferences"
      intro={
        <>
          Choose which mails you get. Mails about your account and your money (sign-in codes, password, email
          and PayPal changes, payouts and account notices) are always sent.
        </>
      }
    >
      {preferences.data ? (
        <ul className="flex flex-col divide-y divide-slate-100">
          {CREATOR_MAIL_CATEGORIES.map((category) => {
            const text = CREATOR_MAIL_CATEGORY_TEXT[category];
            return (
              <li key={category} className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p id={`${id}-${category}`} className="text-sm font-medium text-slate-900">
                    {text.label}
                  </p>
                  <p id={`${id}-${category}-hint`} className="text-sm text-slate-600">
                    {text.description}
                  </p>
                </div>
                <Switch
                  checked={preferences.data[category]}
                  onCheckedChange={(on) => toggle(category, on)}
                  disabled={save.isPending}
                  aria-labelledby={`${id}-${category}`}
                  aria-describedby={`${id}-${category}-hint`}
                />
              </li>
            );
          })}
        </ul>
      ) : preferences.isError ? (
        <Alert variant="destructive" title="Your mail preferences could not be loaded">
          <p>{getErrorMessage(preferences.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void preferences.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <LoadingBlocks label="Loading mail preferences" blocks={['h-10 w-full', 'h-10 w-full']} />
      )}
      <p
        className="min-h-5 text-sm text-slate-600"
        role="status"
        aria-live="polite"
        data-testid="mail-preferences-status"
      >
        {status}
      </p>
    </ProfileSection>
  );
}
