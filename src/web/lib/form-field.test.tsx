import { renderToStaticMarkup } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TextField } from '../components/ui/input';
import { AS_NUMBER, formFields } from './form-field';

function EmailForm({ id }: { id?: string }) {
  const form = useForm<{ email: string }>({
    defaultValues: { email: '' },
    errors: { email: { type: 'custom', message: 'Enter your email.' } },
  });
  const field = formFields(form, 'f');
  return <TextField label="Email" {...field('email', undefined, id)} />;
}

describe('formFields', () => {
  it('gives a field its id, its error message and its registration', () => {
    const html = renderToStaticMarkup(<EmailForm />);
    expect(html).toContain('id="f-email"');
    expect(html).toContain('name="email"');
    expect(html).toContain('Enter your email.');
    expect(html).toContain('aria-invalid="true"');
  });

  it('names the id after `id` when one is given', () => {
    expect(renderToStaticMarkup(<EmailForm id="address" />)).toContain('id="f-address"');
  });
});

describe('AS_NUMBER', () => {
  it('reads a typed amount as a number, and an empty field as none', () => {
    expect(AS_NUMBER.setValueAs(' 25 ')).toBe(25);
    expect(AS_NUMBER.setValueAs('  ')).toBeUndefined();
    expect(AS_NUMBER.setValueAs(undefined)).toBeUndefined();
    expect(AS_NUMBER.setValueAs('2.5x')).toBeNaN();
  });
});
