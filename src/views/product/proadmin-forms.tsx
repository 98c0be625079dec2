// The product admin form dialog: the shared account fields with the product's roles; password RSA-encrypted.
import { call } from '../../core/api'
import type { Row } from '../../core/command'
import { API } from '../../contract/api'
import type { Admin } from '../../contract/admin'
import { openForm } from '../kit/form-dialog'
import { accountFields, accountInitial, accountPayload, roleChoices } from '../kit/account-form'

const roles = roleChoices(API.proadmin.roles)

export function proadminForm(row?: Row): Promise<unknown | null> {
  const admin = row as unknown as Admin | undefined
  return openForm({
    title: admin ? `编辑产品管理员：${admin.username}` : '新增产品管理员',
    fields: accountFields(Boolean(admin), roles),
    initial: accountInitial(admin),
    submit: async (values) => call(admin ? API.proadmin.edit : API.proadmin.create, await accountPayload(values, admin?.id), { silent: true }),
  })
}
