/**
 * `npm run serve:nginx`: the production build served by a real nginx with the configuration
 * of deploy/nginx, in front of the mock stack — what a deployment runs, on one machine.
 *
 * - builds into dist-nginx/ when that build is missing or was made from other inputs
 *   (the same fingerprint `npm run preview` uses; `VITE_*` values of the environment included);
 * - starts the mock stack on MOCK_PORT (default 4010);
 * - renders deploy/nginx/sites/local-mock.conf.template into a temporary prefix, next to a
 *   link to deploy/nginx/workbench/ (the snippets, used as they are), with the policies'
 *   origins computed by vite-plugins/csp.ts from the same `VITE_*` values as the build;
 * - loads Debian's brotli module when it is installed (`NGINX_BROTLI_MODULE`; without it, gzip only);
 * - runs nginx (NGINX_BIN, default `nginx` on the PATH; Debian's: `apt-get install -y nginx`)
 *   in the foreground on PORT (default 8080) with that configuration, as the current user.
 *
 * Ctrl-C stops nginx and the mock stack. `npm run test:nginx` runs this under Playwright.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { onTerminate, spawnManaged, type ManagedProcess } from '@zhique/workbench-mock/processes';
import { waitForHttp } from '@zhique/workbench-mock/processes';
import { startMockStack, type MockStack } from '@zhique/workbench-mock';
import { policySources } from '../vite-plugins/csp';
import { BROTLI_MODULE, NGINX_OUT_DIR } from './nginx-local';
import { buildWhenStale, ensurePortsFree, portFrom } from '../tools/lib/local-servers';
import { projectRoot } from '../tools/lib/paths';

const NGINX_DIR = path.join(projectRoot, 'deploy', 'nginx');
// Vite and the build fingerprint both read it: the check below and the build agree.
process.env.VITE_OUT_DIR = NGINX_OUT_DIR;

/** Fills the {{NAME}} placeholders of a template; an unknown one is an error. */
function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {{${name}}}`);
    return value;
  });
}

/** The main configuration: everything under `prefix`, the snippets and the site beside it. */
function mainConfig(prefix: string, brotli: boolean): string {
  // Started as root, nginx would switch its workers to `nobody`, who may not read the build.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  const brotliModule = brotli ? `load_module ${BROTLI_MODULE};\n` : '';
  return `${user}${brotliModule}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;

events {
  worker_connections 256;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  include workbench/http.conf;
  include site.conf;
}
`;
}

const port = portFrom('PORT', 8080);
const mockPort = portFrom('MOCK_PORT', 4010);
const prefix = mkdtempSync(path.join(tmpdir(), 'workbench-nginx-'));

let stack: MockStack | undefined;
let nginx: ManagedProcess | undefined;
let shuttingDown = false;
const stopEverything = async () => {
  shuttingDown = true;
  await nginx?.stop();
  await stack?.stop();
  rmSync(prefix, { recursive: true, force: true });
};
onTerminate(stopEverything, { watchParents: true });

async function main(): Promise<void> {
  await ensurePortsFree({ PORT: port, MOCK_PORT: mockPort });
  const outDir = path.join(projectRoot, NGINX_OUT_DIR);
  await buildWhenStale(outDir, { log: (line) => console.log(`[nginx] ${line}`) });

  const stackStarted = startMockStack({ port: mockPort, warm: true });

  // The shell is http://localhost:PORT; its frames {app}.localhost on the same port (the default).
  const sources = policySources(process.env, [`http://localhost:${port}`]);
  for (const folder of ['logs', 'temp']) mkdirSync(path.join(prefix, folder));
  symlinkSync(path.join(NGINX_DIR, 'workbench'), path.join(prefix, 'workbench'));
  // The assets' brotli (workbench/assets.conf includes brotli-static.d/*.conf): only where the module is.
  const brotli = existsSync(BROTLI_MODULE);
  if (brotli) symlinkSync(path.join(NGINX_DIR, 'brotli-static.d'), path.join(prefix, 'brotli-static.d'));
  else
    console.log(
      `[nginx] no brotli module at ${BROTLI_MODULE}: assets are sent gzip-compressed only (apt-get install -y libnginx-mod-http-brotli-static)`,
    );
  const template = readFileSync(path.join(NGINX_DIR, 'sites', 'local-mock.conf.template'), 'utf8');
  writeFileSync(
    path.join(prefix, 'site.conf'),
    renderTemplate(template, {
      PORT: String(port),
      MOCK_PORT: String(mockPort),
      ROOT: outDir,
      LOGS: path.join(prefix, 'logs'),
      SERVICE_ORIGINS: sources.services.join(' '),
      SUB_APP_ORIGINS: sources.subApps.join(' '),
      FRAME_ORIGINS: sources.frames.join(' '),
      SHELL_ORIGIN: sources.shell.join(' '),
    }),
  );
  writeFileSync(path.join(prefix, 'nginx.conf'), mainConfig(prefix, brotli));

  const bin = process.env.NGINX_BIN ?? 'nginx';
  const args = [
    '-p',
    prefix,
    '-c',
    path.join(prefix, 'nginx.conf'),
    '-e',
    path.join(prefix, 'logs', 'error.log'),
  ];
  const check = spawnManaged('nginx -t', bin, [...args, '-t', '-q'], { inherit: true });
  if ((await check.exited) !== 0) throw new Error(`nginx rejected the configuration (${prefix}/nginx.conf)`);
  nginx = spawnManaged('nginx', bin, [...args, '-g', 'daemon off;'], { inherit: true });
  const server = nginx;
  stack = await stackStarted;
  await waitForHttp(`http://localhost:${port}/`, {
    timeoutMs: 60_000,
    abort: () => (server.hasExited() ? 'nginx exited while starting' : undefined),
  });

  console.log(`
  Workbench (production build behind nginx):  http://localhost:${port}/
  nginx configuration: ${prefix}/nginx.conf (snippets: deploy/nginx/workbench/), logs in ${prefix}/logs/
  Mock gateway: ${stack.url}
  Ctrl-C stops everything.
`);

  const code = await server.exited;
  if (shuttingDown) return;
  console.error(`[nginx] nginx exited (${code}); stopping the mock stack`);
  await stopEverything();
  process.exit(typeof code === 'number' && code !== 0 ? code : 1);
}

main().catch(async (error: unknown) => {
  console.error(`[nginx] ${error instanceof Error ? error.message : String(error)}`);
  await stopEverything();
  process.exit(1);
});
