import { cn } from '../lib/cn';

/** The fields of a shipping address that a label needs. */
export interface PostalAddressFields {
  fullName: string;
  addressLine1: string;
  addressLine2?: string | null | undefined;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
}

/** A shipping address as a carrier's label shows it: name, lines, city, state and ZIP, phone. */
export function PostalAddress({
  address,
  className,
  testId,
}: {
  address: PostalAddressFields;
  className?: string;
  testId?: string;
}) {
  return (
    <address className={cn('leading-6 not-italic text-slate-900', className)} data-testid={testId}>
      {address.fullName}
      <br />
      {address.addressLine1}
      {address.addressLine2 ? (
        <>
          <br />
          {address.addressLine2}
        </>
      ) : null}
      <br />
      {address.city}, {address.state} {address.zipCode}
      <br />
      {address.phone}
    </address>
  );
}
