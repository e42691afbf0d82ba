import type { FastifyServerOptions } from 'fastify';
import { ERROR_KIND, ERROR_MESSAGES } from './params.js';

/**
 * How Fastify's validator (ajv) reads the route schemas. Nothing is coerced or defaulted: a `"true"`
 * is not `true`, and a value the schema refuses is refused, as the checks the schemas replaced did (ids
 * as numeric strings are declared as such). Only the first failure is reported, so hostile input costs
 * one error. Union types (`["integer", "string"]`) keep one error per parameter.
 */
export const AJV_OPTIONS: NonNullable<FastifyServerOptions['ajv']> = {
  customOptions: {
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
    allErrors: false,
    allowUnionTypes: true,
    keywords: [ERROR_MESSAGES, ERROR_KIND],
  },
  plugins: [
    // JSON Schema counts a string's length in code points; the protocol's limits (FIELD_LIMITS, the
    // widget's own fields) count UTF-16 units, as String.length and the browser's maxlength do. Set
    // after construction because the constructor option is deprecated (and warns), not removed.
    (ajv) => {
      (ajv.opts as { unicode?: boolean }).unicode = false;
      return ajv;
    },
  ],
};
