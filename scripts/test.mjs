// `npm test`: builds the console and server (the browser suite drives the built app), then runs every test project.
import { spawnSync } from 'node:child_process'

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
run(process.execPath, ['build.mjs'])
run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)])
