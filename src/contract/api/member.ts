// Endpoints of the member area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
import { Type } from '@sinclair/typebox'
import { post } from '../endpoint'
import { MENU } from '../menus'
import { Text } from '../schema'
import type { MemberSuggestion } from '../member'

/** Every screen whose form picks a member by username may ask for suggestions. */
const SUGGEST_MENUS = [MENU.member, MENU.manual, MENU.gift, MENU.recharge, MENU.withdraw, MENU.balance, MENU.cards, MENU.wallets, MENU.bets] as const

export const member = {
  suggest: post<MemberSuggestion[]>()('/api/member/suggest', SUGGEST_MENUS, 'R', '按用户名前缀联想会员（最多 10 个）',
    Type.Object({ username: Text('用户名', 16) })),
}
