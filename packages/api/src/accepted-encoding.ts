/**
 * The first of the encodings a response has ready that the client's Accept-Encoding allows, or
 * 'identity'. An encoding is allowed when named, or covered by `*`, with a q-value above zero
 * (RFC 9110 §12.5.3); the server's order decides among those allowed, since its first is the
 * smallest.
 */
export function preferredEncoding<Encoding extends string>(
  header: string | undefined,
  ready: readonly Encoding[],
): Encoding | 'identity' {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*');
  return ready.find((encoding) => (weights.get(encoding) ?? wildcard ?? 0) > 0) ?? 'identity';
}
