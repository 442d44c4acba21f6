/**
 * Building DOM without React, for the sign-in page, which paints before React has loaded. It
 * renders the markup and class names of the React primitives (ui/*.tsx), so one style sheet serves
 * both.
 */
type Value = string | number | boolean | undefined;
type Attrs = Record<string, Value | EventListener>;
export type Child = Node | string | false | null | undefined;

/** An element with attributes (`on…` are listeners; false and undefined leave an attribute out). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else setAttr(el, name, value);
  }
  el.append(...children.filter((c): c is Node | string => c !== false && c !== null && c !== undefined));
  return el;
}

export function setAttr(el: Element, name: string, value: Value) {
  if (value === undefined || value === false) el.removeAttribute(name);
  else el.setAttribute(name, value === true ? '' : String(value));
}

/** lucide's drawing of an icon: its elements and their attributes. */
export type IconNode = [tag: string, attrs: Record<string, string>][];

const SVG = 'http://www.w3.org/2000/svg';

/** A lucide icon as lucide-react draws it (24-unit box, 2-unit stroke), hidden from assistive technology. */
export function icon(node: IconNode, size: number, className?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const attrs: Record<string, Value> = {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': 2,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    class: className ? `lucide ${className}` : 'lucide',
    'aria-hidden': 'true',
  };
  for (const [name, value] of Object.entries(attrs)) setAttr(svg, name, value);
  for (const [tag, { key: _key, ...rest }] of node) {
    const part = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(rest)) part.setAttribute(name, value);
    svg.append(part);
  }
  return svg;
}
