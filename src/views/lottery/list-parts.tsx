// The date-range filters the lottery lists show.
import type { FilterSpec } from '../kit/data-table'

/** 开始日期 – 结束日期 (the end day included). */
export const DATE_RANGE: FilterSpec[] = [
  { name: 'start_time', title: '开始日期', type: 'date' },
  { name: 'end_time', title: '结束日期', type: 'date', endOfDay: true },
]
