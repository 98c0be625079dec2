// 谷歌验证: every logged-in admin's own authenticator (no menu): the screen, testing a code, switching it on or off.
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { refreshList } from '../core/context'
import { toast } from '../core/toast'
import { MENU } from '../contract/menus'

const G = MENU.google
const sixDigits = (v: string) => (/^\d{6}$/.test(v.trim()) ? null : '请输入 6 位数字验证码')

defineCommands([
  {
    id: 'admin.googleAuth', title: '谷歌验证', keywords: ['google', '2fa', 'totp', 'guge', 'yanzheng'], path: G,
    sidebar: false, view: () => import('../views/admin/google'),
  },
  {
    id: 'admin.testGoogleCode', title: '测试谷歌验证码', keywords: ['google', 'test', 'code'],
    args: [{ name: 'code', title: '验证码', placeholder: '身份验证器上的 6 位数字', validate: sixDigits }],
    run: async (ctx) => {
      await api.google.test({ code: String(ctx.args.code).trim() })
      toast.success('验证码正确')
      return true
    },
  },
  {
    id: 'admin.setGoogleAuth', title: '开关谷歌验证', keywords: ['google', 'switch', 'kaiguan'], action: 'U',
    args: [
      { name: 'is_open_google_auth', title: '开关', choices: () => [{ value: '1', label: '开启' }, { value: '0', label: '关闭' }] },
      { name: 'code', title: '验证码', placeholder: '身份验证器上的 6 位数字', validate: sixDigits },
    ],
    run: async (ctx) => {
      const v = ctx.args.is_open_google_auth
      const on = v === true || v === '1' || v === 'true' || v === 1
      await api.google.set_google_auth({ is_open_google_auth: on, code: String(ctx.args.code).trim() })
      refreshList(G)
      toast.success(on ? '已开启谷歌验证，下次登录需要验证码' : '已关闭谷歌验证')
      return { is_open_google_auth: on }
    },
  },
])
