// The live events stream: any logged-in admin may open it; each event is then filtered by the admin's menus and
// current product (src/contract/events.ts). The token travels in the `token` header, never in the URL.
import { get } from '../endpoint'

export const events = {
  stream: get<never>()('/api/events', 'session',
    '实时事件流（Server-Sent Events）：提现、充值的新单与处理结果、大额中奖、待处理数量；按菜单权限与当前产品过滤，每 15 秒心跳，会话结束即关闭'),
}
