import { describe, expect, it } from 'vitest';
import { parseView } from './mapView.ts';

describe('parseView', () => {
  it('reads a stored view and refuses anything else', () => {
    expect(parseView('{"lat":55.68,"lng":12.57,"zoom":13}')).toEqual({ lat: 55.68, lng: 12.57, zoom: 13 });
    expect(parseView(null)).toBeUndefined();
    expect(parseView('not json')).toBeUndefined();
    expect(parseView('{"lat":95,"lng":0,"zoom":3}')).toBeUndefined();
    expect(parseView('{"lat":1,"lng":0}')).toBeUndefined();
  });
});
