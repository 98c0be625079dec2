// The shell's own commands: home, the shortcut sheet, product switching and logout.
import { defineCommands } from '../core/registry'
import { loadProducts, logout, switchProduct } from '../core/auth'
import { openShortcuts } from '../core/overlays'
import { toast } from '../core/toast'
import { MENU } from '../contract/menus'

export default defineCommands([
  {
    id: 'home.open', title: '首页', keywords: ['home', 'shouye'], menu: MENU.home,
    path: MENU.home, view: () => import('../views/home/home'),
  },
  {
    id: 'home.shortcuts', title: '快捷键一览', keywords: ['shortcuts', 'keys', '帮助'], hotkey: 'shift+/',
    run: () => openShortcuts(),
  },
  {
    id: 'product.switchProduct', title: '切换产品', keywords: ['product', 'switch', '产品'],
    args: [{
      name: 'pro', title: '产品',
      choices: async (ctx) => {
        const info = await loadProducts()
        return Object.entries(info.products).map(([value, label]) => ({
          value, label, hint: value === (ctx.product || info._current_pro) ? '当前' : value,
        }))
      },
    }],
    run: async (ctx) => {
      const pro = String(ctx.args.pro)
      await switchProduct(pro)
      toast.success('已切换产品')
      return pro
    },
  },
  {
    id: 'admin.logout', title: '退出登录', keywords: ['logout', 'exit', '注销'],
    run: () => logout(),
  },
])
