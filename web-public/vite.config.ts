/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a gzip copy (name.gz) beside every compressible file of the build; the gateway sends it to
 * browsers that accept gzip, so compression costs nothing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** The antd components the forms use (BookingForm, RenewalForm): the class prefixes their CSS rules carry. */
const ANTD_COMPONENTS = [
  'form', 'row', 'col', 'input', 'select', 'upload', 'checkbox', 'btn', 'space', 'popconfirm', 'popover',
  'wave', 'zoom', 'slide', 'move', 'fade', 'motion', 'empty', 'tooltip', 'progress', 'spin',
];

/**
 * `import 'virtual:antd-subset.css'`: antd's prebuilt CSS (antd/dist/antd.css, every component's rules, ~110 KB
 * gzip) cut down to the rules of ANTD_COMPONENTS, the icons and the keyframes. The page's first paint needs no antd
 * at all (src/styles/app.css); the subset comes with the forms' chunk.
 */
function antdSubset(): Plugin {
  const id = resolve(import.meta.dirname, 'src/styles/antd-subset.css');
  const keep = new RegExp(`\\.(ant-(${ANTD_COMPONENTS.join('|')})(?![a-z])|anticon)`);
  /** The rules of a stylesheet's text (nested blocks of @media and @supports filtered alike). */
  const filter = (css: string): string => {
    let out = '';
    let i = 0;
    while (i < css.length) {
      const open = css.indexOf('{', i);
      if (open < 0) break;
      const prelude = css.slice(i, open).trim();
      let depth = 1;
      let j = open + 1;
      for (; j < css.length && depth > 0; j++) {
        if (css[j] === '{') depth++;
        else if (css[j] === '}') depth--;
      }
      const body = css.slice(open + 1, j - 1);
      if (prelude.startsWith('@keyframes')) out += `${prelude}{${body}}`;
      else if (prelude.startsWith('@media') || prelude.startsWith('@supports') || prelude.startsWith('@container')) {
        const inner = filter(body);
        if (inner) out += `${prelude}{${inner}}`;
      } else if (keep.test(prelude)) out += `${prelude}{${body}}`;
      i = j;
    }
    return out;
  };
  return {
    name: 'antd-subset',
    enforce: 'pre',
    resolveId(source) {
      return source === 'virtual:antd-subset.css' ? id : undefined;
    },
    load(loaded) {
      if (loaded !== id) return undefined;
      return filter(readFileSync(resolve(import.meta.dirname, 'node_modules/antd/dist/antd.css'), 'utf8'));
    },
  };
}

/** The module that asks for what the first screen needs: its texts (a chunk per language), its chunk and data. */
const START = resolve(import.meta.dirname, 'src/start.ts');

/**
 * Runs src/start.ts as a script of its own ahead of the app's entry, so that the texts of the visitor's
 * language and the first screen's chunk and data load beside the app's code; inside the entry they would
 * be asked for only after all of it has loaded and run, a round trip (step2: three) before the first
 * render. Vite would bundle a second script of index.html into the entry, so the module is an input of
 * its own and its script tag goes in here. The entry imports the same module (main.tsx), which runs
 * once; without this plugin (dev server) the app works the same, only with all of it asked for later.
 */
function startEarly(): Plugin {
  let base = '/';
  return {
    name: 'start-early',
    apply: 'build',
    config: () => ({
      build: { rolldownOptions: { input: { index: resolve(import.meta.dirname, 'index.html'), start: START } } },
    }),
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId === START);
        const entry = '<script type="module" crossorigin src=';
        if (!chunk || !html.includes(entry)) throw new Error('start-early: no chunk of src/start.ts or no entry script in index.html');
        // Module scripts run in document order: this one first, as soon as it has loaded.
        return html.replace(entry, `<script type="module" crossorigin src="${base}${chunk.fileName}"></script>\n    ${entry}`);
      },
    },
  };
}

// The gateway serves the built app at / and the API at /api on the same origin; in development the
// dev server forwards /api to a locally running gateway (`make run`).
export default defineConfig({
  plugins: [react(), antdSubset(), startEarly(), precompress()],
  server: {
    // The country and nationality lists are the contract's (proto/codes; src/pages/booking/codeLists.ts).
    fs: { allow: ['.', '../proto/codes'] },
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20000,
    css: false,
  },
});
