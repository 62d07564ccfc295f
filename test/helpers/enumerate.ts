/** Vector number `index` of Z_k^n (base-k digits, least significant first): enumerates all k^n vectors. */
export function vectorAt(index: number, n: number, k: number): Uint8Array {
  const v = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    v[i] = index % k;
    index = Math.floor(index / k);
  }
  return v;
}
