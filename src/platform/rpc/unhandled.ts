/**
 * The global `rpc_error` report (SPEC.md §8: "Unhandled rpc errors fire a global rpc_error event unless
 * prevented").
 *
 * How "unhandled" is known: the browser itself says so. A call's promise whose rejection nobody handles
 * (no `catch`, no `await` inside a `try`) makes the window fire `unhandledrejection`; when its reason is a
 * platform error, this module swallows the browser's "Uncaught (in promise)" report and dispatches a
 * cancelable `rpc_error` CustomEvent on window with the error as `detail`. If no listener cancels it, the
 * error is logged once with `console.error`. A caller that catches the error but wants it reported
 * anyway rethrows it; a caller that lets it go on purpose calls `error.preventDefault()`. Aborted calls
 * are never reported: the caller asked for the abort.
 */
import { isPlatformError, type AnyPlatformError } from '../errors.js';

/** The name of the global event. */
export const RPC_ERROR_EVENT = 'rpc_error';

/** The event dispatched on window for an unhandled platform error. */
export type RpcErrorEvent = CustomEvent<AnyPlatformError>;

declare global {
  interface WindowEventMap {
    [RPC_ERROR_EVENT]: RpcErrorEvent;
  }
}

const reported = new WeakSet<AnyPlatformError>();
let installedOn: Window | undefined;

/**
 * Dispatches the `rpc_error` event for an error unless it was handled or already reported; returns true
 * when the event was dispatched and no listener cancelled it.
 */
export function reportRpcError(error: AnyPlatformError, target: Window = window): boolean {
  if (error.defaultPrevented || reported.has(error)) return false;
  if (error.type === 'network' && error.reason === 'abort') return false;
  reported.add(error);
  const event: RpcErrorEvent = new CustomEvent(RPC_ERROR_EVENT, { detail: error, cancelable: true });
  const notCancelled = target.dispatchEvent(event);
  if (notCancelled) console.error(`${RPC_ERROR_EVENT}: ${error.name}: ${error.message}`);
  return notCancelled;
}

function onUnhandledRejection(event: PromiseRejectionEvent): void {
  const reason: unknown = event.reason;
  if (!isPlatformError(reason)) return;
  // The error is ours to report (or deliberately dropped): the browser's own report would be a duplicate.
  event.preventDefault();
  reportRpcError(reason);
}

/** Starts watching for unhandled platform errors; idempotent, so every client may call it. */
export function watchUnhandledRpcErrors(target: Window = window): void {
  if (installedOn === target) return;
  installedOn = target;
  target.addEventListener('unhandledrejection', onUnhandledRejection);
}
