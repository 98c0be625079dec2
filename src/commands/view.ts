// Saved views and exports of the list on screen: save or delete a view (each saved view is also its own palette command
// 视图：name, see core/views.ts), export the list's filtered set in the background and download finished exports.
import { defineCommands } from '../core/registry'
import { call } from '../core/api'
import { toast } from '../core/toast'
import { loadViews, viewsState } from '../core/views'
import { downloadExport, exportsState, startExport } from '../core/exports'
import { API } from '../contract/api'
import { EXPORT_STATUS } from '../contract/view'

const onList = () => viewsState.active !== null

defineCommands([
  {
    id: 'view.saveView', title: '保存当前视图', keywords: ['view', 'save', 'baocun', 'shitu'], group: '视图', action: 'C',
    when: onList,
    args: [{ name: 'name', title: '视图名称', placeholder: '例如：待审核大额提现', validate: (v) => (v.trim().length > 30 ? '视图名称不能超过 30 个字' : null) }],
    run: async (ctx) => {
      const a = viewsState.active!
      const v = await call(API.view.create, { list: a.list, name: String(ctx.args.name).trim(), state: a.state() })
      await loadViews()
      toast.success(`已保存视图「${v.name}」，可在命令面板输入 视图：${v.name} 打开`)
    },
  },
  {
    id: 'view.deleteView', title: '删除视图', keywords: ['view', 'delete', 'shanchu', 'shitu'], group: '视图', action: 'D',
    when: () => viewsState.items.length > 0,
    args: [{ name: 'id', title: '视图', choices: () => viewsState.items.map((v) => ({ value: String(v.id), label: v.name, hint: v.list })) }],
    confirm: (ctx) => ({ title: '删除视图', lines: [`删除视图「${viewsState.items.find((v) => String(v.id) === String(ctx.args.id))?.name ?? ctx.args.id}」`], danger: true, okText: '删除' }),
    run: async (ctx) => {
      await call(API.view.delete, { id: Number(ctx.args.id) })
      await loadViews()
    },
  },
  {
    id: 'view.exportCsv', title: '导出当前列表（CSV）', keywords: ['export', 'csv', 'daochu'], group: '导出', when: onList,
    run: () => startExport(viewsState.active!, 'csv'),
  },
  {
    id: 'view.exportXlsx', title: '导出当前列表（Excel）', keywords: ['export', 'excel', 'xlsx', 'daochu'], group: '导出', when: onList,
    run: () => startExport(viewsState.active!, 'xlsx'),
  },
  {
    id: 'view.downloadExport', title: '下载导出文件', keywords: ['download', 'export', 'xiazai', 'daochu'], group: '导出',
    when: () => exportsState.jobs.some((j) => j.status === 'done'),
    args: [{
      name: 'id', title: '导出任务',
      choices: () => exportsState.jobs.filter((j) => j.status === 'done')
        .map((j) => ({ value: String(j.id), label: `${j.title} · ${j.format.toUpperCase()} · ${j.rows} 条`, hint: `${EXPORT_STATUS[j.status]} ${j.created_at}` })),
    }],
    run: (ctx) => downloadExport(Number(ctx.args.id)),
  },
])
