// Builds the console into dist/public (code-split, hashed, under static/js and static/css), the server into dist/server.mjs
// and the command-line tools into dist/tools.mjs.
import * as esbuild from 'esbuild'
import { mkdirSync, rmSync, readFileSync, writeFileSync, cpSync, renameSync, readdirSync } from 'node:fs'
import { join, basename } from 'node:path'
import { generatePinyinTable } from './scripts/pinyin.mjs'

const dev = process.env.NODE_ENV === 'development'
const out = 'dist/public'

export async function build() {
  generatePinyinTable()
  rmSync('dist', { recursive: true, force: true })
  mkdirSync(join(out, 'static/css'), { recursive: true })
  cpSync('public', out, { recursive: true, filter: (src) => basename(src) !== 'index.html' })

  const web = await esbuild.build({
    entryPoints: { main: 'src/main.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['chrome110', 'firefox115', 'safari16'],
    outdir: join(out, 'static/js'),
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: '/static/js',
    minify: !dev,
    sourcemap: dev ? 'inline' : false,
    metafile: true,
    jsx: 'automatic',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'), __DEV__: String(dev) },
    loader: { '.svg': 'file', '.png': 'file' },
  })

  // Stylesheets live under static/css as the specification loads them from there.
  const jsDir = join(out, 'static/js')
  const css = []
  for (const f of readdirSync(jsDir)) {
    if (f.endsWith('.css')) { renameSync(join(jsDir, f), join(out, 'static/css', f)); css.push(f) }
  }
  const mainJs = Object.keys(web.metafile.outputs).find((p) => /static\/js\/main-[^/]+\.js$/.test(p))
  const mainCss = Object.entries(web.metafile.outputs).find(([, o]) => o.entryPoint === 'src/main.tsx' && o.cssBundle)?.[1].cssBundle
  const html = readFileSync('public/index.html', 'utf8')
    .replace('<!--css-->', mainCss ? `<link rel="stylesheet" href="/static/css/${basename(mainCss)}">` : '')
    .replace('<!--js-->', `<script type="module" src="/static/js/${basename(mainJs)}"></script>`)
  writeFileSync(join(out, 'index.html'), html)
  writeFileSync('dist/meta.json', JSON.stringify(web.metafile))

  await esbuild.build({
    entryPoints: ['src/server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: 'dist/server.mjs',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
  })
  await buildTools()
  return { css }
}

/** The command-line tools (src/server/tools: audit:verify, ledger:check, ...), bundled like the server into dist/tools.mjs. */
export async function buildTools() {
  await esbuild.build({
    entryPoints: ['src/server/tools/index.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20',
    outfile: 'dist/tools.mjs', packages: 'external', legalComments: 'none',
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = Date.now()
  await build()
  console.log(`built dist/ in ${Date.now() - t} ms`)
}
