// The pager under a table: total (约 N when estimated), first/previous/next/last, a page field and the page size.
import { useEffect, useState } from 'react'

const SIZES = [10, 12, 13, 15, 20, 50, 100, 200, 500, 1000]

interface Props {
  page: number
  perPage: number
  total: number
  exact: boolean
  onPage: (page: number) => void
  onPerPage: (perPage: number) => void
}

export function Pager({ page, perPage, total, exact, onPage, onPerPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / perPage))
  const [draft, setDraft] = useState(String(page))
  useEffect(() => setDraft(String(page)), [page])
  const go = (p: number) => onPage(Math.max(1, exact ? Math.min(pages, p) : p))
  const sizes = SIZES.includes(perPage) ? SIZES : [...SIZES, perPage].sort((a, b) => a - b)

  return (
    <nav className="kit-pager" aria-label="分页" data-testid="pager">
      <span className="kit-total">共 {exact ? '' : '约 '}{total} 条</span>
      <button type="button" className="kit-btn" disabled={page <= 1} onClick={() => go(1)} aria-label="首页">«</button>
      <button type="button" className="kit-btn" disabled={page <= 1} onClick={() => go(page - 1)}>上一页</button>
      <label className="kit-page-input">
        第
        <input
          aria-label="页码"
          inputMode="numeric"
          value={draft}
          onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => { if (e.key === 'Enter') go(Number(draft) || 1) }}
          onBlur={() => setDraft(String(page))}
        />
        / {pages} 页
      </label>
      <button type="button" className="kit-btn" disabled={exact && page >= pages} onClick={() => go(page + 1)}>下一页</button>
      <button type="button" className="kit-btn" disabled={!exact || page >= pages} onClick={() => go(pages)} aria-label="末页">»</button>
      <select aria-label="每页条数" value={perPage} onChange={(e) => onPerPage(Number(e.target.value))}>
        {sizes.map((n) => <option key={n} value={n}>{n} 条/页</option>)}
      </select>
    </nav>
  )
}
