/** The one free-port helper of the test and bench harnesses. */
import net from 'node:net';

/** Asks the kernel for a free TCP port on `host` (loopback unless told). */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
