// Heads kept from earlier runs: read back from the text `npm run audit:verify` printed (or `chain seq hash` lines),
// so a later run can tell a rewritten and recomputed tail from the history the auditor saw.
import { readFileSync } from 'node:fs'
import type { RecordedHead } from '../../contract/audit'

// `  oplog:alpha:3   记录 12   seq 12   <64 hex>  通过` as printed, or plainly `oplog:alpha:3 12 <64 hex>`.
const LINE = /^\s*(\S+)\s+(?:.*?\bseq\s+)?(\d+)\s+([0-9a-f]{64})\b/

export function parseRecordedHeads(text: string): RecordedHead[] {
  return text.split('\n').flatMap((line) => {
    const m = LINE.exec(line)
    return m ? [{ chain: m[1], seq: Number(m[2]), hash: m[3] }] : []
  })
}

/** `--heads <file>` among the command's arguments: the heads kept in that file (none without the option). */
export function recordedHeadsFromArgs(args: string[]): RecordedHead[] {
  const i = args.indexOf('--heads')
  if (i < 0) return []
  const file = args[i + 1]
  if (!file) throw new Error('--heads 需要一个文件：此前 audit:verify 打印的内容')
  const heads = parseRecordedHeads(readFileSync(file, 'utf8'))
  if (!heads.length) throw new Error(`${file} 中没有链头`)
  return heads
}
