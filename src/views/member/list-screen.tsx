// The list the member area's bank cards and wallets share.
import type { ColumnSpec, FilterSpec, ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { openWith, statusColumn } from '../kit/list-screen'
import { CARD_STATUS } from '../../contract/member'

/**
 * A list of bank cards or wallets: the owner first, the kind's own filters and columns, then its default mark, status
 * and binding time; Enter runs `edit`.
 */
export function payeeList(p: Pick<ListSpec, 'list' | 'title' | 'endpoint'> & { edit: string; filters: FilterSpec[]; columns: ColumnSpec[] }): ListSpec {
  return {
    list: p.list, title: p.title, endpoint: p.endpoint,
    filters: [{ name: 'username', title: '会员用户名', type: 'text' }, ...p.filters, { name: 'status', title: '状态', type: 'select', options: CARD_STATUS }],
    columns: [
      { key: 'id', title: 'ID', width: 70, hidden: true },
      { key: 'username', title: '会员', width: 130 },
      ...p.columns,
      { key: 'is_default', title: '默认', width: 60, format: 'bool', render: (r) => (r.is_default ? <Tag tone="info">默认</Tag> : null) },
      statusColumn(CARD_STATUS),
      { key: 'created_at', title: '绑定时间', width: 160, format: 'datetime' },
    ],
    onOpen: openWith(p.edit),
  }
}
