/**
 * Connections the kernel may hold for the server before it accepts them. Node's default (511) is far
 * below what a server holding thousands of long polls sees at once: when thousands of visitors post at
 * the same moment, each opening its second connection, while the event loop is busy, the rest of their
 * SYNs were dropped, retried after 1, 3, 7… seconds (tens of seconds at worst), and some connections were
 * reset (`ECONNRESET` in the clients). The kernel caps it at `net.core.somaxconn` (4096 on current Linux).
 */
export const LISTEN_BACKLOG = 65_535;
