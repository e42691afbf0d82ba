import type { ConsoleFeature } from '../../app/registry.js';
import { VisitorCardSection } from './visitor-card.js';

/** Who the visitor is: the card above the open conversation's page history. */
export const visitor: ConsoleFeature = { pane: { details: [VisitorCardSection] } };
