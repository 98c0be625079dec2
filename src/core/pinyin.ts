// Pinyin of a title from the generated table: full spellings and initials (polyphones give a few variants).
import { PINYIN } from './pinyin-table'

const MAX_VARIANTS = 16

export interface PinyinForms { full: string[]; initials: string[] }

/** `管理员列表` → full `guanliyuanliebiao` (and `guanliyunliebiao`), initials `glylb`. */
export function pinyinForms(text: string): PinyinForms {
  let variants: { full: string; initials: string }[] = [{ full: '', initials: '' }]
  let any = false
  for (const ch of text) {
    const table = PINYIN[ch]
    const readings = table ? table.split(' ') : /[a-z0-9]/i.test(ch) ? [ch.toLowerCase()] : []
    if (!readings.length) continue
    if (table) any = true
    const next: typeof variants = []
    for (const v of variants) {
      for (const r of readings) {
        if (next.length >= MAX_VARIANTS) break
        next.push({ full: v.full + r, initials: v.initials + r[0] })
      }
    }
    variants = next
  }
  if (!any) return { full: [], initials: [] }
  return {
    full: [...new Set(variants.map((v) => v.full))],
    initials: [...new Set(variants.map((v) => v.initials))],
  }
}
