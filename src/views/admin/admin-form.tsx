// 新增管理员 / 编辑管理员 as routed pages (MENU.adminCreate, MENU.adminEdit with ?id=N): the account form, password RSA-encrypted.
import { useEffect, useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { api, call } from '../../core/api'
import { refreshList } from '../../core/context'
import { toast } from '../../core/toast'
import type { Admin } from '../../contract/admin'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { FormPage, PageState } from '../kit/form-page'
import { accountFields, accountInitial, accountPayload, roleChoices } from '../kit/account-form'
import type { FormSpec } from '../kit/form-types'

const LIST = MENU.admins
const roles = roleChoices(API.sysrole.index)

/** The admin with this id (the index filtered by id). */
async function loadAdmin(id: number): Promise<Admin> {
  const page = await api.sysadmin.index({ id }, { silent: true })
  const found = page.items.find((a) => a.id === id)
  if (!found) throw new Error('管理员不存在')
  return found
}

function spec(admin?: Admin): FormSpec {
  return {
    title: admin ? `编辑管理员：${admin.username}` : '新增管理员',
    fields: accountFields(Boolean(admin), roles),
    initial: accountInitial(admin),
    submitText: admin ? '保存' : '创建',
    submit: async (values) => {
      const body = await accountPayload(values, admin?.id)
      await call(admin ? API.sysadmin.edit : API.sysadmin.create, body, { silent: true })
      refreshList(LIST)
      toast.success(admin ? '管理员已保存' : '管理员已创建')
    },
  }
}

function EditAdmin({ id }: { id: number }) {
  const [state, setState] = useState<{ s: 'loading' | 'error' | 'ok'; admin?: Admin; msg?: string }>({ s: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    setState({ s: 'loading' })
    loadAdmin(id).then(
      (admin) => live && setState({ s: 'ok', admin }),
      (e: unknown) => live && setState({ s: 'error', msg: e instanceof Error ? e.message : '' }),
    )
    return () => { live = false }
  }, [id, attempt])
  const form = useMemo(() => (state.admin ? spec(state.admin) : null), [state.admin])
  return (
    <PageState state={state.s} onRetry={() => setAttempt((n) => n + 1)}>
      {form && <FormPage spec={form} backTo={LIST} />}
    </PageState>
  )
}

export default function AdminFormScreen() {
  const [path] = useLocation()
  const search = useSearch()
  const id = Number(new URLSearchParams(search).get('id'))
  const create = useMemo(() => spec(), [])
  if (path.endsWith('/create')) return <FormPage spec={create} backTo={LIST} />
  if (!id) return <div className="kit-state" role="alert">缺少管理员 id，请从管理员列表进入编辑</div>
  return <EditAdmin key={id} id={id} />
}
