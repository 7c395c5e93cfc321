// drizzle-kit writes foreign keys as "public"."table"; migrations must run in whatever schema is on the search_path
// (tests give each file its own schema), so the qualifier is removed from generated SQL.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = 'src/db/migrations';
for (const name of readdirSync(dir)) {
  if (!name.endsWith('.sql')) continue;
  const file = path.join(dir, name);
  const sql = readFileSync(file, 'utf8');
  const fixed = sql.replaceAll('"public".', '');
  if (fixed !== sql) writeFileSync(file, fixed);
}
