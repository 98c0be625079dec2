// 批量赠送彩金: usernames (one a line, up to 1,000), amount and remark in a form, then a preview of the total, then one
// request under one idempotency key; the answer's result per member is shown, failures first.
import { openForm, Modal, mountModal } from '../kit/form-dialog'
import { confirm } from '../../core/dialogs'
import { centsText, toCents } from '../../contract/money'
import { GIFT_BATCH_MAX, type GiftAnswer } from '../../contract/finance'
import { API } from '../../contract/api'
import { cancelled, postOnce } from '../../core/ops'
import './finance.css'

const names = (text: unknown) => [...new Set(String(text ?? '').split(/[\s,，;；]+/).map((s) => s.trim()).filter(Boolean))]

function results(answer: GiftAnswer): Promise<void> {
  const sorted = [...answer.results].sort((a, b) => Number(a.ok) - Number(b.ok))
  return mountModal<void>((done) => (
    <Modal title={`彩金赠送结果：成功 ${answer.ok}，失败 ${answer.failed}`} onClose={() => done()}>
      <div className="kit-result" data-testid="gift-results">
        <p>共赠送 {answer.total} 元（每人 {answer.amount} 元）</p>
        <ul className="fin-results">
          {sorted.map((r) => (
            <li key={r.username} className={r.ok ? undefined : 'fin-bad'}>
              <b>{r.username}</b>：{r.ok ? `${r.msg}，余额 ${r.before} → ${r.after}` : r.msg}
            </li>
          ))}
        </ul>
        <div className="kit-form-actions">
          <button type="button" className="kit-btn kit-btn-primary" data-autofocus onClick={() => done()}>知道了</button>
        </div>
      </div>
    </Modal>
  ))
}

export async function giftBatch(): Promise<GiftAnswer> {
  const values = await openForm<{ usernames: string; amount: string; remark: string }>({
    title: '批量赠送彩金',
    submitText: '预览',
    fields: [
      { name: 'usernames', label: '会员用户名', type: 'textarea', required: true, hint: `每行一个，或用逗号、空格分隔，最多 ${GIFT_BATCH_MAX} 个`,
        validate: (v) => (names(v).length > GIFT_BATCH_MAX ? `最多 ${GIFT_BATCH_MAX} 个会员` : null) },
      { name: 'amount', label: '每人金额（元）', type: 'text', required: true, validate: (v) => ((toCents(String(v)) ?? 0) > 0 ? null : '请输入大于 0 的金额，最多两位小数') },
      { name: 'remark', label: '备注', type: 'text', required: true, maxLength: 200 },
    ],
    submit: async (v) => v,
  }) as { usernames: string; amount: string; remark: string } | null
  if (!values) throw cancelled()
  const list = names(values.usernames)
  const each = toCents(values.amount)!
  const ok = await confirm({
    title: `赠送彩金：${list.length} 个会员，共 ${centsText(each * list.length)} 元`, okText: '赠送',
    lines: [`每人 ${centsText(each)} 元，从彩金账户计入会员可用余额`, ...list.slice(0, 10), ...(list.length > 10 ? [`…等共 ${list.length} 个`] : []), `备注：${values.remark}`],
  })
  if (!ok) throw cancelled()
  const answer = await postOnce(API.giftmoney.create, { usernames: list, type: 7, amount: values.amount, remark: values.remark, confirm: true })
  await results(answer)
  return answer
}
