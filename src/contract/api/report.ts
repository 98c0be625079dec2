// Endpoints of 报表统计 and 首页, both read from the daily rollups.
import { Type } from '@sinclair/typebox'
import { get } from '../endpoint'
import { MENU } from '../menus'
import { HomeAnswer, ReportAnswer, type HomeIndex, type ReportIndex } from '../report'

export const report = {
  index: get<ReportIndex>()('/api/report/index', MENU.report, '报表统计（按日，含合计与代理列表；代理筛选为其整个团队）',
    Type.Object({
      // A day, or a day and a time as the other lists' ranges carry it (the time is ignored: reports are days).
      start_time: Type.Optional(Type.String({ title: '开始日期', maxLength: 19 })),
      end_time: Type.Optional(Type.String({ title: '结束日期', maxLength: 19 })),
      agent_id: Type.Optional(Type.Integer({ title: '代理', minimum: 1, maximum: 2147483647 })),
    }), { response: ReportAnswer }),
  home: get<HomeIndex>()('/api/home', 'session', '首页：今日与昨日、待处理工作、近 30 天走势（按菜单权限给出各部分）', undefined,
    { response: HomeAnswer }),
}
