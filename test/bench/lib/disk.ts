/** What a folder holds on disk and what its file system has left: the storage rows of the bounds scenario. */
import fs from 'node:fs';
import path from 'node:path';

/** Sum of the sizes of every file under `dir` (like `du --apparent-size`); SQLite's shared-memory index is left out. */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const name of fs.readdirSync(dir, { recursive: true }).map(String)) {
    if (name.endsWith('-shm')) continue;
    try {
      const st = fs.statSync(path.join(dir, name));
      if (st.isFile()) total += st.size;
    } catch {
      // A file removed between the listing and its stat (a finished WAL checkpoint) holds nothing any more.
    }
  }
  return total;
}

/** Size and free space of the file system that holds `dir`. */
export function volumeOf(dir: string): { sizeBytes: number; freeBytes: number } {
  const s = fs.statfsSync(dir);
  return { sizeBytes: s.blocks * s.bsize, freeBytes: s.bavail * s.bsize };
}

/** "1.23 GB" style figure (1 GB = 1024³ bytes), for sizes from bytes to terabytes. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let u = 0;
  while (Math.abs(v) >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${Math.round(v)} bytes` : `${v.toFixed(v >= 100 ? 0 : v >= 10 ? 1 : 2)} ${units[u]}`;
}
