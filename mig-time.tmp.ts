import { openDatabase } from '/work/main/src/db/client';
import { migrateDatabase } from '/work/main/src/db/migrate';
const url = 'postgres://postgres@127.0.0.1:5432/test';
for (let i = 0; i < 3; i++) {
  const name = `mbtest_${Date.now().toString(36)}_x${i}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.exec(`CREATE SCHEMA "${name}"`);
  await admin.close();
  const t0 = performance.now(); const c0 = process.cpuUsage();
  const h = await openDatabase({ url, searchPath: name, poolSize: 5 });
  await migrateDatabase(h, { migrationsSchema: name });
  const c = process.cpuUsage(c0);
  console.log('pg migrate', Math.round(performance.now() - t0), 'ms wall, client cpu', Math.round((c.user + c.system) / 1000), 'ms');
  const t1 = performance.now();
  await h.exec(`DROP SCHEMA "${name}" CASCADE`);
  console.log('drop', Math.round(performance.now() - t1));
  await h.close();
}
const t2 = performance.now();
const p = await openDatabase({ dataDir: 'memory://' });
await migrateDatabase(p);
console.log('pglite migrate', Math.round(performance.now() - t2));
const t3 = performance.now();
const dump = await p.pglite!.dumpDataDir('none');
console.log('dump', Math.round(performance.now() - t3), dump.size);
const t4 = performance.now();
const q = await openDatabase({ dataDir: 'memory://', loadDataDir: dump });
await q.exec('select 1');
console.log('pglite from template', Math.round(performance.now() - t4));
