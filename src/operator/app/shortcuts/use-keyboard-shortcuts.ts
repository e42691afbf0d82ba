import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../core/texts.js';
import { announceCommand, type CommandContext, type ConsoleCommand } from '../../desk/commands.js';
import { commandsOf, type ConsoleFeature } from '../registry.js';
import { hasModifier, isTextField, matchesKey } from './key-binding.js';

/** The id of the list of shortcuts among the console's dialogs. */
export const SHORTCUTS_DIALOG = 'shortcuts';

/** `?` opens the list: the one key everybody tries first. */
const SHOW_SHORTCUTS: ConsoleCommand = {
  id: 'shortcuts',
  label: 'operator.shortcuts.show',
  key: { key: '?' },
  run: ({ openDialog }) => {
    openDialog(SHORTCUTS_DIALOG);
    return true;
  },
};

const SINGLE_KEYS_STORAGE = 'live-chat.operator.single-keys';

/** Whether the keys without a modifier are on (the default), remembered in this browser. */
function useSingleKeys(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(SINGLE_KEYS_STORAGE) !== 'off';
    } catch {
      // Storage blocked: the keys are on, as for everybody who never turned them off.
      return true;
    }
  });
  const set = useCallback((next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(SINGLE_KEYS_STORAGE, next ? 'on' : 'off');
    } catch {
      // Storage blocked: the choice lasts as long as the page.
    }
  }, []);
  return [on, set];
}

/** What {@link useKeyboardShortcuts} needs of the shell. */
export interface ShortcutsShell extends CommandContext {
  features: readonly ConsoleFeature[];
  /** The view shown now. */
  view: string;
}

/** Runs a command where it acts: in its view, shown first if need be, once that view's components listen. */
function useCommandRunner(shell: ShortcutsShell, onUnavailable: (command: ConsoleCommand) => void): (command: ConsoleCommand) => void {
  const [pending, setPending] = useState<ConsoleCommand | null>(null);
  const runNow = useCallback(
    (command: ConsoleCommand) => {
      const done = command.run ? command.run(shell) : announceCommand(shell.store, command.id);
      if (!done) onUnavailable(command);
    },
    [shell, onUnavailable],
  );
  // The shell's effects run after those of the view just drawn: its components listen by now.
  useEffect(() => {
    if (!pending || pending.view !== shell.view) return;
    setPending(null);
    runNow(pending);
  }, [pending, shell.view, runNow]);
  return useCallback(
    (command: ConsoleCommand) => {
      if (command.view === undefined || command.view === shell.view) return runNow(command);
      setPending(command);
      shell.showView(command.view);
    },
    [shell, runNow],
  );
}

/**
 * The console's keyboard shortcuts: every registered command's key, anywhere in the page but in a
 * dialog. A key without a modifier does nothing while the focus is in a text field (it is text there)
 * or once the operator turned such keys off. Says when a command had nothing to act on.
 */
export function useKeyboardShortcuts(shell: ShortcutsShell) {
  const t = useT();
  const commands = useMemo(() => [SHOW_SHORTCUTS, ...commandsOf(shell.features)], [shell.features]);
  const [singleKeys, setSingleKeys] = useSingleKeys();
  const [unavailable, setUnavailable] = useState('');
  const run = useCommandRunner(
    shell,
    useCallback((command: ConsoleCommand) => setUnavailable(t('operator.shortcuts.unavailable', { action: t(command.label) })), [t]),
  );
  useEffect(() => {
    if (unavailable === '') return undefined;
    const timer = setTimeout(() => setUnavailable(''), 6000);
    return () => clearTimeout(timer);
  }, [unavailable]);
  const latest = useRef({ commands, singleKeys, run });
  useEffect(() => {
    latest.current = { commands, singleKeys, run };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Taken by the field it was typed in (a list's arrows, a composition), or by an open dialog.
      if (event.defaultPrevented || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      const { commands, singleKeys, run } = latest.current;
      const command = commands.find((c) => matchesKey(c.key, event));
      if (!command || (!hasModifier(command.key) && (!singleKeys || isTextField(event.target)))) return;
      event.preventDefault();
      setUnavailable('');
      run(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return { commands, singleKeys, setSingleKeys, unavailable };
}
