import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Profile } from '../../../shared/schemas/profile';
import { toastFailure } from '../../components/failure-toast';
import { toast } from '../../components/ui/toast';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { privateKeys } from '../../lib/query-keys';
import { invalidateSession } from '../../lib/use-session';
import { type CreatorRecord, type PaypalConfirmation, updateProfile } from './api/onboarding-api';
import {
  formValuesFromProfile,
  PROFILE_FIELD_NAMES,
  type ProfileField,
  type ProfileFormValues,
} from './profile-form';

const isProfileField = (name: string): name is ProfileField =>
  (PROFILE_FIELD_NAMES as readonly string[]).includes(name);

/** The edit form's values for a creator's saved profile. */
export const valuesOf = (creator: CreatorRecord) =>
  formValuesFromProfile(creator.profile ? { ...creator.profile, email: creator.email } : null);

/**
 * Saving /profile: a change of PayPal email waits in `pending` for its confirmation (`confirmPaypal`), anything
 * else is saved at once; a 400 about one field marks that field, any other failure is a toast.
 */
export function useProfileSave(
  creator: CreatorRecord,
  form: UseFormReturn<ProfileFormValues, unknown, Profile>,
) {
  const queryClient = useQueryClient();
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
    toastFailure('Failed to save profile', error, 'Please try again');
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

  return { submit, pending, setPending, confirmPaypal };
}
