// 商户列表: merchants with their quota (the quota account's balance) and its sum; Enter edits, q adds or reduces the
// focused merchant's quota, b opens its bills; Alt+Q from anywhere.
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import { MERCHANT_API, MERCHANT_PATHS, MERCHANT_STATUS } from '../../contract/merchant'

const spec: ListSpec = {
  list: MERCHANT_PATHS.merchants,
  title: '商户列表',
  endpoint: `${MERCHANT_API.merchant}/index`,
  filters: [
    { name: 'code', title: '商户编码', type: 'text' },
    { name: 'name', title: '商户名称', type: 'text' },
    { name: 'status', title: '状态', type: 'select', options: MERCHANT_STATUS },
  ],
  columns: [
    { key: 'code', title: '商户编码', width: 130 },
    { key: 'name', title: '商户名称', width: 160 },
    { key: 'quota', title: '额度', width: 140, format: 'money' },
    { key: 'status', title: '状态', width: 80, format: MERCHANT_STATUS, render: (r) => <Tag tone={r.status === 1 ? 'ok' : 'off'}>{MERCHANT_STATUS[Number(r.status)]}</Tag> },
    { key: 'contact', title: '联系人', width: 100 },
    { key: 'phone', title: '联系电话', width: 130 },
    { key: 'bill_count', title: '额度记录', width: 90, align: 'right' },
    { key: 'remark', title: '备注', width: 180 },
    { key: 'created_at', title: '创建时间', width: 165, format: 'datetime' },
  ],
  stats: [{ key: 'quota_stat.quota', title: '额度合计', format: 'money' }],
  onOpen: (row) => {
    if (!canRun('merchant.editMerchant')) return false
    void runRowCommand('merchant.editMerchant', undefined, { rows: [row] })
  },
}

export default function MerchantsScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="商户列表" hint="Enter 编辑 · q 增减额度 · b 额度记录 · Alt+Q 随处增减额度 · 额度只能通过增减额度变动" />
      <DataTable spec={spec} actions={<><CommandButton id="merchant.createMerchant" primary /><CommandButton id="merchant.adjustQuota" /></>} />
    </section>
  )
}
