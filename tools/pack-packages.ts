/**
 * `npm run pack:packages`: the tarballs of the workspace packages, built, in dist-packages/ —
 * what a registry would serve, for teams with no registry that holds them
 * (`npm install --global ./zhique-workbench-contract-verify-1.0.0.tgz ...`).
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pack, WORKSPACES, type Workspace } from './lib/packed';
import { projectRoot } from './lib/paths';

const destination = path.join(projectRoot, 'dist-packages');
rmSync(destination, { recursive: true, force: true });
mkdirSync(destination, { recursive: true });
for (const workspace of Object.keys(WORKSPACES) as Workspace[]) {
  const { tarball, files } = await pack(workspace, destination);
  const kb = (statSync(tarball).size / 1024).toFixed(1);
  console.log(`${path.relative(projectRoot, tarball)}  ${kb} KB, ${files.length} files`);
}
