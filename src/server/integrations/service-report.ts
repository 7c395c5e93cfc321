/** What `npm run integrations:check` says of one outside service (src/server/integrations/check/check-integrations.ts). */
export type ServiceName = 'PayPal' | 'YouTube' | 'Instagram' | 'TikTok' | 'EasyPost' | 'Shopify';

export interface ServiceReport {
  service: ServiceName;
  configured: boolean;
  /** How it is configured, shown in brackets (environment, host). */
  setup?: string;
  /** null: not tried. */
  reachable: boolean | null;
  /** null: not known (not tried, or the answer did not tell). */
  authorised: boolean | null;
  /** What happened, in words an operator understands. */
  detail: string;
  /** A configured service that did not answer as it should (the command exits non-zero). */
  failed: boolean;
}
