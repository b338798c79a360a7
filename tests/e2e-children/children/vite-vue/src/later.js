// Evaluated after the entry's first await: a module the entry waits for.
export const later = true;
