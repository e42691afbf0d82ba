/** The text patterns of route schemas, written once in protocol/schemas/text.ts. */
export { TEXT_CHARACTER, TEXT_PATTERN } from '../../../protocol/schemas/text.js';
