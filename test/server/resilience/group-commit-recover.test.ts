/** The group commit after a failed write: a batch found stored is not written again (bus/group-commit.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GroupCommit } from '../../../src/server/core/bus/group-commit.js';

describe('group commit recovery', () => {
  it('answers a batch found stored from the lookup, without writing it again', async () => {
    const writes: number[][] = [];
    const commit = new GroupCommit<number, string>({
      write: async (batch) => {
        writes.push(batch);
        throw new Error('connection lost after COMMIT');
      },
      recover: async (batch) => batch.map((n) => `stored ${n}`),
    });
    assert.deepEqual(await Promise.all([commit.submit(1), commit.submit(2)]), ['stored 1', 'stored 2']);
    assert.deepEqual(writes, [[1, 2]]);
  });

  it('writes a batch not found stored again job by job, and fails every job when the lookup fails', async () => {
    const writes: number[][] = [];
    let failFirst = true;
    const commit = new GroupCommit<number, string>({
      write: async (batch) => {
        writes.push(batch);
        if (failFirst) {
          failFirst = false;
          throw new Error('rolled back');
        }
        return batch.map((n) => `written ${n}`);
      },
      recover: async () => undefined,
    });
    assert.deepEqual(await Promise.all([commit.submit(1), commit.submit(2)]), ['written 1', 'written 2']);
    assert.deepEqual(writes, [[1, 2], [1], [2]]);

    const unknown = new GroupCommit<number, string>({
      write: async () => Promise.reject(new Error('connection lost')),
      recover: async () => Promise.reject(new Error('still unreachable')),
    });
    const answers = await Promise.allSettled([unknown.submit(1), unknown.submit(2)]);
    assert.deepEqual(
      answers.map((a) => (a.status === 'rejected' ? (a.reason as Error).message : a.value)),
      ['connection lost', 'connection lost'],
    );
  });
});
