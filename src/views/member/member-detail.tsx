// The member drawer's body (member.show, logged as a read): balances, risk (tags, level, freeze, notes and the risk
// commands), facts, turnover, money summary, cards, wallets and the latest balance changes. Opened from the member list
// (Enter) and by 查找会员 from anywhere; a command on the member (its list's refresh) reloads it in place.
import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { api } from '../../core/api'
import { consoleState } from '../../core/context'
import { MENU } from '../../contract/menus'
import { MEMBER_STATUS } from '../../contract/member'
import { TRANSFER_TYPE } from '../../contract/ledger'
import { label } from '../../contract/enums'
import { Drawer, FieldList } from '../kit/drawer'
import { PageState } from '../kit/form-page'
import { formatMoney } from '../../contract/format'
import { mountModal } from '../kit/form-dialog'
import { useLoad } from '../kit/use-load'
import { RiskSection } from './member-risk'
import { TurnoverSection } from './member-turnover'
import './member.css'

/** Cards or wallets of the member, when the admin may see that list; otherwise a quiet note. */
function Payees({ id }: { id: number }) {
  const cards = useLoad(() => api.card.index({ member_id: id, per_page: 50 }, { silent: true }), [id])
  const wallets = useLoad(() => api.wallet.index({ member_id: id, per_page: 50 }, { silent: true }), [id])
  return (
    <>
      <section className="mb-section" data-testid="member-cards">
        <h3>银行卡</h3>
        {cards.state === 'error' ? <p className="kit-muted">无权查看银行卡</p> : !cards.data?.items.length ? <p className="kit-muted">{cards.state === 'loading' ? '加载中…' : '未绑定'}</p> : (
          <table className="mb-mini"><tbody>
            {cards.data.items.map((c) => <tr key={c.id}><td>{c.bank_name}</td><td>{c.card_no}</td><td>{c.holder}</td><td>{c.is_default ? '默认' : ''}</td></tr>)}
          </tbody></table>
        )}
      </section>
      <section className="mb-section" data-testid="member-wallets">
        <h3>数字钱包</h3>
        {wallets.state === 'error' ? <p className="kit-muted">无权查看数字钱包</p> : !wallets.data?.items.length ? <p className="kit-muted">{wallets.state === 'loading' ? '加载中…' : '未绑定'}</p> : (
          <table className="mb-mini"><tbody>
            {wallets.data.items.map((w) => <tr key={w.id}><td>{w.chain}</td><td>{w.address}</td><td>{w.label}</td><td>{w.is_default ? '默认' : ''}</td></tr>)}
          </tbody></table>
        )}
      </section>
    </>
  )
}

export function MemberDetailBody({ id }: { id: number }) {
  const tick = useSnapshot(consoleState).refresh[MENU.member] ?? 0
  const { state, data: m, retry } = useLoad(() => api.member.show({ id }), [id], [tick])
  let body: ReactNode = null
  if (m) {
    const s = m.summary
    body = (
      <div data-testid="member-detail" data-member={m.username}>
        <div className="mb-balances">
          <div className="mb-balance">可用余额<b data-testid="member-balance">{formatMoney(m.balance)}</b></div>
          <div className="mb-balance">冻结金额<b>{formatMoney(m.frozen)}</b></div>
          <div className="mb-balance">余额宝<b>{formatMoney(m.interest_balance)}</b></div>
        </div>
        <RiskSection m={m} />
        <section className="mb-section">
          <h3>基本资料</h3>
          <FieldList row={{ ...m, id: m.id }} fields={[
            { key: 'username', title: '用户名' }, { key: 'nickname', title: '昵称' }, { key: 'real_name', title: '真实姓名' },
            { key: 'phone', title: '手机号' }, { key: 'level_name', title: '会员等级' }, { key: 'agent_name', title: '所属代理' },
            { key: 'limit_name', title: '限红', render: () => m.limit_name || '不限' },
            { key: 'status', title: '状态', format: MEMBER_STATUS }, { key: 'is_agent', title: '是否代理', format: 'bool' },
            { key: 'invite_code', title: '邀请码' }, { key: 'created_at', title: '注册时间' }, { key: 'register_ip', title: '注册 IP' },
          ]} />
        </section>
        <TurnoverSection id={m.id} tick={tick} />
        <section className="mb-section">
          <h3>资金汇总</h3>
          <FieldList row={{ ...s, id: m.id } as never} fields={[
            { key: 'recharge_total', title: `充值（${s.recharge_count} 笔）`, format: 'money' },
            { key: 'withdraw_total', title: `提现（${s.withdraw_count} 笔）`, format: 'money' },
            { key: 'bet_total', title: `投注（${s.bet_count} 笔）`, format: 'money' },
            { key: 'payout_total', title: '派彩', format: 'money' },
            { key: 'win_loss', title: '输赢', format: 'money' },
          ]} />
        </section>
        <Payees id={m.id} />
        <section className="mb-section" data-testid="member-changes">
          <h3>最近账变</h3>
          {!m.recent_changes.length ? <p className="kit-muted">暂无账变</p> : (
            <table className="mb-mini">
              <thead><tr><th>时间</th><th>类型</th><th>金额</th><th>变动后</th><th>备注</th></tr></thead>
              <tbody>
                {m.recent_changes.map((c) => (
                  <tr key={c.id}>
                    <td>{c.created_at}</td>
                    <td>{label(TRANSFER_TYPE, c.type)}</td>
                    <td className={`num ${c.amount.startsWith('-') ? 'mb-out' : 'mb-in'}`}>{formatMoney(c.amount)}</td>
                    <td className="num">{formatMoney(c.after)}</td>
                    <td>{c.remark || c.ref}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    )
  }
  return <PageState state={state} onRetry={retry}>{body}</PageState>
}

/** The member drawer on its own (查找会员 from any screen); resolves when it is closed. */
export function openMemberDrawer(id: number, title = '会员详情'): Promise<void> {
  return mountModal<void>((done) => (
    <Drawer title={title} onClose={() => done()} wide>
      <MemberDetailBody id={id} />
    </Drawer>
  ))
}
