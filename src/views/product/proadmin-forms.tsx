// The product admin form dialog: the shared account fields with the product's roles; password RSA-encrypted.
import { http } from '../../core/http'
import type { Row } from '../../core/command'
import { API, type Admin } from '../../contract/admin'
import { openForm } from '../kit/form-dialog'
import { accountFields, accountInitial, accountPayload, roleChoices } from '../kit/account-form'

const roles = roleChoices(`${API.proadmin}/role/index`)

export function proadminForm(row?: Row): Promise<unknown | null> {
  const admin = row as unknown as Admin | undefined
  return openForm({
    title: admin ? `编辑产品管理员：${admin.username}` : '新增产品管理员',
    fields: accountFields(Boolean(admin), roles),
    initial: accountInitial(admin),
    submit: async (values) => {
      const body = await accountPayload(values, admin?.id)
      return http.post(`${API.proadmin}/${admin ? 'edit' : 'create'}`, body, { silent: true })
    },
  })
}
