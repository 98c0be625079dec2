// The pager under a table: total (约 N when estimated), first/previous/next/last, a page field and the page size.
// A list that pages by cursor goes next/previous by cursor and reaches a page directly only as deep as MAX_OFFSET.
import { useEffect, useState } from 'react'
import { MAX_OFFSET } from '../../contract/common'

const SIZES = [10, 12, 13, 15, 20, 50, 100, 200, 500, 1000]

type Cursor = { after?: string; before?: string }

interface Props {
  page: number
  perPage: number
  total: number
  exact: boolean
  /** Present when the list pages by cursor. */
  cursors?: { next: string | null; prev: string | null } | null
  onPage: (page: number, cursor?: Cursor) => void
  onPerPage: (perPage: number) => void
}

export function Pager({ page, perPage, total, exact, cursors, onPage, onPerPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / perPage))
  const [draft, setDraft] = useState(String(page))
  const [note, setNote] = useState('')
  useEffect(() => { setDraft(String(page)); setNote('') }, [page])
  const deepest = Math.floor(MAX_OFFSET / perPage) + 1
  const jump = (p: number) => {
    const to = Math.max(1, exact ? Math.min(pages, p) : p)
    if (cursors && to > deepest) {
      setNote(`直接跳页最多到第 ${deepest} 页，请逐页翻动或用筛选条件缩小范围`)
      setDraft(String(page))
      return
    }
    onPage(to)
  }
  const keyset = Boolean(cursors)
  const hasNext = keyset ? Boolean(cursors!.next) : !exact || page < pages
  const prev = () => (keyset && page > 2 && cursors!.prev ? onPage(page - 1, { before: cursors!.prev }) : onPage(page - 1))
  const next = () => (keyset ? onPage(page + 1, { after: cursors!.next! }) : jump(page + 1))
  const sizes = SIZES.includes(perPage) ? SIZES : [...SIZES, perPage].sort((a, b) => a - b)

  return (
    <nav className="kit-pager" aria-label="分页" data-testid="pager">
      <span className="kit-total" data-testid="pager-total">共 {exact ? '' : '约 '}{total} 条</span>
      <button type="button" className="kit-btn" disabled={page <= 1} onClick={() => onPage(1)} aria-label="首页">«</button>
      <button type="button" className="kit-btn" disabled={page <= 1} onClick={prev}>上一页</button>
      <label className="kit-page-input">
        第
        <input
          aria-label="页码"
          inputMode="numeric"
          value={draft}
          onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => { if (e.key === 'Enter') jump(Number(draft) || 1) }}
          onBlur={() => setDraft(String(page))}
        />
        / {exact ? pages : `约 ${pages}`} 页
      </label>
      <button type="button" className="kit-btn" disabled={!hasNext} onClick={next}>下一页</button>
      <button type="button" className="kit-btn" disabled={!exact || page >= pages || (keyset && pages > deepest)}
        onClick={() => jump(pages)} aria-label="末页">»</button>
      <select aria-label="每页条数" value={perPage} onChange={(e) => onPerPage(Number(e.target.value))}>
        {sizes.map((n) => <option key={n} value={n}>{n} 条/页</option>)}
      </select>
      {note && <span className="kit-muted" role="status" data-testid="pager-note">{note}</span>}
    </nav>
  )
}
