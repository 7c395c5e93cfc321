// `npm start`: builds only when the sources changed since the last build (see build-stamp.mjs), then runs the
// server in this process (no second Node start-up).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtStamp, sourceStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = builtStamp(root);
if (built !== sourceStamp(root)) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}
await import(pathToFileURL(path.join(root, 'dist/server/index.js')).href);
