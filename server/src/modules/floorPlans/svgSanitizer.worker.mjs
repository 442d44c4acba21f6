// Cleans SVG floor plans with DOMPurify on jsdom, on a thread of its own: a large drawing takes
// seconds of parsing, which must never stall the server's event loop. Takes {id, text} by message,
// answers {id, svg} or {id, rejected: message}.
// Plain JavaScript: a worker thread cannot load TypeScript through the tsx loader on Node 20.
import { parentPort } from 'node:worker_threads';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** Loads from elsewhere in CSS: `@import`, image functions that take a URL as text, and escapes that could spell either. */
const CSS_LOADS = /@import|\\|(?:image-set|image|cross-fade|element|expression)\s*\(/i;
const CSS_URL = /url\s*\(\s*(['"]?)\s*([^)'"]*)/gi;

/** Every `url()` of the text points inside the drawing (`#fragment`). */
function onlyFragmentUrls(text) {
  for (const m of text.matchAll(CSS_URL)) if (!(m[2] ?? '').trim().startsWith('#')) return false;
  return true;
}

/** A stylesheet or style attribute that refers to nothing outside the drawing itself. */
const selfContainedCss = (css) => !CSS_LOADS.test(css) && onlyFragmentUrls(css);

/** Any other attribute: a presentation attribute's `url()` points inside, and no CSS escape could spell one. */
const selfContainedValue = (value) => !value.includes('\\') && onlyFragmentUrls(value);

/** A link target that stays inside the drawing, or an embedded raster picture where one is drawn. */
function safeHref(element, value) {
  const target = value.trim();
  return target.startsWith('#') || ((element === 'image' || element === 'feimage') && RASTER_DATA.test(target));
}

const { window } = new JSDOM('');
const purify = createDOMPurify(window);
purify.addHook('uponSanitizeElement', (node, data) => {
  // CSS is text DOMPurify does not read: a stylesheet that loads anything is emptied; a safe one
  // keeps its text (as text, so a CDATA section survives).
  if (data.tagName === 'style') node.textContent = selfContainedCss(node.textContent ?? '') ? node.textContent : '';
});
purify.addHook('uponSanitizeAttribute', (node, data) => {
  const name = data.attrName;
  if (name === 'href' || name === 'xlink:href') data.keepAttr &&= safeHref(node.nodeName.toLowerCase(), data.attrValue);
  else data.keepAttr &&= name === 'style' ? selfContainedCss(data.attrValue) : selfContainedValue(data.attrValue);
});

const CONFIG = {
  IN_PLACE: true,
  USE_PROFILES: { svg: true, svgFilters: true },
  // `use` repeats a part of the drawing: safe once its link may only point inside it.
  ADD_TAGS: ['use'],
  FORBID_TAGS: ['foreignObject', 'script', 'animate', 'animateColor', 'animateMotion', 'animateTransform', 'set'],
  // Ids that shadow document properties matter to scripts in a page, never to a picture.
  SANITIZE_DOM: false,
};

/** The cleaned SVG, or the reason it is not one. Only the root element is kept: nothing around it survives. */
function clean(text) {
  const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.localName === 'parsererror' || root.getElementsByTagName('parsererror').length > 0) {
    return { rejected: 'The SVG is not well-formed XML' };
  }
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) {
    return { rejected: `The SVG's root must be <svg xmlns="${SVG_NS}">` };
  }
  purify.sanitize(root, CONFIG);
  return { svg: new window.XMLSerializer().serializeToString(root) };
}

parentPort.on('message', ({ id, text }) => {
  try {
    parentPort.postMessage({ id, ...clean(text) });
  } catch (e) {
    parentPort.postMessage({ id, error: e?.message ?? String(e) });
  }
});
