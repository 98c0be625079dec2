// One operation's detail (GET /api/operation/show): its facts and the before/after values side by side, changed keys marked.
import { useEffect, useState } from 'react'
import { api } from '../../core/api'
import type { OperationDetail } from '../../contract/admin'
import { ACTION_KEY } from '../../contract/enums'
import { FieldList } from '../kit/drawer'
import { PageState } from '../kit/form-page'

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
          <div className="kit-diff">
            <Side title="修改前" value={detail.before} other={detail.after} />
            <Side title="修改后" value={detail.after} other={detail.before} />
          </div>
        </div>
      )}
    </PageState>
  )
}
