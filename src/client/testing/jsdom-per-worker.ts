import { createRequire } from 'node:module';
import { builtinEnvironments, type Environment } from 'vitest/runtime';

// Vitest's jsdom environment, made once per worker instead of once per file: a new window cost 1–2 s of
// every component test file (a VM context and the globals copied onto Node's), 82 s of the dom project on a
// slow machine. Files already share the worker's modules (isolate: false); between files the page is put
// back as a new window has it — an empty document at the same address, nothing stored, no cookies — and
// setup-dom.ts does the rest after every test (rendered trees, query cache, toasts, stubs).

const held = Symbol.for('tandem.jsdomPerWorker');
type Holder = typeof globalThis & { [held]?: true };

function blankPage(global: typeof globalThis) {
  const { document } = global;
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  document.title = '';
  global.localStorage.clear();
  global.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  global.history.replaceState(null, '', '/');
}

// jsdom finds a <label for="…">'s field by walking the whole document, and an element's labels by asking every
// node of the document for its field: getByLabelText asks each element of the page for its labels, and every
// accessible name of a field does too, so a form's queries cost the square of its size (15 % of the dom
// project's time, profiled). The document's index of ids finds the same element: the first in tree order with
// that id, as the walk does.
function findLabelledFieldsById() {
  const require = createRequire(import.meta.url);
  const label = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js').implementation.prototype;
  const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js');
  const walk = Object.getOwnPropertyDescriptor(label, 'control')?.get;
  if (!walk) throw new Error('jsdom no longer defines HTMLLabelElement.control where this file expects it.');
  Object.defineProperty(label, 'control', {
    configurable: true,
    get() {
      const id = this.getAttributeNS(null, 'for');
      const root = id ? this.getRootNode({}) : null;
      if (root?.nodeType !== DOCUMENT_NODE) return walk.call(this);
      const field = root.getElementById(id);
      return field && isLabelable(field) ? field : null;
    },
  });
}
const DOCUMENT_NODE = 9;

export default {
  name: 'jsdom-per-worker',
  viteEnvironment: 'client',
  async setup(global, options) {
    const holder = global as Holder;
    if (!holder[held]) {
      // Never torn down: the worker's process ends with it.
      await builtinEnvironments.jsdom.setup(global, options);
      findLabelledFieldsById();
      holder[held] = true;
    }
    blankPage(global);
    return {
      teardown() {
        blankPage(global);
      },
    };
  },
} satisfies Environment;
