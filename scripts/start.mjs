// `npm start`: builds when the sources are newer than dist/, then runs the server (which migrates and seeds on first start).
import { existsSync, statSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

function newest(dir) {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

const built = existsSync('dist/server.mjs') && existsSync('dist/public/index.html') ? statSync('dist/server.mjs').mtimeMs : 0
const sources = Math.max(newest('src'), newest('public'), statSync('build.mjs').mtimeMs, statSync('package.json').mtimeMs)
if (sources > built) {
  const { build } = await import('../build.mjs')
  console.log('building the console…')
  await build()
}
await import(join(process.cwd(), 'dist/server.mjs'))
