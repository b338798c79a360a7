// A JSON response must carry at least one named example (`examples` map), so
// Prism and the scenarios have something deliberate to serve.
export default function hasExample(media) {
  const named = media && media.examples && Object.keys(media.examples).length > 0;
  if (!named) return [{ message: 'JSON response has no named examples' }];
  return [];
}
