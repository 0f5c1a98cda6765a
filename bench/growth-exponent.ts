/**
 * The growth exponent of a read: the least-squares slope of ln(cost) against ln(size) over the
 * sizes measured. 0 when the cost does not grow with the data, 1 when it grows in proportion, 2
 * when it grows with its square; noise on a flat read shows as a small number of either sign.
 */
export function growthExponent(sizes: readonly number[], costs: readonly number[]): number {
  if (sizes.length !== costs.length || sizes.length < 2) throw new Error('a growth exponent needs a cost for each of at least two sizes');
  const x = sizes.map(Math.log);
  // A cost measured as 0 (below the clock's resolution) would be -∞: it counts as a microsecond.
  const y = costs.map((c) => Math.log(Math.max(c, 1e-3)));
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  const num = x.reduce((sum, xi, i) => sum + (xi - mx) * (y[i] - my), 0);
  const den = x.reduce((sum, xi) => sum + (xi - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}
