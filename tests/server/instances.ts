// Real server processes for the multi-instance tests: the server bundled privately from the current sources (as
// dist/server.mjs is built) and started on a port of its own against a given database.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import * as esbuild from 'esbuild'
import pg from 'pg'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The server as dist/server.mjs is built (same entry and options), bundled privately from the current sources. */
export async function bundleServer(dir: string): Promise<string> {
  const out = join(dir, 'server.mjs')
  await esbuild.build({ entryPoints: ['src/server/main.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: out, packages: 'external', logLevel: 'warning' })
  return out
}

export interface Server { name: string; child: ChildProcess; base: string; log: () => string }

export async function startServer(file: string, url: string, name: string, port: number, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', SIMULATE: '0', LOG_LEVEL: 'warn', PGAPPNAME: name, PUBLIC_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout!.on('data', (d) => { log += d })
  child.stderr!.on('data', (d) => { log += d })
  const base = `http://127.0.0.1:${port}`
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${log}`)
    try { if ((await fetch(`${base}/healthz`)).ok) break } catch { /* starting */ }
    if (Date.now() > deadline) throw new Error(`${name} did not start: ${log}`)
    await sleep(200)
  }
  return { name, child, base, log: () => log }
}


/** A database of its own made from the suite's migrated PostgreSQL template, with its URL and a drop. */
export async function templateCopy(tag: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL!
  const name = `houtai_t_${inject('pgTemplate').split('_').pop()}_${tag}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`)
  await admin.end()
  const u = new URL(url)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** Stops the servers still running (SIGTERM, waiting for each to exit). */
export async function stopServers(servers: Server[]): Promise<void> {
  for (const s of servers) if (s.child.exitCode === null && !s.child.signalCode) {
    s.child.kill('SIGTERM')
    await new Promise((r) => s.child.once('exit', r))
  }
}
