/**
 * The body of `PUT /api/me/tax-form` a creator in the United States files: a certified W-9 of an individual with a
 * social security number; every field can be overridden.
 */
export function w9Form(overrides: Record<string, unknown> = {}) {
  return {
    type: 'w9',
    legalName: 'Ana Tax',
    taxClassification: 'individual',
    addressLine1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    tinType: 'ssn',
    tin: '123-45-6789',
    certify: true,
    ...overrides,
  };
}
