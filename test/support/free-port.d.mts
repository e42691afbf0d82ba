/** Asks the kernel for a free TCP port on `host` (loopback unless told). */
export function freePort(host?: string): Promise<number>;
