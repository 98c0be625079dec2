// Endpoints of the session: the login page's configuration, login, the logged-in admin's information and logout.
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import type { LoginAnswer, SiteConfig, UserInfo } from '../common'

const LoginBody = Type.Object({
  username: Type.String({ title: '用户名', minLength: 1, maxLength: 64 }),
  password: Type.String({ title: '密码', minLength: 1, maxLength: 2048 }),
  google_code: Type.Optional(Type.String({ title: '谷歌验证码', maxLength: 16 })),
})

export const auth = {
  configs: get<SiteConfig>()('/common/configs', 'public', '登录页配置（站点名称、RSA 公钥）', undefined, { anyIp: true }),
  // raw: a failed attempt is recorded by the handler itself, never rolled back with the route's transaction.
  login: post<LoginAnswer>()('/api/login', 'public', 'C', '登录（密码为 RSA PKCS#1 v1.5 密文）', LoginBody, { raw: true }),
  userinfo: get<UserInfo>()('/api/userinfo', 'session', '当前管理员信息与菜单'),
  logout: post<null>()('/api/logout', 'session', 'U', '退出登录'),
}
