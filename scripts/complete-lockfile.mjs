// The npm registry these machines reach lacks some platform builds that packages list as optional dependencies
// (e.g. @biomejs/cli-darwin-arm64). `npm install` then leaves them out of package-lock.json, and `npm ci` refuses
// the lock as out of sync. This adds an entry for each such package with the platform it is for, so `npm ci`
// skips it on this platform exactly as it would with a complete lock. Run after changing dependencies:
//   npm install && node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));

/** os, cpu and libc from a platform package's name, like cli-linux-arm64-musl or oxide-win32-x64-msvc. */
export function platformOf(name) {
  const tail = name.split('/').pop();
  const os = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix'].find(
    (o) => tail.includes(`-${o}-`) || tail.endsWith(`-${o}`),
  );
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64'].find((c) =>
    new RegExp(`-${c}(-|$)`).test(tail),
  );
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (/-musl$/.test(tail)) entry.libc = ['musl'];
  if (/-gnu(eabihf)?$/.test(tail)) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [location, pkg] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue;
    lock.packages[`node_modules/${name}`] = {
      version: range.replace(/^[\^~=]/, ''),
      ...platform,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform package entr${added === 1 ? 'y' : 'ies'} added`);
