// `npm run generate:api`: writes the mini app's endpoint table (miniapp/src/lib/endpoints/) from
// the contract (shared/src/contract/endpoints.ts), removing the files of entries that are gone.
// Run it after changing a contract entry; miniapp/build/endpoint-table.test.ts fails until then.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { endpointTableOnDisk, endpointTableSources, TABLE_DIR } from '../miniapp/build/endpoint-table.ts';

const files = new Map<string, string>();
for (const [name, code] of endpointTableSources()) {
  const filepath = path.join(TABLE_DIR, name);
  files.set(name, await format(code, { ...(await resolveConfig(filepath)), filepath }));
}
const onDisk = await endpointTableOnDisk();
await mkdir(TABLE_DIR, { recursive: true });
let changed = 0;
for (const [name, text] of files) {
  if (onDisk.get(name) === text) continue;
  await mkdir(path.dirname(path.join(TABLE_DIR, name)), { recursive: true });
  await writeFile(path.join(TABLE_DIR, name), text);
  changed += 1;
}
for (const name of onDisk.keys()) {
  if (files.has(name)) continue;
  await rm(path.join(TABLE_DIR, name));
  changed += 1;
}
console.log(`miniapp/src/lib/endpoints: ${files.size} files, ${changed} written or removed`);
