// 代理列表 (商户管理): the agents screen and editing an agent's rebate, status and remark.
import { defineCommands } from '../core/registry'
import { refreshList } from '../core/context'
import { one, orCancel } from './admin-shared'

const A = '/layout/merchant/agents'

defineCommands([
  { id: 'merchant.agentList', title: '代理列表', keywords: ['agent', 'daili'], menu: A, path: A, view: () => import('../views/merchant/agents') },
  {
    id: 'merchant.editAgent', title: '编辑代理返点', keywords: ['agent', 'rebate', 'fandian'], menu: A, action: 'U', on: 'rows', list: A, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const r = orCancel(await (await import('../views/merchant/agent-forms')).agentForm(ctx.rows[0]))
      refreshList(A)
      return r
    },
  },
])
