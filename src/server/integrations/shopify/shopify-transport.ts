import { createAdminApiClient } from '@shopify/admin-api-client';

/**
 * One store's Admin GraphQL endpoint through Shopify's own client library (@shopify/admin-api-client), with the
 * API version pinned here (decisions 0032, 0040): every answer sorted once into data or a StoreFailure, THROTTLED
 * waited out from the answer's `extensions.cost.throttleStatus`. Rate limits and the THROTTLED error:
 * https://shopify.dev/docs/api/usage/limits#graphql-admin-api-rate-limits.
 */
export const SHOPIFY_API_VERSION = '2026-07';

/** What went wrong with a store, as the Stores page says it (StoreState). */
export type StoreFailure = 'revoked' | 'throttled' | 'unreachable' | 'failed';

export class ShopifyError extends Error {
  override name = 'ShopifyError';
  constructor(
    readonly kind: StoreFailure,
    message: string,
  ) {
    super(message);
  }
}

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cost part of an answer's `extensions` (https://shopify.dev/docs/api/usage/limits, "cost"). */
export interface QueryCost {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: { maximumAvailable?: number; currentlyAvailable: number; restoreRate: number };
}

interface GraphQLAnswer {
  data?: unknown;
  errors?: {
    networkStatusCode?: number;
    message?: string;
    graphQLErrors?: Array<{ message?: string; extensions?: { code?: string } }>;
  };
  extensions?: { cost?: QueryCost };
}

/** How long to wait before a query of `cost` fits the bucket again (from the restore rate), at most 10 s. */
export function throttleWait(extensions: { cost?: QueryCost } | undefined, nextCost?: number): number {
  const cost = extensions?.cost;
  const status = cost?.throttleStatus;
  if (!status || status.restoreRate <= 0) return 1000;
  const missing = Math.max((nextCost ?? cost?.requestedQueryCost ?? 10) - status.currentlyAvailable, 0);
  return Math.min(Math.ceil((missing / status.restoreRate) * 1000), 10_000);
}

export interface ShopifyTransport {
  /** One operation; its data and what it cost (the bucket left after it). */
  request<T>(
    operation: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data: T; cost: QueryCost | null }>;
  sleep: Sleep;
}

export function createShopifyTransport({
  shopDomain,
  accessToken,
  apiBase,
  sleep = realSleep,
  attempts = 4,
}: {
  shopDomain: string;
  accessToken: string;
  /** Every call to this address instead of https://<shop>.myshopify.com (the stand-in store). */
  apiBase?: string | undefined;
  sleep?: Sleep;
  attempts?: number;
}): ShopifyTransport {
  const client = createAdminApiClient({
    storeDomain: shopDomain,
    apiVersion: SHOPIFY_API_VERSION,
    accessToken,
    userAgentPrefix: 'Mintbox',
    // A 429 or 503 is retried by the library itself (its maximum, 3, with its own wait).
    retries: 3,
    customFetchApi: (url, init) =>
      fetch(apiBase ? url.replace(/^https:\/\/[^/]+/, apiBase) : url, {
        ...init,
        signal: AbortSignal.timeout(15_000),
      }),
  });

  async function request<T>(operation: string, variables?: Record<string, unknown>) {
    for (let attempt = 1; ; attempt++) {
      let answer: GraphQLAnswer;
      try {
        answer = (await client.request(operation, variables ? { variables } : {})) as GraphQLAnswer;
      } catch (error) {
        throw new ShopifyError(
          'unreachable',
          `The store could not be reached (${(error as Error).message}).`,
        );
      }
      const errors = answer.errors;
      if (!errors) return { data: answer.data as T, cost: answer.extensions?.cost ?? null };
      const status = errors.networkStatusCode;
      if (status === 401 || status === 403) {
        throw new ShopifyError(
          'revoked',
          'The store refused the access token: it was revoked or lacks a scope.',
        );
      }
      const throttled =
        status === 429 || errors.graphQLErrors?.some((e) => e.extensions?.code === 'THROTTLED') === true;
      if (throttled) {
        if (attempt >= attempts) {
          throw new ShopifyError(
            'throttled',
            'The store is busy (Shopify throttled the calls); it will be tried again.',
          );
        }
        await sleep(throttleWait(answer.extensions));
        continue;
      }
      if (status === undefined || status >= 500) {
        throw new ShopifyError('unreachable', `The store did not answer (${errors.message ?? 'no answer'}).`);
      }
      throw new ShopifyError(
        'failed',
        `The store refused the call: ${errors.graphQLErrors?.[0]?.message ?? errors.message ?? status}.`,
      );
    }
  }
  return { request, sleep };
}
