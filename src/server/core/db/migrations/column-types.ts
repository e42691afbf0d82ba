import type { Engine } from '../engine.js';

/** Column types that differ between the two engines (the first migration's). */
export function types(engine: Engine) {
  const pg = engine === 'postgres';
  return {
    serial: pg ? ('serial' as const) : ('integer' as const),
    bigserial: pg ? ('bigserial' as const) : ('integer' as const),
    millis: 'bigint' as const,
    bytes: pg ? ('bytea' as const) : ('blob' as const),
  };
}
