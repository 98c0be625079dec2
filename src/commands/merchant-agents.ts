// 代理列表 (商户管理): the agents screen and editing an agent's rebate, status and remark.
import { defineCommands } from '../core/registry'
import { MENU } from '../contract/menus'
import { crud } from './crud'

const [agentList, editAgent] = crud({
  list: MENU.agents, noun: '代理', keywords: ['agent', 'daili'],
  open: { id: 'merchant.agentList', title: '代理列表', view: () => import('../views/merchant/agents') },
  edit: { id: 'merchant.editAgent', title: '编辑代理返点', form: async (row) => (await import('../views/merchant/agent-forms')).agentForm(row) },
})

// The edit is found by what it changes (the rebate) too.
defineCommands([agentList, { ...editAgent, keywords: ['agent', 'rebate', 'fandian'] }])
