/**
 * The JavaScript-data reader (js-data.ts) on scripts written here in seroval's shape.
 */
import { describe, expect, it } from 'vitest';
import { objectsAt, parseScripts } from './js-data.js';

const profiles = (...scripts: string[]) => objectsAt(parseScripts(scripts), 'profile');

describe('objectsAt / parseScripts', () => {
  it('values: strings with escapes, numbers, !0/!1, null, void 0 (left out), NaN (null), templates, arrays with holes', () => {
    const [p] = profiles('x={profile:{a:"\\x3Cb\\u00e9",b:-1.5e3,c:!0,d:!1,e:null,f:void 0,g:NaN,h:`t`,i:[1,,2],"j-k":1,7:"n"}}');
    expect(p).toEqual({ a: '<bé', b: -1500, c: true, d: false, e: null, g: null, h: 't', i: [1, null, 2], 'j-k': 1, '7': 'n' });
  });

  it('captures: a back-reference anywhere in the scripts, across scripts; a cycle is cut to null', () => {
    const [p] = profiles('$R[1]={x:1}', 'y={profile:$R[2]={a:$R[1],self:$R[2]}}');
    expect(p).toEqual({ a: { x: 1 }, self: null });
  });

  it('a __proto__ key is not a prototype; calls, functions, identifiers and computed keys are left out', () => {
    const [p] = profiles('x={profile:{__proto__:{polluted:1},["k"]:1,f(){},g:()=>1,h:alert(1),i:window,ok:1}}');
    expect(p).toEqual({ ok: 1 });
    expect(Object.getPrototypeOf(p)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('only objects are returned; a script that does not parse is skipped, the others read', () => {
    expect(profiles('x={profile:"name"}', 'y={profile:[1]}')).toEqual([]);
    expect(profiles('x={profile:{', 'y={profile:{a:1}}')).toEqual([{ a: 1 }]);
  });
});
