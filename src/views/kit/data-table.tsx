// The list screen kit: a declared ListSpec rendered as filters, bulk toolbar, virtualized grid, stats, pager and detail drawer.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTable } from '@tanstack/react-table'
import { DEFAULT_PER_PAGE } from '../../contract/common'
import type { SavedView } from '../../contract/view'
import { features, toColumnDefs } from './cells'
import { ColumnMenu, useColumnSettings } from './column-menu'
import { ExportButtons, useActiveList, useViewColumns, ViewPicker } from './view-bar'
import { Drawer, FieldList } from './drawer'
import { FilterBar } from './filter-bar'
import { field, formatMoney } from '../../contract/format'
import { Grid } from './grid'
import { Pager } from './pager'
import { BulkBar } from './bulk-bar'
import { filterParams, useListQuery } from './use-list-query'
import { useListData } from './use-list-data'
import { useLiveRefresh } from './use-live-refresh'
import { rowId, useGridSelection } from './use-grid-selection'
import { columnsOf, filtersOf } from './from-endpoint'
import { type ColumnSpec, type DetailField, type FilterSpec, type ListSpec, type Row } from './types'
import './kit.css'

export type { ColumnSpec, FilterSpec, ListSpec, Row } from './types'

const NO_ROWS: Row[] = []

/** A spec completed from its endpoint: its declared columns and the filters of its query. */
function withDefaults(s: ListSpec<Row>): ListSpec<Row> & { columns: ColumnSpec[]; filters: FilterSpec[] } {
  return { ...s, columns: s.columns ?? columnsOf(s.endpoint), filters: s.filters ?? filtersOf(s.endpoint) }
}

/** Keeps an element as tall as the window below its top edge. */
function useFillHeight(ref: React.RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const fit = () => {
      const el = ref.current
      if (el) el.style.height = `${Math.max(320, window.innerHeight - el.getBoundingClientRect().top - 12)}px`
    }
    fit()
    window.addEventListener('resize', fit)
    return () => window.removeEventListener('resize', fit)
  }, [ref])
}

interface Props<R extends Row> {
  spec: ListSpec<R>
  /** Buttons beside the filters (e.g. 新增). */
  actions?: ReactNode
  /** Shown between the toolbar and the grid (e.g. the whitelist master switch). */
  banner?: ReactNode
}

export function DataTable<R extends Row>({ spec: declared, actions, banner }: Props<R>) {
  const spec = useMemo(() => withDefaults(declared as unknown as ListSpec<Row>), [declared])
  const { list } = spec
  const rowKey = spec.rowKey ?? 'id'
  const itemsKey = spec.itemsKey ?? 'items'
  const filters = spec.filters
  const q = useListQuery(filters, spec.perPage ?? DEFAULT_PER_PAGE)
  const fixed = JSON.stringify(spec.params ?? {})
  const sorts = Boolean((spec.endpoint.input as { properties?: Record<string, unknown> } | undefined)?.properties?.sort)
  const sort = sorts ? q.sort : null
  const params = useMemo(() => ({ ...(JSON.parse(fixed) as Record<string, string>), ...filterParams(filters, q.filters), ...(sort ? { sort } : {}) }),
    [fixed, filters, q.filters, sort])
  const data = useListData({ list, endpoint: spec.endpoint.url, itemsKey, params, page: q.page, perPage: q.perPage, cursor: q.cursor })
  useLiveRefresh(spec.endpoint.url, list, data.busy)
  const rows = data.answer?.rows ?? NO_ROWS
  const sel = useGridSelection(list, rows, rowKey)
  const [detail, setDetail] = useState<Row | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const gridRef = useRef<HTMLDivElement>(null)
  const firstFilter = useRef<HTMLElement>(null)
  useFillHeight(root)

  // Keyboard first: a list opened from the palette or a hotkey takes the keyboard as soon as its rows are there,
  // unless the operator is already somewhere else (a filter, a dialog).
  const claimed = useRef(false)
  useEffect(() => {
    if (claimed.current || data.state !== 'ok') return
    claimed.current = true
    const here = document.activeElement
    if (!here || here === document.body || here === document.documentElement) gridRef.current?.focus()
  }, [data.state])

  const onAnswer = useRef(spec.onAnswer)
  onAnswer.current = spec.onAnswer
  useEffect(() => { if (data.answer) onAnswer.current?.(data.answer.raw) }, [data.answer])
  // A new query is a new set of rows: the old selection no longer applies.
  const queryKey = JSON.stringify([params, q.page, q.perPage, q.cursor])
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => sel.clear(), [queryKey])

  const { visibility, widths, setVisibility, nudgeWidth } = useColumnSettings(list, spec.columns as ColumnSpec<never>[])
  const sized = useMemo(() => spec.columns.map((c) => (widths[c.key] ? { ...c, width: widths[c.key] } : c)), [spec.columns, widths])
  const columnDefs = useMemo(() => toColumnDefs(sized), [sized])
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (r: Row) => rowId(r, rowKey),
    state: { columnVisibility: visibility },
    onColumnVisibilityChange: setVisibility,
  })
  const visible = table.getVisibleLeafColumns().map((c) => c.columnDef.meta!.spec)

  const open = (row: Row) => {
    if (!spec.onOpen || spec.onOpen(row) === false) setDetail(row)
  }
  const names = () => new Map(rows.map((r) => [rowId(r, rowKey), String(r.username ?? r.name ?? r.label ?? r.ip ?? rowId(r, rowKey))]))

  // Saved views and exports read the list's state through the active list; a view opened from the palette brings its columns.
  useActiveList({
    list, title: spec.title,
    state: () => ({ filters: q.filters, sort, columns: visible.map((c) => c.key), per_page: q.perPage }),
    columns: () => visible.map((c) => ({ key: c.key, title: c.title, ...(c.format ? { format: c.format } : {}) })),
    filters: () => Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  })
  const applyView = useCallback((v: SavedView) => {
    const shown = new Set(v.state.columns)
    if (shown.size) setVisibility(Object.fromEntries(spec.columns.map((c) => [c.key, shown.has(c.key)])))
  }, [setVisibility, spec.columns])
  useViewColumns(list, q.view, applyView)

  // Dotted keys reach into a stats object (balance_stat.balance); a stats object answered as null was over budget.
  const raw = (data.answer?.raw ?? {}) as Row
  const stats = spec.stats?.filter((s) => field(raw, s.key) !== undefined && field(raw, s.key) !== null) ?? []
  const statsOverBudget = Boolean(spec.stats?.length) && data.answer !== null && !stats.length &&
    spec.stats!.some((s) => raw[s.key.split('.')[0]] === null)
  const detailFields: DetailField[] = Array.isArray(spec.detail) ? spec.detail : spec.columns

  return (
    <div ref={root} className="kit-table" data-list={list}>
      <div className="kit-toolbar">
        <FilterBar ref={firstFilter} filters={filters} values={q.filters} onApply={q.setFilters} onLeave={() => gridRef.current?.focus()} />
        <div className="kit-toolbar-right">
          {actions}
          <ViewPicker list={list} current={q.view} />
          <ColumnMenu
            columns={table.getAllLeafColumns().map((c) => ({
              id: c.id, title: c.columnDef.meta!.spec.title, visible: c.getIsVisible(), toggle: () => c.toggleVisibility(),
              width: c.columnDef.meta!.spec.width ?? 96, nudge: (by: 1 | -1) => nudgeWidth(c.id, by, c.columnDef.meta!.spec.width ?? 96),
            }))}
          />
          {!spec.noExport && <ExportButtons ready={data.state === 'ok'} />}
        </div>
      </div>
      {banner}
      <BulkBar list={list} selected={sel.selectedRows.length} onClear={sel.clear} names={names} />
      <Grid
        label={spec.title}
        columns={visible}
        rows={rows}
        rowKey={rowKey}
        sel={sel}
        state={data.state}
        busy={data.busy}
        error={data.error}
        onRetry={data.reload}
        onOpen={open}
        onSlash={() => (firstFilter.current ? firstFilter.current.focus() : undefined)}
        keys={spec.keys}
        gridRef={gridRef}
      />
      <div className="kit-footer">
        {stats.length > 0 && (
          <div className="kit-stats" data-testid="stats">
            <b>合计</b>
            {stats.map((s) => (
              <span key={s.key} data-stat={s.key}>
                {s.title}：<span className={s.format === 'money' ? 'kit-money' : undefined}>
                  {s.format === 'money' ? formatMoney(field(raw, s.key)) : String(field(raw, s.key))}
                </span>
              </span>
            ))}
          </div>
        )}
        {statsOverBudget && (
          <div className="kit-stats kit-muted" data-testid="stats">合计：数据量大，未能在时限内算出，请用筛选条件缩小范围</div>
        )}
        {data.answer && (
          <Pager
            page={q.page}
            perPage={q.perPage}
            total={data.answer.total}
            exact={data.answer.totalExact}
            cursors={data.answer.cursors}
            onPage={q.setPage}
            onPerPage={q.setPerPage}
          />
        )}
      </div>
      {detail && (
        <Drawer title={`${spec.title}详情`} onClose={() => setDetail(null)} wide={typeof spec.detail === 'function'}>
          {typeof spec.detail === 'function' ? spec.detail(detail) : <FieldList row={detail} fields={detailFields} />}
        </Drawer>
      )}
    </div>
  )
}
