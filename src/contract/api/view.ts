// Endpoints of saved views, column settings and background exports (RISK.md §7): every list's menu path is the `list`;
// the server checks that the admin holds it. Views, settings and exports are the caller's own (another's: 404).
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { Id, IdBody, IdQuery, Text } from '../schema'
import { LABELS_KEYWORD } from '../list'
import type { ColumnSetting, ExportJob, SavedView } from '../view'
import { EXPORT_FORMAT } from '../view'

const List = Type.String({ title: '列表', minLength: 2, maxLength: 100, pattern: '^/layout(/[a-z0-9_-]+)+$' })
/** A filter value as the list's query string carries it. */
const Filters = Type.Record(Type.String({ pattern: '^[a-z_][a-z0-9_]{0,39}$' }), Type.String({ maxLength: 200 }), { title: '筛选条件', maxProperties: 40, additionalProperties: false })
const ViewState = Type.Object({
  filters: Filters,
  sort: Type.Union([Type.String({ maxLength: 40 }), Type.Null()], { title: '排序' }),
  columns: Type.Array(Type.String({ maxLength: 60 }), { title: '显示的列', maxItems: 80 }),
  per_page: Type.Integer({ title: '每页条数', minimum: 1, maximum: 1000 }),
}, { title: '视图内容' })
const ViewName = Text('视图名称', 30, 1)
const ViewItem = Type.Object({
  id: Type.Integer(), list: Type.String(), name: Type.String(), state: ViewState, updated_at: Type.String(),
}, { additionalProperties: false })
const Column = Type.Object({
  key: Type.String({ title: '列', minLength: 1, maxLength: 60 }),
  width: Type.Union([Type.Integer({ title: '列宽', minimum: 30, maximum: 2000 }), Type.Null()]),
  hidden: Type.Boolean({ title: '隐藏' }),
})
/** A column of the export: the list's field, its heading and how its value is written (labels, money, time). */
const ExportColumn = Type.Object({
  key: Type.String({ title: '列', minLength: 1, maxLength: 60, pattern: '^[A-Za-z_][A-Za-z0-9_.]*$' }),
  title: Text('列名', 40, 1),
  format: Type.Optional(Type.Union([
    Type.Union(['money', 'datetime', 'bool', 'list'].map((f) => Type.Literal(f))),
    Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 40 }), { maxProperties: 200, additionalProperties: false }),
  ], { title: '格式' })),
})
const JobItem = Type.Object({
  id: Type.Integer(), list: Type.String(), title: Type.String(), format: Type.String(), status: Type.String(),
  rows: Type.Integer(), total: Type.Union([Type.Integer(), Type.Null()]), progress: Type.Number(), error: Type.String(),
  bytes: Type.Integer(), created_at: Type.String(), finished_at: Type.Union([Type.String(), Type.Null()]), expires_at: Type.String(),
}, { additionalProperties: false })

export const view = {
  index: get<{ items: SavedView[] }>()('/api/view/index', 'session', '我的视图（某个列表的，或不带 list 时全部列表的）',
    Type.Object({ list: Type.Optional(List) }), { response: Type.Object({ items: Type.Array(ViewItem) }, { additionalProperties: false }) }),
  create: post<SavedView>()('/api/view/create', 'session', 'C', '保存当前筛选、排序、列与每页条数为视图（同名 409）',
    Type.Object({ list: List, name: ViewName, state: ViewState }), { response: ViewItem }),
  edit: post<SavedView>()('/api/view/edit', 'session', 'U', '修改视图的名称或内容',
    Type.Object({ id: Id, name: Type.Optional(ViewName), state: Type.Optional(ViewState) }), { response: ViewItem }),
  delete: post<{ id: number }>()('/api/view/delete', 'session', 'D', '删除视图', IdBody),
  columns: get<{ list: string; columns: ColumnSetting[] }>()('/api/view/columns', 'session', '我在该列表的列宽与显示设置',
    Type.Object({ list: List })),
  saveColumns: post<{ list: string; columns: ColumnSetting[] }>()('/api/view/columns', 'session', 'U', '保存我在该列表的列宽与显示设置',
    Type.Object({ list: List, columns: Type.Array(Column, { title: '列', maxItems: 80 }) })),
}

export const exportJob = {
  create: post<{ id: number }>()('/api/export/create', 'session', 'C', '后台导出列表当前筛选的全部记录（CSV 带 BOM，或 xlsx），保留 24 小时',
    Type.Object({
      list: List,
      format: Type.Union([Type.Literal('csv', { title: '格式' }), Type.Literal('xlsx', { title: '格式' })], { title: '格式', [LABELS_KEYWORD]: EXPORT_FORMAT }),
      filters: Filters,
      columns: Type.Optional(Type.Array(ExportColumn, { title: '导出的列', minItems: 1, maxItems: 80 })),
    }), { raw: true }),
  index: get<{ items: ExportJob[] }>()('/api/export/index', 'session', '我的导出任务（24 小时内）', undefined,
    { response: Type.Object({ items: Type.Array(JobItem) }, { additionalProperties: false }) }),
  show: get<ExportJob>()('/api/export/show', 'session', '导出任务的进度', IdQuery, { response: JobItem }),
  download: get<never>()('/api/export/download', 'session', '下载导出的文件（仅本人，24 小时内）', IdQuery, { audit: true }),
}


