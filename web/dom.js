// A tiny element builder: h('button', {class: 'x', onclick: f}, 'text', child).
// No templates, no innerHTML with data: every text goes in as a text node.

export function h(tag, attrs, ...children) {
  const ns = tag.startsWith('svg:') ? 'http://www.w3.org/2000/svg' : null;
  const el = ns ? document.createElementNS(ns, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.setAttribute('class', Array.isArray(v) ? v.flat(Infinity).filter(Boolean).join(' ') : v);
    else if (k === 'style' && typeof v === 'object') setStyle(el, v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'value' && !ns) el.value = v;
    else if (k === 'checked' && !ns) el.checked = !!v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

/**
 * Sets inline styles; a custom property (`--track`) needs `setProperty`:
 * assigned like `el.style['--track']` it is silently dropped, and every rule
 * reading `var(--track)` (the filled boxes of an improvement track) fell
 * back to nothing.
 */
function setStyle(el, style) {
  for (const [k, v] of Object.entries(style)) {
    if (v == null || v === false) continue;
    if (k.startsWith('--')) el.style.setProperty(k, String(v));
    else el.style[k] = v;
  }
}

function append(el, children) {
  for (const c of children) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

/** Replaces the children of `el`. */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}
