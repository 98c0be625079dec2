// `npm run test:e2e:stress`: the whole browser suite with Chromium's CPU throttled (E2E_CPU_THROTTLE, 4× unless
// set) for E2E_STRESS_ROUNDS rounds (5 unless set), stopping at the first red round and naming it. Builds once first;
// extra arguments (e.g. a file filter) go to every round.
import { spawnSync } from 'node:child_process'

const rounds = Math.max(1, Number(process.env.E2E_STRESS_ROUNDS) || 5)
const rate = String(Math.max(1, Number(process.env.E2E_CPU_THROTTLE) || 4))
const extra = process.argv.slice(2)
const env = { ...process.env, E2E_CPU_THROTTLE: rate }

const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit', env }).status

if (run(['build.mjs']) !== 0) process.exit(1)
const times = []
for (let round = 1; round <= rounds; round++) {
  console.log(`\n[e2e:stress] round ${round}/${rounds}, CPU throttled ${rate}×`)
  const started = Date.now()
  const status = run(['node_modules/vitest/vitest.mjs', 'run', '--project', 'e2e', ...extra])
  times.push(((Date.now() - started) / 1000).toFixed(0))
  if (status !== 0) {
    console.error(`\n[e2e:stress] round ${round}/${rounds} is red (CPU ${rate}×); rounds before it: ${round - 1} green`)
    process.exit(status ?? 1)
  }
}
console.log(`\n[e2e:stress] ${rounds}/${rounds} rounds green with CPU throttled ${rate}× (seconds per round: ${times.join(', ')})`)
