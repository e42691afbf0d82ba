import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PostKeys } from '../../../../src/server/domain/conversations/post-keys.js';

describe('post keys', () => {
  it('answers a repeated key with the first post, and lets a failed post be tried again', async () => {
    const keys = new PostKeys();
    let posts = 0;
    const post = async () => ++posts;
    assert.equal(await keys.once(1, 'k', 0, post), 1);
    assert.equal(await keys.once(1, 'k', 10, post), 1);
    assert.equal(await keys.once(2, 'k', 10, post), 2, 'keys belong to one session');
    await assert.rejects(keys.once(1, 'broken', 10, async () => Promise.reject(new Error('database down'))));
    assert.equal(await keys.once(1, 'broken', 20, post), 3);
    assert.equal(await keys.once(1, 'refused', 20, async () => false), false);
    assert.equal(await keys.once(1, 'refused', 20, post), 4, 'a refused post stored nothing');
  });

  it('forgets keys after their time and beyond its size, oldest first', async () => {
    const keys = new PostKeys(1000, 2);
    let posts = 0;
    const post = async () => ++posts;
    await keys.once(1, 'a', 0, post);
    assert.equal(await keys.once(1, 'a', 999, post), 1);
    assert.equal(await keys.once(1, 'a', 1000, post), 2, 'remembered for ttl only');
    await keys.once(1, 'b', 1000, post);
    await keys.once(1, 'c', 1000, post);
    await keys.once(1, 'd', 1000, post);
    assert.ok(keys.size <= 3);
    assert.equal(await keys.once(1, 'd', 1000, post), posts, 'the newest is kept');
    const before = posts;
    await keys.once(1, 'a', 1000, post);
    assert.equal(posts, before + 1, 'the oldest was forgotten');
  });
});
