// 会员列表: real members as a declared, cursor-paged list with balance sums; Enter opens the member drawer.
import { useEffect, useMemo, useState } from 'react'
import type { ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { MEMBER_STATUS, YES_NO } from '../../contract/member'
import { PAGE_SIZES } from '../../contract/common'
import type { Choice } from '../kit/types'
import { MemberDetailBody } from './member-detail'
import { levelChoices, tagChoices } from './choices'
import { ListScreen, statusColumn } from '../kit/list-screen'
import { riskColumn } from '../risk/cells'
import { RISK_LEVEL } from '../../contract/risk'

function spec(levels: Choice[], tags: Choice[]): ListSpec {
  return {
    list: MENU.member,
    title: '会员列表',
    endpoint: API.member.index,
    perPage: PAGE_SIZES.member,
    filters: [
      { name: 'username', title: '用户名', type: 'text', placeholder: '前缀匹配' },
      { name: 'real_name', title: '真实姓名', type: 'text' },
      { name: 'phone', title: '手机号', type: 'text' },
      { name: 'level_id', title: '会员等级', type: 'select', options: levels },
      { name: 'is_agent', title: '代理', type: 'select', options: YES_NO },
      { name: 'status', title: '状态', type: 'select', options: MEMBER_STATUS },
      { name: 'tag_id', title: '标签', type: 'select', options: tags },
      { name: 'risk_level', title: '风险等级', type: 'select', options: RISK_LEVEL },
      { name: 'start_time', title: '注册起', type: 'date' },
      { name: 'end_time', title: '注册止', type: 'date', endOfDay: true },
      { name: 'balance_min', title: '余额≥', type: 'text' },
      { name: 'balance_max', title: '余额≤', type: 'text' },
    ],
    columns: [
      { key: 'id', title: 'ID', width: 70 },
      { key: 'username', title: '用户名', width: 130 },
      riskColumn(),
      { key: 'nickname', title: '昵称', width: 100 },
      { key: 'real_name', title: '真实姓名', width: 90 },
      { key: 'phone', title: '手机号', width: 120 },
      { key: 'level_name', title: '等级', width: 90 },
      { key: 'agent_name', title: '所属代理', width: 120 },
      { key: 'is_agent', title: '代理', width: 60, format: 'bool', render: (r) => (r.is_agent ? <Tag tone="info">代理</Tag> : null) },
      statusColumn(MEMBER_STATUS),
      { key: 'balance', title: '可用余额', width: 120, format: 'money' },
      { key: 'frozen', title: '冻结金额', width: 110, format: 'money' },
      { key: 'interest_balance', title: '余额宝', width: 110, format: 'money' },
      { key: 'total_recharge', title: '累计充值', width: 120, format: 'money', hidden: true },
      { key: 'total_withdraw', title: '累计提现', width: 120, format: 'money', hidden: true },
      { key: 'register_ip', title: '注册 IP', width: 130, hidden: true },
      { key: 'created_at', title: '注册时间', width: 160, format: 'datetime' },
    ],
    stats: [
      { key: 'balance_stat.balance', title: '可用余额', format: 'money' },
      { key: 'balance_stat.frozen', title: '冻结金额', format: 'money' },
      { key: 'balance_stat.interest_balance', title: '余额宝', format: 'money' },
    ],
    detail: (row) => <MemberDetailBody id={Number(row.id)} />,
  }
}

export default function MembersScreen() {
  const [levels, setLevels] = useState<Choice[]>([])
  const [tags, setTags] = useState<Choice[]>([])
  useEffect(() => {
    levelChoices().then(setLevels, () => setLevels([]))
    tagChoices().then(setTags, () => setTags([]))
  }, [])
  const list = useMemo(() => spec(levels, tags), [levels, tags])
  return <ListScreen spec={list} hint="j/k 移动 · Enter 详情 · e 编辑 · b 标签 · n 备注 · x 选择 · / 筛选 · Alt+M 查找会员" buttons={['member.findMember', 'member.createMember']} />
}
