// The admin-account form shared by 管理员 and 产品管理员: fields, role choices and the payload with an RSA-encrypted password.
import { call } from '../../core/api'
import type { Endpoint } from '../../contract/endpoint'
import { encryptPassword } from '../../core/rsa'
import type { Admin } from '../../contract/admin'
import type { FieldSpec, FormValues } from './form-types'
import type { Choice } from './types'

/** Role choices from a role index (GET …?per_page=1000): its rows under `items` or `data`. */
export function roleChoices(endpoint: Endpoint<any, any>): () => Promise<Choice[]> {
  return async () => {
    const raw = await call(endpoint, { per_page: 1000 }, { silent: true }) as Record<string, unknown>
    const rows = (Array.isArray(raw.items) ? raw.items : Array.isArray(raw.data) ? raw.data : []) as { id: number; name: string }[]
    return rows.map((r) => ({ value: String(r.id), label: r.name }))
  }
}

export function accountFields(editing: boolean, roles: () => Promise<Choice[]>): FieldSpec[] {
  return [
    { name: 'username', label: '用户名', type: 'text', required: true, maxLength: 32, autoComplete: 'off' },
    { name: 'nickname', label: '昵称', type: 'text', required: true, maxLength: 32 },
    { name: 'password', label: '密码', type: 'password', required: !editing, hint: editing ? '留空则不修改密码' : '8-64 位',
      validate: (v) => (v && ([...String(v)].length < 8 || [...String(v)].length > 64) ? '密码长度需为 8-64 位' : null) },
    { name: 'role_ids', label: '角色', type: 'multiselect', required: true, options: roles },
    { name: 'status', label: '状态', type: 'switch', hint: '关闭即禁用该账号' },
  ]
}

export function accountInitial(row?: Partial<Admin>): FormValues {
  if (!row) return { status: true, role_ids: [] }
  return {
    username: row.username ?? '',
    nickname: row.nickname ?? '',
    password: '',
    role_ids: (row.role_ids ?? row.roles?.map((r) => r.id) ?? []).map(String),
    status: row.status === 1,
  }
}

/** The body of create/edit: the password encrypted, or left out when blank on edit. */
export async function accountPayload(values: FormValues, id?: number): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {
    username: values.username,
    nickname: values.nickname,
    role_ids: ((values.role_ids as string[]) ?? []).map(Number),
    status: values.status ? 1 : 0,
  }
  if (id !== undefined) body.id = id
  const plain = String(values.password ?? '')
  if (plain) body.password = await encryptPassword(plain)
  return body
}
