// The website whitelist entry form ({ip, remark}); the server validates IPv4, IPv6 and CIDR and refuses duplicates.
import { api } from '../../core/api'
import type { Row } from '../../core/command'
import { openForm } from '../kit/form-dialog'

export function siteWhitelistForm(row?: Row): Promise<unknown | null> {
  return openForm({
    title: row ? `编辑网站白名单：${row.ip}` : '新增网站白名单',
    fields: [
      { name: 'ip', label: 'IP', type: 'text', required: true, placeholder: '如 10.0.0.1、10.0.0.0/24、2001:db8::/32',
        validate: (v) => (/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(String(v ?? '').trim()) ? null : '请输入 IPv4、IPv6 地址或 CIDR 网段') },
      { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
    ],
    initial: row ? { ip: row.ip, remark: row.remark } : {},
    submit: (v) => {
      const entry = { ip: String(v.ip ?? ''), remark: String(v.remark ?? '') }
      return row ? api.whitelist.edit({ id: Number(row.id), ...entry }, { silent: true }) : api.whitelist.create(entry, { silent: true })
    },
  })
}
