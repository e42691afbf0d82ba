// Preloaded with `--expose-gc --import` into every server whose memory the held-poll scenario measures,
// the product server and the bare floor alike, so both are sampled the same way: on SIGUSR2 it runs a
// full garbage collection and then writes `{ n, rss, heapUsed, external, young }` as JSON to the file
// named by BENCH_PROBE_FILE (n counts the probes, so the bench knows the answer is fresh; young is the
// resident size of V8's young generation, empty after the collection). Without the collection, RSS
// includes whatever garbage the last requests left, which made one run differ from the next by a third.
import fs from 'node:fs';
import v8 from 'node:v8';

const file = process.env.BENCH_PROBE_FILE;
const collect = globalThis.gc;
let probes = 0;

if (file && typeof collect === 'function') {
  process.on('SIGUSR2', () => {
    // Twice: the first collection's finalizers and weak callbacks can free more for the second.
    collect();
    collect();
    probes += 1;
    const m = process.memoryUsage();
    const young = v8
      .getHeapSpaceStatistics()
      .filter((s) => s.space_name === 'new_space' || s.space_name === 'new_large_object_space')
      .reduce((sum, s) => sum + s.physical_space_size, 0);
    const json = JSON.stringify({ n: probes, rss: m.rss, heapUsed: m.heapUsed, external: m.external, young });
    fs.writeFileSync(`${file}.tmp`, json);
    fs.renameSync(`${file}.tmp`, file);
  });
}
