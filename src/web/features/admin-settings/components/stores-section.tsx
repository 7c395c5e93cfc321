import { RefreshCw } from 'lucide-react';
import type { z } from 'zod';
import type { storeSchema } from '../../../../shared/schemas/stores';
import { ErrorPanel } from '../../../components/error-panel';
import { toastFailure } from '../../../components/failure-toast';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useAdminCan } from '../../../lib/admin-permissions';
import { useStoreActions, useStores } from '../../../lib/admin-stores';
import { formatDateTime } from '../../../lib/format';
import { StoreConnectForm } from './store-connect-form';

export const STORES_TAB = 'stores';

type Store = z.infer<typeof storeSchema>;

const STATE_LABELS: Record<Store['state'], string> = {
  connected: 'Connected',
  revoked: 'Access refused',
  throttled: 'Busy (throttled)',
  unreachable: 'Not answering',
  failed: 'A call failed',
  product_deleted: 'Product deleted',
};

/** Settings › Stores (issue 37): connected Shopify stores, their state and what to do, re-sync, and connecting one. */
export function StoresSection() {
  const stores = useStores();
  const { can } = useAdminCan();
  if (stores.isError && !stores.data) {
    return (
      <ErrorPanel
        title="We couldn't load the stores."
        error={stores.error}
        onRetry={() => stores.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Stores</CardTitle>
          <p className="text-sm text-slate-600">
            Orders for accepted boxes are made in the brand's store; its fulfilments mark the boxes shipped.
            Shipping by hand always works.
          </p>
        </CardHeader>
        <CardContent>
          {!stores.data ? (
            <Skeleton className="h-20 w-full" role="status" aria-label="Loading stores" />
          ) : stores.data.items.length === 0 ? (
            <p className="text-sm text-slate-500">No store is connected yet.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100" data-testid="stores">
              {stores.data.items.map((store) => (
                <StoreRow key={store.id} store={store} canSync={can('POST /admin/stores/{id}/sync')} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {can('POST /admin/stores') ? <StoreConnectForm /> : null}
    </div>
  );
}

function StoreRow({ store, canSync }: { store: Store; canSync: boolean }) {
  const { resync } = useStoreActions();
  const sync = async () => {
    try {
      const result = await resync.mutateAsync(store.id);
      toast({
        title: 'Store re-synced',
        description: `${result.products} products read; ${result.removed} variants no longer in the store.`,
        variant: 'success',
      });
    } catch (e) {
      toastFailure('Re-sync failed', e);
    }
  };
  const ok = store.state === 'connected';
  return (
    <li className="flex flex-col gap-2 py-3 text-sm" data-store={store.shopDomain}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-all">
          <span className="font-semibold">{store.brand}</span> · {store.shopName} · {store.shopDomain}
        </span>
        <Badge variant={ok ? 'green' : 'yellow'} data-testid="store-state">
          {STATE_LABELS[store.state]}
        </Badge>
      </div>
      {ok ? null : (
        <p className="text-slate-700" data-testid="store-advice">
          {store.stateMessage ? `${store.stateMessage} ` : ''}
          {store.advice}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span>
          {store.access === 'client_credentials' ? 'Dev Dashboard app' : 'Access token'} ·{' '}
          {store.webhooks ? 'fulfilments by webhook' : 'fulfilments read on demand'} · last synced{' '}
          {store.syncedAt ? formatDateTime(store.syncedAt) : 'never'}
        </span>
        {canSync ? (
          <Button size="sm" variant="outline" onClick={sync} disabled={resync.isPending}>
            <RefreshCw aria-hidden="true" />
            {resync.isPending ? 'Re-syncing…' : 'Re-sync'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
