/**
 * The loader's stand-in for the React chat button: same element, class, part and CSS as
 * ui/button/chat-button.tsx, so when React takes over nothing moves. It exists so the host page pays for
 * React only once the visitor shows interest.
 */
import { chatButtonCss } from '../ui/button/chat-button.css.js';
import { hostCss } from '../ui/shared/host.css.js';
import { CHAT_ICON_PATH } from '../ui/button/chat-icon.js';
import type { WidgetOptions } from '../state/options.js';
import { adoptStyles } from '../ui/shared/stylesheets.js';

const SVG = 'http://www.w3.org/2000/svg';

/** What the facade reports. */
export interface FacadeHandlers {
  /** Pointer over or focus: time to fetch the full widget. */
  onInterest(): void;
  /** Click: fetch and open. */
  onOpen(): void;
}

/** A facade button in a shadow root. */
export interface Facade {
  update(options: WidgetOptions): void;
  /** Lifts the button by `px` (an install banner's height). */
  raise(px: number): void;
  /** True when the facade button has focus (focus moves to the React button on hand-over). */
  hasFocus(): boolean;
  remove(): void;
}

/** Renders the facade button into `root`. Styles are set through CSSOM, which CSP `style-src` allows. */
export function renderFacade(root: ShadowRoot, options: WidgetOptions, handlers: FacadeHandlers): Facade {
  adoptStyles(root, [hostCss, chatButtonCss]);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'lc-button';
  button.setAttribute('part', 'button');
  button.setAttribute('data-facade', '');
  button.addEventListener('pointerenter', handlers.onInterest);
  button.addEventListener('focus', handlers.onInterest);
  button.addEventListener('click', handlers.onOpen);
  // React may become ready between a press and its release; removing the pressed button then would
  // swallow the visitor's click, so the facade stays until the press ends (and its click has run).
  let pressed = false;
  let removeAfterPress = false;
  const endPress = (): void => {
    if (!pressed) return;
    pressed = false;
    window.removeEventListener('pointerup', endPress, true);
    window.removeEventListener('pointercancel', endPress, true);
    if (removeAfterPress) setTimeout(() => button.remove(), 0);
  };
  button.addEventListener('pointerdown', (event) => {
    pressed = true;
    // React's button may arrive on top during the press; with the pointer captured, the release and the
    // click still go to the button that was pressed instead of to the element under the pointer.
    try {
      button.setPointerCapture(event.pointerId);
    } catch {
      // A scripted pointerdown has no active pointer to capture; its click needs no capture either.
    }
    window.addEventListener('pointerup', endPress, true);
    window.addEventListener('pointercancel', endPress, true);
  });
  const update = (o: WidgetOptions): void => {
    button.dataset.launcher = o.launcher;
    if (o.launcher === 'bubble') {
      const icon = document.createElementNS(SVG, 'svg');
      const path = document.createElementNS(SVG, 'path');
      icon.setAttribute('aria-hidden', 'true');
      path.setAttribute('d', CHAT_ICON_PATH);
      icon.append(path);
      const name = document.createElement('span');
      name.textContent = o.buttonText;
      button.replaceChildren(icon, name);
    } else button.textContent = o.buttonText;
    button.style.background = o.buttonBackgroundColor ?? '';
    button.style.color = o.buttonTextColor ?? '';
  };
  update(options);
  root.append(button);
  return {
    update,
    raise: (px) => button.style.setProperty('--lc-button-raise', `${px}px`),
    hasFocus: () => root.activeElement === button,
    remove: () => {
      if (pressed) removeAfterPress = true;
      else button.remove();
    },
  };
}
