/** A variable of the environment the server cannot run with; the process says which in one line and exits. */
export class ConfigError extends Error {
  readonly code = 'config_invalid';
}

/** A positive whole number from a variable, or the default when the variable is unset or empty. */
export function parsePositive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} must be a positive integer, e.g. ${name}=${fallback}, got "${value}"`);
  return n;
}
