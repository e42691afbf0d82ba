import fs from 'node:fs';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { UploadError } from './upload-error.js';

/** Free and total bytes of a file system. */
export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

/** Reads the space of the file system holding `dir`; tests pass one that simulates a full disk. */
export type DiskSpaceReader = (dir: string) => Promise<DiskSpace>;

/** What the guard last read, and whether uploads are accepted at that reading. */
export interface DiskReading extends DiskSpace {
  freeRatio: number;
  uploads: 'accepted' | 'refused';
}

/** Refuses new files (never messages) while the data volume is nearly full. */
export interface DiskGuard {
  /** The current reading, or undefined when the file system cannot be read. */
  reading(): Promise<DiskReading | undefined>;
  /** Throws a `storage_full` {@link UploadError} while the free share is under the configured minimum. */
  assertRoomForUploads(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    diskGuard: DiskGuard;
  }
}

/** Options of {@link diskGuardPlugin}. */
export interface DiskGuardOptions {
  dataDir: string;
  /** Uploads are refused below this free share, in percent; 0 never refuses. */
  minFreePercent: number;
  reader?: DiskSpaceReader | undefined;
}

/** `fs.statfs`: the blocks an unprivileged process may still use, as a full disk is felt by this server. */
export const statfsReader: DiskSpaceReader = async (dir) => {
  const stats = await fs.promises.statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
};

/** How long a client is asked to wait before trying a file again after a refusal for lack of space. */
const FULL_RETRY_AFTER_SECONDS = 600;

/**
 * Decorates `app.diskGuard` and feeds the free-space gauges of `/metrics`. The data volume is DATA_DIR's
 * file system: the SQLite database and the mail outbox live there. An unreadable file system refuses
 * nothing (it is logged): the guard protects a disk it can see, it does not stop uploads on a guess.
 */
export const diskGuardPlugin = fp(
  async (app: FastifyInstance, opts: DiskGuardOptions) => {
    const reader = opts.reader ?? statfsReader;
    const reading = async (): Promise<DiskReading | undefined> => {
      let space: DiskSpace;
      try {
        space = await reader(opts.dataDir);
      } catch (err) {
        app.log.warn({ err }, 'the free space of the data volume cannot be read');
        return undefined;
      }
      const freeRatio = space.totalBytes > 0 ? space.freeBytes / space.totalBytes : 0;
      return { ...space, freeRatio, uploads: freeRatio * 100 < opts.minFreePercent ? 'refused' : 'accepted' };
    };
    const assertRoomForUploads = async (): Promise<void> => {
      if (opts.minFreePercent === 0) return;
      if ((await reading())?.uploads !== 'refused') return;
      app.metrics.uploadsRefused.inc({ reason: 'low_disk' });
      throw new UploadError('storage_full', 413, 'Files cannot be stored right now, please try again later', FULL_RETRY_AFTER_SECONDS);
    };
    app.decorate('diskGuard', { reading, assertRoomForUploads });
    app.metrics.setSources({ disk: reading });
  },
  { name: 'disk-guard', dependencies: ['metrics'] },
);
