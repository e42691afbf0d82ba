/** The machine a result came from, written into every results file so figures can be compared fairly. */
import os from 'node:os';
import fs from 'node:fs';

/** Cores, memory, runtime and file limit of this machine. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  release: string;
  node: string;
  openFilesLimit: number | undefined;
}

function openFilesLimit(): number | undefined {
  try {
    const limits = fs.readFileSync('/proc/self/limits', 'utf8');
    const line = /^Max open files\s+(\d+)/m.exec(limits);
    return line ? Number(line[1]) : undefined;
  } catch {
    // Not Linux: the limit is unknown, which the report says.
    return undefined;
  }
}

/** Describes the current machine. */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: os.platform(),
    release: os.release(),
    node: process.version,
    openFilesLimit: openFilesLimit(),
  };
}
