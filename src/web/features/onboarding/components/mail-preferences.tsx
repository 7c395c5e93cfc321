import { useId } from 'react';
import {
  CREATOR_MAIL_CATEGORIES,
  CREATOR_MAIL_CATEGORY_TEXT,
  type CreatorMailCategory,
} from '../../../../shared/mail-preferences';
import { SwitchSaveStatus, useSwitchSaveStatus } from '../../../components/switch-save-status';
import { LoadingBlocks } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { useMailPreferences, useSaveMailPreferences } from '../api/mail-preferences';
import { QueryFailedAlert } from './profile-not-loaded';
import { ProfileSection } from './profile-section';

/**
 * The creator's mail preferences on /profile (issue 13): one switch per category, each saved at once with a
 * confirmation (or the error, and the switch goes back). Account and money mails cannot be switched off.
 */
export function MailPreferences() {
  const id = useId();
  const preferences = useMailPreferences();
  const save = useSaveMailPreferences();
  const saving = useSwitchSaveStatus('Mail preferences', 'Your mail preferences could not be saved.');

  const toggle = (category: CreatorMailCategory, on: boolean) => {
    if (!preferences.data) return;
    const label = CREATOR_MAIL_CATEGORY_TEXT[category].label;
    saving.clear();
    save.mutate(
      { ...preferences.data, [category]: on },
      saving.outcome(`${label} mails ${on ? 'on' : 'off'}. Saved.`),
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
        <QueryFailedAlert title="Your mail preferences could not be loaded" query={preferences} />
      ) : (
        <LoadingBlocks label="Loading mail preferences" blocks={['h-10 w-full', 'h-10 w-full']} />
      )}
      <SwitchSaveStatus status={saving.status} testId="mail-preferences-status" />
    </ProfileSection>
  );
}
