// 403: the path is not in the admin's menu list.
import { Link } from 'wouter'
import { MENU } from '../../contract/menus'

export function Forbidden() {
  return (
    <div className="status-page" data-testid="forbidden" role="main">
      <h1>403</h1>
      <p>您没有权限访问该页面</p>
      <Link href={MENU.home} className="btn btn-primary">返回首页</Link>
    </div>
  )
}
