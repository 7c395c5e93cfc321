import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * What a react-hook-form field is given: `field(name)` is its id (`idPrefix`-name, or `idPrefix`-`id`), its error
 * message and register()'s props, spread into a `TextField`, `SelectField` or `TextareaField`.
 */
export function formFields<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, idPrefix: string) {
  return <N extends Path<T>>(name: N, options?: RegisterOptions<T, N>, id: string = name) => ({
    id: `${idPrefix}-${id}`,
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
    ...form.register(name, options),
  });
}

/** register()'s options for an amount typed as text: its trimmed text as a number, undefined when empty. */
export const AS_NUMBER = {
  setValueAs: (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : undefined,
};
