import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { applySchema } from '../../../../shared/schemas/application';
import type { Campaign } from '../../../../shared/schemas/campaign';
import { idResultSchema } from '../../../../shared/schemas/results';
import { keptOpenWhilePending, MutationFormActions } from '../../../components/mutation-form-actions';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldFrame } from '../../../components/ui/input';
import { ButtonSpinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { CampaignVariantPicker, choiceList, type VariantChoice } from '../../../components/variant-picker';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys, publicKeys } from '../../../lib/query-keys';
import { maxLengthOf } from '../../../lib/schema-limits';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { campaignProductsQuery } from '../api/campaign-queries';

const PITCH_MAX = maxLengthOf(applySchema.shape.pitch);

/** Apply Now: an optional pitch, then POST /api/campaigns/:id/applications; the server's refusal is shown as is. */
export function ApplyDialog({
  campaign,
  open,
  onOpenChange,
}: {
  campaign: Campaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const returnFocus = useReturnFocus(open);
  const [pitch, setPitch] = useState('');
  const [choice, setChoice] = useState<VariantChoice>({});
  const products = useQuery({ ...campaignProductsQuery(campaign.id), enabled: open });
  const offered = products.data?.items ?? [];
  const apply = useMutation({
    mutationFn: (text: string) =>
      apiFetch(`/api/campaigns/${campaign.id}/applications`, {
        method: 'POST',
        json: {
          ...(text ? { pitch: text } : {}),
          ...(offered.length > 0 ? { choices: choiceList(choice) } : {}),
        },
        schema: idResultSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: privateKeys.eligibility.campaign(campaign.id) }),
        queryClient.invalidateQueries({ queryKey: publicKeys.campaigns.detail(String(campaign.id)) }),
        queryClient.invalidateQueries({ queryKey: privateKeys.applications }),
      ]),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await apply.mutateAsync(pitch.trim());
      onOpenChange(false);
      toast({
        title: 'Application sent',
        description: `Follow ${campaign.name} on your dashboard.`,
        variant: 'success',
      });
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Dialog open={open} onOpenChange={keptOpenWhilePending(apply, onOpenChange)}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Apply to {campaign.name}</DialogTitle>
          <DialogDescription>
            {campaign.brand} reviews every application. You will hear back by email and on your dashboard.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <CampaignVariantPicker
            products={products}
            value={choice}
            onChange={setChoice}
            idPrefix={`${id}-variant`}
          />
          <FieldFrame id={`${id}-pitch`} label="Why are you a good fit? (optional)">
            <Textarea
              id={`${id}-pitch`}
              value={pitch}
              maxLength={PITCH_MAX}
              rows={5}
              onChange={(event) => setPitch(event.target.value)}
              placeholder="Tell the brand about your audience and the content you have in mind."
              aria-describedby={`${id}-count`}
            />
            <p id={`${id}-count`} className="text-right text-xs text-slate-500">
              {pitch.length} / {PITCH_MAX}
            </p>
          </FieldFrame>
          <MutationFormActions mutation={apply} onCancel={() => onOpenChange(false)}>
            {apply.isPending ? <ButtonSpinner label="Sending" /> : <Send aria-hidden="true" />}
            Send Application
          </MutationFormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
