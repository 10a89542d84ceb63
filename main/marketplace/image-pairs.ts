/**
 * `imageUrls` carries up to 5 pairs: a file under `/large/` is the full-size version of the
 * same-named file under `/thumb/`. A list may name either or both of a pair; a URL with neither
 * directory serves both sizes.
 */
export interface ImagePair {
  thumb: string;
  large: string;
}

export const MAX_IMAGE_PAIRS = 5;

export function imagePairs(urls: readonly string[]): ImagePair[] {
  const pairs = new Map<string, ImagePair>();
  for (const url of urls) {
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) continue;
    const thumb = url.replace('/large/', '/thumb/');
    const large = url.replace('/thumb/', '/large/');
    const key = thumb;
    if (!pairs.has(key)) pairs.set(key, { thumb, large });
    if (pairs.size >= MAX_IMAGE_PAIRS) break;
  }
  return [...pairs.values()];
}
