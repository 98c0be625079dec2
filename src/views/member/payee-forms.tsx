// Bank card and wallet dialogs: bind/edit forms (the server checks Luhn, addresses and the holder), and the reveal
// dialog that shows a full number or address (the server logs each reveal).
import { call } from '../../core/api'
import type { Row } from '../../core/command'
import { API } from '../../contract/api'
import { CARD_STATUS, type Card, type Wallet } from '../../contract/member'
import { Modal, mountModal, openForm } from '../kit/form-dialog'
import type { FormValues } from '../kit/form-types'
import { BANK_NAMES } from './banks'
import './member.css'

const statusChoices = Object.entries(CARD_STATUS).map(([value, label]) => ({ value, label }))
const member = (row?: Row) => (row ? [] : [{ name: 'username', label: '会员用户名', type: 'text' as const, required: true, maxLength: 16 }])

/** Luhn over the digits typed (spaces allowed), as the server checks it. */
function luhn(v: unknown): string | null {
  const d = String(v ?? '').replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(d)) return '银行卡号须为 12-19 位数字'
  let sum = 0
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i])
    if (i % 2 === 1) { n *= 2; if (n > 9) n -= 9 }
    sum += n
  }
  return sum % 10 === 0 ? null : '银行卡号校验位不正确，请核对'
}

export function cardForm(row?: Row, full?: Card): Promise<unknown | null> {
  return openForm<FormValues>({
    title: row ? `编辑银行卡：${row.username}` : '绑定银行卡',
    fields: [
      ...member(row),
      { name: 'holder', label: '持卡人', type: 'text', required: true, maxLength: 32, hint: '须与会员真实姓名一致' },
      { name: 'bank_name', label: '开户银行', type: 'select', required: true, options: BANK_NAMES.map((b) => ({ value: b, label: b })) },
      { name: 'branch', label: '开户支行', type: 'text', maxLength: 80 },
      { name: 'card_no', label: '银行卡号', type: 'text', required: true, maxLength: 40, validate: luhn },
      { name: 'status', label: '状态', type: 'select', options: statusChoices, required: true },
      { name: 'is_default', label: '默认卡', type: 'switch' },
    ],
    initial: full ? { ...full, status: String(full.status) } : { status: '1' } as FormValues,
    submit: (v) => call(row ? API.card.edit : API.card.create, {
      ...(row ? { id: row.id } : { username: v.username }), holder: v.holder, bank_name: v.bank_name, branch: v.branch ?? '',
      card_no: v.card_no, status: Number(v.status), is_default: Boolean(v.is_default),
    }, { silent: true }),
  })
}

export function walletForm(row?: Row, full?: Wallet): Promise<unknown | null> {
  return openForm<FormValues>({
    title: row ? `编辑数字钱包：${row.username}` : '绑定数字钱包',
    fields: [
      ...member(row),
      { name: 'chain', label: '链类型', type: 'select', required: true, options: [{ value: 'TRC20', label: 'TRC20' }, { value: 'ERC20', label: 'ERC20' }] },
      { name: 'address', label: '钱包地址', type: 'text', required: true, maxLength: 64, hint: 'TRC20：T 开头 34 位；ERC20：0x 加 40 位十六进制' },
      { name: 'label', label: '备注名', type: 'text', maxLength: 32 },
      { name: 'status', label: '状态', type: 'select', options: statusChoices, required: true },
      { name: 'is_default', label: '默认钱包', type: 'switch' },
    ],
    initial: full ? { ...full, status: String(full.status) } : { status: '1', chain: 'TRC20' } as FormValues,
    submit: (v) => call(row ? API.wallet.edit : API.wallet.create, {
      ...(row ? { id: row.id } : { username: v.username }), chain: v.chain, address: v.address, label: v.label ?? '',
      status: Number(v.status), is_default: Boolean(v.is_default),
    }, { silent: true }),
  })
}

/** Shows a full card number or wallet address once fetched from show (logged on the server). */
export function revealDialog(title: string, lines: [string, string][], secret: string): Promise<void> {
  return mountModal<void>((done) => (
    <Modal title={title} onClose={() => done()}>
      <div className="kit-result" data-testid="reveal">
        <p className="mb-reveal" data-testid="reveal-value">{secret}</p>
        <dl className="kit-fields">
          {lines.map(([k, v]) => <div key={k} className="kit-field-row"><dt>{k}</dt><dd>{v}</dd></div>)}
        </dl>
        <p className="kit-muted">本次查看已记入操作日志</p>
        <div className="kit-form-actions">
          <button type="button" className="kit-btn kit-btn-primary" data-autofocus onClick={() => done()}>关闭</button>
        </div>
      </div>
    </Modal>
  ))
}
