// A success response schema must be `allOf: [ {$ref: ...shared.yaml#/components/schemas/Envelope}, {...data} ]`,
// either inline or through a local component whose first allOf entry is the envelope.
const ENVELOPE = /shared\.yaml#\/components\/schemas\/Envelope$/;

function isEnvelope(schema, doc, seen = new Set()) {
  if (!schema || typeof schema !== 'object') return false;
  if (typeof schema.$ref === 'string') {
    if (ENVELOPE.test(schema.$ref)) return true;
    const m = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref);
    if (!m || seen.has(m[1])) return false;
    seen.add(m[1]);
    return isEnvelope(doc?.components?.schemas?.[m[1]], doc, seen);
  }
  return (
    Array.isArray(schema.allOf) &&
    schema.allOf.some((s) => s && typeof s.$ref === 'string' && ENVELOPE.test(s.$ref))
  );
}

export default function usesEnvelope(schema, _opts, context) {
  const doc = context.document.data;
  if (isEnvelope(schema, doc)) return [];
  return [
    {
      message:
        'success response does not use the shared Envelope (allOf with shared.yaml#/components/schemas/Envelope)',
    },
  ];
}
