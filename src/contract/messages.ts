// Transport and business messages of the specification's error catalogue.

export const HTTP_MESSAGES: Readonly<Record<number, string>> = {
  302: '接口重定向了',
  400: '错误请求',
  401: '未授权，请重新登录',
  403: '您没有权限操作',
  404: '请求地址出错',
  405: '请求方法被禁止',
  408: '请求超时',
  409: '系统已存在相同数据',
  429: '操作过于频繁，请稍后再试',
  500: '服务器内部错误',
  501: '服务未实现',
  502: '网关错误',
  503: '服务不可用',
  504: '服务暂时无法访问，请稍后再试',
  505: 'HTTP版本不受支持',
}

export const TRANSPORT_MESSAGES = {
  timeout: '网络请求超时',
  offline: '网络波动，或您已离线',
  network: '网络波动，请刷新重试',
} as const

export const MSG = {
  badLogin: '用户名或密码错误',
  needGoogle: '请输入谷歌验证码',
  badGoogle: '谷歌验证码错误',
  tooMany: '尝试次数过多，请稍后再试',
  notLoggedIn: '未登录或登录已失效，请重新登录',
  noPermission: '您没有权限操作',
  notFound: '记录不存在',
  stateChanged: '状态已变更',
  disabled: '账号已被禁用',
  ipDenied: '当前IP不在白名单内',
} as const

/** The message for an HTTP status when the server gave none. */
export function httpMessage(status: number): string {
  return HTTP_MESSAGES[status] ?? TRANSPORT_MESSAGES.network
}
