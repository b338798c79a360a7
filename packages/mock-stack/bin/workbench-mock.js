#!/usr/bin/env node
// The command's entry, kept outside dist/ so that npm links it even before the package is built
// (in this repository dist/ is built after npm has linked the workspace's commands). It says
// which Node it needs before anything fails on an older one (the state layer uses node:sqlite).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `workbench-mock needs Node 22.18 or later; this is Node ${process.versions.node} (${process.execPath}).`,
  );
  process.exit(1);
}
await import('../dist/main.js');
