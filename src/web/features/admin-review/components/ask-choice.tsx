import { Repeat } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useAskForAnotherChoice } from '../api/packing';

/**
 * Accepting answered "… is sold out" (409 SOLD_OUT, issue 37): the offer to ask the creator for another option. The
 * creator gets a notification and a mail with a link to their Change my choice dialog; accept again once they chose.
 */
export function AskChoiceOffer({
  applicationId,
  name,
  onAsked,
}: {
  applicationId: number;
  name: string;
  onAsked: () => void;
}) {
  const ask = useAskForAnotherChoice();
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        Ask {name} to choose another option. They are told in the app and by mail; accept them once they have.
      </p>
      {ask.isError ? <p role="alert">{getErrorMessage(ask.error)}</p> : null}
      <Button
        size="sm"
        variant="outline"
        className="self-start"
        disabled={ask.isPending}
        onClick={async () => {
          try {
            const result = await ask.mutateAsync(applicationId);
            toast({
              title: `${name} was asked to choose again`,
              description: result.mailed
                ? `${result.soldOut} is sold out. They were told in the app and by mail.`
                : `${result.soldOut} is sold out. They were told in the app (their decision mails are off).`,
              variant: 'success',
            });
            onAsked();
          } catch {
            // Shown above.
          }
        }}
      >
        <Repeat aria-hidden="true" />
        Ask for another option
      </Button>
    </div>
  );
}
