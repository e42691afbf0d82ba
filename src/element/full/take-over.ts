import type { Prefetched } from '../../state/create-state.js';
import type { FullWidget, Handover } from '../full-widget.js';

/**
 * The React part takes over from the loader: the state starts, React renders, the loader's button goes
 * once React's is on screen (with the focus, when it had it), then the calls made before run in order.
 */
export async function takeOver(widget: FullWidget, root: ShadowRoot, prefetched: Prefetched, { facade, raise, connected, queued }: Handover): Promise<void> {
  const { state } = widget;
  state.setButtonRaise(raise);
  const focused = facade?.hasFocus() ?? false;
  // The state takes its phase synchronously (button or chat), so React's first render already shows
  // what replaces the facade; the facade goes only once React is on screen.
  const started = state.start(prefetched);
  if (connected) await widget.attach();
  facade?.remove();
  if (focused) (root.querySelector('.lc-button') as HTMLElement | null)?.focus();
  await started;
  for (const call of queued) await call(state);
}
