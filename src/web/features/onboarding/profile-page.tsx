import { zodResolver } from '@hookform/resolvers/zod';
import { Save, UserRound } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PROFILE_STEP_LABELS, type Profile, profileSchema } from '../../../shared/schemas/profile';
import { StepUpHost } from '../../components/step-up-dialog';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { ButtonSpinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/use-session';
import { type CreatorRecord, useMe } from './api/onboarding-api';
import { AccountSessionsSection, TiktokAccessNotice } from './components/account-sessions';
import { DataRightsSection } from './components/data-rights-section';
import { InstagramConnectionSection } from './components/instagram-connection';
import { MailPreferences } from './components/mail-preferences';
import { PaypalConfirmDialog } from './components/paypal-confirm-dialog';
import { BasicInfoFields, ShippingFields, SocialMediaFields } from './components/profile-fields';
import { ProfileNotLoaded } from './components/profile-not-loaded';
import { ProfileStanding, ProfileTwoFactor } from './components/profile-standing';
import { TaxFormSection } from './components/tax-form-section';
import { OnboardingFrame } from './onboarding-frame';
import type { ProfileFormValues } from './profile-form';
import { useProfileSave, valuesOf } from './use-profile-save';

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
      ) : (
        <ProfileNotLoaded failed={me.isError} onRetry={() => void me.refetch()} />
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
  const id = useId();
  const session = useSession();
  const twoFactorEnabled = session.user?.twoFactor?.enabled === true;
  const form = useForm<ProfileFormValues, unknown, Profile>({
    resolver: zodResolver(profileSchema) as unknown as Resolver<ProfileFormValues, unknown, Profile>,
    defaultValues: valuesOf(creator),
  });
  const { isDirty, isSubmitting } = form.formState;
  const { submit, pending, setPending, confirmPaypal } = useProfileSave(creator, form);

  const sectionProps = { form, idPrefix: id };
  const [basic, social, shipping] = PROFILE_STEP_LABELS;
  return (
    <>
      <ProfileStanding creator={creator} />
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
        <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-3 border-t border-slate-200 bg-white px-5 py-4 sm:-mx-8 sm:flex-row sm:justify-end sm:px-8">
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
      <ProfileTwoFactor enabled={twoFactorEnabled} account={creator.email} canEnrol={creator.has_password} />
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
