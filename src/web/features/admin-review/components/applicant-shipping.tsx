import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { US_STATES } from '../../../../shared/constants';
import {
  type AdminApplicant,
  type ShippingAddress,
  type ShippingAddressInput,
  shippingAddressInputSchema,
} from '../../../../shared/schemas/shipping';
import { MutationDialog, runThenClose } from '../../../components/mutation-dialog';
import { PostalAddress } from '../../../components/postal-address';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select-field';
import { useCan } from '../../../lib/admin-permissions';
import { formFields } from '../../../lib/form-field';
import { useShippingAddressOverride } from '../api/shipping';

/** An accepted applicant's full shipping address (admin-only), with a way to change it (the handles head the card). */
export function ApplicantShipping({ applicant, canEdit }: { applicant: AdminApplicant; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const mayEdit = useCan('PATCH /admin/applications/{id}/shipping-address') && canEdit;
  const { shipping } = applicant;
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-sm sm:p-4">
      <div>
        <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <MapPin aria-hidden="true" className="size-3.5" /> Ship to
          {shipping?.overridden ? <Badge variant="blue">Changed by admin</Badge> : null}
        </p>
        {shipping ? (
          <PostalAddress address={shipping} className="mt-1" testId="applicant-address" />
        ) : (
          <p className="mt-1 text-slate-500">No address on the profile.</p>
        )}
        {mayEdit ? (
          <Button size="sm" variant="outline" className="mt-2" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" /> Change address
          </Button>
        ) : null}
      </div>
      {editing ? <AddressDialog applicant={applicant} onClose={() => setEditing(false)} /> : null}
    </div>
  );
}

function AddressDialog({ applicant, onClose }: { applicant: AdminApplicant; onClose: () => void }) {
  const id = useId();
  const save = useShippingAddressOverride();
  const current = applicant.shipping;
  const form = useForm<ShippingAddressInput, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressInputSchema),
    defaultValues: {
      fullName: current?.fullName ?? applicant.creator.name,
      addressLine1: current?.addressLine1 ?? '',
      addressLine2: current?.addressLine2 ?? '',
      city: current?.city ?? '',
      state: (current?.state ?? '') as ShippingAddressInput['state'],
      zipCode: current?.zipCode ?? '',
      phone: current?.phone ?? '',
      reason: '',
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input) =>
    runThenClose(
      () => save.mutateAsync({ id: applicant.id, input }),
      {
        title: 'Shipping address changed',
        description: `${applicant.creator.name} was told by mail.`,
        variant: 'success',
      },
      onClose,
    ),
  );
  const field = formFields(form, id);
  return (
    <MutationDialog
      mutation={save}
      onClose={onClose}
      title={`Ship ${applicant.creator.name}'s box elsewhere`}
      description="This application only; the creator's profile stays as it is. The creator is told by mail."
      confirmLabel="Save address"
      onConfirm={() => void submit()}
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Full name" className="col-span-2" autoComplete="off" {...field('fullName')} />
        <TextField label="Address line 1" className="col-span-2" {...field('addressLine1')} />
        <TextField label="Address line 2 (optional)" className="col-span-2" {...field('addressLine2')} />
        <TextField label="City" className="col-span-2 sm:col-span-1" {...field('city')} />
        <SelectField label="State" placeholder="State" options={US_STATES} {...field('state')} />
        <TextField label="ZIP Code" inputMode="numeric" {...field('zipCode')} />
        <TextField label="Phone" type="tel" className="col-span-2 sm:col-span-1" {...field('phone')} />
        <TextField label="Why (sent to the creator, optional)" className="col-span-2" {...field('reason')} />
      </div>
      {Object.keys(errors).length ? <Alert variant="destructive">Check the highlighted fields.</Alert> : null}
    </MutationDialog>
  );
}
