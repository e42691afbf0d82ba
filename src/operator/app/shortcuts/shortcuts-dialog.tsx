import { Fragment, useEffect, useId, useRef } from 'react';
import { useT } from '../../core/texts.js';
import type { ConsoleCommand } from '../../desk/commands.js';
import { keyParts } from './key-binding.js';

/** The header's way to the list of shortcuts, for those who do not know `?` yet (it folds into the phone's Menu). */
export function ShortcutsButton({ onOpen }: { onOpen(): void }): React.JSX.Element {
  const t = useT();
  return (
    // The key that opens the list is its face (the header has no room for words at 1200 px); its name says what it is.
    <button type="button" className="op-shortcuts-button" aria-haspopup="dialog" aria-label={t('operator.shortcuts.button')} title={t('operator.shortcuts.button')} onClick={onOpen}>
      <span aria-hidden="true">?</span>
    </button>
  );
}

/** Props of {@link ShortcutsDialog}. */
export interface ShortcutsDialogProps {
  /** Every registered command, in the order listed. */
  commands: readonly ConsoleCommand[];
  /** Whether the keys without a modifier work (they may be turned off: a speech input's words are letters too). */
  singleKeys: boolean;
  onSingleKeys(on: boolean): void;
  onClose(): void;
}

/**
 * The list of keyboard shortcuts: a modal dialog with each command's keys and what it does. Escape or
 * Close leaves it, and the focus goes back where it was.
 */
export function ShortcutsDialog({ commands, singleKeys, onSingleKeys, onClose }: ShortcutsDialogProps): React.JSX.Element {
  const t = useT();
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
      // The dialog is gone from the page by now, so the browser cannot give the focus back itself.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog ref={dialog} className="op-dialog op-shortcuts" aria-labelledby={headingId} onClose={onClose}>
      <h2 id={headingId}>{t('operator.shortcuts.title')}</h2>
      <p>{t('operator.shortcuts.intro')}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('operator.shortcuts.key')}</th>
            <th scope="col">{t('operator.shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {commands.map((c) => (
            <tr key={c.id}>
              <td className="op-shortcut-keys">
                {keyParts(c.key, t).map((part, i) => (
                  <Fragment key={i}>
                    {i > 0 ? ' + ' : null}
                    <kbd>{part}</kbd>
                  </Fragment>
                ))}
              </td>
              <td>{t(c.label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="op-shortcuts-single">
        <input type="checkbox" checked={singleKeys} onChange={(e) => onSingleKeys(e.target.checked)} />
        {t('operator.shortcuts.singleKeys')}
      </label>
      <button type="button" onClick={onClose}>
        {t('operator.shortcuts.close')}
      </button>
    </dialog>
  );
}
