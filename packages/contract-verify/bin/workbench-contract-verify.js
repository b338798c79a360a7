#!/usr/bin/env node
// The command's entry, kept outside dist/ so that npm links it even before the package is built
// (in this repository dist/ is built after npm has linked the workspace's commands). It says
// which Node it needs before anything fails on an older one.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 11)) {
  console.error(
    `workbench-contract-verify needs Node 20.11 or later; this is Node ${process.versions.node} (${process.execPath}).`,
  );
  process.exit(2);
}
await import('../dist/cli.js');
