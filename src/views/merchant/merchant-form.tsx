// The merchant form dialog ({code, name, contact, phone, status, remark}); the quota is never a field here.
import { api } from '../../core/api'
import type { Row } from '../../core/command'
import { openForm } from '../kit/form-dialog'
import { MERCHANT_STATUS } from '../../contract/merchant'

export function merchantForm(row?: Row): Promise<unknown | null> {
  return openForm<Record<string, unknown>>({
    title: row ? `编辑商户：${row.name}` : '新增商户',
    fields: [
      { name: 'code', label: '商户编码', type: 'text', required: true, maxLength: 32, placeholder: '字母、数字、_ 或 -',
        validate: (v) => (/^[A-Za-z0-9_-]{2,32}$/.test(String(v ?? '').trim()) ? null : '2-32 位字母、数字、_ 或 -') },
      { name: 'name', label: '商户名称', type: 'text', required: true, maxLength: 40 },
      { name: 'contact', label: '联系人', type: 'text', maxLength: 32 },
      { name: 'phone', label: '联系电话', type: 'text', maxLength: 20 },
      { name: 'status', label: '状态', type: 'select', required: true, options: Object.entries(MERCHANT_STATUS).map(([value, label]) => ({ value, label })) },
      { name: 'remark', label: '备注', type: 'textarea', maxLength: 200 },
    ],
    initial: row ? { code: row.code, name: row.name, contact: row.contact, phone: row.phone, status: String(row.status), remark: row.remark } : { status: '1' },
    submit: (v) => {
      const body = {
        code: String(v.code).trim(), name: String(v.name), contact: String(v.contact ?? ''), phone: String(v.phone ?? ''),
        status: Number(v.status), remark: String(v.remark ?? ''),
      }
      return row ? api.merchant.edit({ id: Number(row.id), ...body }, { silent: true }) : api.merchant.create(body, { silent: true })
    },
  })
}
