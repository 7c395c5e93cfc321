import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WizardProgress } from './wizard-progress';

const LABELS = ['Basic Info', 'Social Media', 'Shipping'] as const;

describe('WizardProgress (issue 41)', () => {
  it.each([
    [0, 'Step 1 of 3', '0% complete'],
    [1, 'Step 2 of 3', '33% complete'],
    [2, 'Step 3 of 3', '67% complete'],
  ])('on step index %i reads "%s" and counts only the finished steps', (step, label, percent) => {
    const html = renderToStaticMarkup(<WizardProgress step={step} labels={LABELS} />);
    expect(html).toContain(label);
    expect(html).toContain(percent);
    expect(html).not.toContain('100% complete');
  });
});
