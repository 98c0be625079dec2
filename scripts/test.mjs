// `npm test`: builds the console and server (the browser suite drives the built app), runs the unit and server
// projects, then the browser suite on its own so the two do not compete for this machine's two cores.
import { spawnSync } from 'node:child_process'

// A red run does not stop the next one (a failing server test should not hide the browser suite's answer); the
// command fails when any run failed.
let failed = 0
const run = (args) => {
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env })
  if (r.status !== 0) failed = r.status ?? 1
}
// Extra arguments (e.g. a file filter) go to both runs; one of them may then find no file, which is fine.
const extra = process.argv.slice(2)
const vitest = (projects) => ['node_modules/vitest/vitest.mjs', 'run', ...projects.flatMap((p) => ['--project', p]),
  ...(extra.length ? ['--passWithNoTests', ...extra] : [])]

run(['build.mjs'])
if (failed) process.exit(failed)
run(vitest(['unit', 'server', ...(process.env.TEST_DATABASE_URL ? ['server-pg'] : [])]))
run(vitest(['e2e']))
process.exit(failed)
