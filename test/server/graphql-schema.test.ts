// Our GraphQL schema against every document real clients send: the example documents
// (../shared/examples/anvil/graphql/: *.graphql files and the `query` of each captured
// operation) and the official Node client's default documents, enumerated from its package's
// dist/graphql folders so that one added in a new version is checked too. graphql-js `validate`
// with the specified rules, one test per document.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildSchema, parse, validate, type GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeDefs } from '../../server/graphql/schema.js';

const GRAPHQL_EXAMPLES = path.join(import.meta.dirname, '../../../shared/examples/anvil/graphql');
const require = createRequire(import.meta.url);
const ANVIL_DIST = path.join(path.dirname(require.resolve('@anvilco/anvil')), 'dist');

const schema = buildSchema(typeDefs);

function problems(document: string): string[] {
  return validate(schema, parse(document)).map((error: GraphQLError) => error.message);
}

type Generator = (responseQuery?: string) => string;

/** The dist/graphql/<kind>/<name>.js modules of the client, each with its generate* function. */
function clientModules(kind: 'mutations' | 'queries'): { name: string; generate: Generator }[] {
  const dir = path.join(ANVIL_DIST, 'graphql', kind);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js') && file !== 'index.js')
    .sort()
    .map((file) => {
      const exports = require(path.join(dir, file)) as Record<string, unknown>;
      const generators = Object.entries(exports).filter(([key, value]) => key.startsWith('generate') && typeof value === 'function');
      if (generators.length !== 1) throw new Error(`${kind}/${file}: expected one generate* export, found ${generators.map(([key]) => key).join(', ') || 'none'}`);
      return { name: file.replace(/\.js$/, ''), generate: generators[0]![1] as Generator };
    });
}

const forgeSubmitModule = require(path.join(ANVIL_DIST, 'graphql', 'mutations', 'forgeSubmit.js')) as { generateMutation: Generator };

interface CapturedOperation {
  method: string;
  query?: string;
  responseQuery?: string;
  variables?: unknown;
}

/** Each captured operation's full document, as the node client would send it. */
function operationDocuments(file: string): [string, string][] {
  const operations = JSON.parse(readFileSync(path.join(GRAPHQL_EXAMPLES, file), 'utf8')) as CapturedOperation[];
  return operations.map((operation, i) => {
    const label = `${file} [${i}] ${operation.method}`;
    if (operation.method === 'forgeSubmit') {
      if (typeof operation.responseQuery !== 'string') throw new Error(`${label}: a forgeSubmit entry without responseQuery`);
      return [label, forgeSubmitModule.generateMutation(operation.responseQuery)];
    }
    if (typeof operation.query !== 'string') throw new Error(`${label}: no query`);
    return [label, operation.query];
  });
}

const exampleFiles = readdirSync(GRAPHQL_EXAMPLES).sort();
const graphqlFiles: [string, string][] = exampleFiles.filter((file) => file.endsWith('.graphql')).map((file) => [file, readFileSync(path.join(GRAPHQL_EXAMPLES, file), 'utf8')]);
const capturedOperations = exampleFiles.filter((file) => file.endsWith('.operations.json')).flatMap(operationDocuments);
const clientDefaults: [string, string][] = (['mutations', 'queries'] as const).flatMap((kind) => clientModules(kind).map(({ name, generate }): [string, string] => [`${kind}/${name}`, generate()]));

describe('the GraphQL schema', () => {
  it('finds the documents to check', () => {
    expect(graphqlFiles.length).toBeGreaterThanOrEqual(12);
    expect(capturedOperations.length).toBeGreaterThanOrEqual(8);
    // Every query and mutation the package's graphql index exports has a module that was read.
    const index = require(path.join(ANVIL_DIST, 'graphql', 'index.js')) as { mutations: Record<string, unknown>; queries: Record<string, unknown> };
    const exported = [...Object.keys(index.mutations).map((name) => `mutations/${name}`), ...Object.keys(index.queries).map((name) => `queries/${name}`)].sort();
    expect(clientDefaults.map(([name]) => name).sort()).toEqual(exported);
    expect(exported).toEqual(expect.arrayContaining(['mutations/createEtchPacket', 'mutations/forgeSubmit', 'mutations/generateEtchSignUrl', 'mutations/removeWeldData', 'queries/etchPacket']));
  });

  it.each(graphqlFiles)('validates %s', (_file, document) => {
    expect(problems(document)).toEqual([]);
  });

  it.each(capturedOperations)('validates %s', (_label, document) => {
    expect(problems(document)).toEqual([]);
  });

  it.each(clientDefaults)('validates the node client default document %s', (_name, document) => {
    expect(problems(document)).toEqual([]);
  });

  it('the forgeSubmit documents built from a responseQuery are the stored full document', () => {
    const built = operationDocuments('api-usage-examples__javascript__create-update-workflow-submission.operations.json').filter(([label]) => label.endsWith('forgeSubmit'));
    expect(built).toHaveLength(2);
    const full = readFileSync(path.join(GRAPHQL_EXAMPLES, 'api-usage-examples__javascript__create-update-workflow-submission.forgeSubmit.full.graphql'), 'utf8');
    const normal = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(normal(built[0]![1])).toBe(normal(full));
  });

  it('really rejects what the schema does not have', () => {
    expect(problems('query { currentUser { eid noSuchField } }')).toEqual(['Cannot query field "noSuchField" on type "User".']);
    expect(problems('mutation { createCast(file: null, colour: "red") { eid } }')).toEqual([
      'Expected value of type "Upload!", found null.',
      'Unknown argument "colour" on field "Mutation.createCast".',
    ]);
    expect(problems('query Q($eid: Int!) { etchPacket(eid: $eid) { eid } }')).toEqual(['Variable "$eid" of type "Int!" used in position expecting type "String!".']);
    // A client default with its response query changed to ask for a field we do not have.
    const forgeSubmit = clientModules('mutations').find(({ name }) => name === 'forgeSubmit')!;
    expect(problems(forgeSubmit.generate('{ eid notAField }'))).toEqual(['Cannot query field "notAField" on type "Submission".']);
  });
});
