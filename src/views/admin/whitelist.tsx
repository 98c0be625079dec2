// 总控白名单: entries as a declared list (12 a page) under a banner with the master switch and the caller's IP.
import { openWith } from '../kit/list-screen'
import { useCallback, useMemo, useState } from 'react'
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { CommandButton, ScreenHead } from '../kit/screen'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { PAGE_SIZES } from '../../contract/common'

const LIST = MENU.adminWhitelist

function columns(yourIp: string): ListSpec['columns'] {
  return [
    { key: 'ip', title: 'IP / 网段', width: 220, render: (r) => <>{String(r.ip)}{r.ip === yourIp ? <Tag tone="info">本机</Tag> : null}</> },
    { key: 'remark', title: '备注', width: 240 },
    { key: 'created_by', title: '添加人', width: 120 },
    { key: 'created_at', title: '添加时间', width: 170, format: 'datetime' },
  ]
}

export default function WhitelistScreen() {
  const [status, setStatus] = useState<{ enabled: boolean; your_ip: string } | null>(null)
  const onAnswer = useCallback((raw: Record<string, unknown>) => {
    setStatus({ enabled: Boolean(raw.enabled), your_ip: String(raw.your_ip ?? '') })
  }, [])
  const yourIp = status?.your_ip ?? ''
  const spec = useMemo<ListSpec>(() => ({
    list: LIST,
    title: '总控白名单',
    endpoint: API.syswhitelist.index,
    perPage: PAGE_SIZES.whitelist,
    columns: columns(yourIp),
    onAnswer,
    onOpen: openWith('admin.editWhitelist'),
  }), [yourIp, onAnswer])
  const banner = status && (
    <div className={`kit-banner${status.enabled ? ' kit-banner-on' : ''}`} data-testid="whitelist-switch" data-enabled={status.enabled}>
      <span>总控白名单：<b>{status.enabled ? '已开启' : '已关闭'}</b></span>
      <span>您当前的 IP：<b data-testid="your-ip">{status.your_ip}</b></span>
      <span className="kit-muted">{status.enabled ? '只有名单内的 IP 能使用后台' : '开启后只有名单内的 IP 能使用后台'}</span>
      <CommandButton id="admin.switchWhitelist" label={status.enabled ? '关闭白名单' : '开启白名单'} args={{ enabled: status.enabled ? '0' : '1' }} />
    </div>
  )
  return (
    <section className="kit-screen">
      <ScreenHead title="总控白名单" hint="Enter 编辑 · Shift+D 删除 · 支持 IPv4、IPv6 与 CIDR 网段" />
      <DataTable spec={spec} banner={banner} actions={<CommandButton id="admin.createWhitelist" primary />} />
    </section>
  )
}
