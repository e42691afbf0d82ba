/**
 * The places where features add to the open conversation: the desk renders whatever it is given here and
 * names no feature itself.
 */
import type { ComponentType, KeyboardEvent } from 'react';
import type { MessageKey } from '../../platform/i18n/index.js';
import type { ConversationDetail } from '../../protocol/operator-console.js';
import type { OperatorApi } from '../core/api.js';
import type { DeskStore } from './desk-atoms.js';

/** What every pane contribution is given. */
export interface PaneContext {
  api: OperatorApi;
  store: DeskStore;
  /** Reads a conversation again (after the feature changed it on the server). */
  reloadOpen(sessionId: number): void;
  /** Something left the composer: the operator has stopped typing. */
  sent(): void;
}

/** Props of a section of the pane, drawn for the open conversation. */
export interface PaneSectionProps extends PaneContext {
  conversation: ConversationDetail;
}

/** A key pressed in the composer's text field; true when the contribution took it (the composer then ignores it). */
export type ComposerKeyHandler = (event: KeyboardEvent) => boolean;

/** A list of suggestions a contribution shows for the text field, which points assistive technology at it. */
export interface ComposerSuggestions {
  /** The id of the element with role listbox. */
  listId: string;
  /** The id of the option the keys have reached, if any. */
  activeId: string | null;
}

/** What a composer action reads and changes of the composer's text field. */
export interface ComposerField {
  /** The draft as typed. */
  draft: string;
  /** Replaces the draft; the focus goes to the text field, the caret to the draft's end. */
  setDraft(text: string): void;
  /** Moves the focus to the text field. */
  focus(): void;
  /** While set, keys pressed in the text field reach `handler` before the composer (Enter sends nothing when it takes it). */
  setKeyHandler(handler: ComposerKeyHandler | null): void;
  /** While set, the text field names the list of suggestions shown for it. */
  setSuggestions(suggestions: ComposerSuggestions | null): void;
}

/** Props of an action beside the composer's text field. */
export interface ComposerActionProps extends PaneContext {
  sessionId: number;
  /** The conversation written to. */
  conversation: ConversationDetail;
  /** Shows (or with null clears) the composer's failure line. */
  setError(text: string | null): void;
  field: ComposerField;
}

/** A section shown in the composer's place for the conversations it applies to. */
export interface ComposerReplacement {
  applies(conversation: ConversationDetail): boolean;
  Component: ComponentType<PaneSectionProps>;
}

/** What a composer mode's helper beside the text field is given (e.g. an autocompletion list). */
export interface ComposerAssistProps extends PaneContext {
  sessionId: number;
  draft: string;
  setDraft(text: string): void;
  /**
   * Takes the text field's keys first while the helper shows something (true: handled), and adds the
   * attributes the field needs to name it (`aria-activedescendant`, …); null gives them back.
   */
  claimKeys(claim: ComposerKeyClaim | null): void;
}

/** A helper's hold on the composer's text field. */
export interface ComposerKeyClaim {
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  inputProps: Record<string, string | boolean | undefined>;
}

/**
 * Another way to send what the composer holds, offered beside the built-in "Reply" (e.g. an internal
 * note). While it is chosen the composer wears its class and label, the visitor is not told of typing,
 * the composer's actions (which reach the visitor) are hidden, and Enter calls its `send`.
 */
export interface ComposerMode {
  id: string;
  /** The mode's name in the composer's mode switch. */
  label: MessageKey;
  /** The text field's accessible name in this mode; `{name}` is the visitor's. */
  fieldLabel: MessageKey;
  placeholder: MessageKey;
  /** The composer's extra class in this mode (its look). */
  className: string;
  /** Sends the text in this mode; rejects with a readable reason. */
  send(context: PaneContext, sessionId: number, text: string): Promise<void>;
  Assist?: ComponentType<ComposerAssistProps>;
}

/** Props of a {@link PaneSlots.timeline} contribution: its entries that follow message `after` (0: before the first one shown). */
export interface TimelineProps extends PaneContext {
  conversation: ConversationDetail;
  after: number;
}

/** Every feature contribution to the pane, in the order drawn. */
export interface PaneSlots {
  /** Sections above the page history (e.g. the visitor's card). */
  details: ComponentType<PaneSectionProps>[];
  /** The first one applying takes the composer's place. */
  composerReplacements: ComposerReplacement[];
  /** Controls beside the composer's text field (e.g. attaching files). */
  composerActions: ComponentType<ComposerActionProps>[];
  /** Modes of the composer besides "Reply"; with none, the composer shows no mode switch. */
  composerModes: ComposerMode[];
  /**
   * Controls beside the composer's explanation when the caller may not answer the visitor there (a
   * supervisor looking on, `may_reply` false), e.g. taking the conversation.
   */
  replyLocked: ComponentType<PaneSectionProps>[];
  /**
   * Entries among the messages (e.g. notes): each is drawn after every message and once before the first,
   * inside the list, and renders its `<li>`s for that place.
   */
  timeline: ComponentType<TimelineProps>[];
}

/** A pane without feature contributions. */
export const NO_PANE_SLOTS: PaneSlots = { details: [], composerReplacements: [], composerActions: [], composerModes: [], replyLocked: [], timeline: [] };

/** What a pane draws its contributions with. */
export interface PaneExtensions {
  slots: PaneSlots;
  context: PaneContext;
}
