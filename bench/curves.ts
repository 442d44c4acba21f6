import { metresPerPoint } from '@fieldwatch/core';

/** A curve of `n` points like a unit's at 0.6 c: the launch pulse, a joint every 350 m, noise, and a wet dip at `wetAt` metres. */
export function longCurve(n: number, seed: number, wetAt?: number) {
  let s = seed;
  const dx = metresPerPoint(0.6);
  return Array.from({ length: n }, (_, k) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    const x = k * dx;
    let v = 1800 * Math.exp(-(((k - 6) / 3) ** 2));
    for (let j = 200; j < n * dx; j += 350) v += -56 * ((x - j) / (2 * dx)) * Math.exp(-(((x - j) / (2 * dx)) ** 2));
    if (wetAt) v -= 100 * Math.exp(-(((x - wetAt) / (2.5 * dx)) ** 2));
    return v + 3 * ((s / 2 ** 32) * 2 - 1);
  });
}
