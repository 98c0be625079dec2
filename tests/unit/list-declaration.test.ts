// A list screen starts from its endpoint: the filter bar from the query schema, the columns from the declaration.
import { describe, expect, it } from 'vitest'
import { Type } from '@sinclair/typebox'
import { get } from '../../src/contract/endpoint'
import { col } from '../../src/contract/list'
import { DateTime, Hidden, IntFilter, KeysetQuery, LabelFilter, Text } from '../../src/contract/schema'
import { columnsOf, filtersOf } from '../../src/views/kit/from-endpoint'
import { csvCell, formatValue } from '../../src/contract/format'

const STATUS = { 1: '成功', 2: '失败', 3: '审核中' }
const ep = get()('/api/x/index', '/layout/finance/withdraw', 'x', Type.Object({
  ...KeysetQuery,
  username: Type.Optional(Text('用户名', 16)),
  member_id: Hidden(IntFilter('会员ID', 1, 9)),
  status: LabelFilter('状态', STATUS),
  stage: LabelFilter('审核阶段', { pending: '审核中', second: '待复核' }),
  start_time: Type.Optional(DateTime('开始时间')),
  end_time: Type.Optional(DateTime('结束时间')),
}), { columns: [col('username', '会员', undefined, 120), col('amount', '金额', 'money'), col('status', '状态', STATUS)] })

describe('a list declared with its endpoint', () => {
  it('shows every titled query field but paging and hidden ones as its filter bar, in order', () => {
    expect(filtersOf(ep)).toEqual([
      { name: 'username', title: '用户名', type: 'text' },
      { name: 'status', title: '状态', type: 'select', options: STATUS },
      { name: 'stage', title: '审核阶段', type: 'select', options: { pending: '审核中', second: '待复核' } },
      { name: 'start_time', title: '开始日期', type: 'date' },
      { name: 'end_time', title: '结束日期', type: 'date', endOfDay: true },
    ])
  })
  it('takes a numeric label filter as an integer within its keys and a text one as one of its keys', () => {
    const status = (ep.input as any).properties.status
    expect([status.type, status.minimum, status.maximum]).toEqual(['integer', 1, 3])
    expect((ep.input as any).properties.stage.anyOf.map((s: any) => s.const)).toEqual(['pending', 'second'])
  })
  it('completes the declared columns with what the screen gives', () => {
    const cols = columnsOf(ep, { amount: { width: 99 } })
    expect(cols.map((c) => [c.key, c.title, c.width ?? null])).toEqual([['username', '会员', 120], ['amount', '金额', 99], ['status', '状态', null]])
  })
  it('writes CSV cells as the list reads: labels, plain money, quoted commas', () => {
    expect(formatValue(3, STATUS, true)).toBe('审核中')
    expect(formatValue('1234567.5', 'money', true)).toBe('1234567.50')
    expect(csvCell('a,"b"')).toBe('"a,""b"""')
  })
  it('keeps what Excel would run as a formula as text, and negative amounts as numbers', () => {
    expect(['=HYPERLINK("http://x","点我")', '+1+cmd|calc', '@SUM(A1)', '-2+3', '\tx'].map(csvCell))
      .toEqual([`"'=HYPERLINK(""http://x"",""点我"")"`, "'+1+cmd|calc", "'@SUM(A1)", "'-2+3", "'\tx"])
    expect(['-1234.50', '-1,234.50', '+5', 'a=b'].map(csvCell)).toEqual(['-1234.50', '"-1,234.50"', '+5', 'a=b'])
  })
})
