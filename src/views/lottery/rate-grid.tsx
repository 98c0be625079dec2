// The room rate grid: one row per play way the room offers, its default odds and the room's own; ↑/↓ move between
// cells, typing replaces, an empty cell falls back to the default, Enter (or Ctrl+Enter) saves, Esc cancels.
import { useRef, useState, type KeyboardEvent } from 'react'
import { ApiError } from '../../core/http'
import { api } from '../../core/api'
import type { RoomRate } from '../../contract/lottery'
import { Modal, mountModal } from '../kit/form-dialog'
import './lottery.css'

const RATE = /^\d{1,4}(\.\d{1,2})?$/
/** "1.9" and "1.90" are the same odds: compared as hundredths, never as floats. */
const hundredths = (v: string) => {
  const [i, f = ''] = v.trim().split('.')
  return Number(i) * 100 + Number((f + '00').slice(0, 2))
}
const problem = (v: string) => {
  if (v.trim() === '') return null
  if (!RATE.test(v.trim())) return '最多两位小数'
  const h = hundredths(v)
  return h < 101 || h > 100000 ? '须在 1.01-1000.00 之间' : null
}

function Grid({ room, rates, done }: { room: { id: number; name: string }; rates: RoomRate[]; done: (r: unknown | null) => void }) {
  const [values, setValues] = useState(() => rates.map((r) => (r.rate === r.default_rate ? '' : r.rate)))
  const [focus, setFocus] = useState(0)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const effective = (i: number) => (values[i].trim() === '' ? rates[i].default_rate : values[i].trim())
  const changed = (i: number) => hundredths(effective(i)) !== hundredths(rates[i].rate)

  const move = (i: number) => {
    const n = Math.max(0, Math.min(rates.length - 1, i))
    inputs.current[n]?.focus()
    inputs.current[n]?.select()
  }
  const save = async () => {
    if (values.some((v) => problem(v))) { setError('请先改正标红的赔率'); return }
    const list = rates.map((r, i) => ({ playway_id: r.playway_id, rate: values[i].trim() })).filter((_, i) => changed(i))
    if (!list.length) { done(null); return }
    setBusy(true)
    try {
      done(await api.room.update_rate({ room_id: room.id, rates: list }, { silent: true }))
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : String(e))
      setBusy(false)
    }
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>, i: number) => {
    if (e.nativeEvent.isComposing) return
    if (e.key === 'ArrowDown') { e.preventDefault(); move(i + 1) }
    else if (e.key === 'ArrowUp') { e.preventDefault(); move(i - 1) }
    else if (e.key === 'Enter') { e.preventDefault(); void save() }
  }

  return (
    <div className="kit-result" data-testid="rate-grid" data-room={room.name}>
      <p className="kit-muted">↑/↓ 移动 · 直接输入新赔率 · 留空恢复默认赔率 · Enter 保存 · Esc 取消</p>
      <table className="lt-grid" role="grid" aria-label={`${room.name} 赔率`}>
        <thead><tr><th>玩法</th><th className="lt-num">默认赔率</th><th className="lt-num">当前赔率</th><th className="lt-num">房间赔率</th><th /></tr></thead>
        <tbody>
          {rates.map((r, i) => (
            <tr key={r.playway_id} data-playway={r.code} data-focus={focus === i} className={changed(i) ? 'lt-changed' : undefined}>
              <td>{r.name}</td>
              <td className="lt-num">{r.default_rate}</td>
              <td className="lt-num">{r.rate}</td>
              <td className="lt-num">
                <input
                  ref={(el) => { inputs.current[i] = el }}
                  value={values[i]}
                  placeholder={r.default_rate}
                  inputMode="decimal"
                  aria-label={`${r.name}赔率`}
                  aria-invalid={problem(values[i]) ? true : undefined}
                  data-testid={`rate-${r.code}`}
                  onFocus={() => setFocus(i)}
                  onKeyDown={(e) => onKey(e, i)}
                  onChange={(e) => { const v = e.target.value; setValues((all) => all.map((x, j) => (j === i ? v : x))); setError('') }}
                />
              </td>
              <td className="kit-error">{problem(values[i]) ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {error && <div className="kit-error" role="alert">{error}</div>}
      <div className="kit-form-actions">
        <button type="button" className="kit-btn" onClick={() => setValues(rates.map(() => ''))}>全部恢复默认</button>
        <button type="button" className="kit-btn" onClick={() => done(null)}>取消</button>
        <button type="button" className="kit-btn kit-btn-primary" disabled={busy} onClick={() => void save()}>保存赔率</button>
      </div>
    </div>
  )
}

/** Opens the grid; resolves with the saved answer, or null when cancelled or nothing changed. */
export function rateGrid(room: { id: number; name: string }, rates: RoomRate[]): Promise<unknown | null> {
  return mountModal<unknown | null>((done) => (
    <Modal title={`编辑赔率：${room.name}`} onClose={() => done(null)} wide>
      <Grid room={room} rates={rates} done={done} />
    </Modal>
  ))
}
