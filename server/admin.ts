// `quire admin …`: operations on the store, with the server's configuration (QUIRE_DATA_DIR,
// DATABASE_URL). Every command prints JSON on stdout; problems go to stderr with status 1
// (a failed operation) or 2 (bad arguments).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { templateFields } from '../src/fill/template-fields.js';
import type { CastField } from '../src/fill/types.js';
import { issueApiKey } from './bootstrap.js';
import { loadConfig } from './config.js';
import { checkEmbedOrigins } from './embed/origins.js';
import { ApiError } from './graphql/errors.js';
import { generateEncryptionKeyPair, sealSecret } from './encryption.js';
import { loadMasterKey } from './master-key.js';
import { openStore } from './store/index.js';
import type { Organization, Store } from './store/types.js';

export const ADMIN_USAGE = `Usage: quire admin <command> [options]
  create-org --name NAME                       → {"eid", "slug"}
  create-key --org EID (--dev | --prod)        → {"key"} (shown once)
  list-keys --org EID                          → [{"id", "prefix", "mode", "createdAt", "revokedAt"}]
  revoke-key --org EID --id ID                 → {"revoked"}
  create-cast --org EID FILE.pdf [--title T] [--fields FIELDS.json] [--detect-boxes]
              [--alias-ids ALIASES.json]       → {"eid", "fields"}: the PDF's AcroForm fields
                                                 (and, with --detect-boxes, blanks drawn for
                                                 filling), matched to ALIASES.json's aliases
                                                 (as createCast's aliasIds), plus (or replaced
                                                 by aliasId) FIELDS.json's
  set-encryption-key --org EID                 → {"publicKey"}: a new RSA key pair; the private
                                                 key stays in the store, sealed
  embed-origins --org EID [--set ORIGIN ...] [--any]
                                               → {"embedOrigins"}: the origins that may embed
                                                 the builders (http(s)://host[:port]); --any:
                                                 null, any origin (the default); neither: shows
The store is the server's: QUIRE_DATA_DIR (default ./data) or DATABASE_URL.
`;

export class UsageError extends Error {}

export interface AdminIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** Runs `quire admin <argv>`; returns the exit status. */
export async function runAdmin(argv: readonly string[], io: AdminIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    io.stdout(ADMIN_USAGE);
    return command ? 0 : 2;
  }
  let store: Store | null = null;
  try {
    const args = parse(rest);
    const config = loadConfig(env);
    store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const result = await execute(command, args, store, () => loadMasterKey(config.dataDir, env));
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`quire admin: ${message}\n`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await store?.close();
  }
}

interface AdminArgs {
  readonly values: { name?: string; org?: string; id?: string; title?: string; fields?: string; dev?: boolean; prod?: boolean; 'detect-boxes'?: boolean; 'alias-ids'?: string; set?: string[]; any?: boolean };
  readonly positionals: string[];
}

function parse(argv: readonly string[]): AdminArgs {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        name: { type: 'string' }, org: { type: 'string' }, id: { type: 'string' }, title: { type: 'string' },
        fields: { type: 'string' }, dev: { type: 'boolean' }, prod: { type: 'boolean' },
        'detect-boxes': { type: 'boolean' }, 'alias-ids': { type: 'string' },
        set: { type: 'string', multiple: true }, any: { type: 'boolean' },
      },
    }) as AdminArgs;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function execute(command: string, args: AdminArgs, store: Store, masterKey: () => Buffer): Promise<unknown> {
  const { values } = args;
  switch (command) {
    case 'create-org': {
      const name = required(values.name, '--name');
      const org = await store.createOrganization({ name });
      return { eid: org.eid, slug: org.slug };
    }
    case 'create-key': {
      if (values.dev === values.prod) throw new UsageError('give one of --dev and --prod');
      const org = await organization(store, values.org);
      return { key: await issueApiKey(store, org.id, values.prod ? 'production' : 'development') };
    }
    case 'list-keys': {
      const org = await organization(store, values.org);
      return (await store.listApiKeys(org.id)).map((k) => ({ id: k.id, prefix: k.prefix, mode: k.mode, createdAt: k.createdAt.toISOString(), revokedAt: k.revokedAt?.toISOString() ?? null }));
    }
    case 'revoke-key': {
      const org = await organization(store, values.org);
      const id = Number(required(values.id, '--id'));
      const owned = (await store.listApiKeys(org.id)).some((k) => k.id === id);
      return { revoked: owned && (await store.revokeApiKey(id)) };
    }
    case 'create-cast': {
      const file = args.positionals[0];
      if (!file || args.positionals.length > 1) throw new UsageError('give one PDF file');
      const org = await organization(store, values.org);
      const pdf = new Uint8Array(readFileSync(file));
      // The same inspection as GraphQL's createCast (detectFields, detectBoxesAdvanced, aliasIds).
      const aliases = values['alias-ids'] ? JSON.parse(readFileSync(values['alias-ids'], 'utf8')) as unknown : null;
      const detected = await templateFields(pdf, { detectFields: true, detectBoxes: values['detect-boxes'] === true, aliases });
      const fields = mergeFields(detected.fields, values.fields ? readFields(values.fields) : []);
      const title = values.title ?? file.replace(/^.*[\\/]/, '').replace(/\.pdf$/i, '');
      const cast = await store.createCast({ organizationId: org.id, name: title, title, pdf, fields });
      return { eid: cast.eid, fields: fields.map((f) => ({ aliasId: f.aliasId, type: f.type, name: f.name })) };
    }
    case 'set-encryption-key': {
      const org = await organization(store, values.org);
      const keys = generateEncryptionKeyPair();
      await store.setEncryptionKeys(org.id, { publicKeyPem: keys.publicKeyPem, privateKeySealed: sealSecret(masterKey(), keys.privateKeyPem) });
      return { publicKey: keys.publicKeyPem };
    }
    case 'embed-origins': {
      const org = await organization(store, values.org);
      const origins = embedOriginsArgument(args);
      if (origins === undefined) return { embedOrigins: org.embedOrigins };
      return { embedOrigins: (await store.setEmbedOrigins(org.id, origins)).embedOrigins };
    }
    default:
      throw new UsageError(`unknown command "${command}"\n${ADMIN_USAGE}`);
  }
}

/** `--set A [--set B | B …]` → the origins checked; `--any` → null; neither → undefined (show them). */
function embedOriginsArgument({ values, positionals }: AdminArgs): string[] | null | undefined {
  if (values.any && values.set) throw new UsageError('give --set or --any, not both');
  if (positionals.length > 0 && !values.set) throw new UsageError(`unexpected ${positionals[0]}: origins follow --set`);
  if (values.any) return null;
  if (!values.set) return undefined;
  try {
    return checkEmbedOrigins([...values.set, ...positionals], '--set');
  } catch (error) {
    if (error instanceof ApiError) throw new UsageError(error.message);
    throw error;
  }
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${flag} is required`);
  return value;
}

async function organization(store: Store, eid: string | undefined): Promise<Organization> {
  const org = await store.getOrganizationByEid(required(eid, '--org'));
  if (!org) throw new Error(`no organization ${eid}`);
  return org;
}

/** Fields from a JSON file: an array of CastField objects (checked for the keys every field needs). */
function readFields(file: string): CastField[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of fields`);
  return parsed.map((field: unknown, i) => {
    const f = field as Partial<CastField> | null;
    if (!f || typeof f.aliasId !== 'string' || typeof f.type !== 'string') throw new Error(`${file}: field ${i} needs at least "aliasId" and "type"`);
    return { id: f.id ?? `field${i}`, name: f.name ?? f.aliasId, ...f } as CastField;
  });
}

/** The PDF's fields, then the file's; a file field replaces a PDF field with the same aliasId. */
function mergeFields(fromPdf: readonly CastField[], fromFile: readonly CastField[]): CastField[] {
  const replaced = new Set(fromFile.map((f) => f.aliasId));
  return [...fromPdf.filter((f) => !replaced.has(f.aliasId)), ...fromFile];
}
