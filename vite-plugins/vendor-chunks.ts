/**
 * Build only: the libraries of the first load go into a few vendor chunks of similar
 * size (React, antd's foundations, antd, ProComponents) instead of one ~670 KB entry.
 *
 * Chrome parses and compiles each module script on its own background thread while it
 * streams in, and nothing is evaluated until every chunk of the first load is compiled.
 * One large entry was one long parse (about 260 ms in the bench's traces) that the app
 * waited for; four chunks are compiled side by side. They also stay cached across
 * releases that only change the app's own code.
 *
 * Only modules of the first load are grouped (`$initial`): libraries that only lazy pages
 * use keep Rolldown's automatic chunks and stay out of the first load.
 */
import type { CodeSplittingGroup } from 'rolldown';
import { BOOTSTRAP_CHUNK } from './bootstrap-chunk.ts';

const FIRST_LOAD: CodeSplittingGroup['tags'] = ['$initial'];
const inPackages = (pattern: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${pattern})[\\\\/]`);

/** Higher priority groups take their modules first; each group brings the dependencies nobody took. */
export const FIRST_LOAD_VENDOR_CHUNKS: CodeSplittingGroup[] = [
  // React Router too: left to Rolldown, it went into a chunk of its own (one more request of the
  // first load) once a library's lazy import (patches/antd: the pagination's Select) was added.
  {
    name: 'vendor-react',
    tags: FIRST_LOAD,
    priority: 40,
    test: inPackages('react|react-dom|react-router|react-router-dom|scheduler'),
  },
  {
    name: 'vendor-antd-base',
    tags: FIRST_LOAD,
    priority: 30,
    test: inPackages(
      '@ant-design[\\\\/](?:cssinjs|cssinjs-utils|colors|fast-color|icons|icons-svg)|rc-[^\\\\/]+|@rc-component[\\\\/][^\\\\/]+',
    ),
  },
  { name: 'vendor-antd', tags: FIRST_LOAD, priority: 20, test: inPackages('antd') },
  { name: 'vendor-pro', tags: FIRST_LOAD, priority: 10, test: inPackages('@ant-design[\\\\/]pro-[^\\\\/]+') },
];

/**
 * The chunks the page evaluates one per task before the entry (vite-plugins/first-paint.ts): the
 * vendor chunks, each a few tens of milliseconds on a phone, and the bootstrap calls' chunk,
 * whose task sends the user-config call (vite-plugins/bootstrap-chunk.ts).
 */
export const FIRST_LOAD_STAGES: readonly string[] = [
  ...FIRST_LOAD_VENDOR_CHUNKS.map((group) => String(group.name)),
  BOOTSTRAP_CHUNK,
];
