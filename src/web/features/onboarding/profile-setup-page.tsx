import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronLeft, ChevronRight, UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import {
  PROFILE_STEP_FIELDS,
  PROFILE_STEP_LABELS,
  type Profile,
  profileSchema,
} from '../../../shared/schemas/profile';
import { toastFailure } from '../../components/failure-toast';
import { Button } from '../../components/ui/button';
import { ButtonSpinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { ApiError, isApiError } from '../../lib/api-client';
import { privateKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { invalidateSession, useSession } from '../../lib/use-session';
import { completeProfile, useMe } from './api/onboarding-api';
import { BasicInfoFields, ShippingFields, SocialMediaFields } from './components/profile-fields';
import { ProfileNotLoaded } from './components/profile-not-loaded';
import { WizardProgress } from './components/wizard-progress';
import { OnboardingFrame } from './onboarding-frame';
import { browserStorage, clearDraft, readDraft, restoreDraft, writeDraft } from './profile-draft';
import {
  PROFILE_FIELD_NAMES,
  type ProfileField,
  type ProfileFormValues,
  profilePrefill,
  resumeStep,
  stepOfField,
  WIZARD_STEP_COUNT,
} from './profile-form';

const STEP_INTROS = [
  'Tell us who you are and where your Mint should be paid.',
  'Your niche and the platforms you create on.',
  'Where brands send your PR boxes (US addresses).',
] as const;

const isProfileField = (name: string): name is ProfileField =>
  (PROFILE_FIELD_NAMES as readonly string[]).includes(name);

/** The earliest wizard step (0-based) that has one of these errors, or -1. */
function firstStepWithError(errors: FieldErrors<ProfileFormValues>): number {
  const steps = Object.keys(errors)
    .map(stepOfField)
    .filter((step) => step >= 0);
  return steps.length > 0 ? Math.min(...steps) : -1;
}

/**
 * /profile-setup (spec §2, §4 Wizard): Basic Info → Social Media → Shipping. Only verified creators fill it in;
 * creators with a completed profile go on to /main.
 */
export function ProfileSetupPage() {
  useDocumentTitle('Profile Setup');
  const session = useSession();
  const creator = session.user?.creator;
  const ready = Boolean(creator?.emailVerified && !creator.profileCompleted);
  const me = useMe(ready);
  if (session.status !== 'signed-in') return null; // the route guard sends signed-out visitors to /signin
  if (!creator?.emailVerified) return <Navigate to="/email-verification" replace />;
  if (creator.profileCompleted) return <Navigate to="/main" replace />;

  return (
    <OnboardingFrame
      wide
      title="Complete your profile"
      icon={<UserRound />}
      description="Three short steps, and brands can start sending you campaigns."
    >
      {me.data ? (
        <ProfileWizard
          creatorId={creator.id}
          displayName={session.user.name || me.data.name}
          email={me.data.email}
          socialAccounts={me.data.social_accounts}
        />
      ) : (
        <ProfileNotLoaded failed={me.isError} onRetry={() => void me.refetch()} />
      )}
    </OnboardingFrame>
  );
}

function ProfileWizard({
  creatorId,
  displayName,
  email,
  socialAccounts,
}: {
  creatorId: number;
  displayName: string;
  email: string;
  socialAccounts: readonly { platform: string; handle: string | null }[];
}) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [storage] = useState(browserStorage);
  // Prefill from the account, then lay the saved draft over it (spec §2).
  const [initial] = useState(() => {
    const draft = readDraft(storage, creatorId);
    const values = restoreDraft(profilePrefill({ displayName, email, socialAccounts }), draft?.values);
    return { values, step: draft ? resumeStep(values, draft.step) : 0 };
  });
  const form = useForm<ProfileFormValues, unknown, Profile>({
    resolver: zodResolver(profileSchema) as unknown as Resolver<ProfileFormValues, unknown, Profile>,
    defaultValues: initial.values,
  });
  const [step, setStep] = useState(initial.step);
  const stepRef = useRef(step);
  const shownStep = useRef(step);
  const focusAfterMove = useRef<ProfileField | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { isSubmitting } = form.formState;
  const last = step === WIZARD_STEP_COUNT - 1;

  // Every change is saved to the draft.
  useEffect(() => {
    const subscription = form.watch((values) => writeDraft(storage, creatorId, values, stepRef.current));
    return () => subscription.unsubscribe();
  }, [form, storage, creatorId]);

  // A new step moves the focus to its heading (so keyboard and screen-reader users start at its top), or to the
  // field that sent the creator back to it.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const field = focusAfterMove.current;
    focusAfterMove.current = null;
    if (field) form.setFocus(field);
    else headingRef.current?.focus();
  }, [step, form]);

  // The shipping phone starts as step 1's phone (issue 24), and follows it until the creator types another one.
  const prefilledPhone = useRef<string | null>(null);
  function prefillShippingPhone() {
    const { phoneNumber, shippingPhone } = form.getValues();
    if (shippingPhone && shippingPhone !== prefilledPhone.current) return;
    prefilledPhone.current = phoneNumber ?? '';
    form.setValue('shippingPhone', phoneNumber ?? '');
  }

  function goToStep(next: number) {
    if ((PROFILE_STEP_FIELDS[next] as readonly string[] | undefined)?.includes('shippingPhone'))
      prefillShippingPhone();
    stepRef.current = next;
    setStep(next);
    writeDraft(storage, creatorId, form.getValues(), next);
  }

  /** Shows a field's error on its step, focused. */
  function showFieldOnItsStep(field: ProfileField) {
    const fieldStep = stepOfField(field);
    if (fieldStep >= 0 && fieldStep !== stepRef.current) {
      focusAfterMove.current = field;
      goToStep(fieldStep);
    } else {
      form.setFocus(field);
    }
  }

  async function nextStep() {
    const fields = PROFILE_STEP_FIELDS[step];
    if (!fields) return;
    if (await form.trigger([...fields], { shouldFocus: true })) goToStep(step + 1);
  }

  const submit = form.handleSubmit(
    async (profile) => {
      try {
        await completeProfile(profile);
      } catch (error) {
        const failure = error instanceof ApiError ? error : null;
        toastFailure('Failed to save profile', error, 'Please try again');
        if (failure?.field && isProfileField(failure.field)) {
          form.setError(failure.field, { type: 'server', message: failure.message });
          showFieldOnItsStep(failure.field);
        }
        // Not verified after all (e.g. changed in another tab): the page sends the creator back to verify.
        if (isApiError(error, 'FORBIDDEN')) await invalidateSession(queryClient);
        return;
      }
      clearDraft(storage, creatorId);
      toast({
        title: 'Profile completed!',
        description: `Welcome to ${PRODUCT_NAME}! Your profile has been set up successfully.`,
        variant: 'success',
      });
      queryClient.removeQueries({ queryKey: privateKeys.me });
      await invalidateSession(queryClient);
      navigate('/main', { replace: true });
    },
    (errors) => {
      const first = firstStepWithError(errors);
      const field = first >= 0 ? PROFILE_STEP_FIELDS[first]?.find((name) => errors[name]) : undefined;
      if (field) showFieldOnItsStep(field);
    },
  );

  function onSubmit(event: FormEvent) {
    if (last) return void submit(event);
    // Enter in a field of an earlier step means Next Step.
    event.preventDefault();
    void nextStep();
  }

  const label = PROFILE_STEP_LABELS[step] ?? '';
  const sectionProps = { form, idPrefix: id };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-step-title`} className="flex flex-col gap-6">
      <WizardProgress step={step} labels={PROFILE_STEP_LABELS} />
      <div className="flex flex-col gap-1 border-t border-slate-100 pt-6">
        <h2
          ref={headingRef}
          id={`${id}-step-title`}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {label}
        </h2>
        <p className="text-sm text-slate-600">{STEP_INTROS[step]}</p>
      </div>
      {step === 0 ? <BasicInfoFields {...sectionProps} /> : null}
      {step === 1 ? <SocialMediaFields {...sectionProps} /> : null}
      {step === 2 ? <ShippingFields {...sectionProps} /> : null}
      <div className="flex flex-col gap-3 border-t border-slate-100 pt-6">
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button
            variant="outline"
            size="lg"
            disabled={step === 0 || isSubmitting}
            onClick={() => goToStep(step - 1)}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          {last ? (
            <Button key="complete" type="submit" size="lg" disabled={isSubmitting}>
              {isSubmitting ? (
                <ButtonSpinner
                  className="[&>span:first-child]:border-white/40 [&>span:first-child]:border-t-white"
                  label="Saving"
                />
              ) : (
                <Check aria-hidden="true" />
              )}
              Complete Profile
            </Button>
          ) : (
            <Button key="next" type="submit" size="lg">
              Next Step
              <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </div>
        <p className="text-center text-xs text-slate-500 sm:text-left">
          Your answers are saved on this device as you type.
        </p>
      </div>
    </form>
  );
}
