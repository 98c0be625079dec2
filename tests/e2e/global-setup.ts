// Starts the real built server on a fresh embedded database for the browser suite (npm test builds dist/ first).
import type { TestProject } from 'vitest/node'
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { E2E_PASSWORD } from './password'

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string }
}

export default async function setup(project: TestProject) {
  if (!existsSync('/usr/bin/chromium')) throw new Error('浏览器测试需要 /usr/bin/chromium：apt-get install -y chromium')
  if (!existsSync('dist/server.mjs')) throw new Error('dist/server.mjs is missing: run `node build.mjs` (npm test does)')
  const dataDir = mkdtempSync(join(tmpdir(), 'houtai-e2e-'))
  // The server runs from a private copy of the build: a `node build.mjs` elsewhere in this tree (it empties dist/)
  // cannot pull the console's files from under a running suite. Kept under node_modules so its packages resolve.
  mkdirSync('node_modules/.cache', { recursive: true })
  const build = mkdtempSync(join('node_modules/.cache', 'houtai-e2e-dist-'))
  cpSync('dist', build, { recursive: true })
  // PORT=0: the server takes a free port and names it, so suites running side by side never collide.
  const child: ChildProcess = spawn(process.execPath, [join(build, 'server.mjs')], {
    env: { ...process.env, PUBLIC_DIR: join(build, 'public'), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_PASSWORD, LOG_LEVEL: 'warn', DATABASE_URL: '', SIMULATE: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout!.on('data', (d) => { log += d })
  child.stderr!.on('data', (d) => { log += d })
  const deadline = Date.now() + 90_000
  let baseUrl = ''
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`)
    const port = /listening on http:\/\/localhost:(\d+)/.exec(log)?.[1]
    if (port) {
      baseUrl = `http://127.0.0.1:${port}`
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) break
      } catch { /* not answering yet */ }
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${log}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  project.provide('baseUrl', baseUrl)
  return async () => {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(build, { recursive: true, force: true })
  }
}
