/**
 * `npm run docs`: the API reference for backend teams, as static files in docs/api/.
 *
 * Each contract (three OpenAPI documents and the AsyncAPI socket document) becomes one
 * self-contained HTML page rendered by Redocly (`build-docs --inlineBundle`: Redoc's
 * script is inside the page, nothing is fetched from a CDN, works offline). The index
 * page links them and puts the cross-cutting parts on one screen: the envelope and its
 * codes, the security headers, the shared error responses and the mock scenarios with
 * the operations that have an example for each.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DocumentStore,
  documentPath,
  isObject,
  listOperations,
  openapiDir,
  responseExampleNames,
  serviceDocuments,
  type Json,
  type JsonObject,
} from '@zhique/workbench-contracts/reader';
import { scenarios } from '@zhique/workbench-mock';
import { nodeBinary, projectRoot } from './lib/paths';
import {
  CODE_NOT_AN_ERROR,
  CODE_OK,
  SESSION_EXPIRED_CODES,
  SESSION_EXPIRED_STATUS,
} from '../src/constants/codes';

const outDir = path.join(projectRoot, 'docs', 'api');
const redocly = path.join(projectRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const template = path.join(projectRoot, 'tools', 'docs', 'redoc.hbs');
const store = new DocumentStore();

interface Page {
  file: string;
  source: string;
  title: string;
  version: string;
  kind: 'OpenAPI' | 'AsyncAPI';
  summary: string;
  figures: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Just enough Markdown for the contracts' descriptions: paragraphs and `code`. */
function markdown(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map(
      (para) =>
        `<p>${escapeHtml(para.replace(/\s*\n\s*/g, ' ')).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`,
    )
    .join('\n');
}

const str = (value: Json | undefined, fallback = '') => (typeof value === 'string' ? value : fallback);
const firstParagraph = (text: string) => text.trim().split(/\n\s*\n/)[0] ?? '';

function render(source: string, file: string): void {
  const run = spawnSync(
    nodeBinary(),
    [redocly, 'build-docs', source, '--output', file, '--inlineBundle', '--template', template],
    {
      cwd: projectRoot,
      // No usage telemetry, no update check: the run stays offline.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      encoding: 'utf8',
    },
  );
  // Redocly prints a banner on every run; show its output only when it failed.
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}${run.stderr}`);
    throw new Error(`redocly build-docs ${source} failed (${run.status ?? run.signal})`);
  }
}

function openapiPage(service: (typeof serviceDocuments)[number]): Page {
  const doc = store.load(documentPath(service)) as JsonObject;
  const info = isObject(doc.info) ? doc.info : {};
  const operations = listOperations(store, service);
  const examples = operations.reduce(
    (n, op) => n + [...responseExampleNames(store, op).values()].flat().length,
    0,
  );
  const server = Array.isArray(doc.servers) && isObject(doc.servers[0]) ? str(doc.servers[0].url) : '';
  return {
    file: `${service}.html`,
    source: `packages/contracts/openapi/${service}.yaml`,
    title: str(info.title, service),
    version: str(info.version),
    kind: 'OpenAPI',
    summary: firstParagraph(str(info.description)),
    figures: `${operations.length} operations · ${examples} named response examples${server ? ` · server <code>${escapeHtml(server)}</code>` : ''}`,
  };
}

function asyncapiPage(): Page {
  const doc = store.load(path.join(openapiDir, 'realtime.asyncapi.yaml')) as JsonObject;
  const info = isObject(doc.info) ? doc.info : {};
  const count = (key: string) => (isObject(doc[key]) ? Object.keys(doc[key]).length : 0);
  const messages =
    isObject(doc.components) && isObject(doc.components.messages) ? Object.keys(doc.components.messages) : [];
  const channel = isObject(doc.channels) ? Object.values(doc.channels).find(isObject) : undefined;
  return {
    file: 'realtime.html',
    source: 'packages/contracts/openapi/realtime.asyncapi.yaml',
    title: str(info.title, 'realtime'),
    version: str(info.version),
    kind: 'AsyncAPI',
    summary: firstParagraph(str(info.description)),
    figures:
      `${count('channels')} channel${channel ? ` <code>${escapeHtml(str(channel.address))}</code>` : ''} · ` +
      `${count('operations')} operations · messages ${messages.map((m) => `<code>${escapeHtml(m)}</code>`).join(', ')}`,
  };
}

function sharedSections(): string {
  const shared = store.load(path.join(openapiDir, 'shared.yaml')) as JsonObject;
  const components = isObject(shared.components) ? shared.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const envelope = isObject(schemas.Envelope) ? schemas.Envelope : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const responses = isObject(components.responses) ? components.responses : {};

  const codeRows = [
    [String(CODE_OK), 'success', 'the client returns <code>data</code>'],
    [
      String(CODE_NOT_AN_ERROR),
      'success with a notice',
      'not an error: the client returns <code>data</code>',
    ],
    [
      SESSION_EXPIRED_CODES.join(', ') + `, HTTP ${SESSION_EXPIRED_STATUS}`,
      'session expired',
      'the client clears its credentials, shows 登录状态已失效,请重新登录! and goes to the logout page',
    ],
    [
      'any other code',
      'error',
      'the client shows <code>msg</code> (or “Error”) for 2 s and rejects the call',
    ],
  ]
    .map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('\n');

  const schemeRows = Object.entries(schemes)
    .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
    .map(([name, s]) => {
      const header =
        s.type === 'http'
          ? `Authorization: ${str(s.scheme).replace(/^./, (c) => c.toUpperCase())} &lt;token&gt;`
          : `${escapeHtml(str(s.name))}: &lt;id&gt;`;
      return `<tr><td><code>${escapeHtml(name)}</code></td><td><code>${header}</code></td><td>${markdown(str(s.description))}</td></tr>`;
    })
    .join('\n');

  const responseRows = Object.entries(responses)
    .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
    .map(([name, r]) => {
      const media = isObject(r.content) ? Object.values(r.content).find(isObject) : undefined;
      const example =
        media && isObject(media.examples) ? Object.values(media.examples).find(isObject) : undefined;
      const value = example ? JSON.stringify(example.value) : '';
      return `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(str(r.description))}</td><td><code>${escapeHtml(value)}</code></td></tr>`;
    })
    .join('\n');

  // Which operations answer with a scenario's own example (the others serve `default`).
  const allOps = serviceDocuments.flatMap((s) => listOperations(store, s));
  const scenarioRows = scenarios
    .map((s) => {
      const ops = allOps.filter((op) =>
        [...responseExampleNames(store, op)].some(
          ([status, names]) => /^2/.test(status) && names.includes(s.name),
        ),
      );
      const override = s.overrides
        ? Object.entries(s.overrides)
            .map(([op, o]) => `${op} → ${o.status ?? ''} ${o.example ?? ''}`)
            .join('; ')
        : '';
      return (
        `<tr><td><code>${escapeHtml(s.name)}</code></td><td>${escapeHtml(s.label)}</td><td>${escapeHtml(s.description)}</td>` +
        `<td>${ops.length || '0 (serves <code>default</code>)'}${override ? `<br/><small>override: ${escapeHtml(override)}</small>` : ''}</td></tr>`
      );
    })
    .join('\n');

  return `
<section id="envelope">
  <h2>The envelope and its codes</h2>
  ${markdown(str(envelope.description))}
  <table><thead><tr><th>code</th><th>meaning</th><th>what the client does</th></tr></thead><tbody>
  ${codeRows}
  </tbody></table>
</section>
<section id="security">
  <h2>Security headers</h2>
  <table><thead><tr><th>scheme</th><th>header</th><th>meaning</th></tr></thead><tbody>
  ${schemeRows}
  </tbody></table>
  <h3>Shared error responses</h3>
  <table><thead><tr><th>response</th><th>when</th><th>example</th></tr></thead><tbody>
  ${responseRows}
  </tbody></table>
</section>
<section id="scenarios">
  <h2>Scenario examples</h2>
  <p>Every JSON response has named examples. <code>default</code> is the personal user's view; an example named
  after a scenario is what the mock serves in that scenario (<code>npm run mock</code>, then
  <code>GET /__mock/scenario/NAME</code>). In each operation of the pages above, the response's example list shows them by name.</p>
  <table><thead><tr><th>scenario</th><th>label</th><th>who</th><th>operations with their own 2xx example</th></tr></thead><tbody>
  ${scenarioRows}
  </tbody></table>
</section>`;
}

function indexPage(pages: Page[]): string {
  const cards = pages
    .map(
      (p) => `
  <li class="card">
    <a href="${p.file}"><strong>${escapeHtml(p.title)}</strong></a> <span class="tag">${p.kind} · v${escapeHtml(p.version)}</span>
    <div class="source"><code>${p.source}</code></div>
    ${markdown(p.summary)}
    <div class="figures">${p.figures}</div>
  </li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'" />
<title>织雀工作台 — API reference</title>
<style>
  body { font: 15px/1.55 system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif; margin: 0; color: #1f2328; background: #f6f8fa; }
  main { max-width: 1040px; margin: 0 auto; padding: 32px 24px 64px; }
  h1 { margin: 0 0 4px; font-size: 28px; }
  h2 { margin-top: 40px; border-bottom: 1px solid #d0d7de; padding-bottom: 6px; }
  ul.cards { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(460px, 1fr)); gap: 16px; }
  .card { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 16px 18px; }
  .card a { font-size: 18px; color: #0b57d0; }
  .tag { font-size: 12px; color: #57606a; background: #eaeef2; border-radius: 10px; padding: 1px 8px; margin-left: 6px; }
  .source, .figures { font-size: 13px; color: #57606a; }
  code { font: 13px ui-monospace, 'SFMono-Regular', Menlo, monospace; background: #eff1f3; border-radius: 4px; padding: 1px 4px; }
  table { border-collapse: collapse; width: 100%; background: #fff; font-size: 14px; }
  th, td { border: 1px solid #d0d7de; padding: 6px 10px; text-align: left; vertical-align: top; }
  th { background: #f0f3f6; }
  td p { margin: 0 0 6px; }
</style>
</head>
<body>
<main>
  <h1>织雀工作台 — API reference</h1>
  <p>The contracts in <code>packages/contracts/openapi/</code> are the source of truth; these pages are generated from them by
  <code>npm run docs</code>. Three ways to use them: <strong>read</strong> this reference,
  <strong>mock</strong> them (<code>npm run mock</code>: Prism with scenarios and the socket on one port), and
  <strong>verify</strong> your server (<code>npm run contract:verify -- --upstream https://your-server</code>).</p>
  <ul class="cards">${cards}
  </ul>
  ${sharedSections()}
</main>
</body>
</html>
`;
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const pages = [...serviceDocuments.map(openapiPage), asyncapiPage()];
for (const page of pages) {
  render(page.source, path.join(outDir, page.file));
  console.log(`docs: ${page.source} → docs/api/${page.file}`);
}
writeFileSync(path.join(outDir, 'index.html'), indexPage(pages));
console.log(`docs: index → docs/api/index.html (${pages.length} contracts)`);
