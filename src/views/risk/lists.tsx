// The lists of the risk area, each its endpoint's declaration: 会员登录记录, 封禁列表, 会员标签, 关联账号.
import { useMemo, useState } from 'react'
import { DataTable, type ListSpec } from '../kit/data-table'
import { ScreenHead } from '../kit/screen'
import { ListScreen, openWith } from '../kit/list-screen'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { ASSOCIATION_BY } from '../../contract/risk'

const logins: ListSpec = { list: MENU.memberLogins, title: '会员登录记录', endpoint: API.memberRisk.logins }
const bans: ListSpec = { list: MENU.bans, title: '封禁列表', endpoint: API.ban.index }
const tags: ListSpec = { list: MENU.tags, title: '会员标签', endpoint: API.tag.index, onOpen: openWith('risk.editTag') }

export const LoginsScreen = () => <ListScreen spec={logins} hint="会员站报告的每次登录；封禁的 IP 或设备登录失败也会记录" />
export const BansScreen = () => <ListScreen spec={bans} hint="被封禁的 IP 与设备不能登录或注册会员 · Shift+D 解除" buttons={['risk.createBan']} />
export const TagsScreen = () => <ListScreen spec={tags} hint="Enter 编辑 · Shift+D 删除 · 会员的风险等级取其标签中最高的" buttons={['risk.createTag']} />

export function AssociationsScreen() {
  const [by, setBy] = useState('ip')
  // The list answers one kind of shared value at a time; the kind is the screen's own switch, not a filter.
  const spec = useMemo<ListSpec>(() => ({
    list: MENU.associations, title: `关联账号（${ASSOCIATION_BY[by]}）`, endpoint: API.risk.shared, params: { by }, filters: [], rowKey: 'value', noExport: true,
  }), [by])
  return (
    <section className="kit-screen">
      <ScreenHead title="关联账号" hint="多个会员共用的 IP（近 30 天成功登录与注册）、设备、银行卡与钱包地址；虚拟与试玩账号不计" />
      <div className="kit-toolbar" role="group" aria-label="共用类型">
        {Object.entries(ASSOCIATION_BY).map(([k, label]) => (
          <button key={k} type="button" className={`kit-btn${by === k ? ' kit-btn-primary' : ''}`} aria-pressed={by === k} onClick={() => setBy(k)}>{label}</button>
        ))}
      </div>
      <DataTable spec={spec} />
    </section>
  )
}
