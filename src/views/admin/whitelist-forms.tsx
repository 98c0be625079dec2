// The whitelist entry form dialog ({ip, remark}); the server validates IPv4, IPv6 and CIDR and refuses a change that shuts you out.
import { call } from '../../core/api'
import { API } from '../../contract/api'
import type { Row } from '../../core/command'
import { openForm } from '../kit/form-dialog'

/** A light shape check before the server's real one: IPv4, IPv6, optionally /prefix. */
function looksLikeIp(v: unknown): string | null {
  const s = String(v ?? '').trim()
  return /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s) ? null : '请输入 IPv4、IPv6 地址或 CIDR 网段'
}

export function whitelistForm(row?: Row): Promise<unknown | null> {
  return openForm({
    title: row ? `编辑白名单：${row.ip}` : '新增白名单',
    fields: [
      { name: 'ip', label: 'IP', type: 'text', required: true, placeholder: '如 10.0.0.1、10.0.0.0/24、2001:db8::/32', validate: looksLikeIp },
      { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
    ],
    initial: row ? { ip: row.ip, remark: row.remark } : {},
    submit: (v) => call(row ? API.syswhitelist.edit : API.syswhitelist.create, { ...(row ? { id: row.id } : {}), ip: v.ip, remark: v.remark ?? '' }, { silent: true }),
  })
}
