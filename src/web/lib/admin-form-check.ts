import { useState } from 'react';
import type { z } from 'zod';

/**
 * An admin form's input checked against its schema before it is sent: `check(input)` gives the parsed input, or
 * undefined with the first problem kept in `problem` (shown on the form); a check that passes clears it.
 * `setProblem` sets it by hand (the server's refusal, a form opened afresh).
 */
export function useFormCheck<S extends z.ZodType>(schema: S) {
  const [problem, setProblem] = useState<string | undefined>();
  const check = (input: z.input<S>): z.output<S> | undefined => {
    const parsed = schema.safeParse(input);
    setProblem(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : undefined;
  };
  return { problem, setProblem, check };
}
