import { operatorReceiptRoutes } from './receipt-routes.js';

/** Read receipts (issue 15): the console marks a conversation read up to a message. */
export const receiptsFeature = operatorReceiptRoutes;
