/**
 * An r2wc renderer whose React half arrives later. r2wc calls mount/update/unmount synchronously from
 * the element's lifecycle; this renderer hands them to the element's {@link WidgetController}, which
 * shows the facade first and mounts React (createRoot, as @r2wc/react-to-web-component's own renderer
 * does) once the lazy chunk is in.
 */
import type { R2WCRenderer } from '@r2wc/core';
import type { AttributeProps } from './attributes.js';
import { WidgetController, type FullWidgetLoader } from './controller.js';

/** Props r2wc passes: the attributes plus `container`, the shadow root. */
export type ElementProps = AttributeProps & { container?: HTMLElement };

const controllers = new WeakMap<Element, WidgetController>();

/** The controller of an element (created on first mount, kept across remounts so the store survives). */
export function controllerOf(host: Element): WidgetController | undefined {
  return controllers.get(host);
}

/** Returns the controller of `host`, creating it when needed. */
export function ensureController(host: HTMLElement, root: ShadowRoot, load: FullWidgetLoader): WidgetController {
  let c = controllers.get(host);
  if (!c) {
    c = new WidgetController(host, root, load);
    controllers.set(host, c);
  }
  return c;
}

/** Builds the renderer for a given way of loading the React part. */
export function lazyRenderer(load: FullWidgetLoader): R2WCRenderer<ElementProps, WidgetController> {
  return {
    mount(container, _component, props) {
      const root = container as unknown as ShadowRoot;
      const c = ensureController(root.host as HTMLElement, root, load);
      // `container` travels along with the attributes: the parser reads only the attributes it knows.
      c.update(props);
      c.connect();
      return c;
    },
    update(c, props) {
      c.update(props);
    },
    unmount(c) {
      c.disconnect();
    },
  };
}
