import { defineConfig } from 'orval';
import { documentPath, serviceDocuments, type ServiceName } from '@zhique/workbench-contracts/reader';

// One project per service document. Hooks and plain functions return the unwrapped
// envelope `data` through the service's mutator (src/api/services.ts); MSW handlers
// are built from the named examples. `npm run gen` runs this; output is committed.
const MOCKED = new Set<ServiceName>(['workbench', 'rbac']);
const READ_BY_POST = ['listNotices', 'listFeedback'];

export default defineConfig(
  Object.fromEntries(
    serviceDocuments.map((name) => [
      name,
      {
        input: {
          target: documentPath(name),
          parserOptions: { externalRefs: { allow: ['./shared.yaml'] } },
        },
        output: {
          mode: 'split',
          target: `./generated/${name}/${name}.ts`,
          schemas: `./generated/${name}/model`,
          client: 'react-query',
          httpClient: 'axios',
          clean: true,
          formatter: 'prettier',
          // MSW handlers from the examples, for the services whose tests use them (the notice
          // tests build their lists from notices.fixtures.ts).
          mock: MOCKED.has(name) && {
            generators: [{ type: 'msw', useExamples: true, baseUrl: `*/api/${name}` }],
          },
          override: {
            mutator: { path: './src/api/services.ts', name: `${name}Request` },
            query: { version: 5 },
            // POST calls that read (lists) are queries, not mutations.
            operations: Object.fromEntries(
              READ_BY_POST.map((id) => [id, { query: { useQuery: true, useMutation: false } }]),
            ),
          },
        },
      },
    ]),
  ),
);
