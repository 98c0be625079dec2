// `npm run audit:verify`, `npm run ledger:check`, ...: bundles the tools when their sources are newer than
// dist/tools.mjs (only that file; a running server's dist/ is left alone), then runs the named tool against
// DATABASE_URL or DATA_DIR, as the server would.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function newest(dir) {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

const out = 'dist/tools.mjs'
const built = existsSync(out) ? statSync(out).mtimeMs : 0
if (Math.max(newest('src/server'), newest('src/contract'), statSync('build.mjs').mtimeMs) > built) {
  const { buildTools } = await import('../build.mjs')
  await buildTools()
}
await import(join(process.cwd(), out))
