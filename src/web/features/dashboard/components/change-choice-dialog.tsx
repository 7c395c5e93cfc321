import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { productListSchema } from '../../../../shared/schemas/products';
import { idStatusResultSchema } from '../../../../shared/schemas/results';
import { MutationDialog } from '../../../components/mutation-dialog';
import { toast } from '../../../components/ui/toast';
import { CampaignVariantPicker, choiceList, type VariantChoice } from '../../../components/variant-picker';
import { apiFetch } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';
import { privateKeys, publicKeys } from '../../../lib/query-keys';
import type { ApplicationDialogProps } from './application-dialog-props';

/** The creator changes the variant(s) of their box until it ships (PUT /api/applications/:id/choices). */
export function ChangeChoiceDialog({ application, onClose }: ApplicationDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const campaignId = String(application.campaign.id);
  const products = useQuery(
    getQuery(
      publicKeys.campaigns.products(campaignId),
      `/api/campaigns/${campaignId}/products`,
      productListSchema,
    ),
  );
  const [choice, setChoice] = useState<VariantChoice>(() =>
    Object.fromEntries(application.choices.map((c) => [c.productId, c.variantId])),
  );
  const change = useMutation({
    mutationFn: () =>
      apiFetch(`/api/applications/${application.id}/choices`, {
        method: 'PUT',
        json: { choices: choiceList(choice) },
        schema: idStatusResultSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: privateKeys.applications }),
        queryClient.invalidateQueries({ queryKey: publicKeys.campaigns.detail(campaignId) }),
      ]),
  });
  return (
    <MutationDialog
      mutation={change}
      onClose={onClose}
      title={`Your box from ${application.campaign.brand}`}
      description="You can change your choice until your box ships."
      confirmLabel="Save my choice"
      onConfirm={() =>
        change.mutate(undefined, {
          onSuccess: () => {
            toast({ title: 'Choice saved', description: application.campaign.name, variant: 'success' });
            onClose();
          },
        })
      }
    >
      <CampaignVariantPicker products={products} value={choice} onChange={setChoice} idPrefix={`${id}-v`} />
    </MutationDialog>
  );
}
