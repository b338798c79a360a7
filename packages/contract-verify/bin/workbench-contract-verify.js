#!/usr/bin/env node
// The command's entry, kept outside dist/ so that npm links it even before the package is built
// (in this repository dist/ is built after npm has linked the workspace's commands).
import '../dist/cli.js';
