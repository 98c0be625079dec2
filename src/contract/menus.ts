// The menu tree and route table of the console: the seed of /api/sysmenu, the sidebar, the guard and the palette groups.

export type Area =
  | 'home' | 'report' | 'member' | 'merchant' | 'lottery' | 'finance' | 'invest' | 'risk' | 'settings' | 'admin' | 'product'

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

/** The console's root: every page lives under it. */
export const CONSOLE_ROOT = '/layout'

/**
 * Every page's route path, named once: the only place a `/layout/…` path is written. Code names a page by its key
 * (`MENU.withdraw`), the menu table holds the path.
 */
export const MENU = {
  home: '/layout/home', report: '/layout/report', member: '/layout/member',
  memberCreate: '/layout/member/create', memberEdit: '/layout/member/edit', levels: '/layout/member/levels',
  virtuals: '/layout/member/virtuals', cards: '/layout/member/banks', wallets: '/layout/member/wallets',
  merchants: '/layout/merchant/merchants', bills: '/layout/merchant/amountrecord', agents: '/layout/merchant/agents',
  rooms: '/layout/lottery/traderoom', playways: '/layout/lottery/playway', playgroups: '/layout/lottery/playgroup',
  bets: '/layout/lottery/index', betsDemo: '/layout/lottery/demo', draws: '/layout/lottery/record',
  manual: '/layout/finance/manualrecharge', gift: '/layout/finance/giftmoney', recharge: '/layout/finance/recharge',
  withdraw: '/layout/finance/withdraw', balance: '/layout/finance/balance', balanceDemo: '/layout/finance/balance/demo',
  invest: '/layout/invest/index', investDemo: '/layout/invest/demo', settingsBase: '/layout/websitesettings/base',
  settingsInvest: '/layout/websitesettings/balance', settingsFinance: '/layout/websitesettings/financ', whitelist: '/layout/websitesettings/whitelist',
  admins: '/layout/admin/admins', adminCreate: '/layout/admin/admins/create', adminEdit: '/layout/admin/admins/edit',
  roles: '/layout/admin/role', menus: '/layout/admin/menu', adminWhitelist: '/layout/admin/whitelist',
  log: '/layout/admin/log', proadmin: '/layout/proadmin', google: '/layout/admin/google',
  memberLogins: '/layout/member/logins', associations: '/layout/risk/associations', bans: '/layout/risk/bans',
  tags: '/layout/risk/tags', exposure: '/layout/risk/exposure', limits: '/layout/risk/limits', bigwins: '/layout/risk/bigwins',
  loginlog: '/layout/admin/loginlog', online: '/layout/admin/online',
} as const

export type MenuKey = keyof typeof MENU
export type MenuPath = (typeof MENU)[MenuKey]

export const MENU_TREE: MenuSeed[] = [
  page('首页', MENU.home, 'home'),
  page('报表统计', MENU.report, 'report'),
  {
    label: '会员管理', area: 'member', children: [
      page('会员列表', MENU.member, 'member'),
      page('新增会员', MENU.memberCreate, 'member', true),
      page('编辑会员', MENU.memberEdit, 'member', true),
      page('会员等级', MENU.levels, 'member'),
      page('虚拟账号', MENU.virtuals, 'member'),
      page('银行卡', MENU.cards, 'member'),
      page('数字钱包', MENU.wallets, 'member'),
      page('会员登录记录', MENU.memberLogins, 'member'),
    ],
  },
  {
    label: '商户管理', area: 'merchant', children: [
      page('商户列表', MENU.merchants, 'merchant'),
      page('额度记录', MENU.bills, 'merchant'),
      page('代理列表', MENU.agents, 'merchant'),
    ],
  },
  {
    label: '彩票管理', area: 'lottery', children: [
      page('交易房间', MENU.rooms, 'lottery'),
      page('玩法管理', MENU.playways, 'lottery'),
      page('玩法分组', MENU.playgroups, 'lottery'),
      page('投注记录', MENU.bets, 'lottery'),
      page('试玩投注记录', MENU.betsDemo, 'lottery'),
      page('开奖记录', MENU.draws, 'lottery'),
    ],
  },
  {
    label: '财务管理', area: 'finance', children: [
      page('人工充值扣款', MENU.manual, 'finance'),
      page('彩金赠送', MENU.gift, 'finance'),
      page('充值记录', MENU.recharge, 'finance'),
      page('提现记录', MENU.withdraw, 'finance'),
      page('账变记录', MENU.balance, 'finance'),
      page('试玩账变记录', MENU.balanceDemo, 'finance'),
    ],
  },
  {
    label: '余额宝', area: 'invest', children: [
      page('余额宝列表', MENU.invest, 'invest'),
      page('试玩余额宝列表', MENU.investDemo, 'invest'),
    ],
  },
  {
    label: '风控管理', area: 'risk', children: [
      page('关联账号', MENU.associations, 'risk'),
      page('封禁列表', MENU.bans, 'risk'),
      page('会员标签', MENU.tags, 'risk'),
      page('风险敞口', MENU.exposure, 'risk'),
      page('限红设置', MENU.limits, 'risk'),
      page('大额中奖', MENU.bigwins, 'risk'),
    ],
  },
  {
    label: '网站设置', area: 'settings', children: [
      page('基础设置', MENU.settingsBase, 'settings'),
      page('余额宝设置', MENU.settingsInvest, 'settings'),
      page('财务设置', MENU.settingsFinance, 'settings'),
      page('网站白名单', MENU.whitelist, 'settings'),
    ],
  },
  {
    label: '系统管理', area: 'admin', children: [
      page('管理员列表', MENU.admins, 'admin'),
      page('新增管理员', MENU.adminCreate, 'admin', true),
      page('编辑管理员', MENU.adminEdit, 'admin', true),
      page('角色管理', MENU.roles, 'admin'),
      page('菜单管理', MENU.menus, 'admin'),
      page('总控白名单', MENU.adminWhitelist, 'admin'),
      page('操作日志', MENU.log, 'admin'),
      page('登录日志', MENU.loginlog, 'admin'),
    ],
  },
  page('产品管理员', MENU.proadmin, 'product'),
]

/**
 * Pages only a super admin opens, never grantable: they are kept out of the menu table (so no role can hold them),
 * added to a super admin's menu_list by the server and shown in the sidebar under their area's directory.
 */
export const SUPER_PAGES: MenuSeed[] = [page('在线用户', MENU.online, 'admin')]

/** The console's tree: MENU_TREE with the super admin's own pages in their area's directory (the sidebar, the palette groups). */
export const CONSOLE_TREE: MenuSeed[] = MENU_TREE.map((m) => {
  const extra = m.children ? SUPER_PAGES.filter((p) => p.area === m.area) : []
  return extra.length ? { ...m, children: [...m.children!, ...extra] } : m
})

/** Every page of the tree, flattened in tree order. */
export function flattenMenus(tree: MenuSeed[] = MENU_TREE): MenuSeed[] {
  return tree.flatMap((m) => [...(m.path ? [m] : []), ...flattenMenus(m.children ?? [])])
}

export const ROUTE_TITLES: Record<string, string> = Object.fromEntries(
  flattenMenus(CONSOLE_TREE).map((m) => [m.path!, m.label]),
)

/** Routes that need a login but no menu entry: the specification's home carries no auth flag, and every admin
 * manages their own Google authenticator. */
export const OPEN_ROUTES: string[] = [MENU.home, MENU.google]

/** The guard's menu key for a path: paths containing create or edit drop their last segment. */
export function menuKeyFor(path: string): string {
  const clean = path.split('?')[0].replace(/\/+$/, '') || '/'
  const parts = clean.split('/')
  if (parts.some((p) => p === 'create' || p === 'edit')) return parts.slice(0, -1).join('/') || '/'
  return clean
}
