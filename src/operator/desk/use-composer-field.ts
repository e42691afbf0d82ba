import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ComposerField, ComposerKeyHandler, ComposerSuggestions } from './pane-slots.js';

/** What the composer draws its text field with, and gives each action. */
export interface ComposerFieldState {
  /** The text field's element. */
  input: RefObject<HTMLTextAreaElement | null>;
  /** The text field's attributes naming a contribution's list of suggestions, while one is shown. */
  suggestionProps: { 'aria-autocomplete'?: 'list'; 'aria-controls'?: string; 'aria-activedescendant'?: string };
  /** Offers a key to the actions' handlers; true when one took it. */
  offerKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** The field given to the action drawn `index`-th. */
  fieldFor(index: number): ComposerField;
}

/**
 * The composer's text field as its actions see it: the draft to read and replace, keys to take first, and
 * a list of suggestions to name. Each action has its own handler; the last list set is the one named.
 */
export function useComposerField(draft: string, setDraft: (text: string) => void): ComposerFieldState {
  const input = useRef<HTMLTextAreaElement | null>(null);
  const handlers = useRef(new Map<number, ComposerKeyHandler>());
  const [suggestions, setSuggestionsState] = useState<ComposerSuggestions | null>(null);
  // The same list again changes nothing, so an action may say it on every render without a loop.
  const setSuggestions = useCallback(
    (next: ComposerSuggestions | null) => setSuggestionsState((prev) => (prev?.listId === next?.listId && prev?.activeId === next?.activeId ? prev : next)),
    [],
  );

  // Each action's functions are made once; they reach the composer's latest `setDraft` through this.
  const latestSetDraft = useRef(setDraft);
  useEffect(() => {
    latestSetDraft.current = setDraft;
  });
  const focus = useCallback(() => input.current?.focus(), []);
  const replace = useCallback((text: string) => {
    latestSetDraft.current(text);
    const field = input.current;
    if (!field) return;
    field.focus();
    // After React has written the new value: the caret follows the inserted text.
    setTimeout(() => field.setSelectionRange(field.value.length, field.value.length), 0);
  }, []);
  const [stable] = useState(() => new Map<number, Omit<ComposerField, 'draft'>>());
  const fieldFor = (index: number): ComposerField => {
    let fixed = stable.get(index);
    if (!fixed) {
      fixed = {
        setDraft: (text) => replace(text),
        focus,
        setKeyHandler: (handler) => {
          if (handler) handlers.current.set(index, handler);
          else handlers.current.delete(index);
        },
        setSuggestions,
      };
      stable.set(index, fixed);
    }
    return { ...fixed, draft };
  };
  const offerKey = (event: KeyboardEvent<HTMLTextAreaElement>) => [...handlers.current.values()].some((handle) => handle(event));
  const suggestionProps = suggestions
    ? { 'aria-autocomplete': 'list' as const, 'aria-controls': suggestions.listId, ...(suggestions.activeId ? { 'aria-activedescendant': suggestions.activeId } : {}) }
    : {};
  return { input, suggestionProps, offerKey, fieldFor };
}
