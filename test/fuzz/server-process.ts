// The child process the fuzzer's server runs in (target.ts forks it), so that a server that
// dies — a native crash takes the whole process with it — is a finding the fuzzer reports,
// not the end of the fuzzer. It starts the real server on loopback (test/server/helpers.ts)
// with the options it is given, makes the calling organization's encryption key and two
// templates, and speaks to its parent over IPC: `ready` with what the cases need, each server
// error log line as `log`, `stats` on request, and it stops on `stop`.
import { Writable } from 'node:stream';
import { generateEncryptionKeyPair, sealSecret } from '../../server/encryption.js';
import { extractAcroFormFields } from '../../src/index.js';
import { fixturePdf, placedCast } from '../fill/cast-fixture.js';
import { startTestServer } from '../server/helpers.js';
import type { ChildMessage, ParentMessage, ServerProcessOptions } from './server-protocol.js';

const send = (message: ChildMessage) => process.send?.(message);
const options = JSON.parse(process.argv[2] ?? '{}') as ServerProcessOptions;

const log = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) send({ type: 'log', line });
    done();
  },
});

const server = await startTestServer(
  // One organization sends every case: it may use every thread.
  { logLevel: 'error', workers: { threads: options.threads, perOrganization: options.threads, timeoutMs: options.timeoutMs, ...(options.recycleHeapMb === undefined ? {} : { recycleHeapMb: options.recycleHeapMb }) } },
  { logStream: log },
);
const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
const keys = generateEncryptionKeyPair();
await server.store.setEncryptionKeys(org.id, { publicKeyPem: keys.publicKeyPem, privateKeySealed: sealSecret(server.masterKey, keys.privateKeyPem) });
const acroPdf = fixturePdf('sample-template-fillable.pdf');
const acro = await server.store.createCast({ organizationId: org.id, name: 'Fuzz AcroForm', title: 'Fuzz AcroForm', pdf: acroPdf, fields: await extractAcroFormFields(acroPdf) });
const placed = await server.store.createCast({ organizationId: org.id, name: 'Fuzz placed', title: 'Fuzz placed', pdf: fixturePdf('test-pdf-nda.pdf'), fields: placedCast(1) });

process.on('message', (message: ParentMessage) => {
  if (message.type === 'stats') send({ type: 'stats', threadsReplaced: server.pool.replaced });
  if (message.type === 'stop') void server.stop().finally(() => process.exit(0));
});
process.on('disconnect', () => void server.stop().finally(() => process.exit(0)));
send({ type: 'ready', url: server.url, prodKey: server.prodKey, devKey: server.devKey, casts: { acro: acro.eid, placed: placed.eid }, publicKeyPem: keys.publicKeyPem });
