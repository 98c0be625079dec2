// 网站白名单: the member site's allowed addresses (payment callbacks, access during maintenance), 12 a page.
import { openWith } from '../kit/list-screen'
import { DataTable, type ListSpec } from '../kit/data-table'
import { CommandButton, ScreenHead } from '../kit/screen'
import { PAGE_SIZES } from '../../contract/common'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'

const spec: ListSpec = {
  list: MENU.whitelist,
  title: '网站白名单',
  endpoint: API.whitelist.index,
  perPage: PAGE_SIZES.whitelist,
  filters: [{ name: 'ip', title: 'IP', type: 'text', placeholder: '包含此 IP 的条目' }],
  columns: [
    { key: 'ip', title: 'IP / 网段', width: 220 },
    { key: 'remark', title: '备注', width: 240 },
    { key: 'admin', title: '添加人', width: 120 },
    { key: 'created_at', title: '添加时间', width: 170, format: 'datetime' },
  ],
  onOpen: openWith('settings.editWhitelist'),
}

export default function SiteWhitelistScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="网站白名单" hint="Enter 编辑 · Shift+D 删除 · 维护模式下只有名单内的地址能访问会员站" />
      <DataTable spec={spec} actions={<CommandButton id="settings.createWhitelist" primary />} />
    </section>
  )
}
