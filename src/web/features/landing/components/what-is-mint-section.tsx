import { BadgeDollarSign, Coins, Wallet } from 'lucide-react';
import { SectionHeading } from './section-heading';

const FACTS = [
  { icon: BadgeDollarSign, title: '1 Mint = 1 USD', text: 'Mint always has the same value as a US dollar.' },
  {
    icon: Coins,
    title: 'At least 10 Mint',
    text: 'Most campaigns reward at least 10 Mint per approved post.',
  },
  {
    icon: Wallet,
    title: 'PayPal from 50 Mint',
    text: 'Redeem for cash through PayPal once you have 50 Mint.',
  },
];

/** What is Mint (the Pricing link of the top bar): the facts and the Redeem Mint illustration. */
export function WhatIsMintSection() {
  return (
    <section id="pricing" aria-labelledby="mint-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading label="Pricing" id="mint-title" title="What is Mint?" />
          <p className="mt-4 text-lg leading-relaxed text-slate-600">
            Mint is how brands pay you on Mintbox. Every approved post adds Mint to your balance, and you turn
            it into cash whenever you like. Joining and applying are free for creators.
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {FACTS.map((fact) => (
              <li
                key={fact.title}
                className="flex gap-4 rounded-2xl border border-slate-200 p-5 sm:flex-col sm:gap-3 lg:flex-row xl:flex-col"
              >
                <fact.icon aria-hidden="true" className="size-6 shrink-0 text-mint-700" />
                <div>
                  <p className="font-bold text-slate-900">{fact.title}</p>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{fact.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-slate-600">
            Redemption requests are processed within 5-7 business days.
          </p>
        </div>
        <RedeemMintIllustration />
      </div>
    </section>
  );
}

/** A static picture of the Redeem Mint screen (balance 125, amount 100: illustrative figures, spec §9). */
function RedeemMintIllustration() {
  return (
    <div className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute inset-6 -z-10 rounded-[2rem] bg-radial from-mint-200/60 to-transparent to-70%"
      />
      <div
        role="img"
        aria-label="Illustration of redeeming Mint: a balance of 125 Mint, with 100 Mint sent to PayPal as 100 US dollars"
        className="rounded-3xl border border-slate-200 bg-white p-6 shadow-2xl shadow-mint-900/10"
        data-testid="redeem-mint-illustration"
      >
        <div className="flex items-center justify-between">
          <p className="text-lg font-bold">Redeem Mint</p>
          <span className="rounded-full bg-mint-50 px-3 py-1 text-xs font-semibold text-mint-800">
            PayPal
          </span>
        </div>
        <div className="mt-5 rounded-2xl bg-gradient-to-br from-mint-700 to-mint-900 p-5 text-white">
          <p className="text-sm text-mint-100">Mint Balance</p>
          <p className="mt-1 text-4xl font-extrabold tracking-tight">
            125 <span className="text-xl font-semibold">Mint</span>
          </p>
          <p className="mt-1 text-sm text-mint-100">≈ $125.00 USD</p>
        </div>
        <div className="mt-5 flex flex-col gap-2">
          <p className="text-sm font-medium text-slate-600">Amount to redeem</p>
          <div className="flex h-12 items-center justify-between rounded-xl border border-slate-300 px-4">
            <span className="font-semibold">100</span>
            <span className="text-sm text-slate-500">Mint</span>
          </div>
          <div className="flex items-center justify-between text-sm">
            <span className="text-slate-600">You receive</span>
            <span className="font-semibold">$100.00 USD</span>
          </div>
        </div>
        <div className="mt-5 flex h-12 items-center justify-center rounded-xl bg-mint-700 font-semibold text-white">
          Redeem to PayPal
        </div>
        <p className="mt-3 text-center text-xs text-slate-500">
          Minimum 50 Mint · Processed in 5-7 business days
        </p>
      </div>
    </div>
  );
}
