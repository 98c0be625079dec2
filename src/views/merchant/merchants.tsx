// 商户列表: merchants with their quota (the quota account's balance) and its sum; Enter edits, q adds or reduces the
// focused merchant's quota, b opens its bills; Alt+Q from anywhere.
import { DataTable, type ListSpec } from '../kit/data-table'
import { CommandButton, ScreenHead } from '../kit/screen'
import { openWith, statusColumn } from '../kit/list-screen'
import { MERCHANT_STATUS } from '../../contract/merchant'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'

const spec: ListSpec = {
  list: MENU.merchants,
  title: '商户列表',
  endpoint: API.merchant.index,
  filters: [
    { name: 'code', title: '商户编码', type: 'text' },
    { name: 'name', title: '商户名称', type: 'text' },
    { name: 'status', title: '状态', type: 'select', options: MERCHANT_STATUS },
  ],
  columns: [
    { key: 'code', title: '商户编码', width: 130 },
    { key: 'name', title: '商户名称', width: 160 },
    { key: 'quota', title: '额度', width: 140, format: 'money' },
    statusColumn(MERCHANT_STATUS, 80),
    { key: 'contact', title: '联系人', width: 100 },
    { key: 'phone', title: '联系电话', width: 130 },
    { key: 'bill_count', title: '额度记录', width: 90, align: 'right' },
    { key: 'remark', title: '备注', width: 180 },
    { key: 'created_at', title: '创建时间', width: 165, format: 'datetime' },
  ],
  stats: [{ key: 'quota_stat.quota', title: '额度合计', format: 'money' }],
  onOpen: openWith('merchant.editMerchant'),
}

export default function MerchantsScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="商户列表" hint="Enter 编辑 · q 增减额度 · b 额度记录 · Alt+Q 随处增减额度 · 额度只能通过增减额度变动" />
      <DataTable spec={spec} actions={<><CommandButton id="merchant.createMerchant" primary /><CommandButton id="merchant.adjustQuota" /></>} />
    </section>
  )
}
