/** A positive number from the environment variable `name`, or `fallback` when it is unset or blank. */
export function numberEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number (got ${text})`);
  return value;
}
