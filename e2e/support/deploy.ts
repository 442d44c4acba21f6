import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = new URL('../../', import.meta.url).pathname;

/** The built web app the browser tests serve: WEB_DIST, else web/dist. */
export const builtApp = () => path.resolve(process.env.WEB_DIST || path.join(root, 'web/dist'));

/** A copy of the built app in a temporary directory, which a test may then redeploy. */
export function copyBuild(from = builtApp()): string {
  if (!fs.existsSync(path.join(from, 'index.html'))) throw new Error(`no built app in ${from} (npm run build)`);
  const to = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-dist-'));
  fs.cpSync(from, to, { recursive: true });
  return to;
}

const HASHED = /^(.+)-([\w-]{8})\.(js|css)$/;
const TEXT = /\.(js|css|html|json)$/;

/**
 * Deploys a "new version" over the app in `dist`, in place, as a new build would: every hashed
 * script and style sheet gets a new name, every reference to it (other chunks, the page, the
 * manifest) follows, the precompressed copies are written again, and the previous build's files
 * are gone. The server lists the app's files when it starts (server/src/plugins/spa.ts), so a
 * deploy is this while it is stopped (RunningServer.restart). Returns the renamed files.
 */
export function redeploy(dist: string): Map<string, string> {
  const assets = path.join(dist, 'assets');
  const renamed = new Map<string, string>();
  for (const file of fs.readdirSync(assets)) {
    const m = HASHED.exec(file);
    if (m) renamed.set(file, `${m[1]}-${m[2]?.slice(1)}n.${m[3]}`);
  }
  const names = [...renamed.keys()].sort((a, b) => b.length - a.length);
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const reference = new RegExp(`(?<![\\w.-])(${escaped.join('|')})(?![\\w.-])`, 'g');
  const rewrite = (text: string) => text.replace(reference, (name) => renamed.get(name) ?? name);

  const texts = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? texts(p) : TEXT.test(e.name) ? [p] : [];
    });
  for (const file of texts(dist)) {
    const to = path.join(path.dirname(file), renamed.get(path.basename(file)) ?? path.basename(file));
    const content = Buffer.from(rewrite(fs.readFileSync(file, 'utf8')));
    for (const old of [file, `${file}.br`, `${file}.gz`]) fs.rmSync(old, { force: true });
    fs.writeFileSync(to, content);
    // As the build does (web/vite.config.ts): compressed copies of larger scripts, styles and data.
    if (content.length >= 1024 && !to.endsWith('.html')) {
      fs.writeFileSync(`${to}.br`, brotliCompressSync(content));
      fs.writeFileSync(`${to}.gz`, gzipSync(content));
    }
  }
  return renamed;
}
