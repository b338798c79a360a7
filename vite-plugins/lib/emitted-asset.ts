/** The build plugins' shared step: the file an asset they emitted became, as index.html is written. */
import type { IndexHtmlTransformContext } from 'vite';

type EmittedAsset = Extract<NonNullable<IndexHtmlTransformContext['bundle']>[string], { type: 'asset' }>;

/** The asset emitted under `name` (`this.emitFile({ type: 'asset', name })`); throws when there is none. */
export function emittedAsset(ctx: IndexHtmlTransformContext, name: string): EmittedAsset {
  const asset = Object.values(ctx.bundle ?? {}).find(
    (file): file is EmittedAsset => file.type === 'asset' && file.names.includes(name),
  );
  if (!asset) throw new Error(`${name} was not emitted`);
  return asset;
}
