/**
 * The places where features add to the conversation list: controls above it (a filter) and marks inside
 * each row (labels). The list draws whatever it is given here and names no feature itself.
 */
import type { ComponentType } from 'react';
import type { ConversationSummary } from '../../protocol/operator-console.js';
import type { OperatorApi } from '../core/api.js';
import type { DeskStore } from './desk-atoms.js';

/** Props of a control above the list. */
export interface ListControlProps {
  api: OperatorApi;
  store: DeskStore;
}

/** Props of a mark inside a row: drawn inside the row's button, so nothing in it may be interactive. */
export interface ListRowMarkProps {
  conversation: ConversationSummary;
  store: DeskStore;
}

/** Every feature contribution to the list, in the order drawn. */
export interface ListSlots {
  controls: ComponentType<ListControlProps>[];
  rowMarks: ComponentType<ListRowMarkProps>[];
}

/** A list without feature contributions. */
export const NO_LIST_SLOTS: ListSlots = { controls: [], rowMarks: [] };
