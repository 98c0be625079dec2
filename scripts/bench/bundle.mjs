// Bundle sizes from esbuild's metafile: the shell's initial JS+CSS (gzip) and the largest lazily loaded chunk.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'

const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length

export function benchBundle() {
  const meta = JSON.parse(readFileSync('dist/meta.json', 'utf8'))
  const outputs = meta.outputs
  const main = Object.keys(outputs).find((p) => /static\/js\/main-[^/]+\.js$/.test(p))
  // The initial load: main and everything it imports statically (not dynamic imports).
  const initial = new Set()
  const walk = (p) => {
    if (initial.has(p)) return
    initial.add(p)
    for (const i of outputs[p].imports) if (i.kind === 'import-statement') walk(i.path)
  }
  walk(main)
  let initialGz = 0
  for (const p of initial) initialGz += gz(p)
  const css = outputs[main].cssBundle
  const cssGz = css ? gz(join('dist/public/static/css', css.split('/').pop())) : 0
  const lazy = Object.keys(outputs).filter((p) => p.endsWith('.js') && !initial.has(p))
  const sizes = lazy.map((p) => ({ chunk: p.split('/').pop(), gzip: gz(p), from: Object.keys(outputs[p].inputs).filter((i) => i.startsWith('src/')).slice(0, 2).join(', ') }))
  sizes.sort((a, b) => b.gzip - a.gzip)
  return {
    'initial JS+CSS gzip (KB)': +((initialGz + cssGz) / 1024).toFixed(1),
    'initial chunks': initial.size,
    'largest lazy chunk': sizes[0] ? `${sizes[0].chunk} ${(sizes[0].gzip / 1024).toFixed(1)} KB (${sizes[0].from})` : '-',
    'lazy chunks (top 6)': sizes.slice(0, 6).map((s) => `${s.chunk}: ${(s.gzip / 1024).toFixed(1)} KB`),
  }
}
