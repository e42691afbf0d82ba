/**
 * The `visitor-*` attributes and the `context` property (issue 14). The loader does not know the
 * attributes, so they cost the eager script nothing: the React part reads them from the element and
 * follows their changes itself.
 */
import type { LiveChatState } from '../../state/create-state.js';
import type { VisitorAttributes } from '../../state/visitor.js';

const NAMES = {
  visitorId: 'visitor-id',
  visitorHash: 'visitor-hash',
  visitorToken: 'visitor-token',
  visitorName: 'visitor-name',
  visitorEmail: 'visitor-email',
  visitorContext: 'visitor-context',
} as const satisfies Record<keyof VisitorAttributes, string>;

function read(host: Element): VisitorAttributes {
  const values: VisitorAttributes = {};
  for (const [key, name] of Object.entries(NAMES) as [keyof VisitorAttributes, string][]) {
    const value = host.getAttribute(name);
    if (value !== null) values[key] = value;
  }
  return values;
}

/** Calls `onChange` with the attributes now, then each time one of them is set or removed. */
export function watchVisitorAttributes(host: Element, onChange: (values: VisitorAttributes) => void): void {
  const check = (): void => onChange(read(host));
  check();
  new MutationObserver(check).observe(host, { attributes: true, attributeFilter: Object.values(NAMES) });
}

/**
 * Gives the element its `context` property: the loader ships none, so a value the page set before (on
 * the element, or before the script defined it) waits as a plain property and is taken now; from then on
 * the property reads and writes the widget's state.
 */
export function bindContextProperty(host: HTMLElement, state: Pick<LiveChatState, 'setContext' | 'contextProperty'>): void {
  const element = host as HTMLElement & { context?: unknown };
  const waiting = Object.hasOwn(element, 'context') ? element.context : undefined;
  Object.defineProperty(element, 'context', {
    configurable: true,
    enumerable: true,
    get: () => state.contextProperty(),
    set: (value: unknown) => state.setContext(value),
  });
  if (waiting !== undefined) state.setContext(waiting);
}
