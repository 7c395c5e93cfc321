import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Save, UserRound } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PLATFORM_LABELS, type Platform } from '../../../shared/constants';
import { PROFILE_STEP_LABELS, type Profile, profileSchema } from '../../../shared/schemas/profile';
import { FollowerFigures } from '../../components/follower-figures';
import { PlatformIcon } from '../../components/platform-icon';
import { StepUpHost } from '../../components/step-up-dialog';
import { TwoFactorSettings } from '../../components/two-factor-settings';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { ButtonSpinner, Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { privateKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { invalidateSession, useSession } from '../../lib/use-session';
import { useInstagramConnection } from './api/instagram-api';
import { type CreatorRecord, type PaypalConfirmation, updateProfile, useMe } from './api/onboarding-api';
import { AccountSessionsSection, TiktokAccessNotice } from './components/account-sessions';
import { DataRightsSection } from './components/data-rights-section';
import { InstagramConnectionSection } from './components/instagram-connection';
import { MailPreferences } from './components/mail-preferences';
import { PaypalConfirmDialog } from './components/paypal-confirm-dialog';
import { BasicInfoFields, ShippingFields, SocialMediaFields } from './components/profile-fields';
import { TaxFormSection } from './components/tax-form-section';
import { OnboardingFrame } from './onboarding-frame';
import {
  formValuesFromProfile,
  PROFILE_FIELD_NAMES,
  type ProfileField,
  type ProfileFormValues,
} from './profile-form';

const isProfileField = (name: string): name is ProfileField =>
  (PROFILE_FIELD_NAMES as readonly string[]).includes(name);

const valuesOf = (creator: CreatorRecord) =>
  formValuesFromProfile(creator.profile ? { ...creator.profile, email: creator.email } : null);

/** /profile: the creator edits the profile the wizard made (same fields and messages), on one page. */
export function ProfilePage() {
  useDocumentTitle('Edit Profile');
  const me = useMe();
  return (
    <OnboardingFrame
      wide
      title="Edit profile"
      icon={<UserRound />}
      description="Keep your details, platforms and shipping address up to date."
      inLayout
    >
      {me.data?.profile ? (
        <ProfileEditor creator={me.data} />
      ) : me.data ? (
        <Alert title="No profile yet">
          <p>Set up your profile first.</p>
          <Link to="/profile-setup" className={buttonVariants({ size: 'sm', className: 'mt-3' })}>
            Set up profile
          </Link>
        </Alert>
      ) : me.isError ? (
        <Alert variant="destructive" title="Your profile could not be loaded">
          <p>Please check your connection and try again.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="flex justify-center py-16">
          <Spinner label="Loading your profile" />
        </div>
      )}
    </OnboardingFrame>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-5 border-t border-slate-100 pt-6 first:border-0 first:pt-0"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ProfileEditor({ creator }: { creator: CreatorRecord }) {
  const instagram = useInstagramConnection();
  const id = useId();
  const queryClient = useQueryClient();
  const session = useSession();
  const twoFactorEnabled = session.user?.twoFactor?.enabled === true;
  const form = useForm<ProfileFormValues, unknown, Profile>({
    resolver: zodResolver(profileSchema) as unknown as Resolver<ProfileFormValues, unknown, Profile>,
    defaultValues: valuesOf(creator),
  });
  const { isDirty, isSubmitting } = form.formState;
  /** The edit waiting for the PayPal change to be confirmed. */
  const [pending, setPending] = useState<Profile | null>(null);
  const savedPaypal = String(creator.profile?.paypalEmail ?? '').toLowerCase();

  async function save(profile: Profile, confirmation?: PaypalConfirmation) {
    const updated = await updateProfile(profile, confirmation);
    queryClient.setQueryData(privateKeys.me, updated);
    // A new PayPal email pauses cash-outs for 24 hours: the wallet shows it.
    if (confirmation) void queryClient.invalidateQueries({ queryKey: privateKeys.wallet });
    form.reset(valuesOf(updated));
    toast({ title: 'Profile updated', description: 'Your changes have been saved.', variant: 'success' });
    // The display name follows the profile's names.
    void invalidateSession(queryClient);
  }

  /** A 400 about one field marks that field; anything else is a toast. */
  function showFailure(error: unknown) {
    const failure = error instanceof ApiError ? error : null;
    if (failure?.field && isProfileField(failure.field)) {
      form.setError(failure.field, { type: 'server', message: failure.message }, { shouldFocus: true });
    }
    toast({
      title: 'Failed to save profile',
      description: getErrorMessage(error, 'Please try again'),
      variant: 'destructive',
    });
  }

  const submit = form.handleSubmit(async (profile) => {
    if (profile.paypalEmail.toLowerCase() !== savedPaypal) {
      setPending(profile);
      return;
    }
    try {
      await save(profile);
    } catch (error) {
      showFailure(error);
    }
  });

  async function confirmPaypal(confirmation: PaypalConfirmation): Promise<string | null> {
    if (!pending) return null;
    try {
      await save(pending, confirmation);
      setPending(null);
      return null;
    } catch (error) {
      const failure = error instanceof ApiError ? error : null;
      if (failure?.field && isProfileField(failure.field)) {
        setPending(null);
        showFailure(error);
        return null;
      }
      return getErrorMessage(error, 'Failed to save profile');
    }
  }

  const sectionProps = { form, idPrefix: id };
  const [basic, social, shipping] = PROFILE_STEP_LABELS;
  const instagramConnected = Boolean(instagram.data?.connection && !instagram.data.connection.needsReconnect);
  const shownAccounts = creator.social_accounts.filter(
    (a) =>
      a.followers !== null ||
      a.verified_followers !== null ||
      (a.platform === 'instagram' && instagramConnected),
  );

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
        <Badge data-testid="profile-tier">{creator.influencer_tier}</Badge>
        <span>
          {new Intl.NumberFormat('en-US').format(creator.total_followers)} followers across your platforms
        </span>
        <span className="basis-full text-center text-xs text-slate-500" data-testid="profile-tier-basis">
          {creator.tier_basis}
        </span>
      </div>
      {shownAccounts.length > 0 ? (
        <ul className="mb-6 flex flex-col gap-1.5 text-sm" data-testid="profile-followers">
          {shownAccounts.map((a) => (
            <li key={a.platform} className="flex flex-wrap items-center justify-center gap-2">
              <span className="inline-flex items-center gap-1.5 font-medium">
                <PlatformIcon platform={a.platform} className="size-4" />
                {PLATFORM_LABELS[a.platform as Platform] ?? a.platform}
              </span>
              <FollowerFigures
                stated={a.followers}
                verified={a.verified_followers}
                verifiedAt={a.verified_at}
                connected={a.platform === 'instagram' && instagramConnected}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <form noValidate onSubmit={submit} aria-label="Edit profile" className="flex flex-col gap-8">
        <Section id={`${id}-basic`} title={basic}>
          <BasicInfoFields {...sectionProps} />
        </Section>
        <Section id={`${id}-social`} title={social}>
          <SocialMediaFields
            {...sectionProps}
            verified={Object.fromEntries(
              creator.social_accounts
                .filter((a) => a.verified_followers !== null)
                .map((a) => [a.platform, a.verified_followers as number]),
            )}
          />
        </Section>
        <Section id={`${id}-shipping`} title={shipping}>
          <ShippingFields {...sectionProps} phoneLabel="Shipping Phone Number" />
        </Section>
        <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-3 border-t border-slate-200 bg-white/95 px-5 py-4 backdrop-blur sm:-mx-8 sm:flex-row sm:justify-end sm:px-8">
          <Button
            variant="outline"
            size="lg"
            disabled={!isDirty || isSubmitting}
            onClick={() => form.reset(valuesOf(creator))}
          >
            Discard changes
          </Button>
          <Button type="submit" size="lg" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? (
              <ButtonSpinner
                className="[&>span:first-child]:border-white/40 [&>span:first-child]:border-t-white"
                label="Saving"
              />
            ) : (
              <Save aria-hidden="true" />
            )}
            Save Changes
          </Button>
        </div>
      </form>
      <MailPreferences />
      <TaxFormSection />
      <InstagramConnectionSection />
      <TiktokAccessNotice />
      <section
        aria-labelledby={`${id}-two-factor`}
        className="mt-8 flex flex-col gap-4 border-t border-slate-100 pt-6"
        data-testid="profile-two-factor"
      >
        <div>
          <h2 id={`${id}-two-factor`} className="text-lg font-semibold text-slate-900">
            Two-factor authentication
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Optional. With it, signing in and changing your PayPal email ask for a code from an authenticator
            app.
          </p>
        </div>
        <TwoFactorSettings
          enabled={twoFactorEnabled}
          account={creator.email}
          canEnrol={creator.has_password}
        />
      </section>
      <AccountSessionsSection />
      <DataRightsSection />
      {/* New backup codes and turning two-factor off may ask for a fresh code. */}
      <StepUpHost />
      {pending ? (
        <PaypalConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setPending(null);
          }}
          hasPassword={creator.has_password}
          twoFactorEnabled={twoFactorEnabled}
          verifiedEmail={creator.email}
          newPaypalEmail={pending.paypalEmail}
          onConfirm={confirmPaypal}
        />
      ) : null}
    </>
  );
}
