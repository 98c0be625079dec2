// 新增会员 / 编辑会员 as routed pages (MENU.memberCreate, MENU.memberEdit with ?id=N): passwords RSA-encrypted, balances never a field;
// a changed 限红 is set after the save through /api/member/limit.
import { useEffect, useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { call } from '../../core/api'
import { refreshList } from '../../core/context'
import { toast } from '../../core/toast'
import { encryptPassword } from '../../core/rsa'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { MEMBER_STATUS, type MemberDetail } from '../../contract/member'
import { FormPage, PageState } from '../kit/form-page'
import type { FieldSpec, FormSpec, FormValues } from '../kit/form-types'
import { agentChoices, levelChoices } from './choices'
import { limitChoices } from '../exposure/choices'

const statusChoices = Object.entries(MEMBER_STATUS).map(([value, label]) => ({ value, label }))

function fields(editing: boolean): FieldSpec[] {
  return [
    { name: 'username', label: '用户名', type: 'text', required: true, maxLength: 16, autoComplete: 'off', hint: '4-16 位字母、数字或下划线',
      validate: (v) => (/^[A-Za-z0-9_]{4,16}$/.test(String(v ?? '')) ? null : '用户名须为 4-16 位字母、数字或下划线') },
    { name: 'password', label: '登录密码', type: 'password', required: !editing, hint: editing ? '留空则不修改' : '6-20 位',
      validate: (v) => (v && ([...String(v)].length < 6 || [...String(v)].length > 20) ? '登录密码长度须为 6-20 位' : null) },
    { name: 'fund_password', label: '资金密码', type: 'password', hint: editing ? '留空则不修改' : '6 位数字，可不填',
      validate: (v) => (v && !/^\d{6}$/.test(String(v)) ? '资金密码须为 6 位数字' : null) },
    { name: 'nickname', label: '昵称', type: 'text', maxLength: 32 },
    { name: 'real_name', label: '真实姓名', type: 'text', maxLength: 32, hint: '绑定银行卡时持卡人须与之一致' },
    { name: 'phone', label: '手机号', type: 'text', maxLength: 11,
      validate: (v) => (v && !/^1[3-9]\d{9}$/.test(String(v)) ? '请输入 11 位大陆手机号' : null) },
    { name: 'level_id', label: '会员等级', type: 'select', options: levelChoices, emptyLabel: '默认等级' },
    { name: 'agent_id', label: '所属代理', type: 'select', options: agentChoices, emptyLabel: '无' },
    { name: 'limit_id', label: '限红', type: 'select', options: limitChoices, emptyLabel: '不限', hint: '会员的单注与每期投注上限（限红设置）' },
    { name: 'status', label: '状态', type: 'select', options: statusChoices, required: true },
    ...(editing ? [{ name: 'is_agent', label: '设为代理', type: 'switch' as const, hint: '代理可发展下级会员' }] : []),
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200 },
  ]
}

async function payload(v: FormValues, id?: number): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {
    username: v.username, nickname: v.nickname ?? '', real_name: v.real_name ?? '', phone: v.phone ?? '',
    level_id: v.level_id ? Number(v.level_id) : null, agent_id: v.agent_id ? Number(v.agent_id) : null,
    status: Number(v.status ?? 1), remark: v.remark ?? '',
  }
  if (id !== undefined) { body.id = id; body.is_agent = Boolean(v.is_agent) }
  if (v.password) body.password = await encryptPassword(String(v.password))
  if (v.fund_password) body.fund_password = await encryptPassword(String(v.fund_password))
  return body
}

function spec(member?: MemberDetail): FormSpec {
  return {
    title: member ? `编辑会员：${member.username}` : '新增会员',
    fields: fields(Boolean(member)),
    initial: member
      ? { ...member, level_id: member.level_id ?? '', agent_id: member.agent_id ?? '', limit_id: member.limit_id ?? '', status: String(member.status), password: '', fund_password: '' }
      : { status: '1' },
    submitText: member ? '保存' : '创建',
    submit: async (values) => {
      const saved = await call(member ? API.member.edit : API.member.create, await payload(values, member?.id), { silent: true })
      const limit = values.limit_id ? Number(values.limit_id) : null
      if (limit !== (member?.limit_id ?? null)) await call(API.memberLimit.set, { member_id: Number(saved.id), limit_id: limit }, { silent: true })
      refreshList(MENU.member)
      toast.success(member ? '会员已保存' : '会员已创建')
    },
  }
}

function EditMember({ id }: { id: number }) {
  const [state, setState] = useState<{ s: 'loading' | 'error' | 'ok'; member?: MemberDetail }>({ s: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    setState({ s: 'loading' })
    call(API.member.show, { id }, { silent: true }).then(
      (member) => live && setState({ s: 'ok', member }),
      () => live && setState({ s: 'error' }),
    )
    return () => { live = false }
  }, [id, attempt])
  const form = useMemo(() => (state.member ? spec(state.member) : null), [state.member])
  return (
    <PageState state={state.s} onRetry={() => setAttempt((n) => n + 1)}>
      {form && <FormPage spec={form} backTo={MENU.member} />}
    </PageState>
  )
}

export default function MemberFormScreen() {
  const [path] = useLocation()
  const id = Number(new URLSearchParams(useSearch()).get('id'))
  const create = useMemo(() => spec(), [])
  if (path.endsWith('/create')) return <FormPage spec={create} backTo={MENU.member} />
  if (!id) return <div className="kit-state" role="alert">缺少会员 id，请从会员列表进入编辑</div>
  return <EditMember key={id} id={id} />
}
