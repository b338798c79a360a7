import path from 'node:path';

/**
 * This package's folder, one level above both `src/` (run from source) and `dist/` (built,
 * installed): where its files that are not code live (sub-apps/, assets/, prism/).
 */
export const packageRoot = path.resolve(import.meta.dirname, '..');
