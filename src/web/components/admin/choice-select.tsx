import type { ComponentProps } from 'react';
import { NativeSelect } from '../ui/native-select';

export type ChoiceSelectProps<V extends string> = Omit<
  ComponentProps<typeof NativeSelect>,
  'value' | 'onChange' | 'children'
> & {
  value: V;
  choices: readonly Exclude<V, ''>[];
  labels: Readonly<Record<Exclude<V, ''>, string>>;
  all?: string;
  onChange: (value: V) => void;
};

/**
 * A select of a fixed list (a role, a kind, a status): one option per choice, shown by its label; with `all`, a first
 * option of that text whose value is '' ("All statuses"). `onChange` gets the chosen value.
 */
export function ChoiceSelect<V extends string>({
  value,
  choices,
  labels,
  all,
  onChange,
  ...select
}: ChoiceSelectProps<V>) {
  return (
    <NativeSelect value={value} onChange={(event) => onChange(event.target.value as V)} {...select}>
      {all !== undefined ? <option value="">{all}</option> : null}
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labels[choice]}
        </option>
      ))}
    </NativeSelect>
  );
}
