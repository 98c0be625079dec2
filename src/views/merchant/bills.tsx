// 额度记录: merchants' quota bills, 13 a page, with before/after, the recharge order that consumed it, and the sums.
import { useEffect, useMemo, useState } from 'react'
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { CommandButton, ScreenHead } from '../kit/screen'
import { api } from '../../core/api'
import { PAGE_SIZES } from '../../contract/common'
import { QUOTA_TYPE } from '../../contract/enums'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import type { Choice } from '../kit/types'

function spec(merchants: Choice[]): ListSpec {
  return {
    list: MENU.bills,
    title: '额度记录',
    endpoint: API.bills.index,
    perPage: PAGE_SIZES.bills,
    filters: [
      { name: 'merchant_id', title: '商户', type: 'select', options: merchants },
      { name: 'type', title: '类型', type: 'select', options: QUOTA_TYPE },
      { name: 'ref', title: '关联单号', type: 'text' },
      { name: 'start_time', title: '开始日期', type: 'date' },
      { name: 'end_time', title: '结束日期', type: 'date', endOfDay: true },
    ],
    columns: [
      { key: 'merchant_name', title: '商户', width: 150 },
      { key: 'type', title: '类型', width: 100, format: QUOTA_TYPE, render: (r) => <Tag tone={r.type === 21 ? 'ok' : 'warn'}>{QUOTA_TYPE[Number(r.type)]}</Tag> },
      { key: 'amount', title: '金额', width: 130, format: 'money' },
      { key: 'before', title: '变动前额度', width: 140, format: 'money' },
      { key: 'after', title: '变动后额度', width: 140, format: 'money' },
      { key: 'ref', title: '关联单号', width: 190 },
      { key: 'remark', title: '备注', width: 160 },
      { key: 'admin', title: '操作人', width: 100 },
      { key: 'created_at', title: '时间', width: 165, format: 'datetime' },
    ],
    stats: [{ key: 'money_stat.add', title: '增加', format: 'money' }, { key: 'money_stat.reduce', title: '减少', format: 'money' }],
  }
}

export default function BillsScreen() {
  const [merchants, setMerchants] = useState<Choice[]>([])
  useEffect(() => {
    api.merchant.index({ per_page: 1000 }, { silent: true })
      .then((p) => setMerchants(p.items.map((m) => ({ value: String(m.id), label: `${m.name}（${m.code}）` }))), () => undefined)
  }, [])
  const list = useMemo(() => spec(merchants), [merchants])
  return (
    <section className="kit-screen">
      <ScreenHead title="额度记录" hint="21 增加额度 · 22 减少额度（含充值消耗）· 记录只增不改" />
      <DataTable spec={list} actions={<CommandButton id="merchant.adjustQuota" />} />
    </section>
  )
}
