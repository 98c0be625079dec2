// One operation's detail (GET /api/operation/show): its facts; for an edit the changed fields (the server's diff)
// highlighted with the unchanged ones folded under a disclosure; otherwise before/after side by side.
import { useEffect, useState } from 'react'
import { api } from '../../core/api'
import type { OperationDetail } from '../../contract/admin'
import { ACTION_KEY } from '../../contract/enums'
import { FieldList } from '../kit/drawer'
import { PageState } from '../kit/form-page'
import { flatFields, type DiffEntry } from '../../contract/diff'
import './log-detail.css'

const pretty = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2))
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** One side of the comparison: a line per top-level key, marked when it differs from the other side. */
function Side({ title, value, other }: { title: string; value: unknown; other: unknown }) {
  if (value === null || value === undefined) {
    return <div className="kit-diff-side"><h3>{title}</h3><pre className="kit-muted">（无）</pre></div>
  }
  if (!isObject(value)) {
    return <div className="kit-diff-side"><h3>{title}</h3><pre className={pretty(value) !== pretty(other) ? 'kit-changed' : ''}>{pretty(value)}</pre></div>
  }
  const keys = [...new Set([...Object.keys(value), ...(isObject(other) ? Object.keys(other) : [])])]
  return (
    <div className="kit-diff-side">
      <h3>{title}</h3>
      <pre>
        {'{\n'}
        {keys.map((k) => {
          const mine = value[k]
          const theirs = isObject(other) ? other[k] : undefined
          const changed = pretty(mine) !== pretty(theirs)
          return (
            <span key={k} className={changed ? 'kit-changed' : undefined} data-key={k} data-changed={changed || undefined}>
              {`  ${JSON.stringify(k)}: ${k in value ? pretty(mine).replace(/\n/g, '\n  ') : '—'}\n`}
            </span>
          )
        })}
        {'}'}
      </pre>
    </div>
  )
}

const cell = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v))

/** An edit: each changed field with its value before and after; the fields it left alone folded, opened on demand. */
function FieldDiff({ diff, before }: { diff: DiffEntry[]; before: unknown }) {
  const changed = new Set(diff.map((d) => d.field))
  const same = [...flatFields(before)].filter(([k]) => !changed.has(k))
  return (
    <div className="log-diff" data-testid="log-diff">
      <h3>修改内容（{diff.length} 个字段）</h3>
      {diff.length === 0 ? <p className="kit-muted">没有字段变化</p> : (
        <table className="log-diff-table">
          <thead><tr><th>字段</th><th>修改前</th><th>修改后</th></tr></thead>
          <tbody>
            {diff.map((d) => (
              <tr key={d.field} data-field={d.field} data-changed="true">
                <th scope="row">{d.field || '（整体）'}</th><td className="log-diff-before">{cell(d.before)}</td><td className="log-diff-after">{cell(d.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {same.length > 0 && (
        <details className="log-diff-same" data-testid="log-diff-same">
          {/* tabIndex: the drawer's Tab trap cycles through [tabindex] elements; a summary is otherwise not among them. */}
          <summary tabIndex={0}>未修改的字段（{same.length} 个）</summary>
          <table className="log-diff-table">
            <tbody>
              {same.map(([k, v]) => <tr key={k} data-field={k}><th scope="row">{k}</th><td colSpan={2}>{cell(v)}</td></tr>)}
            </tbody>
          </table>
        </details>
      )}
    </div>
  )
}

export function LogDetail({ id }: { id: number }) {
  const [detail, setDetail] = useState<OperationDetail | null>(null)
  const [state, setState] = useState<'loading' | 'error' | 'ok'>('loading')
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    setState('loading')
    api.operation.show({ id }).then(
      (d) => { if (live) { setDetail(d); setState('ok') } },
      () => { if (live) setState('error') },
    )
    return () => { live = false }
  }, [id, attempt])
  return (
    <PageState state={state} onRetry={() => setAttempt((n) => n + 1)}>
      {detail && (
        <div className="kit-log-detail" data-testid="log-detail">
          <FieldList
            row={{ ...detail, id: detail.id }}
            fields={[
              { key: 'admin_name', title: '管理员' },
              { key: 'action', title: '操作类型', format: ACTION_KEY },
              { key: 'path', title: '接口路径' },
              { key: 'target_ids', title: '对象 ID' },
              { key: 'product', title: '产品' },
              { key: 'ip', title: 'IP' },
              { key: 'user_agent', title: '浏览器' },
              { key: 'created_at', title: '时间' },
            ]}
          />
          {detail.diff ? <FieldDiff diff={detail.diff} before={detail.before} /> : (
            <div className="kit-diff">
              <Side title="修改前" value={detail.before} other={detail.after} />
              <Side title="修改后" value={detail.after} other={detail.before} />
            </div>
          )}
        </div>
      )}
    </PageState>
  )
}
