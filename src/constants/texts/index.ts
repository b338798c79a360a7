/**
 * Texts shown to users. The spec's own strings are quoted exactly (SPEC §2, §5, §8, §9).
 *
 * One module per part of the product, all of them imported from here: each group of texts
 * then travels with the code that shows it, so the first load carries the shell's texts
 * (shell.ts) and not those of pages it has not opened yet.
 */
export * from './shell';
export * from './rules';
export * from './admin';
export * from './feedback';
export * from './account';
export * from './pages';
