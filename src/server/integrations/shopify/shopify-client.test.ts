import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SHOPIFY_SCHEMA } from '../../../../tests/support/fake-shopify';
import { SHOPIFY_OPERATIONS, throttleWait } from './shopify-client';

describe('the Shopify client against the published Admin GraphQL schema (2026-07, tests/contracts)', () => {
  it('sends only operations that validate against the schema', () => {
    for (const operation of SHOPIFY_OPERATIONS) {
      expect(validate(SHOPIFY_SCHEMA, parse(operation)).map((e) => e.message)).toEqual([]);
    }
  });

  it('would fail on an unknown field', () => {
    const errors = validate(SHOPIFY_SCHEMA, parse('query { shop { name inventoryMood } }'));
    expect(errors.map((e) => e.message)).toEqual(['Cannot query field "inventoryMood" on type "Shop".']);
  });

  it('waits until the bucket holds the query again, at most 10 s', () => {
    expect(
      throttleWait({
        cost: { requestedQueryCost: 50, throttleStatus: { currentlyAvailable: 0, restoreRate: 100 } },
      }),
    ).toBe(500);
    expect(
      throttleWait({
        cost: { requestedQueryCost: 5000, throttleStatus: { currentlyAvailable: 0, restoreRate: 50 } },
      }),
    ).toBe(10_000);
  });
});
