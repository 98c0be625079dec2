// The server's command-line tools (`npm run audit:verify`, `npm run ledger:check`, ...), bundled into dist/tools.mjs.
// Each answers its exit code: 0 all well, 1 a problem found, 2 could not run.
import { openToolDb } from './open'
import { verifyAudit } from '../audit/verify'
import { formatReport } from '../audit/print'
import { recordedHeadsFromArgs } from '../audit/recorded'
import { checkLedger } from '../ledger/check'
import { formatLedgerCheck } from '../ledger/print'
import { fillBenchData } from '../bench-data'
import { rebuildReports } from '../report/recompute'
import type { Db } from '../db/db'
import { migrate } from '../db/migrate'
import { seed } from '../seed/seed'
import { ALL_ROUTES } from '../routes'

export interface Tool {
  summary: string
  /** May start from an empty database (migrates and seeds it first). */
  creates?: boolean
  run(db: Db, source: string, args: string[]): Promise<number>
}

export const TOOLS: Record<string, Tool> = {
  'audit:verify': {
    summary: '校验操作日志与资金转账的审计链（--heads <文件>：与此前保存的链头对比）',
    async run(db, source, args) {
      const report = await verifyAudit(db, { recorded: recordedHeadsFromArgs(args) })
      console.log(formatReport(report, source))
      return report.ok ? 0 : 1
    },
  },
  'ledger:check': {
    summary: '账务核对：资金守恒、余额等于流水、账变前后连续、资金隔离',
    async run(db, source) {
      const result = await checkLedger(db)
      console.log(formatLedgerCheck(result, source))
      return result.ok ? 0 : 1
    },
  },
  'report:rebuild': {
    summary: '从原始记录重算报表汇总（--product alpha，默认全部产品）',
    async run(db, source, args) {
      const only = args[args.indexOf('--product') + 1]
      const products = args.includes('--product') ? [only] : (await db.query<{ code: string }>('select code from products order by code')).rows.map((r) => r.code)
      for (const p of products) {
        const t = Date.now()
        const r = await db.tx((tx) => rebuildReports(tx, p))
        console.log(`${source} ${p}：重算 ${r.members} 个会员、${r.days} 天，用时 ${Date.now() - t} ms`)
      }
      return 0
    },
  },
  'bench:data': {
    summary: '生成基准测试数据（--members N --changes N ...，见 src/server/bench-data）',
    creates: true,
    async run(db, source, args) {
      console.log(`基准数据：${source}`)
      await migrate(db)
      await seed(db, ALL_ROUTES, { demo: false, adminPassword: process.env.ADMIN_PASSWORD })
      await fillBenchData(db, args)
      return 0
    },
  },
}

const [name, ...args] = process.argv.slice(2)
const tool = TOOLS[name ?? '']
if (!tool) {
  console.error(`用法：node scripts/tool.mjs <${Object.keys(TOOLS).join('|')}>`)
  process.exit(2)
}
const opened = await openToolDb(tool.creates)
if (!opened) process.exit(2)
try {
  process.exitCode = await tool.run(opened.db, opened.source, args)
} catch (e) {
  console.error(`${name} 未能完成：${e instanceof Error ? e.message : String(e)}`)
  process.exitCode = 2
} finally {
  await opened.db.close()
}
