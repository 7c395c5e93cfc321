import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { cn } from '../../../lib/cn';
import { TESTIMONIALS } from '../landing-sections-content';
import { SectionHeading } from './section-heading';

/** Three testimonials, one at a time; Previous and Next go round. */
export function TestimonialsSection() {
  const [current, setCurrent] = useState(0);
  const count = TESTIMONIALS.length;
  const go = (delta: number) => setCurrent((index) => (index + delta + count) % count);
  const item = TESTIMONIALS[current]!;

  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-20 bg-mint-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="text-center">
          <SectionHeading label="Creator stories" id="testimonials-title" title="Loved by creators" />
        </div>
        <div className="mt-10 rounded-3xl bg-white p-6 shadow-xl shadow-mint-900/5 sm:p-10">
          <figure
            aria-live="polite"
            aria-atomic="true"
            className="flex min-h-64 flex-col justify-between gap-8 sm:min-h-52"
            data-testid="testimonial"
          >
            <Quote aria-hidden="true" className="size-10 text-mint-200" />
            <blockquote className="-mt-4 text-xl leading-relaxed font-medium text-pretty text-slate-800 sm:text-2xl">
              <p>“{item.quote}”</p>
            </blockquote>
            <figcaption className="flex items-center gap-3">
              <Avatar name={item.name} size={48} />
              <span>
                <span className="block font-semibold">{item.name}</span>
                <span className="block text-sm text-slate-600">{item.role}</span>
              </span>
            </figcaption>
          </figure>
          <div className="mt-8 flex items-center justify-between gap-4 border-t border-slate-100 pt-6">
            <p className="text-sm text-slate-600">
              <span className="sr-only">Testimonial </span>
              {current + 1} / {count}
            </p>
            <div className="flex items-center gap-2" aria-hidden="true">
              {TESTIMONIALS.map((t, index) => (
                <span
                  key={t.name}
                  className={cn(
                    'h-2 rounded-full transition-all',
                    index === current ? 'w-6 bg-mint-700' : 'w-2 bg-slate-300',
                  )}
                />
              ))}
            </div>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label="Previous testimonial"
                className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 text-slate-700 transition-colors hover:border-mint-700 hover:bg-mint-700 hover:text-white"
              >
                <ChevronLeft aria-hidden="true" className="size-5" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label="Next testimonial"
                className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 text-slate-700 transition-colors hover:border-mint-700 hover:bg-mint-700 hover:text-white"
              >
                <ChevronRight aria-hidden="true" className="size-5" />
              </button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
