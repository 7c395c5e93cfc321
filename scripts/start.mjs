// `npm start`: builds only when the sources changed since the last build (see build-stamp.mjs), saying so and
// showing each step (scripts/build.mjs), then runs the server in this process (no second Node start-up).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from './build.mjs';
import { builtStamp, sourceStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = builtStamp(root);
if (built !== sourceStamp(root)) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const code = await build();
  if (code !== 0) {
    console.error('The build failed (see above): Mintbox was not started.');
    process.exit(code);
  }
}
await import(pathToFileURL(path.join(root, 'dist/server/index.js')).href);
