import { type FormEvent, useId, useState } from 'react';
import { storeInputSchema } from '../../../../shared/schemas/stores';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useStoreActions } from '../../../lib/admin-stores';
import { getErrorMessage } from '../../../lib/api-client';

const EMPTY = { brand: '', shopDomain: '', clientId: '', clientSecret: '', accessToken: '' };
type Field = keyof typeof EMPTY;

/**
 * Connect a store (Settings › Stores, issue 37, decision 0040): the brand, the myshopify domain, and either the
 * Client ID and secret of a Dev Dashboard app installed on the store, or an older custom app's Admin API token.
 */
export function StoreConnectForm() {
  const id = useId();
  const { connect } = useStoreActions();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    const parsed = storeInputSchema.safeParse(given);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[(issue.path[0] as Field) ?? 'brand'] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    try {
      const made = await connect.mutateAsync(parsed.data);
      toast({ title: 'Store connected', description: made.shopName, variant: 'success' });
      setValues(EMPTY);
    } catch (e) {
      const field = (e as { field?: Field }).field ?? 'shopDomain';
      setErrors({ [field]: getErrorMessage(e, 'The store could not be connected.') });
    }
  };
  const field = (name: Field, label: string, extra: { hint?: string; type?: string } = {}) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Connect a store</CardTitle>
        <p className="text-sm text-slate-600">
          In Shopify's Dev Dashboard, create an app with the read_products, write_orders and read_fulfillments
          scopes, install it on the brand's store, and copy its Client ID and secret from Settings. Saving
          checks them with one read; the secret is kept sealed.
        </p>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="Connect a store">
          {field('brand', 'Brand', { hint: 'As the campaigns name it' })}
          {field('shopDomain', 'Store domain', { hint: 'your-store.myshopify.com' })}
          {field('clientId', 'Client ID')}
          {field('clientSecret', 'Client secret', { type: 'password' })}
          {field('accessToken', 'Or an Admin API access token', {
            type: 'password',
            hint: 'Only for a custom app made in the Shopify admin before 2026',
          })}
          <div className="flex items-end">
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending ? 'Checking…' : 'Connect store'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
