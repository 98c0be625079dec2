// The menu tree and route table of the console: the seed of /api/sysmenu, the sidebar, the guard and the palette groups.

export type Area =
  | 'home' | 'report' | 'member' | 'merchant' | 'lottery' | 'finance' | 'invest' | 'settings' | 'admin' | 'product'

export interface MenuSeed {
  label: string
  /** Route path of a page; absent on a directory. */
  path?: string
  area: Area
  /** Create/edit pages: real menu entries, never shown in the sidebar. */
  hidden?: boolean
  children?: MenuSeed[]
}

const page = (label: string, path: string, area: Area, hidden = false): MenuSeed =>
  hidden ? { label, path, area, hidden } : { label, path, area }

export const MENU_TREE: MenuSeed[] = [
  page('首页', '/layout/home', 'home'),
  page('报表统计', '/layout/report', 'report'),
  {
    label: '会员管理', area: 'member', children: [
      page('会员列表', '/layout/member', 'member'),
      page('新增会员', '/layout/member/create', 'member', true),
      page('编辑会员', '/layout/member/edit', 'member', true),
      page('会员等级', '/layout/member/levels', 'member'),
      page('虚拟账号', '/layout/member/virtuals', 'member'),
      page('银行卡', '/layout/member/banks', 'member'),
      page('数字钱包', '/layout/member/wallets', 'member'),
    ],
  },
  {
    label: '商户管理', area: 'merchant', children: [
      page('商户列表', '/layout/merchant/merchants', 'merchant'),
      page('额度记录', '/layout/merchant/amountrecord', 'merchant'),
      page('代理列表', '/layout/merchant/agents', 'merchant'),
    ],
  },
  {
    label: '彩票管理', area: 'lottery', children: [
      page('交易房间', '/layout/lottery/traderoom', 'lottery'),
      page('玩法管理', '/layout/lottery/playway', 'lottery'),
      page('玩法分组', '/layout/lottery/playgroup', 'lottery'),
      page('投注记录', '/layout/lottery/index', 'lottery'),
      page('试玩投注记录', '/layout/lottery/demo', 'lottery'),
      page('开奖记录', '/layout/lottery/record', 'lottery'),
    ],
  },
  {
    label: '财务管理', area: 'finance', children: [
      page('人工充值扣款', '/layout/finance/manualrecharge', 'finance'),
      page('彩金赠送', '/layout/finance/giftmoney', 'finance'),
      page('充值记录', '/layout/finance/recharge', 'finance'),
      page('提现记录', '/layout/finance/withdraw', 'finance'),
      page('账变记录', '/layout/finance/balance', 'finance'),
      page('试玩账变记录', '/layout/finance/balance/demo', 'finance'),
    ],
  },
  {
    label: '余额宝', area: 'invest', children: [
      page('余额宝列表', '/layout/invest/index', 'invest'),
      page('试玩余额宝列表', '/layout/invest/demo', 'invest'),
    ],
  },
  {
    label: '网站设置', area: 'settings', children: [
      page('基础设置', '/layout/websitesettings/base', 'settings'),
      page('余额宝设置', '/layout/websitesettings/balance', 'settings'),
      page('财务设置', '/layout/websitesettings/financ', 'settings'),
      page('网站白名单', '/layout/websitesettings/whitelist', 'settings'),
    ],
  },
  {
    label: '系统管理', area: 'admin', children: [
      page('管理员列表', '/layout/admin/admins', 'admin'),
      page('新增管理员', '/layout/admin/admins/create', 'admin', true),
      page('编辑管理员', '/layout/admin/admins/edit', 'admin', true),
      page('角色管理', '/layout/admin/role', 'admin'),
      page('菜单管理', '/layout/admin/menu', 'admin'),
      page('总控白名单', '/layout/admin/whitelist', 'admin'),
      page('操作日志', '/layout/admin/log', 'admin'),
    ],
  },
  page('产品管理员', '/layout/proadmin', 'product'),
]

/** Every page of the tree, flattened in tree order. */
export function flattenMenus(tree: MenuSeed[] = MENU_TREE): MenuSeed[] {
  return tree.flatMap((m) => [...(m.path ? [m] : []), ...flattenMenus(m.children ?? [])])
}

export const ROUTE_TITLES: Record<string, string> = Object.fromEntries(
  flattenMenus().map((m) => [m.path!, m.label]),
)

/** Routes that need a login but no menu entry: the specification's home carries no auth flag, and every admin
 * manages their own Google authenticator. */
export const OPEN_ROUTES = ['/layout/home', '/layout/admin/google']

/** The guard's menu key for a path: paths containing create or edit drop their last segment. */
export function menuKeyFor(path: string): string {
  const clean = path.split('?')[0].replace(/\/+$/, '') || '/'
  const parts = clean.split('/')
  if (parts.some((p) => p === 'create' || p === 'edit')) return parts.slice(0, -1).join('/') || '/'
  return clean
}
