// 限红设置 and 大额中奖: lists as their endpoints declare them.
import { ListScreen, openWith } from '../kit/list-screen'
import type { ListSpec } from '../kit/data-table'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'

const limits: ListSpec = { list: MENU.limits, title: '限红设置', endpoint: API.limit.index, onOpen: openWith('exposure.editLimit') }
const bigwins: ListSpec = { list: MENU.bigwins, title: '大额中奖', endpoint: API.bigwins.index }

export const LimitsScreen = () => <ListScreen spec={limits} hint="会员的单注与每期投注上限 · Enter 编辑 · Shift+D 删除 · 在会员列表按 Shift+L 设置会员的限红" buttons={['exposure.createLimit']} />
export const BigWinsScreen = () => <ListScreen spec={bigwins} hint="派彩达到财务设置「大额中奖金额」的真实会员投注，最新在前" />
