import { ArrowLeft, Mail, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { buttonVariants } from '../../components/ui/button';
import { useConfig } from '../../lib/use-config';

export const LAST_UPDATED = 'January 11, 2025';

/** The company's postal address, for legal notices. */
export const POSTAL_ADDRESS = [
  `${PRODUCT_NAME}, Inc.`,
  '2261 Market Street, Suite 5321',
  'San Francisco, CA 94114',
  'United States',
];

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: Back to Home, the title, last updated, a table of contents, the sections and how to reach us. */
export function LegalLayout({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const email = useConfig().data?.contactEmail;
  return (
    <div className="bg-white">
      <div className="border-b border-slate-200 bg-gradient-to-b from-mint-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-8 pb-12 sm:px-6 sm:pt-12">
          <Link to="/" className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3' })}>
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            Last updated <time dateTime="2025-01-11">{LAST_UPDATED}</time>
          </p>
          <div className="mt-6 text-lg leading-relaxed text-slate-700">{intro}</div>
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <nav aria-label="On this page" className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
          <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <Link
                  to={{ hash: section.id }}
                  className="rounded text-mint-800 underline-offset-4 hover:underline"
                >
                  {section.title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-10 flex flex-col gap-10">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="text-2xl font-bold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4 flex flex-col gap-4 leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-mint-800 [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-6">
                {section.body}
              </div>
            </section>
          ))}
        </div>
        <section
          aria-labelledby="contact-title"
          className="mt-12 grid gap-6 rounded-2xl border border-mint-200 bg-mint-50 p-6 sm:grid-cols-2"
          data-testid="legal-contact"
        >
          <h2 id="contact-title" className="text-xl font-bold sm:col-span-2">
            Contact us
          </h2>
          <div className="flex gap-3">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-mint-700" />
            <div>
              <p className="text-sm font-semibold text-slate-900">Email</p>
              {email ? (
                <a
                  href={`mailto:${email}`}
                  className="font-medium text-mint-800 underline underline-offset-4"
                  data-testid="legal-email"
                >
                  {email}
                </a>
              ) : (
                <span className="block h-5 w-40 rounded bg-mint-100" aria-hidden="true" />
              )}
            </div>
          </div>
          <div className="flex gap-3">
            <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-mint-700" />
            <div>
              <p className="text-sm font-semibold text-slate-900">Mail</p>
              <address className="text-slate-700 not-italic" data-testid="legal-address">
                {POSTAL_ADDRESS.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}

/** The contact address from the configuration, as a mail link inside legal text. */
export function ContactEmail() {
  const email = useConfig().data?.contactEmail;
  return email ? <a href={`mailto:${email}`}>{email}</a> : <span>our contact address</span>;
}
